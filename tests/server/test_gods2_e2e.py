"""A Heaven session of The Gods II over the HTTP API, on PostgreSQL, played by the example bot.

Moves, a mana transfer (the 50% toll), a duel fought to a surrender on terms, a death and its timer fired by
`FireDueTimers`, and a Great Council passing a law. The game runs with `minute_seconds=1`, so each of the rules'
minutes lasts one real second: the timers are the rules' own (30 minutes dead becomes 3 rule-minutes here) and
fire at their scheduled moment. Then: every hash chain verifies, the served state equals a full fold, time
travel shows who was dead when, and a bystander's seat never learned a sealed choice or anyone else's mana.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from domain.engine import Actor
from events.codec import encode
from examples.bots.gods2_heaven import HeavenBot, Policy, Step, amain, planned
from tests.server.conftest import ADMIN, Api, LiveServer

OTHERS = [f"g{i}" for i in range(3, 9)]  # six more greater gods: eight sit in the Council
LAW = "Thou shalt not deal with demons."
SETTINGS = {
    "minute_seconds": 1,
    "dead_minutes": 3,
    "duel_min_minutes": 1,
    "council_speech_minutes": 3,  # room for a loaded machine: the leader must propose within it
    "defender_window_seconds": 3,
}


def scenario() -> Any:
    from domain.rulesets.gods2.kernel.model import CharacterSetup
    from tests.domain.gods2.scenario import characters, setup

    zeus = {"powers": ["summon_great_council", "sword_of_fire", "shield_of_light"]}
    extra = [
        CharacterSetup(id=n, name=n.upper(), kind="greater_god", locale="hall", mana=10, spheres={"wisdom": 1})
        for n in OTHERS
    ]
    return json.loads(encode(setup(characters=[*characters(zeus=zeus), *extra])))


async def settle(bots: list[HeavenBot], rounds: int = 60) -> None:
    """Let every bot act until none has anything left to do."""
    for _ in range(rounds):
        acted = [await bot.step() for bot in bots]
        if not any(acted):
            return
    raise AssertionError("the bots never settled")


async def wait_until(moment: str) -> None:
    delay = (datetime.fromisoformat(moment) - datetime.now(UTC)).total_seconds()
    await asyncio.sleep(max(delay, 0) + 0.05)


class Session:
    def __init__(self, api: Api, game: dict[str, Any]) -> None:
        self.api, self.game, self.gid = api, game, game["game_id"]

    async def gm(self, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.api.command(self.game, self.game["gm_token"], body)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    async def state(self, token: str | None = None, **params: Any) -> dict[str, Any]:
        response = await self.api.get(f"/v1/games/{self.gid}/state", token or self.game["gm_token"], **params)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    async def character(self, cid: str, **params: Any) -> dict[str, Any]:
        view = (await self.state(**params))["view"]
        return next(c for c in view["characters"] if c["id"] == cid)

    async def events(self, token: str | None = None) -> list[dict[str, Any]]:
        response = await self.api.get(f"/v1/games/{self.gid}/events", token or self.game["gm_token"], limit=1000)
        assert response.status_code == 200 and not response.json()["more"], response.text
        return response.json()["events"]  # type: ignore[no-any-return]

    def bot(self, seat: dict[str, Any], policy: Policy, log: list[str]) -> HeavenBot:
        return HeavenBot(self.api.client, seat["token"], self.gid, policy, say=log.append)


async def test_a_heaven_session_over_http(api: Api) -> None:
    created = await api.client.post(
        "/v1/games",
        headers=api.auth(ADMIN),
        json={"ruleset": "gods2", "name": "Heaven e2e", "scenario": scenario(), "settings": SETTINGS},
    )
    assert created.status_code == 201, created.text
    s = Session(api, created.json())
    names = ["zeus", "hera", "ares", "iris", *OTHERS]
    seats = {n: await api.add_seat(s.game, n, role="bot" if n != "iris" else "player") for n in names}
    await s.gm({"type": "StartGame"})
    log: list[str] = []
    zeus = s.bot(seats["zeus"], Policy(gestures=("rock",), combat_powers=("sword_of_fire",)), log)
    hera = s.bot(seats["hera"], Policy(gestures=("scissors",), duel_minutes=1, hear_first=True), log)
    ares = s.bot(seats["ares"], Policy(gestures=("scissors",), on_zero="die"), log)
    council = [s.bot(seats[n], Policy(), log) for n in OTHERS]
    everyone = [hera, zeus, ares, *council]  # Hera may ask to hear first before Zeus chooses

    # Moves: Hera visits the Hall of Feasts and comes back.
    hera.plan += [Step("move", ("feasts",)), Step("move", ("hall",))]
    await settle(everyone)
    moves = [e["data"] for e in await s.events() if e["type"] == "CharacterMoved"]
    assert [(m["character"], m["to_locale"]) for m in moves] == [("hera", "feasts"), ("hera", "hall")]

    # A transfer: 4 mana given, the toll takes half rounded up [003:164].
    zeus.plan.append(Step("transfer", ("hera", "4")))
    await settle(everyone)
    (transfer,) = [e["data"] for e in await s.events() if e["type"] == "ManaTransferred"]
    assert (transfer["amount"], transfer["toll"], transfer["received"]) == (4, 2, 2)
    assert ((await s.character("zeus"))["mana"], (await s.character("hera"))["mana"]) == (16, 22)

    # A duel: Zeus challenges, Hera names the time, the timer opens the combat, rounds until she surrenders.
    zeus.plan.append(Step("challenge", ("hera",)))
    await settle(everyone)
    (duel,) = (await s.state())["view"]["duels"]
    await wait_until(duel["at"])
    fired = await s.gm({"type": "FireDueTimers"})
    assert "CombatStarted" in [e["type"] for e in fired["events"]]
    await settle(everyone)
    history = await s.events()
    ended = [e["data"] for e in history if e["type"] == "CombatEnded"]
    assert [(e["outcome"], e["winner"], e["loser"]) for e in ended] == [("surrender", "zeus", "hera")]
    (terms,) = [e["data"] for e in history if e["type"] == "SurrenderAccepted"]
    assert (terms["winner"], terms["loser"], terms["term"]) == ("zeus", "hera", "mana")
    paid = [e["data"] for e in history if e["type"] == "ManaTransferred" and e["data"]["giver"] == "hera"]
    assert len(paid) == 1 and paid[0]["toll"] == (paid[0]["amount"] + 1) // 2  # [003:288] after the toll
    assert (await s.character("hera"))["life"] == "alive"
    # Hera, defending, asked to hear Zeus's power first [003:346]: in round one his choice was announced, hers sealed.
    duel_events = [e for e in history if e["data"].get("combat_id") == ended[0]["combat_id"]]
    first = [e["type"] for e in duel_events][:3]
    assert first == ["CombatStarted", "AnnouncementRequested", "CombatPowerChosen"]
    chosen = [(e["data"]["fighter"], e["data"]["sealed"]) for e in duel_events if e["type"] == "CombatPowerChosen"]
    assert chosen[:2] == [("zeus", False), ("hera", True)]

    # A death: Zeus sneak attacks Ares, who refuses to surrender; two rule-minutes later he lives again.
    zeus.plan.append(Step("sneak", ("ares",)))
    await settle(everyone)
    (attack,) = (await s.state())["view"]["attacks"]
    await wait_until(attack["window_ends"])
    await s.gm({"type": "FireDueTimers"})
    await settle(everyone)
    history = await s.events()
    (died,) = [e for e in history if e["type"] == "CharacterDied"]
    assert died["data"]["character"] == "ares" and died["data"]["cause"]
    (scheduled,) = [e["data"] for e in history if e["type"] == "TimerScheduled" and e["data"]["purpose"] == "revive"]
    at, until = (datetime.fromisoformat(died["data"][k]) for k in ("at", "until"))
    assert (until - at).total_seconds() == 3  # dead_minutes=3 rule-minutes of one second each
    assert datetime.fromisoformat(scheduled["fire_at"]) == until and scheduled["subject"] == "ares"
    assert (await s.character("ares"))["life"] == "dead"
    if (until - datetime.now(UTC)).total_seconds() > 0.5:  # a very slow machine may already be past it
        premature = await s.gm({"type": "FireDueTimers"})
        assert "CharacterRevived" not in [e["type"] for e in premature["events"]]
    await wait_until(died["data"]["until"])
    revived = await s.gm({"type": "FireDueTimers"})
    assert [e["type"] for e in revived["events"]] == ["TimerFired", "CharacterRevived"]
    alive_at = revived["version"]

    # The Great Council: Zeus summons it, it convenes with eight greater gods, his law passes with seven votes.
    zeus.plan += [Step("summon", ("0",)), Step("propose", (LAW,))]
    await settle(everyone)
    convened = await s.gm({"type": "FireDueTimers"})
    assert "CouncilConvened" in [e["type"] for e in convened["events"]]
    await settle(everyone)  # the leader proposes during his own three minutes
    sitting = (await s.state())["view"]["council"]
    assert [m["text"] for m in sitting["motions"]] == [LAW]
    await wait_until(sitting["speech_until"])
    await s.gm({"type": "FireDueTimers"})
    await settle(everyone)
    history = await s.events()
    assert [e["data"]["text"] for e in history if e["type"] == "LawPassed"] == [LAW]
    assert sum(e["type"] == "VoteCast" for e in history) == 7  # the seventh yes passes it [003:484]
    assert LAW in (await s.state())["view"]["laws"]

    # Integrity: the chain verifies and the served state is a full fold.
    report = await api.services.store.verify_stream(f"game-{s.gid}")
    assert report.ok
    served = await s.state()
    full = await api.services.service.states.fold_from_scratch(s.gid)
    version, cached, ruleset = await api.services.service.states.latest(s.gid)
    assert served["version"] == version == report.head_version
    assert encode(cached) == encode(full)
    gm = Actor(principal="gm", role="gm")
    assert served["view"] == json.loads(encode(ruleset.view_for(full.rules, gm)))

    # Time travel: Ares dead while his timer ran, alive after it fired.
    assert (await s.character("ares", at_version=died["version"]))["life"] == "dead"
    assert (await s.character("ares", at_version=alive_at - 1))["life"] == "dead"  # TimerFired, not yet revived
    assert (await s.character("ares", at_version=alive_at))["life"] == "alive"
    assert (await s.character("ares", at_version=died["version"] - 1))["life"] == "alive"

    # The bystander: Iris saw the combats happen, never a sealed choice or anyone else's mana.
    sealed_at = next(e["version"] for e in history if e["type"] == "GestureChosen")
    await assert_bystander_learned_no_secrets(s, seats["iris"]["token"], sealed_at)
    assert any("ChooseGesture" in line for line in log)


async def assert_bystander_learned_no_secrets(s: Session, token: str, sealed_at: int) -> None:
    seen = await s.events(token)
    types = {e["type"] for e in seen}
    assert {"CombatPowerChosen", "GestureChosen", "RoundFought", "SurrenderAccepted", "CombatEnded"} <= types
    for event in seen:
        data = event["data"]
        if event["type"] == "CombatPowerChosen" and data["sealed"]:
            assert data["power"] is None
        if event["type"] == "GestureChosen":
            assert data["gesture"] is None
        if event["type"] == "SurrenderAccepted":
            assert data["term"] == ""  # the mana term is between the two parties (digest A6)
        assert event["type"] not in ("ManaTransferred", "ManaSpent", "ManaCredited", "ManaLost", "ManaCollected")
    for version in (None, sealed_at):  # now, and while a gesture lay sealed
        state = await s.state(token, **({} if version is None else {"at_version": version}))
        for c in state["view"]["characters"]:
            if c["id"] != "iris":
                assert (c["mana"], c["pending"], c["debt"], c["powers"]) == (None, None, None, None)
        for combat in state["view"]["combats"]:
            for side in (combat["attacker"], combat["defender"]):
                assert (side["power"], side["gesture"], side["tricks"]) == (None, None, None)


async def test_the_bot_resends_safely_and_rereads_after_a_version_conflict(api: Api) -> None:
    """A resent command (a timeout, a dropped connection) is answered from the record and appends nothing; a
    command decided on a stale version gets a 409 and the bot decides again on the new state."""
    created = await api.client.post(
        "/v1/games",
        headers=api.auth(ADMIN),
        json={"ruleset": "gods2", "name": "Heaven retries", "scenario": scenario(), "settings": SETTINGS},
    )
    s = Session(api, created.json())
    hera_seat, zeus_seat = await api.add_seat(s.game, "hera"), await api.add_seat(s.game, "zeus")
    await s.gm({"type": "StartGame"})
    log: list[str] = []
    hera, zeus = s.bot(hera_seat, Policy(), log), s.bot(zeus_seat, Policy(), log)
    seen = await hera.look()
    action = planned(Step("move", ("feasts",)), 0, seen)
    assert action is not None
    first, again = await hera.send(action, seen), await hera.send(action, seen)
    assert first is not None and again is not None and first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true" and again.json()["version"] == first.json()["version"]
    assert [e["type"] for e in await s.events()].count("CharacterMoved") == 1
    stale = await zeus.look()
    hera.plan.append(Step("move", ("hall",)))  # the game moves on after Zeus looked
    assert await hera.step()
    give = planned(Step("transfer", ("hera", "2")), 0, stale)
    assert give is not None and await zeus.send(give, stale) is None  # 409: decided on an old version
    zeus.plan.append(Step("transfer", ("hera", "2")))
    assert await zeus.step()
    (transfer,) = [e["data"] for e in await s.events() if e["type"] == "ManaTransferred"]
    assert (transfer["giver"], transfer["amount"], transfer["received"]) == ("zeus", 2, 1)
    assert (await api.services.store.verify_stream(f"game-{s.gid}")).ok
    full = await api.services.service.states.fold_from_scratch(s.gid)
    assert encode(full) == encode((await api.services.service.states.latest(s.gid))[1])


async def test_the_bot_runs_from_its_command_line_against_a_live_server(
    live_server: LiveServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python examples/bots/gods2_heaven.py --api URL --token TOKEN --game ID ...` over real HTTP."""
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=10) as client:
        auth = {"Authorization": f"Bearer {ADMIN}"}
        body = {"ruleset": "gods2", "name": "Heaven CLI", "scenario": scenario(), "settings": SETTINGS}
        game = (await client.post("/v1/games", json=body, headers=auth)).json()
        gm = {"Authorization": f"Bearer {game['gm_token']}"}
        seat = {"name": "Zeus", "role": "bot", "controls": "zeus"}
        token = (await client.post(f"/v1/games/{game['game_id']}/seats", json=seat, headers=gm)).json()["token"]
        await client.post(f"/v1/games/{game['game_id']}/commands", json={"type": "StartGame"}, headers=gm)
        plan = ["--move", "feasts", "--transfer", "hera:2", "--once", "--poll", "0.1"]
        await amain(["--api", live_server.base_url, "--token", token, "--game", game["game_id"], *plan])
        events = (await client.get(f"/v1/games/{game['game_id']}/events", headers=gm)).json()["events"]
    printed = capsys.readouterr().out
    # The plan moves first; Hera stayed in the Hall, so the rules refuse the transfer and the bot says so.
    assert "MoveToLocale (plan0-move-feasts) -> v" in printed
    assert "TransferMana (plan1-transfer-hera-2) refused: gods2.not_same_locale" in printed
    assert [e["type"] for e in events if e["type"] in ("CharacterMoved", "ManaTransferred")] == ["CharacterMoved"]
