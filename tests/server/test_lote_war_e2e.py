"""End to end, the war game: four Lords of the Earth nations of the sample scenario play five turns over HTTP on
PostgreSQL, each through its bot (`examples/bots/lote.py` with a war plan of order lines by turn).

- Turn 1: the Kipchaks march on Kiev (Kipchak -> Pereyaslavl -> Kiev, an itinerary, §6.3) and the Rus march out
  to meet them in Pereyaslavl: the interception (both there in month 4 of Table 6-15) is a `contact` item for
  each, which the GM rules a battle; the Kipchaks win. Byzantium's Diplomacy in Macedonia is ruled a public
  success (the Newsfax's diplomacy line, [L3027-3044]); the Rus Secret Diplomacy in Polotsk a secret one
  ([L6420-6428]: never in the Newsfax); the Danes march secretly to Jutland and meet no one.
- The Rus dispute the battle. The GM re-adjudicates turn 1 (`POST /turns/1/readjudicate`: a dry run first,
  then the commit, the same dice replayed), rules the battle again with his correction and publishes again.
- Turn 2: the Kipchaks besiege Kiev (the Rus army inside); the GM rules the siege (the walls battered).
- Turns 3 to 5: the Kipchaks go home, Byzantium negotiates with Wallachia, the Danes return to Zealand.

After each turn every nation's status report and the Newsfax are checked for what they must print and for what
they must not (a rival's secret movement, a secret diplomacy result, another nation's armies).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.engine import Actor
from domain.rulesets import lote
from events.codec import encode
from examples.bots.lote import LoteBot, Policy, read_plan
from tests.server.conftest import ADMIN, Api

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ("byz", "dan", "kip", "rus")
TURNS = 5


# each nation's war plan, its order lines by turn (the bot adds its tax and investment lines):
# `python examples/bots/lote.py ... --plan examples/bots/lote_war/kip.json` plays the same from the command line
PLANS = {nid: read_plan(str(ROOT / f"examples/bots/lote_war/{nid}.json")) for nid in NATIONS}

# the GM's rulings on the diplomacy attempts, by turn and place ([L5721-5771]: the rulebook prints no table)
DIPLOMACY = {(1, "Macedonia"): "c", (1, "Polotsk"): "ea", (4, "Wallachia"): "t"}


class Game:
    """The GM's side of the game, and what each seat reads."""

    def __init__(self, api: Api, game: dict[str, Any], seats: dict[str, str]) -> None:
        self.api, self.game, self.seats = api, game, seats
        self.gid: str = game["game_id"]
        self.rolls: dict[int, dict[str, list[int]]] = {}  # the dice behind each turn's items, as first raised

    async def gm(self, body: dict[str, Any]) -> dict[str, Any]:
        response = await self.api.command(self.game, self.game["gm_token"], body)
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]

    async def view(self, who: str) -> dict[str, Any]:
        token = self.game["gm_token"] if who == "gm" else self.seats[who]
        response = await self.api.get(f"/v1/games/{self.gid}/state", token)
        assert response.status_code == 200, response.text
        return response.json()["view"]  # type: ignore[no-any-return]

    async def pending(self) -> dict[str, dict[str, Any]]:
        items = (await self.view("gm"))["adjudications"]
        return {k: v for k, v in items.items() if v["outcome"] is None}

    async def readjudicate(self, turn: int, **body: Any) -> dict[str, Any]:
        response = await self.api.client.post(
            f"/v1/games/{self.gid}/turns/{turn}/readjudicate", json=body, headers=self.api.auth(self.game["gm_token"])
        )
        assert response.status_code == 200, response.text
        return response.json()  # type: ignore[no-any-return]


Losses = dict[str, dict[str, int]]
FIRST_RULING: tuple[Losses, str] = ({"rus": {"I": -8, "C": -2}, "kip": {"LC": -3}}, "the Kipchak horse")
CORRECTION: tuple[Losses, str] = ({"rus": {"I": -3}, "kip": {"LC": -9}}, "the river crossing: +1 to the Rus")


async def rule_battle(game: Game, items: dict[str, dict[str, Any]], losses: Losses, reason: str) -> None:
    """The GM's ruling on the Pereyaslavl contact (the interception): a battle, its losses, the loser's retreat."""
    contacts = sorted(k for k, v in items.items() if v["kind"] == "contact")
    assert [items[k]["subject"] for k in contacts] == ["Pereyaslavl@1.4:rus", "Pereyaslavl@1.4:kip"]
    for item_id in contacts:
        outcome = "intercepted; the Kipchaks win the battle of Pereyaslavl"
        await game.gm({"type": "OverrideAdjudication", "item_id": item_id, "outcome": outcome, "reason": reason})
    for nation, units in losses.items():
        await game.gm({"type": "AdjustUnits", "nation": nation, "army": f"{nation}-1", "units": units,
                       "reason": f"battle of Pereyaslavl: {reason}"})  # fmt: skip
    await game.gm({"type": "MoveLeader", "leader": "rus-1", "location": "Kiev", "reason": "retreat after the battle"})


