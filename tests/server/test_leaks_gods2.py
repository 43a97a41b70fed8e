"""The Gods II: a third god (Ares) cannot tell apart two worlds in which Zeus's secret choices differ: the mana he
gives Hera ([003:162-164]: a transfer is between giver and receiver; mana is private, [003:53]) and the
pantheon change order he hands in between sessions ([000:78]: between the pantheon's members and the referees;
Ares is not a member)."""

from __future__ import annotations

import json
from typing import Any

import httpx

from events.codec import encode
from tests.server.conftest import LiveServer
from tests.server.leaks import World, assert_same, client_for, everything_seen, new_world

GODS = ["zeus", "hera", "ares", "iris"]


def scenario() -> Any:
    from tests.domain.gods2.earth.scenario import earth, fill, race, sq
    from tests.domain.gods2.scenario import setup

    e = earth(
        [race("achaeans", pantheon={"zeus": "70", "hera": "30"}), race("trojans", pantheon={"ares": "100"})],
        {**fill("achaeans", [sq(0, 0), sq(1, 0)], 2), **fill("trojans", [sq(0, 2)], 2)},
    )
    return json.loads(encode(setup(earth=e)))


async def play(client: httpx.AsyncClient, amount: int, zeus_share: str) -> World:
    world = await new_world(client, "gods2", scenario(), GODS, settings={"minute_seconds": 1})
    await world.ok("zeus", {"type": "TransferMana", "to": "hera", "amount": amount})
    clock = {"type": "SetClock", "era": "centrum", "in_transition": True, "reason": "the session ends"}
    await world.ok("gm", clock)
    shares = {"zeus": zeus_share, "hera": str(100 - int(zeus_share))}
    await world.ok("zeus", {"type": "ProposePantheonChange", "race": "achaeans", "shares": shares})
    return world


async def probes(world: World) -> list[httpx.Response]:
    """Ares on what may exist: a combined casting and a pantheon order of Zeus's, and a transfer beyond his own
    means (the refusal may state his own mana, nobody else's)."""
    return [
        await world.command("ares", {"type": "SignCoCasting", "casting": "cocast-1"}),
        await world.command("ares", {"type": "SignPantheonChange", "order": "order-zeus-1"}),
        await world.command("ares", {"type": "TransferMana", "to": "zeus", "amount": 500}),
    ]


async def test_a_third_god_cannot_tell_a_rivals_secret_choices_apart(live_server: LiveServer) -> None:
    async with client_for(live_server) as client:
        small = await play(client, amount=2, zeus_share="60")
        large = await play(client, amount=6, zeus_share="80")
        seen_small = await everything_seen(small, "ares", probes)
        seen_large = await everything_seen(large, "ares", probes)
        assert_same(seen_small, seen_large)
        assert all(status in (409, 422) for status, _ in seen_small["refusals"])
        own_small, own_large = await everything_seen(small, "hera"), await everything_seen(large, "hera")
        assert own_small["events"] != own_large["events"]  # Hera, the receiver, sees the amount
