"""A bot that sends one nation's order form each turn of a Lords of the Earth game through the public HTTP API.

    python examples/bots/lote.py --api http://127.0.0.1:8000 --token pnt_... --game GAME_ID

It reads only what its seat may read: the game (turn, phase), its view of the state (its stat sheet, its order
form and the form's running totals in `derived`), the commands it may send now (with their JSON Schemas), and
its status report and the Newsfax once the GM publishes them. During the `orders` phase of each turn it:

- declares the tax rate (`SetTaxRate`, line `tax`; 100% unless `--tax` says otherwise, [L1357-1366]);
- sends the lines its plan (`--plan FILE`) gives for this turn, any order line of the form (lines `plan-1`,
  `plan-2`... unless the plan names them): the war plans (`examples/bots/lote_war/`) give itineraries
  (`GiveItinerary`, §6.3), `Diplomacy` and `SecretDiplomacy` attempts; the realm plans (`examples/bots/lote_realm/`)
  loans (`TakeLoan`), Have Children (`act HC`), trade, intel (`IntelOperation`) and religion
  (`DiplomaticConversion`) lines and the others of the realm. The plan is JSON,
  `{"1": [order, ...], "3": [...]}` by turn, each order as the API takes it; a refused line is printed with
  the server's code and reason, and not sent again that turn;
- invests a share of the gold the form leaves saved into the first rating of `--ratings` still below its cap
  (`Invest`, line `invest`, [L4062-4137]); a refused line is not sent again that turn;
- declares the form complete (`SubmitOrders`). A nation that sends nothing still pays support ([L48-50]).

Every command carries an `Idempotency-Key` made of (seat, turn, purpose) and the version it decided on, and
`If-Match` with that version: a retry after a timeout or a dropped connection resends the identical request, so
the server replays the first answer and appends nothing; on a 409 `command.version_conflict` the bot re-reads
the state and decides again (a new version, so a new key). What it does is printed.

Tests import `LoteBot` and call `await bot.play_turn()` with their own `httpx.AsyncClient`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import Any

import httpx

try:
    from examples.bots.wire import bearer, read, send_command
except ImportError:  # run as a script: python examples/bots/<bot>.py
    from wire import bearer, read, send_command  # type: ignore[no-redef]

RETRIES = 5
RATINGS = ("infra", "bl", "siege_qr", "inf_qr", "cav_qr", "warship_qr")


@dataclass(frozen=True)
class Seen:
    nation: str
    view: dict[str, Any]
    version: int
    turn: int
    phase: str | None
    available: frozenset[str]

    @property
    def form(self) -> dict[str, Any]:
        return dict(self.view.get("forms", {}).get(self.nation, {"lines": {}, "submitted": False}))

    @property
    def sheet(self) -> dict[str, Any]:
        return dict(self.view["nations"][self.nation])

    @property
    def derived(self) -> dict[str, Any]:
        return dict(self.view["derived"][self.nation])


@dataclass(frozen=True)
class Action:
    purpose: str
    body: dict[str, Any]


@dataclass
class Policy:
    tax: int = 100
    invest_share: Fraction = Fraction(1, 2)
    ratings: tuple[str, ...] = RATINGS
    plan: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # order lines to give, by turn


def exact(text: str) -> Fraction:
    """Exact amounts arrive as "n/d" strings (events/codec.py)."""
    return Fraction(text)


def choose(seen: Seen, policy: Policy, refused: set[str]) -> Action | None:
    """The next line of the form, or `SubmitOrders` once the lines are in; None when the form is done."""
    if seen.phase != "orders" or "SubmitOrders" not in seen.available:
        return None
    form = seen.form
    if form.get("submitted"):
        return None
    lines = form.get("lines", {})
    if "tax" not in lines and "tax" not in refused:
        return Action("tax", {"type": "SetTaxRate", "line": "tax", "percent": policy.tax})
    for i, order in enumerate(policy.plan.get(seen.turn, []), start=1):
        line = str(order.get("line", f"plan-{i}"))
        if line not in lines and line not in refused:
            return Action(line, {**order, "line": line})
    if "invest" not in lines and "invest" not in refused:
        action = _investment(seen, policy)
        if action is not None:
            return action
    return Action("submit", {"type": "SubmitOrders"})


def _investment(seen: Seen, policy: Policy) -> Action | None:
    caps = seen.derived.get("rating_caps", {})
    rating = next((r for r in policy.ratings if r in caps and int(seen.sheet.get(r, 0)) < caps[r]), None)
    gp = floor(max(exact(seen.derived["form_saved_gp"]), Fraction(0)) * policy.invest_share)
    if rating is None or gp < 1:
        return None
    return Action("invest", {"type": "Invest", "line": "invest", "rating": rating, "gp": str(gp)})


@dataclass
class LoteBot:
    client: httpx.AsyncClient
    token: str
    game_id: str
    policy: Policy = field(default_factory=Policy)
    say: Callable[[str], None] = print
    nation: str | None = None
    refused: dict[int, set[str]] = field(default_factory=dict)  # purposes refused, by turn

    @property
    def headers(self) -> dict[str, str]:
        return bearer(self.token)

    async def _get(self, path: str, **params: Any) -> Any:
        return await read(self.client, self.game_id, self.token, path, self.say, **params)

    async def look(self) -> Seen:
        if self.nation is None:
            self.nation = (await self._get(""))["you"]["controls"]
        assert self.nation is not None, "this token's seat controls no nation"
        state = await self._get("/state")
        available = await self._get("/commands/available")
        game = state["game"]
        return Seen(
            nation=self.nation,
            view=state["view"],
            version=state["version"],
            turn=game["turn"],
            phase=game["phase"],
            available=frozenset(c["type"] for c in available["commands"]),
        )

    async def send(self, action: Action, seen: Seen) -> httpx.Response | None:
        """Send once, resending the identical request after a transport failure; None on a version conflict."""
        key = f"{self.game_id}:{self.nation}:t{seen.turn}:{action.purpose}@v{seen.version}"
        return await send_command(
            self.client,
            self.game_id,
            self.headers,
            action.body,
            key=key,
            version=seen.version,
            label=f"[{self.nation}] {action.purpose}",
            say=self.say,
        )

    async def step(self) -> bool:
        """Read, decide and send at most one command. False when there is nothing to do now."""
        for _ in range(RETRIES):
            seen = await self.look()
            refused = self.refused.setdefault(seen.turn, set())
            action = choose(seen, self.policy, refused)
            if action is None:
                return False
            response = await self.send(action, seen)
            if response is None:
                self.say(f"[{self.nation}] {action.purpose}: the game moved on; re-reading")
                continue
            body = response.json()
            if response.status_code == 200:
                self.say(f"[{self.nation}] turn {seen.turn}: {action.body} -> v{body['version']}")
            else:
                self.say(
                    f"[{self.nation}] turn {seen.turn}: {action.body['type']} refused: {body.get('code')} "
                    f"(line {action.purpose}: {body.get('detail')})"
                )
                refused.add(action.purpose)
                if action.purpose == "submit":
                    return False
            return True
        return False

    async def play_turn(self) -> Seen:
        """Fill in and submit this turn's form (if the orders phase is open); returns the last look."""
        while await self.step():
            pass
        return await self.look()

    async def report(self) -> None:
        """Print the last status report and Newsfax this seat may read."""
        view = (await self.look()).view
        for part in ("report", "newsfax"):
            if view.get(part):
                self.say(view[part]["text"])

    async def run(self, poll: float = 5.0, once: bool = False) -> None:
        shown = -1
        while True:
            seen = await self.play_turn()
            if seen.turn != shown and seen.view.get("report"):
                shown = seen.turn
                await self.report()
            if once:
                return
            await asyncio.sleep(poll)


