"""Configuration: one frozen object built from the environment at start-up, never at import (DESIGN.md §8).

| variable | default | meaning |
|---|---|---|
| `PANTHEON_DATA_DIR` | the user data directory (`platformdirs`) | where the embedded PostgreSQL keeps its data |
| `PANTHEON_DATABASE_URL` | unset: embedded PostgreSQL | use this PostgreSQL server instead |
| `PANTHEON_ADMIN_TOKEN` | unset: generated on first start, printed once, stored hashed | the admin bearer token |
| `PANTHEON_SNAPSHOT_EVERY` | 200 | write a snapshot every N events (and at every turn boundary) |
| `PANTHEON_SNAPSHOTS_KEPT` | 5 | the newest N snapshots of a game are kept |
| `PANTHEON_SNAPSHOT_SPACING` | 500 | older snapshots: the first of each run of N versions is kept, others deleted |
| `PANTHEON_MAX_BODY_BYTES` | 1048576 | larger request bodies get 413 |
| `PANTHEON_POOL_SIZE` | 20 | PostgreSQL connections per process |
| `PANTHEON_SCHEDULER` | `on` | `off`: this process never closes phases or fires timers (tests, benchmarks) |
| `PANTHEON_AUTH_FAILURES` | `20/minute` | failed authentications per client before 429 `auth.too_many_failures` |
| `PANTHEON_TRUSTED_PROXIES` | unset: none | comma-separated proxy addresses whose `X-Forwarded-For` names the client |
| `PANTHEON_MAX_STREAMS_PER_TOKEN` | 10 | open event streams (SSE and GraphQL subscriptions) per token, per process |
| `PANTHEON_MAX_SUBSCRIPTIONS_PER_CONNECTION` | 5 | GraphQL subscriptions open at once on one websocket |
| `PANTHEON_MAX_STREAMS_PER_GAME` | 1000 | open event streams following one game, per process |
| `PANTHEON_STREAM_BACKLOG` | 100 | batches a stream may lag behind before it is closed (`stream.too_slow`) |
| `PANTHEON_CORS_ORIGINS` | unset: no cross-origin access | comma-separated origins (`https://app.example`) or `*` |
| `PANTHEON_WEBHOOKS` | `on` | `off`: this process delivers no webhooks (others, or a later start, deliver them) |
| `PANTHEON_WEBHOOK_ALLOWED_HOSTS` | unset: any host | comma-separated host names webhooks may target |
| `PANTHEON_WEBHOOK_TIMEOUT_SECONDS` | 10 | how long one delivery attempt may take |
| `PANTHEON_WEBHOOK_RETRY_BASE_SECONDS` | 5 | the first retry's delay; each later one doubles (with jitter) |
| `PANTHEON_WEBHOOK_RETRY_MAX_SECONDS` | 3600 | the longest delay between two attempts |
| `PANTHEON_WEBHOOK_MAX_ATTEMPTS` | 10 | failed attempts after which a delivery is marked `failed` |
| `PANTHEON_READ_DATABASE_URL` | unset: reads on the primary | a streaming replica for queries (server/replica.py) |
| `PANTHEON_READ_WAIT_SECONDS` | 1 | a read with `Pantheon-Min-Version` waits this long for the replica |
| `PANTHEON_READ_POLL_SECONDS` | 0.5 | how often SSE streams served from the replica look for new events |

`Settings(...)` built in code (tests) runs no scheduler unless given `scheduler=True`: tests drive deadlines and
timers by hand unless they test the scheduler itself.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


def default_data_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir("pantheon", appauthor=False))


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str | None = None
    admin_token: str | None = None
    snapshot_every: int = 200
    snapshots_kept: int = 5
    snapshot_spacing: int = 500
    max_body_bytes: int = 1_048_576
    pool_size: int = 20
    run_background_jobs: bool = True
    scheduler: bool = False
    auth_failures: str = "20/minute"
    trusted_proxies: tuple[str, ...] = ()
    max_streams_per_token: int = 10
    max_subscriptions_per_connection: int = 5
    max_streams_per_game: int = 1000
    stream_backlog: int = 100
    cors_origins: tuple[str, ...] = ()
    webhooks: bool = True
    webhook_allowed_hosts: frozenset[str] = frozenset()
    webhook_timeout_seconds: float = 10.0
    webhook_retry_base_seconds: float = 5.0
    webhook_retry_max_seconds: float = 3600.0
    webhook_max_attempts: int = 10
    read_database_url: str | None = None
    read_wait_seconds: float = 1.0
    read_poll_seconds: float = 0.5

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        data_dir = env.get("PANTHEON_DATA_DIR")
        return cls(
            data_dir=Path(data_dir).expanduser() if data_dir else default_data_dir(),
            database_url=env.get("PANTHEON_DATABASE_URL") or None,
            admin_token=env.get("PANTHEON_ADMIN_TOKEN") or None,
            snapshot_every=_positive(env, "PANTHEON_SNAPSHOT_EVERY", 200),
            snapshots_kept=_positive(env, "PANTHEON_SNAPSHOTS_KEPT", 5),
            snapshot_spacing=_positive(env, "PANTHEON_SNAPSHOT_SPACING", 500),
            max_body_bytes=_positive(env, "PANTHEON_MAX_BODY_BYTES", 1_048_576),
            pool_size=_positive(env, "PANTHEON_POOL_SIZE", 20),
            scheduler=_switch(env, "PANTHEON_SCHEDULER", True),
            auth_failures=_rate(env, "PANTHEON_AUTH_FAILURES", "20/minute"),
            trusted_proxies=tuple(
                p.strip() for p in (env.get("PANTHEON_TRUSTED_PROXIES") or "").split(",") if p.strip()
            ),
            max_streams_per_token=_positive(env, "PANTHEON_MAX_STREAMS_PER_TOKEN", 10),
            max_subscriptions_per_connection=_positive(env, "PANTHEON_MAX_SUBSCRIPTIONS_PER_CONNECTION", 5),
            max_streams_per_game=_positive(env, "PANTHEON_MAX_STREAMS_PER_GAME", 1000),
            stream_backlog=_positive(env, "PANTHEON_STREAM_BACKLOG", 100),
            cors_origins=_origins(env, "PANTHEON_CORS_ORIGINS"),
            webhooks=_switch(env, "PANTHEON_WEBHOOKS", True),
            webhook_allowed_hosts=_hosts(env.get("PANTHEON_WEBHOOK_ALLOWED_HOSTS", "")),
            webhook_timeout_seconds=_seconds(env, "PANTHEON_WEBHOOK_TIMEOUT_SECONDS", 10.0),
            webhook_retry_base_seconds=_seconds(env, "PANTHEON_WEBHOOK_RETRY_BASE_SECONDS", 5.0),
            webhook_retry_max_seconds=_seconds(env, "PANTHEON_WEBHOOK_RETRY_MAX_SECONDS", 3600.0),
            webhook_max_attempts=_positive(env, "PANTHEON_WEBHOOK_MAX_ATTEMPTS", 10),
            read_database_url=env.get("PANTHEON_READ_DATABASE_URL") or None,
            read_wait_seconds=_seconds(env, "PANTHEON_READ_WAIT_SECONDS", 1.0),
            read_poll_seconds=_seconds(env, "PANTHEON_READ_POLL_SECONDS", 0.5),
        )


def _switch(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = (env.get(name) or "").strip().lower()
    if not raw:
        return default
    if raw in ("on", "true", "1", "yes"):
        return True
    if raw in ("off", "false", "0", "no"):
        return False
    raise SystemExit(f"{name} must be on or off, not {raw!r}")


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {raw!r}") from None
    if value <= 0:
        raise SystemExit(f"{name} must be positive, not {value}")
    return value


def _rate(env: Mapping[str, str], name: str, default: str) -> str:
    """A rate in the `limits` package's notation: `20/minute`, `100 per hour`."""
    from limits import parse

    raw = (env.get(name) or "").strip() or default
    try:
        if parse(raw).amount >= 1:
            return raw
    except ValueError:
        pass
    raise SystemExit(f"{name} must be a rate such as 20/minute, not {raw!r}")


def _origins(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    """`https://a.example,http://localhost:5173` or `*`; each origin is a scheme and a host, no path."""
    origins = tuple(part.strip().rstrip("/") for part in (env.get(name) or "").split(",") if part.strip())
    for origin in origins:
        scheme, sep, host = origin.partition("://")
        if origin != "*" and (scheme not in ("http", "https") or not sep or not host or "/" in host):
            raise SystemExit(f"{name}: {origin!r} is not an origin (like https://app.example or http://localhost:5173)")
    return origins


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SystemExit(f"{name} must be a number of seconds, not {raw!r}") from None
    if not 0 < value <= 86400:
        raise SystemExit(f"{name} must be more than 0 and at most 86400 seconds, not {raw}")
    return value


def _hosts(raw: str) -> frozenset[str]:
    return frozenset(h.strip().lower().rstrip(".") for h in raw.split(",") if h.strip())
