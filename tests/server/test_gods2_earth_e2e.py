"""Three centuries of The Gods II's Earth over the HTTP API, on PostgreSQL: the referee bot runs each century's
automatic events from a co-GM seat while the gods intervene through their own seats at the Window on the World.

Each century the referee starts it (growth, aggressive attacks), orders the wars, lets the races that stand to
lose parley, calls the numbers at the Window, fights the wars once their delay is over (`war_delay_minutes=1`
rule-minute of `minute_seconds=1` real second) and, when its Activity phase is over, closes it and ends the
century (worship mana). The referee's clock for the Activity phase and the Window's patience is injected, so the
test decides when a century's time is up. Zeus casts history powers unsigned (once combining his cards with
Ares's, on consecutive numbers); Hera casts a signed cult once and then lets her number be skipped; Zeus proposes
a pantheon change that Hera signs. Then: every hash chain verifies, the served state equals a full fold,
pantheon shares sum to exactly 100 in the served views, and a god's seat never saw a pending order of a pantheon
it is not in nor the author of an unsigned line of the history.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest

from domain.engine import Actor
from events.codec import encode
from examples.bots.gods2_earth_referee import Action, Policy, RefereeBot, amain
from tests.server.conftest import ADMIN, Api, LiveServer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "scenarios"
# The README's Earth example: one rule-minute per real second, wars fought one rule-minute after declaration.
SETTINGS = json.loads((EXAMPLES / "gods2-earth.settings.json").read_text())
PATIENCE = 10.0
ACTIVITY = 100.0


def scenario(outnumbered: bool = False) -> Any:
    """The README's `examples/scenarios/gods2-earth.json`: barbarian Achaeans of Aggression 2 (+2 for barbarians:
    d6 + 4 is at least 5, so they declare a war every century, [000:244-249], [000:59]), few and strong, against
    many weak Trojans; both kill about as many of each other (15% of 24, 5% of 48), so both races live through
    three centuries whatever the dice. Zeus, Hera and Ares start at the Window on the World.

    `outnumbered`: few weak Achaeans, whose wars would cost them more than 15% (they parley, [000:266])."""
    if not outnumbered:
        return json.loads((EXAMPLES / "gods2-earth.json").read_text())
    from tests.domain.gods2.earth.scenario import earth, fill, race, sq
    from tests.domain.gods2.scenario import setup

    e = earth(
        [
            race("achaeans", "barbarian", pantheon={"zeus": "100"}, aggression=4),
            race("trojans", pantheon={"hera": "100"}),
        ],
        {**fill("achaeans", [sq(x, 0) for x in range(6)], 2), **fill("trojans", [sq(x, 1) for x in range(6)], 3)},
    )
    at_window = {"locale": "window"}
    return json.loads(encode(setup(earth=e, chars={"zeus": at_window, "hera": at_window, "ares": at_window})))


class Clock:
    """The referee's clock for the Activity phase and the Window's patience: the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Table:
    def __init__(self, api: Api, game: dict[str, Any]) -> None:
        self.api, self.game, self.gid = api, game, game["game_id"]
        self.seats: dict[str, dict[str, Any]] = {}
        self.sent = 0

    async def god(self, name: str, body: dict[str, Any]) -> dict[str, Any]:
        """A god's command through its own seat, with an idempotency key like a bot's."""
        self.sent += 1
        key = f"{self.gid}:{name}:{body['type']}:{self.sent}"
        response = await self.api.command(self.game, self.seats[name]["token"], body, **{"Idempotency-Key": key})
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    async def state(self, token: str | None = None, **params: Any) -> dict[str, Any]:
        response = await self.api.get(f"/v1/games/{self.gid}/state", token or self.game["gm_token"], **params)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    async def earth(self, token: str | None = None, **params: Any) -> dict[str, Any]:
        return (await self.state(token, **params))["view"]["earth"]  # type: ignore[no-any-return]

    async def events(self, token: str | None = None) -> list[dict[str, Any]]:
        response = await self.api.get(f"/v1/games/{self.gid}/events", token or self.game["gm_token"], limit=1000)
        assert response.status_code == 200 and not response.json()["more"], response.text
        return response.json()["events"]  # type: ignore[no-any-return]

    async def ticket(self, name: str) -> int:
        (taken,) = [e for e in (await self.god(name, {"type": "TakeQueueTicket"}))["events"]]
        return taken["data"]["number"]  # type: ignore[no-any-return]


