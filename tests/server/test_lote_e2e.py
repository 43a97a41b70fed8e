"""End to end: four Lords of the Earth nations of the sample scenario play three turns through the HTTP API on
PostgreSQL. A bot sends each nation's order form (some of its answers lost on the way, so it must retry with the
same Idempotency-Key); the GM closes the phases, confirms or overrides the adjudication queue, edits the report
layer (a narrative, a public diplomacy result, a concealed fact, a faked MSI) and publishes. Each nation reads its
own status report with the right figures and never another's; everyone reads the Newsfax; the truth is untouched
by the GM's misinformation; the hash chain verifies and the served state equals a full fold."""

from __future__ import annotations

import asyncio
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx

from domain.engine import Actor
from domain.rulesets import lote
from domain.rulesets.lote.scenario.enums import dec
from events.codec import encode
from examples.bots.lote import LoteBot
from tests.server.conftest import ADMIN, Api, LiveServer

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ("byz", "dan", "kip", "rus")
TURNS = 3
HELD = {  # the regions each nation's first report lists (the scenario's statuses)
    "byz": {"Thrace", "Bithynia", "Bulgaria"},
    "dan": {"Zealand", "Jutland", "Scania"},
    "kip": {"Kipchak", "Khazar", "Pereyaslavl"},
    "rus": {"Kiev", "Pereyaslavl", "Novgorod", "Perm"},  # Perm claimed by diplomacy on turn 1
}

# the GM's edits of the report layer: players see only what is published
GM_ONLY = {"NewsPrinted", "NewsConcealed", "StatusReportAmended", "RankingAmended"}


class DroppingTransport(httpx.ASGITransport):
    """Loses the answer to every third command after the server carried it out, as a dropped connection would."""

    def __init__(self, app: Any) -> None:
        super().__init__(app=app)
        self.commands = 0
        self.dropped = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await super().handle_async_request(request)
        if request.method == "POST" and request.url.path.endswith("/commands"):
            self.commands += 1
            if self.commands % 3 == 0:
                await response.aread()
                self.dropped += 1
                raise httpx.ReadError("connection dropped", request=request)
        return response


