"""End to end, the realm game: the four Lords of the Earth nations of the sample scenario play four turns of part 3
(with trade, religion and intelligence) over HTTP on PostgreSQL, each through its bot (`examples/bots/lote.py` with
its realm plan, `examples/bots/lote_realm/<nation>.json`); the war game of part 2 is `test_lote_war_e2e.py`.

- Turn 1: Byzantium borrows 10 GP from the Jewish bankers (`TakeLoan`, [L8821-8829]: 30% interest, due at the
  start of the third turn after); its second line, a loan from the internal banks, is refused (its scenario
  loan from them is still outstanding, [L8837-8840]). Vladimir of Kiev has children (`act HC`, [L5921-5943]):
  a `birth` item the GM first confirms as the engine proposes it ("none").
- The Rus dispute it (the Grand Prince's wife was with child). The GM re-adjudicates turn 1 (a dry run, then the
  commit, the same dice replayed) and rules a son, Boris, whom only the Rus family list shows.
- Turns 2 to 4: the scenario's internal loan (turn 3) and the new Jewish loan (turn 4) fall due and are repaid
  from the Byzantine treasury, lines of its FINANCE section alone.
- Trade (`TRADE`, `check_trade`): on turn 2 Byzantium and the Kipchak Horde (no capital: it trades from its
  homeland) initiate a land route; R0 traces it (LTH: Thrace - Bulgaria - Kipchak, a type-1 mountain border and a
  mountain region) and proposes it open, the GM confirms, it opens at the end of the turn. On turn 3 it trades: the
  Kipchaks send 5 GP and buy 1 agro from Byzantium over it. Only the two partners' reports show the route and the
  dealings; the Newsfax and the other seats show nothing of it.
- A conversion (`CONVERSION`, `check_conversion`): on turn 2 Bonyak Khan of the Kipchaks tries a Diplomatic
  Conversion (`DiplomaticConversion`, the PR action, [L5772-5793]) of Pereyaslavl, a Rus Friendly region of
  Eastern Orthodoxy the Kipchaks hold as Non-Paying Tributary. R6 raises a `religious_conversion` item with his
  Charisma and the place's faith; the GM rules 40% converted ([L7634-7643]: a minority until 100%). Both holders
  read the minority in their RELIGION section, the Rus without the name of the converting nation; Byzantium, the
  Danes and the Newsfax nothing of it, then or after.
- An intel operation detected by a counter-operation (`INTEL`, `check_intel`): on turn 3 the Prince of Novgorod
  (a Full Ally) runs an Infiltrate Enemy against the Byzantine government by his Espionage action (`act ES`,
  [L5830-5852], [L6727-6737]) while Byzantium runs a Counter Intelligence against IE ([L6813-6834]). R5 raises both;
  the IE's item lists the CI in force and proposes `blocked/detected`. The GM rules the CI a success
  (`SettleIntelOperation`), then confirms the IE blocked and detected. Byzantium's report names the Rus; the Rus
  read their operation blocked, never that it was detected nor what met it; the Newsfax prints the blocked IE under
  Byzantium without naming the Rus ([L3056-3058]: "Intel Actions against your Nation and the results"); the Danes and
  the Kipchaks read nothing of it.

After every turn each nation's status report and the Newsfax are checked for what they must print and for a
rival's secrets (`SECRETS`: what only its readers may read), each seat's events for another nation's (and for the
items of another's secret operations, `ITEMS`), and a fold of the stream from scratch against the state the server
serves.
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
from tests.server.test_lote_war_e2e import Game

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ("byz", "dan", "kip", "rus")
TURNS = 4

# each nation's realm plan, its order lines by turn (the bot adds its tax and investment lines):
# `python examples/bots/lote.py ... --plan examples/bots/lote_realm/byz.json` plays the same from the command line
PLANS = {nid: read_plan(str(ROOT / f"examples/bots/lote_realm/{nid}.json")) for nid in NATIONS}
REFUSED = {(1, "byz"): {"loan-internal": "lote.loan_outstanding"}}  # the plan lines the server refuses, and why

# the GM's rulings on items the engine cannot settle, by turn and item id, in the order he gives them (the rest he
# then confirms as proposed); the birth is first confirmed as proposed ("none"), then ruled again after the dispute
RULINGS: dict[tuple[int, str], dict[str, Any]] = {
    (1, "t1-rus-birth-rus-1"): {
        "type": "OverrideAdjudication", "outcome": "son:Boris", "reason": "the Grand Princess was with child",
    },
    (2, "t2-kip-religious_conversion-convert-pereyaslavl"): {
        "type": "OverrideAdjudication", "outcome": "40", "reason": "the Khan's shamans win the river villages",
    },
    (3, "t3-byz-intel-ci-ie"): {
        "type": "SettleIntelOperation", "result": "success", "detection": "hidden",
        "reason": "the chancery's guards were warned",
    },
}  # fmt: skip
DISPUTED = {(1, "t1-rus-birth-rus-1")}  # ruled only once the dispute is heard

# what only these nations may read, in any other report or in the Newsfax
SECRETS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("byz",): (
        "Loan from jewish", "Owed to jewish", "Owed to internal",
        "Counter Intelligence", "Against us: Infiltrate Enemy",  # its CI, and what it learned by it
    ),
    ("rus",): ("Boris", "Vladimir (K, age", "Infiltrate Enemy (IE) against government / Byzantine Empire"),
    ("kip", "rus"): ("Minority in Pereyaslavl",),  # the converts: the converting nation's and the holders'
    ("dan",): (),
    ("kip",): (),
}  # fmt: skip

# the items of secret operations, and the nation whose they are: no other seat's events or state name them
ITEMS = {
    "t2-kip-religious_conversion-convert-pereyaslavl": "kip",
    "t3-byz-intel-ci-ie": "byz",
    "t3-rus-intel-ie-byz": "rus",
}


async def texts(game: Game) -> tuple[dict[str, dict[str, Any]], str]:
    """Each nation's published report (lines and text) and the one Newsfax all read."""
    reports, papers = {}, set()
    for nid in NATIONS:
        view = await game.view(nid)
        reports[nid] = view["report"]
        papers.add(view["newsfax"]["text"])
    (paper,) = papers
    return reports, paper