async def settle(referee: RefereeBot, rounds: int = 40) -> None:
    """Let the referee act until it has nothing to do now."""
    for _ in range(rounds):
        if not await referee.step():
            return
    raise AssertionError("the referee never settled")


async def create(api: Api, name: str, outnumbered: bool = False) -> Table:
    body = {"ruleset": "gods2", "name": name, "scenario": scenario(outnumbered), "settings": SETTINGS}
    created = await api.client.post("/v1/games", headers=api.auth(ADMIN), json=body)
    assert created.status_code == 201, created.text
    table = Table(api, created.json())
    for name in ("zeus", "hera", "ares", "iris"):
        table.seats[name] = await api.add_seat(table.game, name, role="bot")
    table.seats["referee"] = await api.add_seat(table.game, None, role="co_gm")
    response = await api.command(table.game, table.game["gm_token"], {"type": "StartGame"})
    assert response.status_code == 200, response.text
    return table


def total(pantheon: dict[str, str]) -> Fraction:
    return sum((Fraction(share) for share in pantheon.values()), Fraction(0))


async def test_three_centuries_of_earth_over_http(api: Api) -> None:
    t = await create(api, "Earth e2e")
    clock, log = Clock(), list[str]()
    policy = Policy(centuries=3, activity_seconds=ACTIVITY, patience_seconds=PATIENCE)
    referee = RefereeBot(api.client, t.seats["referee"]["token"], t.gid, policy, say=log.append, clock=clock)
    pending_at = 0
    for century in (1, 2, 3):
        await settle(referee)  # the century starts; wars are declared, ordered, perhaps parleyed
        earth = await t.earth()
        assert (earth["century"], earth["stage"]) == (century, "activity")
        # The Achaeans border the Trojans in the first century; later a lost war may leave a no man's land.
        assert earth["wars"] or century > 1
        assert sorted(earth["war_order"]) == sorted(w["id"] for w in earth["wars"])

        # The Window: numbers taken, called in order, powers cast by whoever holds the number called.
        zeus = await t.ticket("zeus")
        ares = await t.ticket("ares") if century == 2 else None
        hera = await t.ticket("hera")
        await settle(referee)
        assert (await t.earth())["serving"] == zeus
        cast: dict[str, Any] = {"type": "CastHistoryPower", "power": "war_fervour", "race": "achaeans"}
        if ares is not None:  # [000:130] combining sphere cards on consecutive numbers, the cost split as they wish
            assert ares == zeus + 1
            cast["payments"] = {"zeus": 2, "ares": 2}
        done = await t.god("zeus", cast)
        if ares is not None:  # a co-caster agrees before anything of his is spent ([000:130])
            (casting,) = [e["data"]["casting"] for e in done["events"] if e["type"] == "CoCastingProposed"]
            done = await t.god("ares", {"type": "SignCoCasting", "casting": casting})
        (power,) = [e["data"] for e in done["events"] if e["type"] == "HistoryPowerCast"]
        assert power["tickets"] == ([zeus, ares] if ares else [zeus])
        await settle(referee)
        assert (await t.earth())["serving"] == hera
        if century == 1:
            await t.god(
                "hera", {"type": "CastHistoryPower", "power": "cult_of_love", "race": "trojans", "signed": True}
            )
            # A written pantheon order, pending until every god of the pantheon signs [000:72-78].
            shares = {"zeus": "100/3", "hera": "200/3"}
            proposed = await t.god("zeus", {"type": "ProposePantheonChange", "race": "achaeans", "shares": shares})
            pending_at = proposed["version"]
            (order,) = [e["data"]["order"] for e in proposed["events"] if e["type"] == "PantheonChangeProposed"]
            await t.god("hera", {"type": "SignPantheonChange", "order": order})
            achaeans = next(r for r in (await t.earth())["races"] if r["id"] == "achaeans")
            assert achaeans["pantheon"] == shares
        else:
            clock.now += PATIENCE  # Hera does not come forward: her number loses its turn [003:191]
            await settle(referee)
            assert (await t.earth())["serving"] is None and hera not in (await t.earth())["queue"]

        # The wars are fought once their delay is over [000:261].
        earth = await t.earth()
        declared = max((datetime.fromisoformat(w["declared_at"]) for w in earth["wars"]), default=datetime.now(UTC))
        await asyncio.sleep(max(0.0, (declared + timedelta(seconds=1.05) - datetime.now(UTC)).total_seconds()))
        await settle(referee)
        earth = await t.earth()
        assert all(w["fought"] or w["averted"] for w in earth["wars"])
        assert earth["stage"] == "activity"  # the century's time is not up yet

        clock.now += ACTIVITY  # the Activity phase is over: close, calculate, and start the next century
        await settle(referee)
        earth = await t.earth()
        assert (earth["century"], earth["stage"]) == ((century + 1, "activity") if century < 3 else (3, "before"))
        for race in earth["races"]:
            assert total(race["pantheon"]) == 100
        for square in earth["squares"]:
            assert square["units"] >= 0 and (square["units"] == 0) == (square["race"] is None)
    assert referee.finished
    assert not await referee.step()  # three centuries asked for, three run

    history = await t.events()
    kinds = [e["type"] for e in history]
    assert kinds.count("CenturyStarted") == kinds.count("ActivityPhaseClosed") == kinds.count("CenturyEnded") == 3
    paid = [e["data"] for e in history if e["type"] == "ManaCredited" and e["data"]["source"] == "war-worship"]
    assert [p["character"] for p in paid] == ["zeus"] * 3  # Zeus holds War cards; Hera does not
    skipped = [e["data"]["skipped"] for e in history if e["type"] == "TicketCalled" and e["data"]["skipped"]]
    assert len(skipped) == 2
    fought = [e for e in history if e["type"] == "WarFought"]
    assert fought and all(e["metadata"]["role"] == "co_gm" for e in fought)  # the referee's seat fought them
    assert any("ResolveWar" in line for line in log) and any("EndCentury" in line for line in log)

    await assert_integrity(t)
    await assert_gods_saw_only_their_own(t, pending_at)


