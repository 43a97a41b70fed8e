"""Lords of the Earth finance (§9.4-9.5): a transfer is seen by both parties only, a loan by the borrower (and
its lender), and the Newsfax prints neither. Two worlds differ only in Byzantium's gold sent to Kiev (`rus`) over their
trade route R2 (50 or 10 GP) and a bank loan taken or not: the Kipchaks cannot tell them apart through any path
(state at every version, events, SSE, the published turn and its Newsfax, GraphQL, refusals), Kiev can."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world
from tests.server.test_leaks_lote import NATIONS, scenario


async def play(client: httpx.AsyncClient, gold: str, loan: bool) -> World:
    world = await new_world(client, "lote", scenario(), NATIONS)
    await world.ok("byz", {"type": "TransferGold", "line": "g", "to": "rus", "amount": gold})
    if loan:
        await world.ok("byz", {"type": "TakeLoan", "line": "l", "source": "jewish", "amount": "1"})
    await world.ok("gm", {"type": "AdvancePhase"})  # orders close
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn resolves
    items = (await world.get("/state", world.gm)).json()["view"]["adjudications"]
    for item_id, item in sorted(items.items()):
        if item["outcome"] is None:
            await world.ok("gm", {"type": "ConfirmAdjudication", "item_id": item_id})
    await world.ok("gm", {"type": "AdvancePhase"})  # the turn closes: reports drafted
    await world.ok("gm", {"type": "AdvancePhase"})  # published: the status reports and the Newsfax
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Kipchak lines naming Byzantium's leader and loan: refused alike whatever Byzantium did."""
    return [
        await world.command(
            "kip", {"type": "TransferGold", "line": "p", "to": "byz", "amount": "1", "carrier": "byz-1"}
        ),
        await world.command("kip", {"type": "RepayLoan", "line": "q", "source": "jewish"}),
    ]


def _report(seen: dict[str, Any]) -> list[str]:
    """The finance section of the seat's own published status report (the last state it saw)."""
    return seen["states"][-1]["report"]["finance"]  # type: ignore[no-any-return]


async def test_transfers_and_loans_are_seen_by_the_parties_only(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        rich = await play(client, "50", loan=True)
        poor = await play(client, "10", loan=False)
        kip_rich, kip_poor = await everything_seen(rich, "kip", probes), await everything_seen(poor, "kip", probes)
        assert_same(kip_rich, kip_poor)
        assert _report(kip_rich) == []
        assert "Gold" not in str(kip_rich["states"][-1]["newsfax"])
        rus_rich, rus_poor = await everything_seen(rich, "rus"), await everything_seen(poor, "rus")
        assert "Gold: 50 GP received from Byzantine Empire" in _report(rus_rich)
        assert "Gold: 10 GP received from Byzantine Empire" in _report(rus_poor)
        assert not any("Loan" in line for line in _report(rus_rich))
        byz = _report(await everything_seen(rich, "byz"))
        assert "Gold: 50 GP sent to Principality of Kiev" in byz
        assert (
            "Loan from jewish: 1 GP at 30%, due turn 4" in byz
            and "Owed to jewish: 1.3 GP (1 at 30%, due turn 4)" in byz
        )