async def adjudicate(game: Game, turn: int, battle: tuple[Losses, str]) -> None:
    """Rule every pending item: diplomacy per DIPLOMACY, contacts per the turn's story, the rest as proposed."""
    items = await game.pending()
    game.rolls.setdefault(turn, {k: v["rolls"] for k, v in items.items()})
    if turn == 1:
        await rule_battle(game, items, *battle)
    for item_id, item in sorted(items.items()):
        if item["kind"] in ("diplomacy", "secret_diplomacy"):
            outcome = DIPLOMACY[(turn, item["subject"])]
            await game.gm({"type": "OverrideAdjudication", "item_id": item_id, "outcome": outcome,
                           "reason": "the envoys' reception"})  # fmt: skip
        elif item["kind"] == "contact" and turn == 2:
            assert item["subject"] == "Kiev@1.3:" + ("rus" if item["nation"] == "kip" else "kip")
            siege = "siege of Kiev: the walls battered"
            await game.gm({"type": "OverrideAdjudication", "item_id": item_id, "outcome": siege,
                           "reason": "one season of siege"})  # fmt: skip
        elif item["kind"] not in ("contact", "freeform"):
            await game.gm({"type": "ConfirmAdjudication", "item_id": item_id})
    if turn == 2:
        await game.gm({"type": "AdjustPlace", "place": "Kiev", "walls": 1, "reason": "siege of Kiev"})
    assert not await game.pending()


async def close_turn(game: Game, turn: int, validated: bool = False, battle: tuple[Losses, str] = FIRST_RULING) -> None:
    if not validated:
        await game.gm({"type": "AdvancePhase", "phase": "orders"})
        await game.gm({"type": "AdvancePhase", "phase": "validation"})
    await adjudicate(game, turn, battle)
    await game.gm({"type": "AdvancePhase", "phase": "adjudication"})
    published = await game.gm({"type": "AdvancePhase", "phase": "reports"})
    assert "NewsfaxPublished" in [e["type"] for e in published["events"]]


def leader_line(report: dict[str, Any], leader: str) -> str:
    return report["leaders"][leader]  # type: ignore[no-any-return]


async def reports(game: Game) -> tuple[dict[str, str], str]:
    """Each nation's published report (text and lines) and the Newsfax everyone reads (the same for all)."""
    texts, papers = {}, set()
    for nid in NATIONS:
        view = await game.view(nid)
        texts[nid] = view["report"]["text"]
        papers.add(view["newsfax"]["text"])
    (paper,) = papers
    return texts, paper


async def check_turn_1(game: Game, rus_left: str, kip_left: str) -> None:
    texts, paper = await reports(game)
    rus = (await game.view("rus"))["report"]
    assert leader_line(rus, "rus-1").endswith(f"{rus_left} Kiev Normal")
    kip = (await game.view("kip"))["report"]
    assert f"{kip_left} Pereyaslavl" in leader_line(kip, "kip-1")
    dan = (await game.view("dan"))["report"]
    assert "Jutland Normal" in leader_line(dan, "dan-1")
    assert "Polotsk" in rus["regions"] and " ea " in rus["regions"]["Polotsk"]
    assert "Macedonia" in (await game.view("byz"))["report"]["regions"]
    assert "Diplomacy: Macedonia(c)" in paper  # public diplomacy, printed
    for secret in ("Polotsk", "Jutland", "rus-1", "kip-1", "Pereyaslavl"):  # secret diplomacy and armies never
        assert secret not in paper
    for nid, text in texts.items():
        others = [f"#{n}" for n in ("Bonyak", "Vladimir", "Sweyn", "Basil")]
        assert "Jutland" not in text or nid == "dan", nid  # the Danes' secret march is theirs alone
        assert "Polotsk" not in text or nid == "rus", nid  # so is the Rus secret diplomacy
        assert sum(name[1:] in text for name in others) == 1, (nid, text)  # its own King only


async def play(game: Game, bots: dict[str, LoteBot], turn: int) -> None:
    for nid, bot in bots.items():
        seen = await bot.play_turn()
        assert seen.form["submitted"], nid
        planned = [line for line in seen.form["lines"] if line.startswith("plan-")]
        assert len(planned) == len(PLANS[nid].get(turn, [])), (nid, turn, bot.refused)


