"""Limits on what a client can make the server do: failed authentication, and open event streams.

Failed authentication (an unknown, revoked or malformed token) is counted per client with the `limits` package
(a moving window in this process's memory). Once a client has failed `PANTHEON_AUTH_FAILURES` times (default
`20/minute`), every request of it that presents a token gets 429 `auth.too_many_failures` with `Retry-After`,
before the token is even looked at, until the window has room again. Requests without a token (rulesets,
`/health`, docs) are not held back. The count is per process: behind a load balancer with N processes a client
may fail up to N times the limit before all of them hold it back.

The client is the peer address of the connection. `X-Forwarded-For` is trusted only from the proxies named in
`PANTHEON_TRUSTED_PROXIES` (uvicorn's proxy-headers support rewrites the peer address for those, and for no one
else); without it, every client behind one proxy shares one count, and a client cannot dodge the limit by
sending its own `X-Forwarded-For`. Clients behind one NAT share one count too: an attacker there also holds
back its neighbours' token-bearing requests for up to one window.

Event streams (SSE and GraphQL subscriptions) are limited per token (`PANTHEON_MAX_STREAMS_PER_TOKEN`, default
10 open at once per process) and, for GraphQL, per websocket connection (`PANTHEON_MAX_SUBSCRIPTIONS_PER_CONNECTION`,
default 5): each open stream holds a database poller and memory for as long as the client keeps it.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from server.auth import AuthError
from server.problems import ApiError

_TRACKED_CLIENTS = 10_000  # failing clients remembered before those past their window are dropped


class AuthFailures:
    """Counts failed authentication per client; `check` refuses a client that is over the limit.

    A client with no failure recorded in the last window cannot be over the limit: `check` answers it from a dict
    of each failing client's last failure, without asking the limiter (2% of a command's CPU when it did)."""

    def __init__(self, limit: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.item: RateLimitItem = parse(limit)
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._clock = clock
        # A failure is counted for one window; a second of margin for the limiter's own clock (the wall clock).
        self._window = self.item.get_expiry() + 1.0
        self._last_failure: dict[str, float] = {}
        self._pruned = clock()

    def check(self, client: str | None) -> None:
        key = client or "unknown"
        last = self._last_failure.get(key)
        if last is None:
            return
        if self._clock() - last > self._window:
            del self._last_failure[key]
            return
        if self._limiter.test(self.item, key):
            return
        reset = self._limiter.get_window_stats(self.item, key).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise AuthError(
            "auth.too_many_failures",
            f"Too many failed authentication attempts from your address ({self.item.amount} per "
            f"{self.item.multiples} {self.item.GRANULARITY.name}); try again in {wait} s with a valid token.",
            status=429,
            retry_after=wait,
        )

    def failed(self, client: str | None) -> None:
        key = client or "unknown"
        now = self._clock()
        if len(self._last_failure) >= _TRACKED_CLIENTS and now - self._pruned > self._window:
            # many failing clients: forget those whose window has passed (once a window at most)
            self._pruned = now
            self._last_failure = {k: t for k, t in self._last_failure.items() if now - t <= self._window}
        self._last_failure[key] = now
        self._limiter.hit(self.item, key)


class StreamSlots:
    """At most `limit` open streams per key (a token id, a websocket connection); 429 past it."""

    def __init__(self, limit: int, what: str) -> None:
        self.limit, self.what = limit, what
        self._open: dict[str, int] = {}

    @contextlib.contextmanager
    def hold(self, key: str) -> Iterator[None]:
        count = self._open.get(key, 0)
        if count >= self.limit:
            raise ApiError(
                "stream.too_many",
                f"At most {self.limit} event streams may be open at once {self.what}; close one first.",
                429,
            )
        self._open[key] = count + 1
        try:
            yield
        finally:
            left = self._open[key] - 1
            if left:
                self._open[key] = left
            else:
                del self._open[key]