def foreign(event: dict[str, Any], nid: str) -> bool:
    """Whether a seat's event is another nation's own: not addressed to it (a transfer `to` it), nor an operation
    against it that the GM ruled it learned of (then without the operator's item, reason or dice)."""
    data = event["data"]
    if data.get("nation") in (None, nid) or data.get("to") == nid:
        return False
    if event["type"] in ("IntelOperationSettled", "ReligiousOperationSettled") and data["target_nation"] == nid:
        assert data["item_id"] == "" and data["reason"] == "", data
        assert data["detection"] in ("noticed", "detected", "blown"), data
        return False
    return True


async def no_secrets_leak(game: Game) -> None:
    """No report but its readers', and not the Newsfax, prints a nation's secret; no seat's events carry another
    nation's own events (`foreign`), and neither its events nor its state name another's secret operation."""
    reports, paper = await texts(game)
    for readers, secrets in SECRETS.items():
        for secret in secrets:
            assert secret not in paper, (readers, secret)
            for nid, report in reports.items():
                assert nid in readers or secret not in report["text"], (readers, nid, secret)
    for nid, token in game.seats.items():
        page = (await game.api.get(f"/v1/games/{game.gid}/events", token, limit=1000)).json()
        assert not page["more"], nid  # the whole history in one page: nothing left unread
        events = page["events"]
        others = [e["type"] for e in events if foreign(e, nid)]
        assert not others, (nid, others)
        seen = json.dumps(events) + json.dumps(await game.view(nid))
        assert not [item for item, owner in ITEMS.items() if owner != nid and item in seen], nid


async def folds_alike(game: Game) -> None:
    """A fold of the whole stream from scratch gives the state the server serves."""
    served = (await game.api.get(f"/v1/games/{game.gid}/state", game.game["gm_token"])).json()
    full = await game.api.services.service.states.fold_from_scratch(game.gid)
    assert json.loads(encode(lote.ruleset.view_for(full.rules, Actor(principal="gm", role="gm")))) == served["view"]


