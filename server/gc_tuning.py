"""The server process's garbage-collector settings, applied by `pantheon serve` (and the benchmarks' servers).

CPython's cyclic collector runs a young-generation pass every 700 net container allocations, and from time to
time an older pass over every tracked object. A server holding thousands of cached game states has a large
heap of long-lived objects; profiling a Second Era command under load charged about a fifth of its CPU to
collections (samples landing on trivial allocating lines such as `uuid4()`). Raising the first threshold to
50,000 makes young passes 70 times rarer (the memory between passes stays small: a few MB of young objects),
and `gc.freeze()` moves everything built at start-up (modules, schemas, rulesets, content) out of the
collector's sight for good. Reference counting frees almost everything anyway; only cycles wait for a pass.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000


def tune_gc() -> None:
    """Apply the settings above; call once, after the app is built and before serving."""
    _, middle, old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