async def assert_integrity(t: Table) -> None:
    report = await t.api.services.store.verify_stream(f"game-{t.gid}")
    assert report.ok
    served = await t.state()
    full = await t.api.services.service.states.fold_from_scratch(t.gid)
    version, cached, ruleset = await t.api.services.service.states.latest(t.gid)
    assert served["version"] == version == report.head_version
    assert encode(cached) == encode(full)
    gm = Actor(principal="gm", role="gm")
    assert served["view"] == json.loads(encode(ruleset.view_for(full.rules, gm)))


async def assert_gods_saw_only_their_own(t: Table, pending_at: int) -> None:
    """[000:78] a pending order is between its pantheon's members and the referees; [000:122] gods need not sign
    the history, so an unsigned line's author is the GMs' and the author's to know."""
    ares, hera, zeus = (t.seats[n]["token"] for n in ("ares", "hera", "zeus"))
    assert (await t.earth(ares, at_version=pending_at))["orders"] == {}  # not in the Achaeans' pantheon
    (order,) = (await t.earth(hera, at_version=pending_at))["orders"].values()
    assert order == {"zeus": "100/3", "hera": "200/3"}
    assert len((await t.earth(at_version=pending_at))["orders"]) == 1  # the referees see it
    orders = ("PantheonChangeProposed", "PantheonChangeSigned")
    assert not any(e["type"] in orders for e in await t.events(ares))
    assert [e["type"] for e in await t.events(hera) if e["type"] in orders] == list(orders)
    for token, me in ((ares, "ares"), (hera, "hera"), (zeus, "zeus")):
        view = await t.earth(token)
        lines = [(h["text"], h["author"]) for h in view["history"]]
        assert ("Cult of Love upon the trojans", "hera") in lines  # signed: everyone sees who wrote it
        fervour = [author for text, author in lines if text.startswith("War Fervour")]
        assert fervour == ["zeus" if me == "zeus" else None] * 3
        for e in await t.events(token):
            if e["type"] == "HistoryRecorded" and not e["data"]["signed"]:
                assert e["data"]["author"] in (None, me)
            if e["type"] in ("ManaSpent", "ManaCredited"):
                assert e["data"]["character"] == me
        for race in view["races"]:
            assert total(race["pantheon"]) == 100
    gm_lines = [(h["text"], h["author"]) for h in (await t.earth())["history"]]
    assert [a for text, a in gm_lines if text.startswith("War Fervour")] == ["zeus"] * 3