async def play(bots: dict[str, LoteBot], turn: int) -> None:
    """Each bot fills in and submits its form; every plan line is on it but those the server refuses."""
    for nid, bot in bots.items():
        seen = await bot.play_turn()
        assert seen.form["submitted"], nid
        refused = REFUSED.get((turn, nid), {})
        planned = {str(order.get("line")) for order in PLANS[nid].get(turn, [])}
        assert planned - set(refused) <= set(seen.form["lines"]), (nid, turn, bot.refused)
        assert bot.refused.get(turn, set()) == set(refused), (nid, turn, bot.refused)


async def adjudicate(game: Game, turn: int, disputed: bool = False) -> None:
    """Rule the turn's items per RULINGS (a disputed one once the dispute is heard), the rest as the engine
    proposes (an operation met by a counter-operation: once the GM ruled that a success)."""
    pending = await game.pending()
    for (when, item_id), ruling in RULINGS.items():
        if when == turn and ((when, item_id) not in DISPUTED or disputed):
            assert item_id in pending, (item_id, sorted(pending))
            await game.gm({**ruling, "item_id": item_id})
    for item_id in sorted(await game.pending()):
        await game.gm({"type": "ConfirmAdjudication", "item_id": item_id})
    assert not await game.pending()


Items = dict[str, dict[str, Any]]


async def close_turn(game: Game, turn: int, validated: bool = False, disputed: bool = False) -> Items:
    """Close the turn's phases and rule its items; returns the items as the GM ruled them (his view)."""
    if not validated:
        await game.gm({"type": "AdvancePhase", "phase": "orders"})
        await game.gm({"type": "AdvancePhase", "phase": "validation"})
    game.rolls.setdefault(turn, {k: v["rolls"] for k, v in (await game.pending()).items()})
    await adjudicate(game, turn, disputed)
    ruled: Items = (await game.view("gm"))["adjudications"]
    await game.gm({"type": "AdvancePhase", "phase": "adjudication"})
    published = await game.gm({"type": "AdvancePhase", "phase": "reports"})
    assert "NewsfaxPublished" in [e["type"] for e in published["events"]]
    await no_secrets_leak(game)
    await folds_alike(game)
    return ruled


async def dispute_the_birth(game: Game) -> None:
    """The Rus dispute turn 1's birth: a dry run each seat reads in its own view, then the commit (same dice)."""
    seat = {
        nid: (await game.api.get(f"/v1/games/{game.gid}", t)).json()["you"]["seat_id"] for nid, t in game.seats.items()
    }
    reason = "disputed birth: the Grand Princess was with child"
    dry = await game.readjudicate(1, reason=reason)
    assert dry["committed"] is None and dry["preview"]["replayed_phases"] == 2
    for nid in ("byz", "dan", "kip"):  # the birth item is the Rus alone's: no other seat's preview names it
        assert "birth" not in json.dumps(dry["preview"]["changes"].get(seat[nid], [])), nid
    committed = await game.readjudicate(1, reason=reason, dry_run=False)
    assert committed["committed"]["status"] == "accepted"
    again = await game.view("gm")
    assert {k: v["rolls"] for k, v in again["adjudications"].items()} == game.rolls[1]  # the same dice, replayed
    assert again["adjudications"]["t1-rus-birth-rus-1"]["outcome"] is None
    await close_turn(game, 1, validated=True, disputed=True)


async def check_turn_1(game: Game, born: bool) -> None:
    reports, paper = await texts(game)
    byz = reports["byz"]["finance"]
    assert (
        "Loan from jewish: 10 GP at 30%, due turn 4" in byz and "Owed to jewish: 13 GP (10 at 30%, due turn 4)" in byz
    )
    assert "Owed to internal: 39 GP (30 at 30%, due turn 3)" in byz  # the scenario's loan, still outstanding
    assert all(not r["finance"] for nid, r in reports.items() if nid != "byz")  # nothing of finance elsewhere
    family = reports["rus"]["royal_family"]
    assert ("Boris m 0" in family) is born, family
    assert "Boris" not in paper and "Loan" not in paper  # births and loans are no news unless the GM prints them
    rus = await game.view("rus")
    assert [f["name"] for f in rus["royal_family"]] == (["Boris"] if born else [])
    assert "t1-rus-birth-rus-1" not in (await game.view("byz"))["adjudications"]  # the item is the Rus alone's


