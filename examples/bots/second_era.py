"""A bot that plays one god's seat of The Second Era through the public HTTP API.

    python examples/bots/second_era.py --api http://127.0.0.1:8000 --token pnt_... --game GAME_ID

It reads only what the seat may read: the game (turn, phase), its view of the state, the commands it may
send now (with their JSON Schemas) and the events it may see. Each turn, during the orders phase, it:

- sets its clans' tasks for the best harvest of the Land it stands on ([002:23-44]), keeping food up;
- grows the tribe when food and luxuries allow ([002:8]); builds Towns, Shrines or Floors on one Land;
- moves toward a richer Land, or attacks a weaker neighbouring tribe ([002:6-7], [002:53-58]);
- births a hero, spawns a monster and teaches a spell when its mana allows, and orders what its tribe casts;
- runs its monsters: scavenge away from its own tribe, rest when hurt, raid when clearly stronger, feed;
- counter-bids against razes and hostile Travel, accepts fair trades, picks abilities for levels won.

Every command carries an `Idempotency-Key` made of (seat, turn, purpose), so a retry after a timeout or a
dropped connection never appends twice, and `If-Match` with the version it decided on: on a 409
`command.version_conflict` it re-reads the state and decides again. What it does is printed.

Tests import `SecondEraBot` and call `await bot.play_turn()` with their own `httpx.AsyncClient`.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from collections.abc import Callable
from typing import Any

import httpx

try:
    from examples.bots.second_era_strategy import Planner, fits
except ImportError:  # run as a script: python examples/bots/second_era.py
    from second_era_strategy import Planner, fits  # type: ignore[no-redef]


class SecondEraBot:
    """One god's seat. `play_turn` gives this turn's orders (once per turn); `run` plays until the game ends."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        token: str,
        game_id: str,
        *,
        say: Callable[[str], None] = print,
        retries: int = 6,
    ) -> None:
        self.http, self.game_id, self.say, self.retries = http, game_id, say, retries
        self.headers = {"Authorization": f"Bearer {token}"}
        self.god: str | None = None
        self.seat: str | None = None
        self.played: set[int] = set()
        self.seen: list[dict[str, Any]] = []  # every event this seat read (tests check none is another god's)
        self.after = 0

    # --- HTTP with retries ----------------------------------------------------------------------------

    async def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """Send, retrying the very same request on a dropped connection, a timeout or a 5xx."""
        headers = {**self.headers, **kwargs.pop("headers", {})}
        for attempt in range(self.retries):
            try:
                response = await self.http.request(method, path, headers=headers, **kwargs)
            except httpx.TransportError as exc:
                self.say(f"[{self.god}] {method} {path}: {exc!r}; retrying")
            else:
                if response.status_code < 500 and response.status_code != 429:
                    return response
                self.say(f"[{self.god}] {method} {path}: HTTP {response.status_code}; retrying")
            await asyncio.sleep(min(2.0, 0.05 * 2**attempt) * (1 + random.random()))
        raise RuntimeError(f"{method} {path} failed {self.retries} times")

    async def get(self, path: str, **params: Any) -> dict[str, Any]:
        response = await self._request("GET", f"/v1/games/{self.game_id}{path}", params=params)
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body

    async def send(self, command: dict[str, Any], key: str, version: int) -> httpx.Response:
        headers = {"Idempotency-Key": key, "If-Match": f'"{version}"'}
        return await self._request("POST", f"/v1/games/{self.game_id}/commands", json=command, headers=headers)

    # --- play -----------------------------------------------------------------------------------------

    async def read_events(self) -> list[dict[str, Any]]:
        """New events this seat may see; its turn reports and failed orders are printed."""
        new: list[dict[str, Any]] = []
        while True:
            page = await self.get("/events", after=self.after, limit=500)
            new += page["events"]
            self.after = page["next_after"]
            if not page["more"]:
                break
        self.seen += new
        for e in new:
            data = e["data"]
            if e["type"] == "TurnReported" and data.get("god") == self.god:
                notes = "; ".join(data.get("notes", [])) or "all orders carried out"
                self.say(f"[{self.god}] turn {data['turn']} report: clans {data['clans']}, {notes}")
            elif e["type"] == "BattleFought":
                sides = f"{data['attacker']} vs {data['defender']}"
                self.say(f"[{self.god}] battle on {data['land']}: {sides}: {data['outcome']}")
        return new

    async def play_turn(self) -> str:
        """Give this turn's orders if the orders phase is open and they are not given yet. Returns what
        happened: "ended", "waiting", "played" or "already played"."""
        game = await self.get("")
        self.god, self.seat = game["you"]["controls"], game["you"]["seat_id"]
        meta = game["game"]
        await self.read_events()
        if meta["status"] == "ended":
            return "ended"
        if meta["status"] != "running" or meta["phase"] != "orders":
            return "waiting"
        turn = meta["turn"]
        if turn in self.played:
            return "already played"
        done: set[str] = set()
        for _round in range(12):
            state = await self.get("/state")
            if state["game"]["turn"] != turn or state["game"]["phase"] != "orders":
                return "waiting"
            available = {c["type"]: c["schema"] for c in (await self.get("/commands/available"))["commands"]}
            version = state["version"]
            plan = Planner(state["view"], str(self.god)).plan()
            conflict = False
            for purpose, command in plan.orders:
                if purpose in done:
                    continue
                if command["type"] not in available or not fits(command, available[command["type"]]):
                    done.add(purpose)
                    continue
                response = await self.send(command, f"{self.seat}-t{turn}-{purpose}", version)
                body = response.json()
                if response.status_code == 409 and body.get("code") == "command.version_conflict":
                    self.say(f"[{self.god}] turn {turn}: the game moved on (version conflict); re-reading the state")
                    conflict = True
                    await asyncio.sleep(random.random() * 0.05)
                    break
                done.add(purpose)
                if response.is_success:
                    version = body["version"]
                    replay = " (replayed)" if body.get("replayed") else ""
                    self.say(f"[{self.god}] turn {turn}: {command['type']} {_brief(command)}{replay}")
                else:
                    self.say(f"[{self.god}] turn {turn}: {command['type']} refused: {body.get('code')}")
            if not conflict:
                self.played.add(turn)
                return "played"
        self.say(f"[{self.god}] turn {turn}: gave up after repeated version conflicts")
        self.played.add(turn)
        return "played"

    async def run(self, poll: float = 5.0, max_turns: int | None = None) -> None:
        """Play every turn until the game ends (or `max_turns` turns are played)."""
        while max_turns is None or len(self.played) < max_turns:
            outcome = await self.play_turn()
            if outcome == "ended":
                self.say(f"[{self.god}] the game has ended")
                return
            await asyncio.sleep(poll)


def _brief(command: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in command.items() if k != "type")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play one god's seat of a Second Era game over the HTTP API, turn after turn, until it ends."
    )
    parser.add_argument("--api", required=True, help="the server's base URL, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", required=True, help="the seat's token (pnt_...), shown once when the GM added it")
    parser.add_argument("--game", required=True, help="the game id")
    parser.add_argument("--poll", type=float, default=5.0, help="seconds between checks for a new turn (default 5)")
    parser.add_argument("--turns", type=int, default=None, help="stop after playing this many turns")
    args = parser.parse_args(argv)

    async def play() -> None:
        async with httpx.AsyncClient(base_url=args.api, timeout=30) as http:
            await SecondEraBot(http, args.token, args.game).run(poll=args.poll, max_turns=args.turns)

    try:
        asyncio.run(play())
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