async def test_four_nations_make_war_for_five_turns_and_the_gm_corrects_a_disputed_battle(api: Api) -> None:
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    created = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "lote", "name": "LotE war", "scenario": scenario}
    )
    assert created.status_code == 201, created.text
    seats = {nid: (await api.add_seat(created.json(), nid))["token"] for nid in NATIONS}
    game = Game(api, created.json(), seats)
    await game.gm({"type": "StartGame"})
    log: list[str] = []
    bots = {
        nid: LoteBot(api.client, token, game.gid, policy=Policy(plan=PLANS[nid]), say=log.append)
        for nid, token in seats.items()
    }

    # turn 1: movement, the interception and battle, diplomacy
    await play(game, bots, 1)
    await close_turn(game, 1)
    await check_turn_1(game, rus_left="2c,4i", kip_left="27lc")
    assert (await game.view("gm"))["leaders"]["dan-1"]["location"] == "Jutland"

    # the dispute: the Rus say the Kipchaks crossed the Pereyaslavl river under their spears. A dry run first:
    # each seat sees what would change in its own view, and nothing is appended
    rus_seat = (await api.get(f"/v1/games/{game.gid}", seats["rus"])).json()["you"]["seat_id"]
    dan_seat = (await api.get(f"/v1/games/{game.gid}", seats["dan"])).json()["you"]["seat_id"]
    reason = "disputed battle of Pereyaslavl: the river crossing was forgotten"
    dry = await game.readjudicate(1, reason=reason)
    assert dry["committed"] is None and dry["preview"]["replayed_phases"] == 2
    rus_paths = {c["path"] for c in dry["preview"]["changes"][rus_seat]}
    assert "/view/leaders/rus-1/units/I" in rus_paths  # the battle's losses are undone, pending the new ruling
    dan_changes = json.dumps(dry["preview"]["changes"][dan_seat])
    assert "rus-1" not in dan_changes and "kip-1" not in dan_changes and "Pereyaslavl" not in dan_changes
    committed = await game.readjudicate(1, reason=reason, dry_run=False)
    assert committed["committed"]["status"] == "accepted"
    again = await game.view("gm")
    assert again["turn"] == 1 and again["leaders"]["rus-1"]["units"] == {"C": 4, "I": 12}
    assert {k: v["rolls"] for k, v in again["adjudications"].items()} == game.rolls[1]  # the same dice, replayed
    assert all(v["outcome"] is None for v in again["adjudications"].values())
    # the GM rules again with his correction: the Kipchaks still win, at a price
    await close_turn(game, 1, validated=True, battle=CORRECTION)
    await check_turn_1(game, rus_left="4c,9i", kip_left="21lc")
    audit = (await api.get(f"/v1/games/{game.gid}/audit", game.game["gm_token"], type="Readjudicate")).json()
    assert audit["entries"][0]["reason"] == reason
    rus_events = (await api.get(f"/v1/games/{game.gid}/events", seats["rus"], limit=1000)).json()["events"]
    assert not [e for e in rus_events if e["data"].get("nation") in ("kip", "dan", "byz")]

    # turn 2: the siege of Kiev
    await play(game, bots, 2)
    await close_turn(game, 2)
    texts, paper = await reports(game)
    assert "Kiev [4+0c1]" in texts["rus"]  # the walls the siege left
    assert "Kiev" not in texts["byz"] and "Kiev" not in texts["dan"]
    assert "Kiev Normal" in leader_line((await game.view("kip"))["report"], "kip-1")

    # turns 3 to 5: the Kipchaks go home, Byzantium wins Wallachia as a tributary, the Danes march home
    for turn in range(3, TURNS + 1):
        await play(game, bots, turn)
        await close_turn(game, turn)
        texts, paper = await reports(game)
        if turn == 3:
            assert "Kipchak Normal" in leader_line((await game.view("kip"))["report"], "kip-1")
        if turn == 4:
            assert "Diplomacy: Wallachia(t)" in paper and "Wallachia" in texts["byz"]
            assert "Wallachia" not in texts["kip"] + texts["rus"] + texts["dan"]
    assert "Zealand Normal" in leader_line((await game.view("dan"))["report"], "dan-1")
    assert "Diplomacy:" not in paper  # nothing negotiated in turn 5
    final = (await api.get(f"/v1/games/{game.gid}/state", game.game["gm_token"])).json()
    assert final["game"]["turn"] == TURNS + 1
    assert (await api.services.store.verify_stream(f"game-{game.gid}")).ok
    full = await api.services.service.states.fold_from_scratch(game.gid)  # the re-adjudicated timeline folds alike
    gm_view = lote.ruleset.view_for(full.rules, Actor(principal="gm", role="gm"))
    assert json.loads(encode(gm_view)) == final["view"]
