"""End to end, the war game: four Lords of the Earth nations of the sample scenario play five turns over HTTP on
PostgreSQL, each through its bot (`examples/bots/lote.py` with its war plan, `examples/bots/lote_war/<nation>.json`).

- Turn 1: the Kipchak Khan marches into Pereyaslavl and attacks it (`act A`, an itinerary, §6.3); the Rus, on
  React in Kiev (`act R`, §6.2.4.28), intercept him there in month 4 (Table 6-15): a battle (R6), which the GM
  settles with `ResolveBattle`
  (the Khan wins, the Rus fall back to Kiev, Pereyaslavl becomes his). Byzantium's Diplomacy in Macedonia is
  ruled a public success (the Newsfax's diplomacy line, [L3027-3044]); the Rus Secret Diplomacy in Polotsk a
  secret one ([L6420-6428]: never in the Newsfax); the Danes march secretly to Jutland and meet no one.
- The Rus dispute the battle. The GM re-adjudicates turn 1 (`POST /turns/1/readjudicate`: a dry run first,
  then the commit, the same dice replayed), settles the battle again with his correction and publishes again.
- Turn 2: the Khan rides to Kiev (a contact item) and besieges the city (`act S`) with the Rus army inside; the
  GM settles the siege: it holds, its walls battered from 2 to 1.
- Turns 3 to 5: the Khan goes home, Byzantium wins Wallachia as a tributary, the Danes march home.

After the turns every nation's status report and the Newsfax are checked for what they must print and for what
they must not (a rival's secret movement, a secret diplomacy result, the other side's forces in a battle).
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


Ruling = dict[str, Any]  # the GM's ResolveBattle for the battle of Pereyaslavl, less its battle id
FIRST_RULING: Ruling = {
    "winner": "attacker", "losses": {"rus-1": {"I": 8, "C": 2}, "kip-1": {"LC": 3}}, "retreats": {"rus-1": "Kiev"},
    "reason": "the Kipchak horse",
}  # fmt: skip
CORRECTION: Ruling = {
    "winner": "attacker", "losses": {"rus-1": {"I": 3}, "kip-1": {"LC": 9}}, "retreats": {"rus-1": "Kiev"},
    "control": "pt", "reason": "the river crossing: +1 to the Rus; the Khan holds Pereyaslavl as a tributary",
}  # fmt: skip
SIEGE: Ruling = {"winner": "none", "losses": {"kip-1": {"LC": 2}}, "walls_left": 1, "reason": "one season of siege"}


async def rule_battles(game: Game, turn: int, battle: Ruling) -> None:
    """The GM's rulings on the turn's fights (`ResolveBattle`) and on the contacts that are no fight."""
    view = await game.view("gm")
    battles = {k: b for k, b in view["battles"].items() if b["result"] is None}
    if turn == 1:  # the interception: the Rus, on React in Kiev (R+6), met the Khan in Pereyaslavl
        (battle_id,) = battles
        assert view["leaders"]["rus-1"]["location"] == "Pereyaslavl"  # its itinerary had no move: it reacted
        assert battle_id == "t1-battle-Pereyaslavl@1.4" and battles[battle_id]["defender"]["armies"] == ["rus-1"]
        await game.gm({"type": "ResolveBattle", "battle_id": battle_id, **battle})
    if turn == 2:  # the Khan rides up to Kiev (a contact), then besieges the city with the Rus army inside
        (battle_id,) = battles
        assert battles[battle_id]["kind"] == "siege" and battles[battle_id]["city"] == "Kiev"
        await game.gm({"type": "ResolveBattle", "battle_id": battle_id, **SIEGE})
        for item_id, item in view["adjudications"].items():
            if item["kind"] == "contact":
                assert item["subject"] == "Kiev@1.3:" + ("rus" if item["nation"] == "kip" else "kip")
                await game.gm({"type": "OverrideAdjudication", "item_id": item_id, "reason": "no sortie",
                               "outcome": "the Rus shut themselves in Kiev"})  # fmt: skip
    if turn > 2:
        assert not battles


async def adjudicate(game: Game, turn: int, battle: Ruling) -> None:
    """Rule every pending item: the fights, diplomacy per DIPLOMACY, the rest as the engine proposes."""
    game.rolls.setdefault(turn, {k: v["rolls"] for k, v in (await game.pending()).items()})
    await rule_battles(game, turn, battle)
    for item_id, item in sorted((await game.pending()).items()):
        if item["kind"] in ("diplomacy", "secret_diplomacy"):
            outcome = DIPLOMACY[(turn, item["subject"])]
            await game.gm({"type": "OverrideAdjudication", "item_id": item_id, "outcome": outcome,
                           "reason": "the envoys' reception"})  # fmt: skip
        else:
            await game.gm({"type": "ConfirmAdjudication", "item_id": item_id})
    assert not await game.pending()


async def close_turn(game: Game, turn: int, validated: bool = False, battle: Ruling = FIRST_RULING) -> None:
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


async def check_turn_1(game: Game, rus: tuple[str, str], kip: tuple[str, str], status: str) -> None:
    """The battle of Pereyaslavl as each nation reads it: the Rus and the Khan each their own forces and losses
    (`rus`, `kip`: what was left, what was lost) and the result; Byzantium and Denmark only the Newsfax's line."""
    texts, paper = await reports(game)
    rus_report, kip_report = (await game.view("rus"))["report"], (await game.view("kip"))["report"]
    # the retreat; both fought, so both are On Campaign for next turn's support (Table 2-21 [L1636-1637])
    assert leader_line(rus_report, "rus-1").endswith(f"{rus[0]} Kiev On Campaign")
    assert leader_line(kip_report, "kip-1").endswith(f"{kip[0]} Pereyaslavl On Campaign")
    result = "the Kipchak Horde defeated the Principality of Kiev; Pereyaslavl is now " + (
        "Pacified (p)" if status == "p" else "Pacified Tributary (pt)"
    )
    assert f"Battle of Pereyaslavl: {result} to the Kipchak Horde." in paper  # hostile actions are news
    assert f"defending against the Kipchak Horde with 4c,12i; lost {rus[1]}." in texts["rus"]
    assert f"attacking against the Principality of Kiev with 30lc; lost {kip[1]}." in texts["kip"]
    assert "30lc" not in texts["rus"] and "4c,12i" not in texts["kip"]  # never the other side's forces
    assert f"Pereyaslavl 2+0/6 oc eo w 0 : - 0% : / kip({status})" in texts["rus"]
    assert "Jutland Normal" in leader_line((await game.view("dan"))["report"], "dan-1")
    assert "Polotsk" in rus_report["regions"] and " ea " in rus_report["regions"]["Polotsk"]
    assert "Macedonia" in (await game.view("byz"))["report"]["regions"]
    assert "Diplomacy: Macedonia(c)" in paper  # public diplomacy, printed
    for secret in ("Polotsk", "Jutland", "rus-1", "kip-1", "30lc", "4c,12i"):  # secret diplomacy, armies, forces: never
        assert secret not in paper
    for nid, text in texts.items():
        kings = ("Bonyak", "Vladimir", "Sweyn", "Basil")
        assert "Jutland" not in text or nid == "dan", nid  # the Danes' secret march is theirs alone
        assert "Polotsk" not in text or nid == "rus", nid  # so is the Rus secret diplomacy
        assert "Battle of Pereyaslavl" not in text or nid in ("kip", "rus"), nid  # and the battle its fighters'
        assert sum(name in text for name in kings) == 1, (nid, text)  # its own King only


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
    await check_turn_1(game, rus=("2c,4i", "2c,8i"), kip=("9lc", "3lc"), status="p")  # 18lc stay as garrison
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
    assert "rus-1" not in dan_changes and "kip-1" not in dan_changes, dan_changes  # public news only (the Newsfax)
    dan_paths = [c["path"].split("/")[2:4] for c in dry["preview"]["changes"][dan_seat]]
    assert all(
        p[1].startswith(("dan-", "t1-dan-")) for p in dan_paths if p[0] in ("leaders", "battles", "adjudications")
    ), dan_paths
    committed = await game.readjudicate(1, reason=reason, dry_run=False)
    assert committed["committed"]["status"] == "accepted"
    again = await game.view("gm")
    assert again["turn"] == 1 and again["leaders"]["rus-1"]["units"] == {"C": 4, "I": 12}
    assert {k: v["rolls"] for k, v in again["adjudications"].items()} == game.rolls[1]  # the same dice, replayed
    assert all(v["outcome"] is None for v in again["adjudications"].values())
    (rejoined,) = again["battles"].values()  # the battle joined again, its proposal on the same dice
    assert rejoined["result"] is None and rejoined["proposal"]["rolls"] == list(game.rolls[1][rejoined["items"][0]])
    # the GM rules again with his correction: the Kipchaks still win, at a price
    await close_turn(game, 1, validated=True, battle=CORRECTION)
    await check_turn_1(game, rus=("4c,9i", "3i"), kip=("21lc", "9lc"), status="pt")
    audit = (await api.get(f"/v1/games/{game.gid}/audit", game.game["gm_token"], type="Readjudicate")).json()
    assert audit["entries"][0]["reason"] == reason
    rus_events = (await api.get(f"/v1/games/{game.gid}/events", seats["rus"], limit=1000)).json()["events"]
    assert not [e for e in rus_events if e["data"].get("nation") in ("kip", "dan", "byz")]

    # turn 2: the siege of Kiev, the Rus army inside; the walls battered from 2 to 1
    await play(game, bots, 2)
    await close_turn(game, 2)
    texts, paper = await reports(game)
    assert "Siege of Kiev: the Kipchak Horde lay siege to Kiev; it holds." in paper
    assert "Siege of Kiev (year 1 month 6): defending against the Kipchak Horde with 4c,9i; lost -." in texts["rus"]
    assert (
        "Siege of Kiev (year 1 month 6): attacking against the Principality of Kiev with 21lc; lost 2lc."
        in (texts["kip"])
    )
    assert (await game.view("rus"))["report"]["cities"]["Kiev"].startswith("Kiev [4+0c1]")
    assert "Siege of Kiev" not in texts["byz"] + texts["dan"] and "Battle of Pereyaslavl" not in paper  # last turn's
    assert "Kiev Besieging A City" in leader_line((await game.view("kip"))["report"], "kip-1")
    assert "Kiev Being Besieged" in leader_line((await game.view("rus"))["report"], "rus-1")

    # turns 3 to 5: the Kipchaks go home, Byzantium wins Wallachia as a tributary, the Danes march home
    for turn in range(3, TURNS + 1):
        await play(game, bots, turn)
        await close_turn(game, turn)
        texts, paper = await reports(game)
        if turn == 3:
            assert "Kipchak Normal" in leader_line((await game.view("kip"))["report"], "kip-1")  # no battle in 3
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
