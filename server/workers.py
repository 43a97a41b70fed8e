"""`pantheon serve --workers N`: N API processes on one port and one database (README, Several processes).

The parent process binds the port, starts the embedded PostgreSQL once (unless `PANTHEON_DATABASE_URL` is set),
applies migrations and makes the admin token, then hands the socket to N worker processes run by uvicorn's
process supervisor (which restarts a worker that dies). Workers find the database in `PANTHEON_DATABASE_URL`,
which the parent sets to the embedded server's URL; each has its own connection pool. One worker at a time leads
the background jobs (server/leader.py); every worker listens for other processes' appends, so an SSE stream on
any worker sees a command sent to any other.

The parent also supervises the embedded PostgreSQL (restarts it when it dies, as a single-process server does)
and stops it when the workers have stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading
import time
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

from server.settings import Settings

log = logging.getLogger("pantheon")

# The embedded PostgreSQL accepts 100 connections; N pools of 20 would not fit. Unless PANTHEON_POOL_SIZE says
# otherwise, the workers share this many (each keeps 4 more for LISTEN, NOTIFY, tokens and leadership).
SHARED_POOL = 60


def worker_app() -> Any:
    """The app factory each worker imports (`server.workers:worker_app`): logging as `pantheon serve` sets it."""
    from server.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return create_app()


def serve_workers(sock: socket.socket, settings: Settings, workers: int, config: dict[str, Any]) -> int:
    """Run `workers` processes on `sock` until SIGINT/SIGTERM; 0 when they served, 1 when they could not start."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    embedded = None
    if settings.database_url is None:
        from server.database import start_embedded

        embedded = start_embedded(settings.data_dir)
        os.environ["PANTHEON_DATABASE_URL"] = embedded.url
    if "PANTHEON_POOL_SIZE" not in os.environ:
        os.environ["PANTHEON_POOL_SIZE"] = str(max(5, SHARED_POOL // workers))
    stop = threading.Event()
    try:
        token = asyncio.run(_prepare(settings, os.environ["PANTHEON_DATABASE_URL"]))
        if embedded is not None:
            threading.Thread(target=_supervise, args=(embedded, stop), daemon=True, name="pantheon-pg").start()
        host, port = sock.getsockname()[:2]
        announce = threading.Thread(
            target=_announce_when_up, args=(settings, host, port, workers, token, embedded is not None, stop)
        )
        announce.daemon = True
        announce.start()
        uv_config = uvicorn.Config("server.workers:worker_app", factory=True, workers=workers, **config)
        Multiprocess(uv_config, sockets=[sock]).run()
        return 0
    finally:
        stop.set()
        if embedded is not None:
            embedded.stop()


async def _prepare(settings: Settings, url: str) -> str | None:
    """Migrations and the admin token, once, before any worker starts; returns a new admin token to print."""
    from server.bootstrap import services

    async with services(replace(settings, run_background_jobs=False), url=url) as built:
        return built.generated_admin_token


def _supervise(embedded: Any, stop: threading.Event) -> None:
    """The parent's watch on the embedded postmaster: started again when it is gone (workers get 503 meanwhile)."""
    while not stop.wait(1.0):
        if embedded.postmaster_pid() is not None:
            continue
        log.warning("the embedded PostgreSQL is not running; starting it again")
        with contextlib.suppress(Exception):
            embedded.restart()


def _announce_when_up(
    settings: Settings, host: str, port: int, workers: int, token: str | None, embedded: bool, stop: threading.Event
) -> None:
    from server.terminal import framed

    shown = "[" + host + "]" if ":" in host else host
    deadline = time.monotonic() + 300
    while not stop.is_set() and time.monotonic() < deadline:
        with contextlib.suppress(OSError), urllib.request.urlopen(f"http://{shown}:{port}/health", timeout=2) as answer:
            if answer.status == 200:
                break
        stop.wait(0.2)
    else:
        return
    if token:
        notice = ["Admin token, shown once (only its hash is stored). Keep it: it creates games.", "", f"  {token}"]
        print("\n" + framed([*notice, "", "Set PANTHEON_ADMIN_TOKEN to choose your own instead."]) + "\n", flush=True)
    where = "embedded PostgreSQL in " + str(Path(settings.data_dir)) if embedded else "PANTHEON_DATABASE_URL"
    print(
        f"Pantheon serving on http://{host}:{port} (home /, docs /docs, REST /v1, GraphQL /graphql) using {where}, "
        f"with {workers} worker processes",
        flush=True,
    )
