"""The Gods II between sessions: a third god (Ares) cannot tell apart two worlds in which Zeus's between-session
choices differ: the goals in his end-of-session report ([003:55]: told to the GMs), the power he lends Hera
(between lender and borrower) and the service contract he proposes to her (her business and his until both
sign, [003:60]). Hera, a party to the loan and the contract, does see the difference."""

from __future__ import annotations

import json
from typing import Any

import httpx

from events.codec import encode
from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world

GODS = ["zeus", "hera", "ares", "iris"]


def scenario() -> Any:
    from tests.domain.gods2.scenario import setup

    return json.loads(encode(setup()))


async def play(client: httpx.AsyncClient, goal: str, power: str, terms: str) -> World:
    world = await new_world(client, "gods2", scenario(), GODS, settings={"minute_seconds": 1})
    await world.ok("gm", {"type": "SetClock", "era": "centrum", "in_transition": True, "reason": "session ends"})
    await world.ok("zeus", {"type": "ReportSession", "goals": [goal], "intended_purchases": {"war": 1}})
    await world.ok("zeus", {"type": "LendPower", "to": "hera", "power": power})
    await world.ok("zeus", {"type": "ProposeServiceContract", "parties": ["hera"], "terms": terms})
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Ares on what may exist: Zeus's contract, a loan to Hera, and a card the pack does not price."""
    return [
        await world.command("ares", {"type": "SignServiceContract", "contract_id": "contract-zeus-1"}),
        await world.command(
            "ares", {"type": "ReturnBorrowedPower", "power": "curse_of_clumsiness", "borrower": "hera"}
        ),
        await world.command("ares", {"type": "BuySphereCard", "sphere": "war"}),
    ]


async def test_a_third_god_cannot_tell_a_rivals_between_session_choices_apart(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        one = await play(client, goal="rule the Council", power="curse_of_clumsiness", terms="Hera serves Zeus")
        two = await play(client, goal="found a city", power="witness_oath", terms="Zeus serves Hera")
        seen_one = await everything_seen(one, "ares", probes)
        seen_two = await everything_seen(two, "ares", probes)
        assert_same(seen_one, seen_two)
        assert [status for status, _ in seen_one["refusals"]] == [422, 422, 422]
        hera_one, hera_two = await everything_seen(one, "hera"), await everything_seen(two, "hera")
        assert hera_one["events"] != hera_two["events"]  # the borrower and party sees the loan and the terms
        assert not any("rule the Council" in json.dumps(e) for e in hera_one["events"])  # the report is Zeus's
