"""A bot that gives one kingdom's characters their orders each turn of a kingdoms game through the public HTTP API.

    python examples/bots/kingdoms_bot.py --api http://127.0.0.1:8000 --token pnt_... --game GAME_ID --once

It reads only what its seat may read: its view of the state (its kingdom, characters, armies, the map with its
own explored %, its spy reports and last report) and the commands it may send. Each turn, for each living
character without an order:

- a leader of an army marches on `--invade` (a province id): `Invade` when the target is within the army's reach
  (the bot tries the shortest path and steps back one province at a time when the server says it is too far),
  else `Move` with the army one step towards it; without `--invade` the army stays;
- a character with Spy ability spies on `--spy-on` (a kingdom id; default: the first other kingdom);
- a character with Explorer ability explores his province while it is not 100% explored;
- anyone else searches his province (a King stays at court).

Every command carries an `Idempotency-Key` made of (seat, turn, character) and the version it decided on, and
`If-Match` with that version (see `wire.py`). Orders stay sealed until the GM processes the turn. What it does
and its last turn report are printed. Tests import `KingdomsBot` and call `await bot.play_turn()`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

try:
    from examples.bots.wire import bearer, read, send_command
except ImportError:  # run as a script: python examples/bots/<bot>.py
    from wire import bearer, read, send_command  # type: ignore[no-redef]

RETRIES = 5


@dataclass
class Policy:
    invade: str | None = None
    spy_on: str | None = None


def path_to(view: dict[str, Any], start: str, goal: str) -> list[str] | None:
    """The shortest path from `start` to `goal` on the public map (without `start`)."""
    provinces = view["provinces"]
    previous: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there in provinces[here]["adjacent"]:
                if there not in previous:
                    previous[there] = here
                    nxt.append(there)
        frontier = nxt
    if goal not in previous:
        return None
    path, at = [], goal
    while at != start:
        path.append(at)
        at = previous[at]  # type: ignore[assignment]
    return path[::-1]


def orders(view: dict[str, Any], policy: Policy) -> list[dict[str, Any]]:
    """This turn's orders, one a character without one yet."""
    mine = view["kingdom"]["id"]
    leaders = {a["leader"]: a for a in view["armies"].values() if a.get("leader")}
    others = sorted(k for k in view["kingdoms"] if k != mine)
    out = []
    for cid, c in sorted(view["characters"].items()):
        if not c["alive"] or cid in view["orders"]:
            continue
        here, abilities = c["location"], c["abilities"]
        if cid in leaders and policy.invade and policy.invade != here:
            path = path_to(view, here, policy.invade)
            if path:
                out.append({"type": "Invade", "character": cid, "path": path})
        elif abilities.get("spy", 0) > 0 and (policy.spy_on or others):
            out.append({"type": "Spy", "character": cid, "target": policy.spy_on or others[0]})
        elif abilities.get("explorer", 0) > 0 and view["provinces"][here]["explored"] < 100:
            out.append({"type": "Explore", "character": cid})
        elif not c["is_king"] and cid not in leaders:
            out.append({"type": "Search", "character": cid})
    return out


@dataclass
class KingdomsBot:
    client: httpx.AsyncClient
    token: str
    game_id: str
    policy: Policy = field(default_factory=Policy)
    say: Callable[[str], None] = print

    async def _get(self, path: str, **params: Any) -> Any:
        return await read(self.client, self.game_id, self.token, path, self.say, **params)

    async def _send(self, body: dict[str, Any], state: dict[str, Any]) -> httpx.Response | None:
        turn, version = state["game"]["turn"], state["version"]
        key = f"{self.game_id}:{body['character']}:t{turn}:{body['type']}:{len(body.get('path', []))}@v{version}"
        return await send_command(
            self.client, self.game_id, bearer(self.token), body, key=key, version=version,
            label=f"{body['type']} {body['character']}", say=self.say,
        )  # fmt: skip

    async def play_turn(self) -> dict[str, Any]:
        """Give every idle character an order (if the orders phase is open); returns the last view."""
        state = await self._get("/state")
        available = {c["type"] for c in (await self._get("/commands/available"))["commands"]}
        for body in orders(state["view"], self.policy):
            while body["type"] in available:
                response = await self._send(body, state)
                state = await self._get("/state")
                if response is None:
                    continue  # the game moved on: re-read and resend with the new version
                if response.status_code == 200:
                    self.say(f"turn {state['game']['turn']}: {body}")
                    break
                code = response.json().get("code")
                self.say(f"{body['type']} {body['character']} refused: {code}")
                if code == "kingdoms.too_far" and len(body.get("path", [])) > 1:
                    body = {**body, "type": "Move", "path": body["path"][:1], "with_army": True}
                    continue
                break
        return dict(state["view"])

    async def run(self, poll: float = 5.0, once: bool = False) -> None:
        shown = -1
        while True:
            view = await self.play_turn()
            if view["turn"] != shown:
                shown = view["turn"]
                for line in view.get("report", []):
                    self.say(line)
            if once:
                return
            await asyncio.sleep(poll)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description="Give one kingdom's characters their orders each turn over HTTP.")
    p.add_argument("--api", required=True, help="server base URL, e.g. http://127.0.0.1:8000")
    p.add_argument("--token", required=True, help="this seat's bearer token (pnt_...)")
    p.add_argument("--game", required=True, help="the game id")
    p.add_argument("--invade", default=None, help="a province id the kingdom's armies march on (default: none)")
    p.add_argument("--spy-on", default=None, help="the kingdom id its spies watch (default: the first other)")
    p.add_argument("--poll", type=float, default=5.0, help="seconds between looks")
    p.add_argument("--once", action="store_true", help="give this turn's orders (if open) and stop")
    return p


async def amain(argv: Sequence[str]) -> None:
    args = parser().parse_args(argv)
    async with httpx.AsyncClient(base_url=args.api, timeout=10) as client:
        bot = KingdomsBot(client, args.token, args.game, Policy(invade=args.invade, spy_on=args.spy_on))
        await bot.run(poll=args.poll, once=args.once)


if __name__ == "__main__":
    try:
        asyncio.run(amain(sys.argv[1:]))
    except KeyboardInterrupt:
        pass