async def test_an_unsigned_casting_does_not_name_its_caster_to_other_seats(api: Api) -> None:
    t = await create(api, "Earth anonymity")
    referee = RefereeBot(api.client, t.seats["referee"]["token"], t.gid, Policy(), say=lambda _: None, clock=Clock())
    await settle(referee)
    await t.ticket("zeus")
    await settle(referee)
    await t.god("zeus", {"type": "CastHistoryPower", "power": "war_fervour", "race": "achaeans"})
    seen = [e["data"] for e in await t.events(t.seats["ares"]["token"]) if e["type"] == "HistoryPowerCast"]
    assert seen and all("zeus" not in d["casters"] and "zeus" not in d["payments"] for d in seen)


async def test_the_referee_resends_safely_and_rereads_after_a_version_conflict(api: Api) -> None:
    """A resent command is answered from the record and appends nothing; a command decided on a stale version
    gets a 409 and the referee decides again on the new state. A second referee (a restart) reads from the
    history what was done already and never rolls a race's diplomacy twice."""
    t = await create(api, "Earth retries", outnumbered=True)
    referee = RefereeBot(api.client, t.game["gm_token"], t.gid, Policy(), say=lambda _: None, clock=Clock())
    seen = await referee.look()
    start = Action("c1-start", {"type": "StartCentury"})
    first, again = await referee.send(start, seen), await referee.send(start, seen)
    assert first is not None and again is not None and first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true" and again.json()["version"] == first.json()["version"]
    assert [e["type"] for e in await t.events()].count("CenturyStarted") == 1
    stale = await referee.look()
    await t.ticket("zeus")  # the game moves on after the referee looked
    call = Action("c1-call-1", {"type": "CallTicket"})
    assert await referee.send(call, stale) is None  # 409: decided on an old version, nothing appended
    await settle(referee)
    earth = await t.earth()
    assert earth["serving"] == 1
    assert [e["type"] for e in await t.events()].count("TicketCalled") == 1
    history = await t.events()
    attackers = {e["data"]["war"]: e["data"]["attacker"] for e in history if e["type"] == "WarDeclared"}
    parleys = [e["data"] for e in history if e["type"] == "DiplomacyAttempted"]
    achaeans = [(p["side"] == "attacker") == (attackers[p["war"]] == "achaeans") for p in parleys]
    assert parleys and all(achaeans)  # the Achaeans stand to lose over 15%, the Trojans do not
    restarted = RefereeBot(api.client, t.game["gm_token"], t.gid, Policy(), say=lambda _: None, clock=Clock())
    await settle(restarted)
    assert [e["data"] for e in await t.events() if e["type"] == "DiplomacyAttempted"] == parleys
    assert (await t.api.services.store.verify_stream(f"game-{t.gid}")).ok