# --- command line ---------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Send one nation's Lords of the Earth order form each turn over the Pantheon HTTP API.",
        epilog="Each turn: SetTaxRate, the plan's lines for the turn, an Invest line with part of the saved gold, "
        "then SubmitOrders. The last status report and Newsfax are printed when published.",
    )
    p.add_argument("--api", required=True, help="server base URL, e.g. http://127.0.0.1:8000")
    p.add_argument("--token", required=True, help="this seat's bearer token (pnt_...)")
    p.add_argument("--game", required=True, help="the game id")
    p.add_argument("--tax", type=int, default=100, help="the tax rate to declare, in percent (default 100)")
    p.add_argument("--invest-share", default="1/2", help="share of the saved gold to invest, e.g. 1/2 (default)")
    p.add_argument("--ratings", default=",".join(RATINGS), help="ratings to invest in, first below its cap wins")
    p.add_argument("--plan", help='a JSON file of order lines by turn: {"1": [{"type": "GiveItinerary", ...}]}')
    p.add_argument("--poll", type=float, default=5.0, help="seconds between looks")
    p.add_argument("--once", action="store_true", help="play the current turn (if open) and stop")
    return p


def read_plan(path: str) -> dict[int, list[dict[str, Any]]]:
    with open(path, encoding="utf-8") as file:
        return {int(turn): list(orders) for turn, orders in json.load(file).items()}


async def amain(argv: Sequence[str]) -> None:
    args = parser().parse_args(argv)
    policy = Policy(
        tax=args.tax,
        invest_share=Fraction(args.invest_share),
        ratings=tuple(r for r in args.ratings.split(",") if r),
        plan=read_plan(args.plan) if args.plan else {},
    )
    async with httpx.AsyncClient(base_url=args.api, timeout=10) as client:
        await LoteBot(client, args.token, args.game, policy).run(poll=args.poll, once=args.once)


if __name__ == "__main__":
    try:
        asyncio.run(amain(sys.argv[1:]))
    except KeyboardInterrupt:
        pass
