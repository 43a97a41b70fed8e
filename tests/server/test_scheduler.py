"""The scheduler (`server/scheduler.py`) on a real PostgreSQL: it closes phases whose deadline passed and fires
due timers as the `system` actor, catches up in order after downtime, leads from one process at a time, and
follows the current timeline after a rollback. Deadlines here are a second or two ahead; tests wait for the
events to appear (never asserting how long anything took)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import httpx

from events.store import RecordedEvent
from server.app import create_app
from server.bootstrap import Services
from server.scheduler import Scheduler
from tests.server.conftest import Api, make_settings

T = TypeVar("T")


@contextlib.asynccontextmanager
async def app_instance(db_url: str, tmp_path: Path, *, scheduler: bool) -> AsyncIterator[Api]:
    """One app process (lifespan, background jobs) on the shared database."""
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path, scheduler=scheduler), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield Api(client=client, services=captured[0])


async def eventually(probe: Callable[[], Awaitable[T | None]], what: str, timeout: float = 30.0) -> T:
    """Wait for `probe` to return something; fail (not time) if it never does."""
    give_up = time.monotonic() + timeout
    while True:
        found = await probe()
        if found:
            return found
        if time.monotonic() > give_up:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.05)


def soon(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


async def history(api: Api, game_id: str) -> list[RecordedEvent]:
    return await api.services.store.read_stream(f"game-{game_id}")


def data(event: RecordedEvent) -> dict[str, Any]:
    return json.loads(event.data)  # type: ignore[no-any-return]


def closes(events: list[RecordedEvent], turn: int, phase: str) -> list[RecordedEvent]:
    return [e for e in events if e.type == "PhaseEnded" and (data(e)["turn"], data(e)["phase"]) == (turn, phase)]


async def gm(api: Api, game: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
    response = await api.command(game, game["gm_token"], body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def scheduler_of(api: Api) -> Scheduler:
    """A scheduler driven by hand (`tick`) over the app's own handler and read models."""
    built = api.services
    return Scheduler(built.pool, built.runner, built.service.handler, built.store.notifier)


async def test_the_scheduler_closes_a_phase_when_its_deadline_passes(db_url: str, tmp_path: Path) -> None:
    async with app_instance(db_url, tmp_path, scheduler=True) as api:
        game, ann, _bob = await api.started_game()
        gid = game["game_id"]
        await api.command(game, ann, {"type": "PlaceBid", "amount": 4})
        await gm(api, game, {"type": "SetDeadline", "deadline": soon(1), "reason": "quick round"})

        async def closed() -> list[RecordedEvent]:
            return closes(await history(api, gid), 1, "bidding")

        (ended,) = await eventually(closed, "the scheduler closes turn 1's bidding")
        meta = ended.meta()
        assert (meta.actor, meta.role, meta.command_type) == ("system", "system", "AdvancePhase")
        events = await history(api, gid)
        assert [data(e)["bidder"] for e in events if e.type == "AuctionWon"] == ["ann"]
        state = (await api.get(f"/v1/games/{gid}/state", game["gm_token"])).json()
        assert (state["game"]["turn"], state["game"]["phase"]) == (1, "talk")


async def test_the_scheduler_fires_a_ruleset_timer(db_url: str, tmp_path: Path) -> None:
    async with app_instance(db_url, tmp_path, scheduler=True) as api:
        game, _ann, _bob = await api.started_game()
        gid = game["game_id"]
        await gm(api, game, {"type": "StartHourglass", "timer_id": "sand", "minutes": 0, "seconds": 1})

        async def fired() -> list[str]:
            types = [e.type for e in await history(api, gid)]
            return types[types.index("TimerFired") :] if "TimerFired" in types else []

        assert await eventually(fired, "the hourglass timer fires") == ["TimerFired", "HourglassEmptied"]
        fired_event = next(e for e in await history(api, gid) if e.type == "TimerFired")
        assert fired_event.meta().command_type == "FireDueTimers" and fired_event.meta().role == "system"
        await api.services.runner.catch_up()
        remaining = await api.services.pool.fetchval("SELECT count(*) FROM rm_timers WHERE game_id = $1", gid)
        assert remaining == 0