async def test_the_referee_runs_a_century_from_its_command_line(
    live_server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python examples/bots/gods2_earth_referee.py --api URL --token TOKEN --game ID --centuries 1` over real
    HTTP: with a one-second Activity phase the wars still waiting are fought at once, then the century ends."""
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=10) as client:
        auth = {"Authorization": f"Bearer {ADMIN}"}
        body = {"ruleset": "gods2", "name": "Earth CLI", "scenario": scenario(), "settings": SETTINGS}
        game = (await client.post("/v1/games", json=body, headers=auth)).json()
        gm = {"Authorization": f"Bearer {game['gm_token']}"}
        seat = {"name": "Referee", "role": "co_gm"}
        token = (await client.post(f"/v1/games/{game['game_id']}/seats", json=seat, headers=gm)).json()["token"]
        await client.post(f"/v1/games/{game['game_id']}/commands", json={"type": "StartGame"}, headers=gm)
        args = ["--centuries", "1", "--activity-seconds", "1", "--poll", "0.1"]
        await asyncio.wait_for(
            amain(["--api", live_server.base_url, "--token", token, "--game", game["game_id"], *args]), 30
        )
        events = (await client.get(f"/v1/games/{game['game_id']}/events", headers=gm)).json()["events"]
    printed = capsys.readouterr().out
    assert "StartCentury (c1-start) -> v" in printed and "EndCentury (c1-end) -> v" in printed
    assert "century 1 has ended; done" in printed
    kinds = [e["type"] for e in events]
    assert kinds.count("CenturyStarted") == kinds.count("CenturyEnded") == 1
    wars = [e["data"]["war"] for e in events if e["type"] == "WarDeclared"]
    settled = {e["data"]["war"] for e in events if e["type"] == "WarFought"}
    settled |= {e["data"]["war"] for e in events if e["type"] == "DiplomacyAttempted" and e["data"]["averted"]}
    assert wars and set(wars) == settled
    assert kinds.index("ActivityPhaseClosed") > max(
        i for i, k in enumerate(kinds) if k in ("WarFought", "DiplomacyAttempted")
    )


async def test_a_centurys_map_mana_comes_from_the_map_and_the_referee_overrides_it_with_a_reason(api: Api) -> None:
    """[000:210] the Century-End Worksheet's sources are counted at each century's end: the engine counts the
    sample pack's `love-groves` (1/2 per square with a sacred grove, per Love card) on the map it holds, so Hera
    (Love 1) receives 3/2 for three groves with nothing typed; the referee replaces the count with a reason
    (refused without one, or for a source not paid now, or a negative count), and the record keeps both counts.
    Every seat sees the counts (the map is public); only Hera sees her income."""
    groves = {"0,5", "1,5", "2,5"}
    body = scenario()
    for square in body["earth"]["squares"]:
        if square["id"] in groves:
            square["features"] = ["sacred_grove"]
    created = await api.client.post(
        "/v1/games",
        headers=api.auth(ADMIN),
        json={"ruleset": "gods2", "name": "Earth map mana", "scenario": body, "settings": SETTINGS},
    )
    assert created.status_code == 201, created.text
    t = Table(api, created.json())
    for name in ("zeus", "hera"):
        t.seats[name] = await api.add_seat(t.game, name, role="bot")
    gm = t.game["gm_token"]

    async def referee(command: dict[str, Any], status: int = 200) -> dict[str, Any]:
        response = await api.command(t.game, gm, command)
        assert response.status_code == status, response.text
        return response.json()  # type: ignore[no-any-return]

    async def century(end: dict[str, Any]) -> list[dict[str, Any]]:
        await referee({"type": "StartCentury"})
        await referee({"type": "CloseActivityPhase"})
        return (await referee({"type": "EndCentury", **end}))["events"]  # type: ignore[no-any-return]

    def groves_paid(events: list[dict[str, Any]]) -> dict[str, Fraction]:
        return {
            e["data"]["character"]: Fraction(e["data"]["amount"])
            for e in events
            if e["type"] == "ManaCredited" and e["data"]["source"] == "love-groves"
        }

    await referee({"type": "StartGame"})
    first = await century({})
    (counted,) = [e["data"] for e in first if e["type"] == "MapSourcesCounted"]
    assert counted["measured"] == {"love-groves": 3} and counted["counts"] == {} and counted["reason"] is None
    assert groves_paid(first) == {"hera": Fraction(3, 2)}

    await referee({"type": "StartCentury"})
    await referee({"type": "CloseActivityPhase"})
    for bad, status, code in (
        ({"counts": {"love-groves": 5}}, 422, "gods2.reason_required"),
        ({"counts": {"water-seas": 9}, "reason": "a storm"}, 422, "gods2.unknown_map_source"),
        ({"counts": {"love-groves": -1}, "reason": "a storm"}, 422, "command.invalid"),
    ):
        refused = await api.command(t.game, gm, {"type": "EndCentury", **bad})
        assert refused.status_code == status and refused.headers["content-type"] == "application/problem+json"
        assert refused.json()["code"] == code, refused.text
    reason = "two more groves grew in the fog"
    second = (await referee({"type": "EndCentury", "counts": {"love-groves": 5}, "reason": reason}))["events"]
    (overridden,) = [e["data"] for e in second if e["type"] == "MapSourcesCounted"]
    assert (overridden["measured"], overridden["counts"], overridden["reason"]) == (
        {"love-groves": 3},
        {"love-groves": 5},
        reason,
    )
    assert groves_paid(second) == {"hera": Fraction(5, 2)}

    hera = await t.events(t.seats["hera"]["token"])
    zeus = await t.events(t.seats["zeus"]["token"])
    incomes = [
        Fraction(e["data"]["amount"])
        for e in hera
        if e["type"] == "ManaCredited" and e["data"]["source"] == "love-groves"
    ]
    assert incomes == [Fraction(3, 2), Fraction(5, 2)]
    assert not [e for e in zeus if e["type"] == "ManaCredited" and e["data"]["character"] != "zeus"]
    assert [e["data"]["measured"] for e in zeus if e["type"] == "MapSourcesCounted"] == [{"love-groves": 3}] * 2
    served = (await t.state(t.seats["hera"]["token"]))["view"]
    assert served["earth"]["century"] == 2
