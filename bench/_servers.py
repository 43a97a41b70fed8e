"""The two HTTP servers of `bench.commands_http`, each run as its own uvicorn process with the same settings.

    python -m bench._servers pantheon --url URL --port PORT [--data-dir DIR]
    python -m bench._servers raw --url URL --port PORT

`pantheon` is the real app (`server.app.create_app`, background jobs on, as `pantheon serve` runs it) with the
test ruleset registered. `raw` is a bare FastAPI app whose `POST /v1/games/{id}/commands` does one INSERT of the
body into `events_raw` (a copy of the events table) through an asyncpg pool of the same size.
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import uvicorn
from fastapi import FastAPI, Request
from fastapi.responses import Response

ADMIN = "bench-admin-token"
POOL_SIZE = 20


def pantheon_app(url: str, data_dir: Path) -> FastAPI:
    from bench._common import register_test_ruleset
    from server.app import create_app
    from server.settings import Settings

    register_test_ruleset()
    return create_app(Settings(data_dir=data_dir, database_url=url, admin_token=ADMIN, pool_size=POOL_SIZE))


_INSERT = """
INSERT INTO events_raw (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
"""


def raw_app(url: str) -> FastAPI:
    from server.database import create_pool

    versions: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.pool = await create_pool(url, min_size=2, max_size=POOL_SIZE)
        yield
        await app.state.pool.close()

    app = FastAPI(lifespan=lifespan)

    @app.get("/health")
    async def health() -> Response:
        return Response(b'{"status":"ok"}', media_type="application/json")

    @app.post("/v1/games/{game_id}/commands")
    async def command(game_id: str, request: Request) -> Response:
        body = await request.body()
        version = versions[game_id] = versions.get(game_id, 0) + 1
        await request.app.state.pool.execute(
            _INSERT, game_id, version, "Command", body, b"{}", datetime.now(UTC), b"", b""
        )
        return Response(b'{"status":"accepted","version":%d}' % version, media_type="application/json")

    return app


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("kind", choices=["pantheon", "raw"])
    p.add_argument("--url", required=True)
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--data-dir", type=Path, default=None)
    args = p.parse_args()
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="pantheon-bench-http-"))
    app = pantheon_app(args.url, data_dir) if args.kind == "pantheon" else raw_app(args.url)
    from server.gc_tuning import tune_gc

    tune_gc()  # as `pantheon serve` does; the bare server too, so that both sides run alike
    # The settings of `pantheon serve`, but log level warning (no access log) for both servers.
    config = uvicorn.Config(
        app, host="127.0.0.1", port=args.port, log_level="warning", lifespan="on", timeout_graceful_shutdown=3
    )
    uvicorn.Server(config).run()


if __name__ == "__main__":
    main()
