"""The `pantheon` command: serve, migrate, export-schema, projections rebuild, verify-dice, export, import."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from server.settings import Settings

log = logging.getLogger("pantheon")


def build_parser() -> argparse.ArgumentParser:
    """Every command and option, each with what it does and its default (`pantheon <command> --help`)."""
    formatter = argparse.ArgumentDefaultsHelpFormatter
    parser = argparse.ArgumentParser(
        prog="pantheon",
        description="Event-sourced game server for GM-moderated games. Configuration comes from PANTHEON_* "
        "environment variables (README, Configuration).",
        formatter_class=formatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")

    def command(name: str, text: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=text, description=text, formatter_class=formatter)

    serve = command("serve", "run the server (embedded PostgreSQL unless PANTHEON_DATABASE_URL)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every interface)")
    serve.add_argument("--port", type=int, default=8000, help="the TCP port to listen on")
    serve.add_argument(
        "--workers",
        type=_workers,
        default=1,
        help="API processes sharing the port and the database; one of them leads the scheduler, read models and "
        "webhooks (README, Several processes)",
    )
    serve.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug", "trace"),
        help="uvicorn's log level",
    )
    command("migrate", "apply database migrations and exit")
    command("citus-sql", "print the statements that shard the tables by game on a Citus coordinator (README, Citus)")
    schema = command("export-schema", "write openapi/openapi.json and openapi/schema.graphql")
    schema.add_argument("--out", type=Path, default=Path("openapi"), help="the folder to write them to")
    schema.add_argument("--check", action="store_true", help="write nothing; fail if the files on disk are stale")
    projections = command("projections", "read models and snapshots")
    projections_commands = projections.add_subparsers(dest="action", required=True, metavar="action")
    projections_commands.add_parser(
        "rebuild", help="rebuild every read model from zero and drop snapshots", formatter_class=formatter
    )
    verify = command("verify-dice", "check a game export's dice: seeds, commitments, every roll")
    verify.add_argument("export", type=Path, help="a file from GET /v1/games/{id}/export or `pantheon export`")
    verify.add_argument(
        "--expect-head",
        action="append",
        default=[],
        metavar="HASH",
        help="a hash you kept (head_hash of GET /dice, a webhook): the file must contain it (repeatable)",
    )
    verify.add_argument(
        "--expect-commitment",
        action="append",
        default=[],
        metavar="EPOCH=HASH",
        help="a dice commitment you kept: epoch EPOCH must have published it (repeatable)",
    )
    exporting = command("export", "write a game of this database to a file, as GET /v1/games/{id}/export does")
    exporting.add_argument("game_id", help="the game's id")
    exporting.add_argument(
        "--out", type=Path, default=argparse.SUPPRESS, help="the file to write (default: game-<game_id>.jsonl)"
    )
    importing = command("import", "rebuild an exported game in this database (hash chain checked)")
    importing.add_argument("file", type=Path, help="a file from GET /v1/games/{id}/export or `pantheon export`")
    importing.add_argument(
        "--new-dice-epoch",
        action="store_true",
        help="then start a new dice epoch with a seed held here, so server rolls can go on",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    if args.command == "serve":
        return _serve(args.host, args.port, args.log_level, args.workers)
    if args.command == "migrate":
        return asyncio.run(_migrate())
    if args.command == "citus-sql":
        from server.citus import citus_statements

        print("\n".join(citus_statements()))
        return 0
    if args.command == "export-schema":
        return _export_schema(args.out, check=args.check)
    if args.command == "projections":
        return asyncio.run(_rebuild())
    if args.command == "verify-dice":
        return _verify_dice(args.export, args.expect_head, args.expect_commitment)
    if args.command == "export":
        return asyncio.run(_export(args.game_id, getattr(args, "out", None) or Path(f"game-{args.game_id}.jsonl")))
    if args.command == "import":
        return asyncio.run(_import(args.file, new_epoch=args.new_dice_epoch))
    return 2


def _workers(raw: str) -> int:
    if not raw.isdigit() or not 1 <= int(raw) <= 64:
        raise argparse.ArgumentTypeError(f"give a whole number of processes from 1 to 64, not {raw!r}")
    return int(raw)


def _serve(host: str, port: int, log_level: str, workers: int = 1) -> int:
    import uvicorn

    from server.app import create_app
    from server.bootstrap import Services
    from server.gc_tuning import tune_gc

    settings = Settings.from_env()
    # A server writes to sockets whose other end may be gone (a client hung up, PostgreSQL was killed): that must
    # be an error to handle, not SIGPIPE's default of ending the process (`__main__` sets it for pipelines).
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        # Bound before anything starts: a taken port is a clean error, not a "serving on" line and a traceback.
        sock = listen(host, port)
    except OSError as exc:
        print(f"pantheon serve: cannot listen on {host}:{port}: {exc.strerror or exc}. Is another server running "
              "there? Choose another port with --port.", file=sys.stderr)  # fmt: skip
        return 1
    # uvicorn trusts X-Forwarded-For from 127.0.0.1 by default; we trust it only from configured proxies, since
    # the client's address is what failed authentication is counted against (server/auth_limits.py).
    proxies = settings.trusted_proxies
    common: dict[str, Any] = {
        "log_level": log_level,
        "timeout_graceful_shutdown": 3,
        "lifespan": "on",
        "proxy_headers": bool(proxies),
        "forwarded_allow_ips": list(proxies) or None,
    }
    if workers > 1:
        from server.workers import serve_workers

        return serve_workers(sock, settings, workers, common)
    built_services: list[Services] = []
    app = create_app(settings, on_ready=built_services.append)
    tune_gc()  # server/gc_tuning.py: fewer collections for a heap of cached states

    class Announcing(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started and built_services:  # after uvicorn's and the embedded PostgreSQL's own output
                _announce(built_services[0], settings, host, port)

    config = uvicorn.Config(app, host=host, port=port, **common)
    server = Announcing(config)
    # uvicorn handles SIGINT/SIGTERM itself: it stops accepting, ends streams, and runs the lifespan's
    # shutdown, which closes the pool and stops the embedded PostgreSQL.
    server.run(sockets=[sock])
    return 0 if server.started else 1


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, made before uvicorn runs (so that `--workers` can share it).

    Made with the protocol named (IPPROTO_TCP), not 0: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    connections whose socket says it is TCP, and an accepted socket inherits the listener's protocol. Without it,
    an answer written as headers, then body, waited for the client's delayed ACK: 40 ms on every request.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _announce(built: Any, settings: Settings, host: str, port: int) -> None:
    from server.terminal import framed

    where = "embedded PostgreSQL in " + str(settings.data_dir) if built.embedded else "PANTHEON_DATABASE_URL"
    if built.generated_admin_token:
        notice = [
            "Admin token, shown once (only its hash is stored). Keep it: it creates games.",
            "",
            f"  {built.generated_admin_token}",
            "",
            "Set PANTHEON_ADMIN_TOKEN to choose your own instead.",
        ]
        print("\n" + framed(notice) + "\n", flush=True)
    print(
        f"Pantheon serving on http://{host}:{port} (home /, docs /docs, REST /v1, GraphQL /graphql) using {where}",
        flush=True,
    )


async def _migrate() -> int:
    from server.bootstrap import resolve_database
    from server.database import ensure_database

    settings = Settings.from_env()
    url, embedded = resolve_database(settings)
    try:
        applied = await ensure_database(url)
        print("applied: " + (", ".join(applied) if applied else "nothing (up to date)"))
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


async def _rebuild() -> int:
    from server.bootstrap import services

    settings = Settings.from_env()
    from dataclasses import replace

    from server.terminal import progress

    async with services(replace(settings, run_background_jobs=False)) as built:
        await built.service.states.snapshots.drop()
        print("dropped snapshots; rebuilding read models...", flush=True)
        total = await built.pool.fetchval("SELECT count(*) FROM events")
        with progress("read models", total) as update:
            count = await built.runner.rebuild(progress=update)
        print(f"rebuilt read models from {count} events")
    return 0


def _verify_dice(path: Path, heads: list[str], commitments: list[str]) -> int:
    """Exit 0 when every check passes, 1 on any mismatch, 2 when the file or an argument cannot be read."""
    from server.dice_export import ExportError, read_export
    from server.dice_verify import verify_dice_report

    expected: dict[int, str] = {}
    for given in commitments:
        epoch, _, value = given.partition("=")
        if not epoch.strip().isdigit() or not value.strip():
            print(f"verify-dice: --expect-commitment {given!r}: give EPOCH=HASH, e.g. 0=3f5a...", file=sys.stderr)
            return 2
        expected[int(epoch)] = value.strip()
    try:
        export = read_export(str(path))
    except ExportError as exc:
        print(f"verify-dice: {path}: {exc}", file=sys.stderr)
        return 2
    ok, report = verify_dice_report(export, expect_heads=tuple(h.strip() for h in heads), expect_commitments=expected)
    print(report)
    return 0 if ok else 1


async def _import(path: Path, *, new_epoch: bool = False) -> int:
    """Rebuild an exported game (same id, events and hashes) in PANTHEON_DATABASE_URL (or the embedded server)."""
    from dataclasses import replace

    from server.bootstrap import services
    from server.dice_export import ExportError, check_importable, import_export, read_export, start_new_epoch
    from server.terminal import framed, progress

    try:
        export = read_export(str(path))
        check_importable(export)  # before starting anything
    except ExportError as exc:
        print(f"import refused: {path}: {exc}", file=sys.stderr)
        return 1
    settings = Settings.from_env()
    async with services(replace(settings, run_background_jobs=False)) as built:
        try:
            with progress("events", len(export.recorded())) as update:
                count = await import_export(built.pool, export, progress=update)
        except ExportError as exc:
            print(f"import refused: {path}: {exc}", file=sys.stderr)
            return 1
        game_id = export.header.game_id
        report = await built.store.verify_stream(f"game-{game_id}")
        await built.runner.catch_up()
        _, token = await built.service.tokens.issue("gm", game_id)
        print(f"imported game {game_id} ({export.header.name!r}): {count} events, head hash {report.head_hash}")
        print(f"GM token for this database (shown once): {token}")
        _, state, _ = await built.service.states.latest(game_id)
        for seat in state.meta.seats.values():
            _, seat_token = await built.service.tokens.issue("seat", game_id, seat.seat_id)
            print(f"seat {seat.seat_id} ({seat.name}, {seat.role}) token (shown once): {seat_token}")
        if new_epoch:
            started = await start_new_epoch(built.service.handler, game_id)
            print(f"started dice epoch {started.epoch} (commitment {started.commitment})")
        if built.generated_admin_token:
            print(framed(["Admin token, shown once (only its hash is stored):", built.generated_admin_token]))
    return 0 if report.ok else 1


async def _export(game_id: str, out: Path) -> int:
    """Write one game of this database to `out` (the same file as GET /v1/games/{id}/export), with progress."""
    from dataclasses import replace

    from events.handler import UnknownGame
    from server.auth import TokenGrant
    from server.bootstrap import services
    from server.dice_export import DiceService
    from server.terminal import progress

    settings = Settings.from_env()
    async with services(replace(settings, run_background_jobs=False)) as built:
        admin = TokenGrant(token_id="cli", kind="admin", game_id=None, seat_id=None)
        try:
            _, _, head, _ = await built.service.actor(admin, game_id)
            lines = await DiceService(built.service).export(admin, game_id)
        except UnknownGame:
            print(f"export: no game {game_id!r} in this database", file=sys.stderr)
            return 1
        written = 0
        with out.open("wb") as file, progress("events", head) as update:
            async for chunk in lines:  # the header, pages of event lines, the dice epochs, the end line
                file.write(chunk)
                written += chunk.count(b'"kind":"event"')
                update(written)
    print(f"exported game {game_id}: {head} events to {out}")
    return 0


def schema_documents() -> dict[str, str]:
    """Every committed schema document by its path under openapi/: the main OpenAPI document, one typed document
    per ruleset (its newest version) and the GraphQL SDL."""
    from domain import rulesets
    from server.app import create_app
    from server.graphql import schema_sdl
    from server.openapi_rulesets import ruleset_document

    app = create_app(Settings(data_dir=Path(".")))
    main = app.openapi()
    documents = {
        "openapi.json": main,
        **{f"rulesets/{r.id}.json": ruleset_document(main, r) for r in rulesets.builtin()},
    }
    texts = {name: json.dumps(doc, indent=1, sort_keys=True) + "\n" for name, doc in documents.items()}
    return {**texts, "schema.graphql": schema_sdl() + "\n"}


def openapi_problems(documents: dict[str, str]) -> list[str]:
    """What keeps each OpenAPI document from being valid 3.1 (openapi-spec-validator, and every `$ref`)."""
    from server.openapi_docs import problems

    found = []
    for name, text in documents.items():
        if name.endswith(".json"):
            found += [f"{name}: {problem}" for problem in problems(json.loads(text))]
    return found


def _export_schema(out: Path, *, check: bool) -> int:
    documents = schema_documents()
    stale = []
    for name, text in documents.items():
        path = out / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    invalid = openapi_problems(documents)
    for problem in invalid[:50]:
        print(f"invalid: {problem}", file=sys.stderr)
    if stale:
        print("stale: " + ", ".join(stale) + " (run `pantheon export-schema` and commit)", file=sys.stderr)
    return 1 if stale or invalid else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
