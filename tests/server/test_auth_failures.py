"""`AuthFailures` (server/auth_limits.py): a client is held back after `limit` failures in a window, whether or not
`check` consults the limiter; a client with no failure in the last window is answered without it."""

from __future__ import annotations

import pytest

from server.auth import AuthError
from server.auth_limits import AuthFailures


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_client_is_held_back_after_the_limit_and_others_are_not() -> None:
    failures = AuthFailures("3/minute", clock=Clock())
    for _ in range(3):
        failures.check("10.0.0.1")
        failures.failed("10.0.0.1")
    with pytest.raises(AuthError) as held:
        failures.check("10.0.0.1")
    assert held.value.status == 429 and held.value.code == "auth.too_many_failures"
    assert held.value.retry_after is not None and 1 <= held.value.retry_after <= 60
    failures.check("10.0.0.2")  # never failed
    failures.check(None)  # an unknown address is its own client
    failures.failed(None)
    failures.check(None)  # one failure is under the limit


def test_a_client_whose_failures_are_older_than_the_window_is_not_asked_about() -> None:
    clock = Clock()
    failures = AuthFailures("3/minute", clock=clock)
    failures.failed("10.0.0.1")
    clock.now += 30  # within the minute: the limiter is asked (one failure: under the limit)
    failures.check("10.0.0.1")
    assert "10.0.0.1" in failures._last_failure
    clock.now += 31.5  # past the window and its margin: forgotten, whatever the limiter says
    failures.check("10.0.0.1")
    assert "10.0.0.1" not in failures._last_failure


def test_many_failing_clients_are_forgotten_once_their_window_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    from server import auth_limits

    monkeypatch.setattr(auth_limits, "_TRACKED_CLIENTS", 3)
    clock = Clock()
    failures = AuthFailures("3/minute", clock=clock)
    for i in range(3):
        failures.failed(f"10.0.0.{i}")
    clock.now += 62
    failures.failed("10.0.1.1")  # the others' window has passed: they are dropped
    assert set(failures._last_failure) == {"10.0.1.1"}
    for i in range(3):
        failures.failed(f"10.0.2.{i}")  # within one window of the last pruning: kept, all of them
    assert len(failures._last_failure) == 4