# --- trade (P2-A): a route traced at R0, opened by the GM, trading the next turn --------------------------------

TRADE: dict[str, Any] = {
    "route": "t2-byz-kip",
    "item": "t2-byz-trade_route-byz~kip",
    "traced": "LTH land route: Thrace - Bulgaria - Kipchak",
    "line": "t2-byz-kip L byz-kip LTH 80% 0 zones",
    "partners": ("byz", "kip"),
    # turn 3, each partner's FINANCE lines for the dealings over the route
    "dealings": {
        "byz": ("Gold: 5 GP received from Kipchak Horde", "Agro: 1 sold to Kipchak Horde for 2 GP"),
        "kip": ("Gold: 5 GP sent to Byzantine Empire", "Agro: 1 bought from Byzantine Empire for 2 GP"),
    },
}


async def check_trade(game: Game, turn: int) -> None:
    """Turn 2: the R0 item traced the route and the GM opened it; turn 3: it trades. The partners alone read it."""
    reports, paper = await texts(game)
    route, partners = TRADE["route"], TRADE["partners"]
    if turn == 2:
        gm_events = (await game.api.get(f"/v1/games/{game.gid}/events", game.game["gm_token"], limit=1000)).json()
        raised = [e["data"]["item"] for e in gm_events["events"] if e["type"] == "AdjudicationRaised"]
        item = next(i for i in raised if i["item_id"] == TRADE["item"])
        assert item["proposal"] == "open" and TRADE["traced"] in item["explanation"], item
        opened = (await game.view("gm"))["routes"][route]
        assert (opened["traced"], opened["status"], opened["opened_turn"]) == (True, "LTH", 3), opened
    if turn >= 2:
        for nid, report in reports.items():
            shown = [line for key, line in report["routes"].items() if key == route]
            assert bool(shown) is (nid in partners), (nid, report["routes"])
            assert nid in partners or route not in report["text"], nid
            if shown:
                assert shown[0].startswith(TRADE["line"]) and "via Thrace - Bulgaria - Kipchak" in shown[0], shown
        assert route not in paper and "Thrace - Bulgaria" not in paper  # who trades with whom is the partners' own
    if turn == 3:
        for nid, lines in TRADE["dealings"].items():
            for line in lines:
                assert line in reports[nid]["finance"], (nid, reports[nid]["finance"])
        for nid in ("dan", "rus"):
            assert not any("Kipchak" in line or "Byzantine" in line for line in reports[nid]["finance"]), nid
        assert "Gold: 5 GP" not in paper and "Agro: 1" not in paper


# --- religion (P2-C): a Diplomatic Conversion ruled a minority of converts ---------------------------------------

CONVERSION: dict[str, Any] = {
    "item": "t2-kip-religious_conversion-convert-pereyaslavl",
    "inputs": ("Religious Conversion by Bonyak Khan (kip-1, Charisma 9)", "in Pereyaslavl", "Pereyaslavl is EO"),
    "line": "Minority in Pereyaslavl: ST (converts 40%)",
    "readers": ("kip", "rus"),  # the converting nation, and the Rus who hold the region (Friendly)
}


async def check_conversion(game: Game, turn: int, ruled: Items) -> None:
    """Turn 2: the GM read the conversion's item and ruled 40%; from then on the converts are a minority that the
    Kipchaks and the Rus (who are not told whose converts they are) read, and no one else."""
    reports, paper = await texts(game)
    if turn == 2:
        item = ruled[CONVERSION["item"]]
        assert (item["kind"], item["proposal"], item["outcome"]) == ("religious_conversion", "0", "40"), item
        assert all(text in item["explanation"] for text in CONVERSION["inputs"]), item["explanation"]
    for nid, report in reports.items():
        assert (CONVERSION["line"] in report["religion"]) is (nid in CONVERSION["readers"]), (nid, report["religion"])
        minorities = (await game.view(nid))["religion"]["minorities"].get("Pereyaslavl", [])
        whose = {"kip": ["kip"], "rus": [""]}.get(nid, [])  # the holder is not told which nation converted them
        assert [m["nation"] for m in minorities] == whose, (nid, minorities)
    assert "Pereyaslavl" not in paper  # a share converted is no news; only a place that turns is ([L3060-3061])


