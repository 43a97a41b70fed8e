"""A Second Era turn with hundreds of orders: decide + evolve of each order (the engine's path, in memory), as
the turn grows. Linear means the time per order stays flat as the turn grows; quadratic, that it grows with it.

Each god gives `n` free orders (`SetRetreat`, which stays legal however many are queued) plus its 3 Actions;
two gods, so a turn holds `2 * (n + 3)` orders. The order limit is the game's (`SetOrderLimit`), not checked
here: this is the ruleset's own cost.

    python -m bench.turn_orders [--sizes 100,200,400,800,1600] [--repeats 5] [--quick]
"""

from __future__ import annotations

import os
import time
from typing import Any

from bench._common import median, parser
from domain.engine import game as engine
from domain.rulesets.second_era.commands import GrowTribe, SetRetreat
from tests.domain.second_era.world import ANN, BOB, new_game


def one_turn(n: int) -> tuple[float, int]:
    """Seconds for deciding and evolving one turn of `n` free orders and 3 Actions per god, and the orders."""
    game = new_game()
    state: Any = game.state
    ruleset = game.ruleset
    orders = 0
    t0 = time.process_time()  # CPU time: the machine's other load disturbs it far less than wall time
    for actor in (ANN, BOB):
        ctx = game.context(actor)
        # the Actions last: each counts the whole queue (the worst case)
        commands: list[Any] = [SetRetreat(to_land=None)] * n + [GrowTribe(role=r) for r in ("farmer", "miner", "war")]
        for command in commands:
            for event in engine.decide(ruleset, state, command, ctx):
                state = engine.evolve(ruleset, state, event)
            orders += 1
    return time.process_time() - t0, orders


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--sizes", default="100,200,400,800,1600", help="free orders per god, comma-separated")
    args = p.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    repeats = args.repeats or (1 if args.quick else 5)
    if args.quick:
        sizes = sizes[:2]
    print(f"load average at start: {os.getloadavg()[0]:.1f}")
    print(f"{'orders/turn':>12} {'CPU ms':>10} {'µs/order':>9}  (median of {repeats})")
    first: float | None = None
    for n in sizes:
        runs = [one_turn(n) for _ in range(repeats)]
        seconds, orders = median([r[0] for r in runs]), runs[0][1]
        per = 1e6 * seconds / orders
        first = first or per
        print(f"{orders:>12,} {1000 * seconds:>10.1f} {per:>9.1f}  x{per / first:.2f} per order vs the smallest turn")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