async def test_after_downtime_the_scheduler_catches_up_in_order(db_url: str, tmp_path: Path) -> None:
    async with app_instance(db_url, tmp_path, scheduler=False) as api:  # the server before it went down
        first, _, _ = await api.started_game()
        second, _, _ = await api.started_game()
        await gm(api, first, {"type": "StartHourglass", "timer_id": "early", "minutes": 0, "seconds": 1})
        await gm(api, second, {"type": "SetDeadline", "deadline": soon(1.5)})
        await gm(api, first, {"type": "SetDeadline", "deadline": soon(2)})
        await gm(api, first, {"type": "StartHourglass", "timer_id": "late", "minutes": 0, "seconds": 3})
    await asyncio.sleep(3.2)  # downtime: both deadlines and both timers pass while nothing runs

    async with app_instance(db_url, tmp_path, scheduler=True) as api:
        store = api.services.store

        async def caught_up() -> list[RecordedEvent]:
            fired = [e for e in await store.read_stream(f"game-{first['game_id']}") if e.type == "TimerFired"]
            return fired if len(fired) == 2 else []

        await eventually(caught_up, "both timers of the first game fire")
        await eventually(_closes_of(api, second["game_id"], 1), "the second game's deadline closes its phase")
        firings = []
        for game in (first, second):
            for event in await history(api, game["game_id"]):
                if event.type == "TimerFired" or (event.type == "PhaseEnded" and data(event)["phase"] == "bidding"):
                    firings.append((event.global_position, game["game_id"], event.type, data(event).get("timer_id")))
        firings.sort()
        first_id, second_id = first["game_id"], second["game_id"]
        # Each firing in the order it was due, across both games: 1 s, 1.5 s, 2 s, 3 s after they were set.
        assert [f[1:] for f in firings] == [
            (first_id, "TimerFired", "early"),
            (second_id, "PhaseEnded", None),
            (first_id, "PhaseEnded", None),
            (first_id, "TimerFired", "late"),
        ]
        for game in (first, second):
            assert all(e.meta().role == "system" for e in await history(api, game["game_id"]) if e.type == "PhaseEnded")


async def test_two_app_instances_close_each_deadline_exactly_once(db_url: str, tmp_path: Path) -> None:
    async with (
        app_instance(db_url, tmp_path, scheduler=True) as one,
        app_instance(db_url, tmp_path, scheduler=True) as two,
    ):
        game, _ann, _bob = await one.started_game()
        gid = game["game_id"]
        for turn in (1, 2, 3):
            await gm(two, game, {"type": "SetDeadline", "deadline": soon(1)})
            await eventually(_closes_of(one, gid, turn), f"turn {turn}'s bidding closes")
            await gm(one, game, {"type": "AdvancePhase", "turn": turn, "phase": "talk"})
        await gm(one, game, {"type": "StartHourglass", "timer_id": "sand", "minutes": 0, "seconds": 1})

        async def sand() -> list[RecordedEvent]:
            return [e for e in await history(one, gid) if e.type == "TimerFired"]

        await eventually(sand, "the hourglass fires")
        # One more deadline after the others, so both schedulers have looked again since the last firings.
        await gm(one, game, {"type": "SetDeadline", "deadline": soon(1)})
        await eventually(_closes_of(one, gid, 4), "turn 4's bidding closes")
        events = await history(one, gid)
        for turn in (1, 2, 3, 4):
            assert len(closes(events, turn, "bidding")) == 1, turn
        system = [e for e in events if e.meta().role == "system"]
        commands = {}
        for event in system:
            commands.setdefault(event.meta().command_id, event.meta().command_type)
        assert sorted(commands.values()) == ["AdvancePhase"] * 4 + ["FireDueTimers"]
        assert sum(e.type == "TimerFired" for e in events) == 1


def _closes_of(api: Api, game_id: str, turn: int) -> Callable[[], Awaitable[list[RecordedEvent]]]:
    async def probe() -> list[RecordedEvent]:
        return closes(await history(api, game_id), turn, "bidding")

    return probe


async def test_a_pass_runs_only_while_it_holds_the_leader_lock(api: Api) -> None:
    game, _ann, _bob = await api.started_game()
    gid = game["game_id"]
    await gm(api, game, {"type": "SetDeadline", "deadline": soon(-1), "reason": "already due"})
    scheduler = scheduler_of(api)
    async with api.services.pool.acquire() as conn, conn.transaction():
        assert await conn.fetchval("SELECT pg_try_advisory_xact_lock($1)", 0x7363686564)
        led, _ = await scheduler.tick()  # another process leads: this one fires nothing
        assert not led and closes(await history(api, gid), 1, "bidding") == []
    led, next_due = await scheduler.tick()
    assert led and len(closes(await history(api, gid), 1, "bidding")) == 1
    assert next_due is None  # `talk` has no deadline and no timer is pending


async def test_a_paused_game_waits_and_its_deadline_moves_on_resume(api: Api) -> None:
    game, ann, _bob = await api.started_game()
    gid = game["game_id"]
    scheduler = scheduler_of(api)
    await gm(api, game, {"type": "SetDeadline", "deadline": soon(-1), "reason": "due"})
    await gm(api, game, {"type": "StartHourglass", "timer_id": "sand", "minutes": 0, "seconds": 0})
    await gm(api, game, {"type": "PauseGame", "reason": "server move"})
    refused = await api.command(game, ann, {"type": "PlaceBid", "amount": 1})
    assert refused.status_code == 409 and refused.json()["code"] == "engine.paused"
    led, next_due = await scheduler.tick()
    assert led and next_due is None  # nothing of a paused game is due
    assert [e.type for e in await history(api, gid) if e.meta().role == "system"] == []
    resumed = await gm(api, game, {"type": "ResumeGame", "reason": "back"})
    assert [e["type"] for e in resumed["events"]] == ["GameResumed", "DeadlineChanged", "TimerScheduled"]
    await scheduler.tick()  # the deadline was already past when paused: still past by as much after
    events = await history(api, gid)
    assert len(closes(events, 1, "bidding")) == 1 and sum(e.type == "TimerFired" for e in events) == 1
    fired = [e.type for e in events if e.type in ("TimerFired", "PhaseEnded")]
    assert fired == ["PhaseEnded", "TimerFired"]  # in the order they were due