# --- intel (P2-B): an Infiltrate Enemy blocked and detected by a Counter Intelligence ----------------------------

INTEL: dict[str, Any] = {
    "ci": "t3-byz-intel-ci-ie",
    "ie": "t3-rus-intel-ie-byz",
    # turn 3, the INTELLIGENCE lines of each report
    "reports": {
        "byz": [
            "ci-ie: Counter Intelligence (CI) against IE +1 (OC) succeeded",
            "Against us: Infiltrate Enemy (IE) against government by Principality of Kiev was blocked",
        ],
        "rus": ["ie-byz: Infiltrate Enemy (IE) against government / Byzantine Empire +0 (Espionage) was blocked"],
        "dan": [],
        "kip": [],
    },
    "news": "Intel: Infiltrate Enemy (IE) against government was blocked.",  # under Byzantium, naming no one
}


async def check_intel(game: Game, turn: int, ruled: Items) -> None:
    """Turn 3: the IE's item named the CI in force and proposed it blocked and detected; the GM ruled the CI a
    success and confirmed the IE. Byzantium reads who tried; the Rus read their operation blocked, but not that it
    was detected nor what met it; the Newsfax prints the attempt under Byzantium without the Rus' name."""
    reports, paper = await texts(game)
    if turn == 3:
        ie, ci = ruled[INTEL["ie"]], ruled[INTEL["ci"]]
        assert (ci["proposal"], ci["outcome"]) == ("ruling", "success"), ci
        assert (ie["proposal"], ie["outcome"]) == ("blocked/detected", "blocked"), ie
        assert f"counter-operations in force: {INTEL['ci']}" in ie["explanation"], ie["explanation"]
        assert "Prince of Novgorod (A, Charisma 5) at Novgorod" in ie["explanation"]  # his Espionage action
        (theirs,) = [op for op in (await game.view("rus"))["intel"]["ops"].values() if op["code"] == "IE"]
        assert (theirs["result"], theirs["detection"], theirs["counters"], theirs["rolls"]) == ("blocked", "", [], [])
        (against,) = [op for op in (await game.view("byz"))["intel"]["ops"].values() if op["target_nation"] == "byz"]
        assert (against["nation"], against["detection"], against["line"], against["leader"]) == (
            "rus", "detected", "", None,
        )  # fmt: skip
        for nid, lines in INTEL["reports"].items():
            assert reports[nid]["intel"] == lines, (nid, reports[nid]["intel"])
        byzantium = paper.split("BYZANTINE EMPIRE")[1].split("KINGDOM OF DENMARK")[0]
        assert INTEL["news"] in byzantium, paper
        assert "Principality of Kiev" not in byzantium and "Counter Intelligence" not in paper
    else:
        assert all(not report["intel"] for report in reports.values()), turn
        assert "Intel:" not in paper


async def test_four_nations_borrow_and_bear_children_and_the_gm_rules_a_disputed_birth_again(api: Api) -> None:
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    created = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "lote", "name": "LotE realm", "scenario": scenario}
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

    # turn 1: the loan, the birth confirmed as proposed (none); then the dispute and the son
    await play(bots, 1)
    await close_turn(game, 1)
    await check_turn_1(game, born=False)
    await dispute_the_birth(game)
    await check_turn_1(game, born=True)

    # turns 2 to 4: the loans fall due and are repaid; the trade route, the conversion, the intel operation
    for turn in range(2, TURNS + 1):
        await play(bots, turn)
        ruled = await close_turn(game, turn)
        await check_trade(game, turn)
        await check_conversion(game, turn, ruled)
        await check_intel(game, turn, ruled)
        reports, _ = await texts(game)
        byz = reports["byz"]["finance"]
        if turn == 3:
            assert "Loan from internal repaid: 39 GP" in byz and "Owed to internal" not in " ".join(byz)
        if turn == 4:
            assert byz == ["Loan from jewish repaid: 13 GP"]
        assert "Boris m " + str(5 * (turn - 1)) in reports["rus"]["royal_family"]  # five years a turn
    final = (await api.get(f"/v1/games/{game.gid}/state", game.game["gm_token"])).json()
    assert final["game"]["turn"] == TURNS + 1
    assert (await api.services.store.verify_stream(f"game-{game.gid}")).ok