async def _gm(api: Api, game: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    response = await api.command(game, game["gm_token"], body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


async def _view(api: Api, gid: str, token: str) -> dict[str, Any]:
    response = await api.get(f"/v1/games/{gid}/state", token)
    assert response.status_code == 200, response.text
    return response.json()["view"]  # type: ignore[no-any-return]


async def _history(api: Api, gid: str, token: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        page = (await api.get(f"/v1/games/{gid}/events", token, after=after, limit=500)).json()
        events += page["events"]
        after = page["next_after"]
        if not page["more"]:
            return events


async def _adjudicate(api: Api, game: dict[str, Any], turn: int) -> None:
    """Confirm the engine's proposals, except that the first investment of turn 2 is overridden."""
    items = (await _view(api, game["game_id"], game["gm_token"]))["adjudications"]
    assert all(i["outcome"] is None for i in items.values())
    overridden = False
    for item_id, item in sorted(items.items()):
        if turn == 2 and item["kind"] == "investment" and not overridden:
            outcome = "hold" if item["proposal"] == "rise" else "rise"
            await _gm(api, game, {"type": "OverrideAdjudication", "item_id": item_id, "outcome": outcome,
                                  "reason": "the GM rules otherwise"})  # fmt: skip
            overridden = True
        else:
            await _gm(api, game, {"type": "ConfirmAdjudication", "item_id": item_id})


async def _edit_reports(api: Api, game: dict[str, Any], turn: int) -> None:
    gid = game["game_id"]
    if turn == 1:
        await _gm(api, game, {"type": "PrintNews", "item_id": "t1-kip", "nation": "kip",
                              "text": "The Khan's riders are seen on the Dnieper.", "reason": "narrative"})  # fmt: skip
        await _gm(api, game, {"type": "SetControlStatus", "place": "Perm", "nation": "rus", "status": "c",
                              "reason": "envoys to Perm", "diplomacy": True})  # fmt: skip
    if turn == 2:
        await _gm(api, game, {"type": "SetControlStatus", "place": "Perm", "nation": "dan", "status": "c",
                              "reason": "secret diplomacy", "diplomacy": True})  # fmt: skip
        items = (await _view(api, gid, game["gm_token"]))["news_items"]
        (secret,) = [k for k, v in items.items() if v["text"] == "Perm(c)" and v["nation"] == "dan"]
        await _gm(api, game, {"type": "ConcealNews", "item_id": secret, "reason": "Secret Diplomacy"})
        await _gm(api, game, {"type": "AmendRanking", "nation": "kip", "field": "msi", "text": "99",
                              "reason": "kip misinformation"})  # fmt: skip


async def _check_reports(api: Api, gid: str, seats: dict[str, dict[str, Any]], observer: str, turn: int) -> None:
    papers = []
    for nid, seat in seats.items():
        view = await _view(api, gid, seat["token"])
        report, sheet = view["report"], view["nations"][nid]
        assert report["nation"] == nid and report["turn"] == turn
        assert report["sheet"]["gp"] == dec(Fraction(sheet["gp"]))
        assert report["sheet"]["nfp"] == dec(Fraction(sheet["nfp"]))
        assert report["sheet"]["tax_rate_pct"] == str(sheet["tax_rate_pct"]) == "100"  # the bot's SetTaxRate
        assert report["sheet"]["revenue.raw"] == dec(
            sum((Fraction(sheet["revenue"][k]) for k in ("regional", "city", "inter_city", "public_works",
                                                                    "international")), Fraction(0))
        )  # fmt: skip
        assert set(report["regions"]) == HELD[nid] | ({"Perm"} if nid == "dan" and turn >= 2 else set())
        assert set(report["leaders"]) == {k for k, x in view["leaders"].items() if x["nation"] == nid}
        turn_events = (await api.get(f"/v1/games/{gid}/turns/{turn}", seat["token"])).json()["events"]
        published = [e for e in turn_events if e["type"] == "StatusReportPublished"]
        assert [e["data"]["nation"] for e in published] == [nid]  # its own report, never another's
        assert published[0]["data"]["report"] == report
        papers.append(view["newsfax"])
    seen = await _view(api, gid, observer)
    assert seen["report"] is None and all(p == seen["newsfax"] for p in papers)
    observed = (await api.get(f"/v1/games/{gid}/turns/{turn}", observer)).json()["events"]
    assert not [e for e in observed if e["type"] in ("StatusReportPublished", "NewsPrinted", "NewsConcealed")]


async def test_four_nations_play_three_turns_and_each_reads_only_its_own_report(api: Api) -> None:
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    created = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "lote", "name": "LotE e2e", "scenario": scenario}
    )
    assert created.status_code == 201, created.text
    game = created.json()
    gid = game["game_id"]
    seats = {nid: await api.add_seat(game, nid) for nid in NATIONS}
    observer = (await api.add_seat(game, None, role="observer"))["token"]
    await _gm(api, game, {"type": "StartGame"})

    transport = DroppingTransport(api.client._transport.app)  # type: ignore[attr-defined]
    log: list[str] = []
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        bots = {nid: LoteBot(client, seat["token"], gid, say=log.append) for nid, seat in seats.items()}
        for turn in range(1, TURNS + 1):
            invested = []
            for bot in bots.values():
                played = await bot.play_turn()
                form = played.form
                assert form["submitted"] and form["lines"]["tax"]["percent"] == 100, log
                invested += [line["rating"] for line in form["lines"].values() if line["type"] == "Invest"]
            assert invested, log  # at least one nation had gold to spare and a rating below its cap
            await _gm(api, game, {"type": "AdvancePhase", "phase": "orders"})
            await _gm(api, game, {"type": "AdvancePhase", "phase": "validation"})
            await _adjudicate(api, game, turn)
            await _edit_reports(api, game, turn)
            await _gm(api, game, {"type": "AdvancePhase", "phase": "adjudication"})
            published = await _gm(api, game, {"type": "AdvancePhase", "phase": "reports"})
            assert "NewsfaxPublished" in [e["type"] for e in published["events"]]
            await _check_reports(api, gid, seats, observer, turn)
            paper = (await _view(api, gid, observer))["newsfax"]
            if turn == 1:
                kip = next(n for n in paper["nations"] if n["nation"] == "kip")
                rus = next(n for n in paper["nations"] if n["nation"] == "rus")
                assert kip["lines"] == ["The Khan's riders are seen on the Dnieper."]
                assert rus["diplomacy"] == ["Perm(c)"] and "Diplomacy: Perm(c)" in paper["text"]
            if turn == 2:
                dan = next(n for n in paper["nations"] if n["nation"] == "dan")
                assert dan["diplomacy"] == []  # concealed, though Perm's status changed
                assert paper["rankings"][0]["nation"] == "kip" and paper["rankings"][0]["msi"] == "99"
    assert transport.dropped >= 3  # retries with the same key were exercised

    truth = await _view(api, gid, game["gm_token"])
    assert truth["nations"]["kip"]["msi"] == "0" and truth["regions"]["Perm"]["statuses"]["dan"] == "c"
    served = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
    assert served["game"]["turn"] == TURNS + 1
    verified = await api.services.store.verify_stream(f"game-{gid}")
    assert verified.ok and verified.head_version == served["version"]
    full = await api.services.service.states.fold_from_scratch(gid)
    gm_view = lote.ruleset.view_for(full.rules, Actor(principal="gm", role="gm"))
    assert json.loads(encode(gm_view)) == served["view"]


async def test_the_bot_runs_from_the_command_line_against_a_live_server(live_server: LiveServer) -> None:
    """`python examples/bots/lote.py --api URL --token TOKEN --game ID --once` fills in and submits the form."""
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=10) as client:
        created = await client.post(
            "/v1/games", headers={"Authorization": f"Bearer {ADMIN}"},
            json={"ruleset": "lote", "name": "LotE CLI", "scenario": scenario},
        )  # fmt: skip
        game = created.json()
        gm = {"Authorization": f"Bearer {game['gm_token']}"}
        seat = (await client.post(f"/v1/games/{game['game_id']}/seats", headers=gm,
                                  json={"name": "dan", "role": "player", "controls": "dan"})).json()  # fmt: skip
        await client.post(f"/v1/games/{game['game_id']}/commands", headers=gm, json={"type": "StartGame"})
        args = ["--api", live_server.base_url, "--token", seat["token"], "--game", game["game_id"], "--once"]
        process = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "examples/bots/lote.py"), *args, stdout=asyncio.subprocess.PIPE, cwd=ROOT
        )
        out, _ = await asyncio.wait_for(process.communicate(), timeout=30)
        assert process.returncode == 0, out.decode()
        view = (await client.get(f"/v1/games/{game['game_id']}/state", headers=gm)).json()["view"]
    form = view["forms"]["dan"]
    assert form["submitted"] and form["lines"]["tax"]["type"] == "SetTaxRate"
    assert "SetTaxRate" in out.decode() and "SubmitOrders" in out.decode()
