"""The composition root: builds the database, stores, handler, projections and service from `Settings`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import asyncpg

from events.faults import ThrottledLog
from events.handler import CommandHandler
from events.postgres import PostgresEventStore
from events.rejections import PostgresRejectionLog
from events.secrets import PostgresSecretStore
from projections.readmodels import ReadModelRunner
from projections.snapshots import PostgresSnapshotStore
from projections.state import GameStates
from server.auth import Tokens
from server.auth_limits import AuthFailures, StreamSlots
from server.database import DatabaseStatus, EmbeddedDatabase, create_pool, ensure_database, start_embedded, supervise
from server.leader import Job, Leadership
from server.replica import Reader, ReadOnlySnapshots, ReadRouting
from server.scheduler import Scheduler
from server.service import GameService
from server.settings import Settings
from server.webhook_worker import WebhookWorker
from server.webhooks import Webhooks

log = logging.getLogger("pantheon")


@dataclass
class Services:
    settings: Settings
    url: str
    pool: asyncpg.Pool
    store: PostgresEventStore
    service: GameService
    runner: ReadModelRunner
    webhooks: Webhooks
    embedded: EmbeddedDatabase | None = None
    generated_admin_token: str | None = None
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    status: DatabaseStatus = field(default_factory=DatabaseStatus)
    leadership: Leadership | None = None  # None: this process runs no background jobs


def resolve_database(settings: Settings) -> tuple[str, EmbeddedDatabase | None]:
    if settings.database_url:
        return settings.database_url, None
    embedded = start_embedded(settings.data_dir)
    return embedded.url, embedded


@contextlib.asynccontextmanager
async def services(settings: Settings, *, url: str | None = None) -> AsyncIterator[Services]:
    """Everything the app needs, started and (on exit) stopped in order."""
    embedded = None
    if url is None:
        url, embedded = resolve_database(settings)
    try:
        applied = await ensure_database(url)
        if applied:
            log.info("applied migrations: %s", ", ".join(applied))
        pool = await create_pool(url, min_size=2, max_size=settings.pool_size)
        stack = contextlib.AsyncExitStack()
        try:
            store = PostgresEventStore(pool)
            states = GameStates(
                store,
                PostgresSnapshotStore(pool),
                snapshot_every=settings.snapshot_every,
                snapshots_kept=settings.snapshots_kept,
                snapshot_spacing=settings.snapshot_spacing,
            )
            handler = CommandHandler(store, states, PostgresSecretStore(pool), rejections=PostgresRejectionLog(pool))
            runner = ReadModelRunner(store)
            tokens = Tokens(pool, settings.admin_token, failures=AuthFailures(settings.auth_failures))
            streams = StreamSlots(settings.max_streams_per_token, "per token")
            per_connection = StreamSlots(settings.max_subscriptions_per_connection, "on one connection")
            reads = await _read_routing(settings, states, stack)
            per_game = StreamSlots(settings.max_streams_per_game, "for one game")
            service = GameService(
                handler, states, runner, tokens, streams, per_connection, reads, per_game, settings.stream_backlog
            )
            built = Services(
                settings=settings,
                url=url,
                pool=pool,
                store=store,
                service=service,
                runner=runner,
                webhooks=Webhooks(service, settings),
                embedded=embedded,
                generated_admin_token=await tokens.ensure_admin(),
            )
            # Token revocations must reach this process's cache whatever else runs (server/auth.py).
            built.tasks.append(asyncio.create_task(tokens.listen(url), name="pantheon-tokens"))
            if reads.replica is not None:
                poll = reads.poll_replica(settings.read_poll_seconds)
                built.tasks.append(asyncio.create_task(poll, name="pantheon-replica-poll"))
            if settings.run_background_jobs:
                if embedded is not None:
                    built.status.embedded = "running"
                    built.tasks.append(asyncio.create_task(supervise(embedded, built.status), name="pantheon-pg"))
                built.tasks.append(asyncio.create_task(store.listen(url), name="pantheon-listen"))
                built.tasks.append(asyncio.create_task(store.publish(url), name="pantheon-notify"))
                built.leadership = Leadership(url, _leader_jobs(built, handler))
                built.tasks.append(asyncio.create_task(built.leadership.run(), name="pantheon-leader"))
            try:
                yield built
            finally:
                for task in built.tasks:
                    task.cancel()
                await asyncio.gather(*built.tasks, return_exceptions=True)
                await service.fanout.close()
        finally:
            await stack.aclose()
            await _close(pool)
    finally:
        if embedded is not None:
            embedded.stop()


async def _read_routing(settings: Settings, states: GameStates, stack: contextlib.AsyncExitStack) -> ReadRouting:
    """Reads on the primary, or on `PANTHEON_READ_DATABASE_URL` (a streaming replica: never migrated, never written)."""
    primary = Reader(states.store, states, "primary")
    if not settings.read_database_url:
        return ReadRouting(primary)
    replica_pool = await create_pool(settings.read_database_url, min_size=1, max_size=settings.pool_size)
    stack.push_async_callback(_close, replica_pool)
    store = PostgresEventStore(replica_pool, notify=False)
    snapshots = ReadOnlySnapshots(PostgresSnapshotStore(replica_pool))
    replica = Reader(store, GameStates(store, snapshots, snapshot_every=settings.snapshot_every), "replica")
    return ReadRouting(primary, replica, replica_pool=replica_pool, wait=settings.read_wait_seconds)


def _leader_jobs(built: Services, handler: CommandHandler) -> list[Job]:
    """The jobs one process runs for all (server/leader.py): read models, scheduler, webhook deliveries."""
    settings, store = built.settings, built.store
    jobs: list[Job] = [("readmodels", lambda: _project_forever(built))]
    if settings.scheduler:
        scheduler = Scheduler(built.pool, built.runner, handler, store.notifier)
        jobs.append(("scheduler", scheduler.run))
    if settings.webhooks:
        worker = WebhookWorker(built.service, settings)
        jobs.append(("webhooks", worker.run))
    return jobs


async def _close(pool: asyncpg.Pool) -> None:
    """Close gracefully, but never hang a shutdown on a connection some abandoned request still holds."""
    try:
        await asyncio.wait_for(pool.close(), timeout=5)
    except TimeoutError:
        log.warning("connections still in use after 5 s at shutdown; closing them")
        pool.terminate()


_runner_faults = ThrottledLog(log)


async def _project_forever(built: Services) -> None:
    """Keep read models current; one process at a time writes (transaction-scoped advisory lock).

    Survives anything but cancellation: while the database is away it retries every 2 s, logging once per 30 s."""
    while True:
        try:
            await built.runner.catch_up(wait_for_lock=False)
            _runner_faults.recovered("runner", "read-model runner is catching up again")
        except Exception as exc:
            _runner_faults.failure("runner", "read-model runner failed; retrying", exc)
        if await built.store.notifier.wait(None, 2.0):
            await asyncio.sleep(0.05)  # let a burst of appends land, then project them in one batch