async def test_late_orders_over_http_are_refused_unless_the_gm_accepted_them(api: Api) -> None:
    game, ann, bob = await api.started_game()
    gid = game["game_id"]
    await gm(api, game, {"type": "SetDeadline", "deadline": soon(-1), "reason": "closed"})
    late = await api.command(game, bob, {"type": "PlaceBid", "amount": 2})
    assert late.status_code == 409 and late.json()["code"] == "engine.deadline_passed"
    seats = (await api.get(f"/v1/games/{gid}", game["gm_token"])).json()["game"]["seats"]
    bob_seat = next(s["seat_id"] for s in seats if s["controls"] == "bob")
    await gm(api, game, {"type": "AcceptLateOrders", "seat_id": bob_seat, "until": soon(3600), "reason": "lost mail"})
    assert (await api.command(game, bob, {"type": "PlaceBid", "amount": 2})).status_code == 200
    still = await api.command(game, ann, {"type": "PlaceBid", "amount": 3})
    assert still.status_code == 409 and still.json()["code"] == "engine.deadline_passed"
    # The scheduler keeps the phase open for bob's accepted late orders.
    led, next_due = await scheduler_of(api).tick()
    assert led and closes(await history(api, gid), 1, "bidding") == [] and next_due is not None


async def test_the_scheduler_follows_the_timeline_after_a_rollback(api: Api) -> None:
    game, _ann, _bob = await api.started_game()
    gid = game["game_id"]
    scheduler = scheduler_of(api)
    before = (await gm(api, game, {"type": "EnterDice", "sides": 6, "results": [3]}))["version"]
    await gm(api, game, {"type": "StartHourglass", "timer_id": "mistake", "minutes": 0, "seconds": 0})
    await gm(api, game, {"type": "SetDeadline", "deadline": soon(-1), "reason": "due"})
    rolled = await api.client.post(
        f"/v1/games/{gid}/rollback",
        json={"to_version": before, "reason": "the hourglass and deadline were set by mistake"},
        headers=api.auth(game["gm_token"]),
    )
    assert rolled.status_code == 200, rolled.text
    led, next_due = await scheduler.tick()
    assert led and next_due is not None  # the phase's own one-day deadline, restored by the rollback
    events = await history(api, gid)
    assert [e.type for e in events if e.meta().role == "system"] == []  # neither reverted item fires
    # A deadline set on the corrected timeline is honoured; a closed phase rolled back is closed again.
    await gm(api, game, {"type": "SetDeadline", "deadline": soon(-1), "reason": "due again"})
    await scheduler.tick()
    events = await history(api, gid)
    (closed,) = closes(events, 1, "bidding")
    command = closed.meta().command_id
    start = min(e.stream_version for e in events if e.meta().command_id == command)
    rolled_again = await api.client.post(
        f"/v1/games/{gid}/rollback",
        json={"to_version": start - 1, "reason": "close it again"},
        headers=api.auth(game["gm_token"]),
    )
    assert rolled_again.status_code == 200, rolled_again.text
    await scheduler.tick()
    events = await history(api, gid)
    assert len(closes(events, 1, "bidding")) == 2
    served = await api.services.service.states.latest(gid)
    assert served[1] == await api.services.service.states.fold_from_scratch(gid)
    assert (served[1].meta.turn, served[1].meta.phase) == (1, "talk")


async def test_the_gm_extends_a_deadline_by_an_iso_duration(api: Api) -> None:
    game, ann, _bob = await api.started_game()
    await gm(api, game, {"type": "SetDeadline", "deadline": "2030-01-01T00:00:00Z"})
    extended = await gm(api, game, {"type": "ExtendDeadline", "by": "PT90M", "reason": "storm"})
    (changed,) = extended["events"]
    assert changed["type"] == "DeadlineChanged" and changed["data"]["reason"] == "storm"
    assert datetime.fromisoformat(changed["data"]["deadline"]) == datetime(2030, 1, 1, 1, 30, tzinfo=UTC)
    backwards = await api.command(game, game["gm_token"], {"type": "ExtendDeadline", "by": "-PT1H"})
    assert backwards.status_code == 422 and backwards.json()["code"] == "engine.bad_duration"
    seat = await api.command(game, ann, {"type": "ExtendDeadline", "by": "PT1H"})
    assert seat.status_code == 403 and seat.json()["code"] == "engine.forbidden"
    naive = await api.command(game, game["gm_token"], {"type": "SetDeadline", "deadline": "2030-01-01T00:00:00"})
    assert naive.status_code == 422 and naive.json()["code"] == "engine.bad_deadline"
