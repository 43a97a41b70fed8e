"""End to end: four Second Era bots, one per god of the sample scenario, play ten turns over real HTTP (a live
uvicorn on PostgreSQL), the GM closing each orders phase. Then the hash chain verifies, the served state
equals a full fold, and no seat ever read another god's sealed orders or private report."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx

from domain.engine import Actor
from domain.rulesets import second_era
from events.codec import encode
from examples.bots.second_era import SecondEraBot
from tests.server.conftest import ADMIN, LiveServer

ROOT = Path(__file__).resolve().parents[2]
TURNS = 10

# Events private to one god (the `god` field): sealed orders, mana spent, reports, the private economy
# (second_era/views.py; tests/domain/second_era/test_visibility.py classifies every event).
PRIVATE = {
    "OrderGiven",
    "OrderCancelled",
    "OrderFailed",
    "ManaSpent",
    "TurnReported",
    "SpellTaught",
    "SpellOrdersSet",
    "RetreatSet",
    "ChampionSet",
    "SpellsCast",
    "Transmuted",
    "Harvested",
    "UpkeepPaid",
    "StockpileAdjusted",
    "RazeCountered",
    "TravelResisted",
    "MonsterScavenged",
    "MonsterAte",
    "MonsterTraded",
    "MonsterManaTaken",
    "MonsterSpellsCast",
    "MonsterSpellOrdersSet",
    "HoardTransmuted",
}


class DroppingTransport(httpx.AsyncHTTPTransport):
    """Loses the response of every third command after the server has carried it out, as a dropped
    connection would: the bot must retry with the same Idempotency-Key and get the original result back."""

    def __init__(self) -> None:
        super().__init__()
        self.commands = 0
        self.dropped = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await super().handle_async_request(request)
        if request.method == "POST" and request.url.path.endswith("/commands") and "Idempotency-Key" in request.headers:
            self.commands += 1
            if self.commands % 3 == 0:
                await response.aread()
                self.dropped += 1
                raise httpx.ReadError("connection dropped (test)", request=request)
        return response


class InterleavingTransport(httpx.AsyncHTTPTransport):
    """Before every fourth pinned command, slips in an order from another seat, so the bot's `If-Match` is
    stale: it must get a 409 `command.version_conflict`, re-read the state and decide again."""

    def __init__(self, other_token: str) -> None:
        super().__init__()
        self.other_token = other_token
        self.commands = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and request.url.path.endswith("/commands") and "If-Match" in request.headers:
            self.commands += 1
            if self.commands % 4 == 1:
                other = httpx.Request(
                    "POST",
                    request.url,
                    json={"type": "SetRetreat", "to_land": None},
                    headers={"Authorization": f"Bearer {self.other_token}", "Idempotency-Key": f"x-{self.commands}"},
                )
                response = await super().handle_async_request(other)
                await response.aread()
                assert response.status_code == 200
        return await super().handle_async_request(request)


async def _post(http: httpx.AsyncClient, path: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
    response = await http.post(path, json=body, headers={"Authorization": f"Bearer {token}"})
    assert response.is_success, response.text
    result: dict[str, Any] = response.json()
    return result


async def test_four_bots_play_ten_turns_of_the_second_era(live_server: LiveServer) -> None:
    scenario = json.loads((ROOT / "examples/scenarios/second-era-four-gods.json").read_text())
    gods = [g["id"] for g in scenario["gods"]]
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=30) as http:
        game = await _post(http, "/v1/games", ADMIN, {"ruleset": "second-era", "name": "Bots", "scenario": scenario})
        gid, gm = game["game_id"], game["gm_token"]
        tokens = {
            god: (await _post(http, f"/v1/games/{gid}/seats", gm, {"name": god, "role": "bot", "controls": god}))[
                "token"
            ]
            for god in gods
        }
        await _post(http, f"/v1/games/{gid}/commands", gm, {"type": "StartGame"})
        said: list[str] = []
        dropping = DroppingTransport()
        flaky = httpx.AsyncClient(base_url=live_server.base_url, timeout=30, transport=dropping)
        racing = httpx.AsyncClient(
            base_url=live_server.base_url, timeout=30, transport=InterleavingTransport(tokens[gods[3]])
        )
        clients = {gods[0]: flaky, gods[1]: racing}
        bots = {god: SecondEraBot(clients.get(god, http), tokens[god], gid, say=said.append) for god in gods}
        for turn in range(1, TURNS + 1):
            outcomes = await asyncio.gather(*(bot.play_turn() for bot in bots.values()))
            assert set(outcomes) == {"played"}, (turn, outcomes)
            await _post(
                http, f"/v1/games/{gid}/commands", gm, {"type": "AdvancePhase", "turn": turn, "phase": "orders"}
            )
        for bot in bots.values():
            await bot.read_events()  # the last turn's reports
        views = {
            god: (await http.get(f"/v1/games/{gid}/state", headers={"Authorization": f"Bearer {tokens[god]}"})).json()
            for god in gods
        }
        await flaky.aclose()
        await racing.aclose()
        served = (await http.get(f"/v1/games/{gid}/state", headers={"Authorization": f"Bearer {gm}"})).json()

    assert served["game"]["turn"] == TURNS + 1
    assert not [line for line in said if "refused" in line or "gave up" in line], said
    # A stale If-Match was answered 409; the bot re-read the state and decided again.
    assert any(line.startswith(f"[{gods[1]}]") and "version conflict" in line for line in said)
    # Retries after lost responses were answered from the idempotency record (a lost 409 is simply decided
    # again), and nothing was appended twice.
    replays = sum("(replayed)" in line for line in said)
    assert dropping.dropped >= 2 and 1 <= replays <= dropping.dropped
    given = [(e["turn"], json.dumps(e["data"]["order"])) for e in bots[gods[0]].seen if e["type"] == "OrderGiven"]
    assert len(given) == len(set(given))
    for god, bot in bots.items():
        own_orders = [e for e in bot.seen if e["type"] == "OrderGiven"]
        assert len(own_orders) >= 2, f"{god} gave orders: {said}"
        reports = [e for e in bot.seen if e["type"] == "TurnReported"]
        assert [e["data"]["turn"] for e in reports] == list(range(1, TURNS + 1)), god
        leaks = [e for e in bot.seen if e["type"] in PRIVATE and e["data"].get("god") != god]
        assert not leaks, f"{god} read another god's private events: {leaks[:3]}"
        for e in bot.seen:
            assert "metadata" not in e  # who sent what is for GMs only
        for other in views[god]["view"]["gods"]:
            if other["id"] != god:  # another god's sealed orders and mana are not in this seat's state
                assert other["orders"] is None and other["mana"] is None, (god, other)
        for tribe in views[god]["view"]["tribes"]:
            if tribe["god"] != god:
                assert tribe["stockpile"] is None, (god, tribe)

    report = await live_server.services.store.verify_stream(f"game-{gid}")
    assert report.ok and report.head_version == served["version"]
    full = await live_server.services.service.states.fold_from_scratch(gid)
    gm_view = second_era.ruleset.view_for(full.rules, Actor(principal="gm", role="gm"))
    assert json.loads(encode(gm_view)) == served["view"]
    assert full.meta.turn == served["game"]["turn"]
