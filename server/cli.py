"""The `pantheon` command: serve, migrate, export-schema, projections rebuild, verify-dice, import."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys
from pathlib import Path

from server.settings import Settings

log = logging.getLogger("pantheon")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pantheon", description="Event-sourced game server for GM-moderated games")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the server (embedded PostgreSQL unless PANTHEON_DATABASE_URL)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--log-level", default="info")
    commands.add_parser("migrate", help="apply database migrations and exit")
    export = commands.add_parser("export-schema", help="write openapi/openapi.json and openapi/schema.graphql")
    export.add_argument("--out", type=Path, default=Path("openapi"))
    export.add_argument("--check", action="store_true", help="fail if the files on disk are stale")
    projections = commands.add_parser("projections", help="read models and snapshots")
    projections_commands = projections.add_subparsers(dest="action", required=True)
    projections_commands.add_parser("rebuild", help="rebuild every read model from zero and drop snapshots")
    verify = commands.add_parser("verify-dice", help="check a game export's dice: seeds, commitments, every roll")
    verify.add_argument("export", type=Path, help="a file from GET /v1/games/{id}/export")
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
    importing = commands.add_parser("import", help="rebuild an exported game in this database (hash chain checked)")
    importing.add_argument("file", type=Path, help="a file from GET /v1/games/{id}/export")
    importing.add_argument(
        "--new-dice-epoch",
        action="store_true",
        help="then start a new dice epoch with a seed held here, so server rolls can go on",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    if args.command == "serve":
        return _serve(args.host, args.port, args.log_level)
    if args.command == "migrate":
        return asyncio.run(_migrate())
    if args.command == "export-schema":
        return _export_schema(args.out, check=args.check)
    if args.command == "projections":
        return asyncio.run(_rebuild())
    if args.command == "verify-dice":
        return _verify_dice(args.export, args.expect_head, args.expect_commitment)
    if args.command == "import":
        return asyncio.run(_import(args.file, new_epoch=args.new_dice_epoch))
    return 2


def _serve(host: str, port: int, log_level: str) -> int:
    import uvicorn

    from server.app import create_app
    from server.bootstrap import Services

    settings = Settings.from_env()

    def ready(built: Services) -> None:
        where = "embedded PostgreSQL in " + str(settings.data_dir) if built.embedded else "PANTHEON_DATABASE_URL"
        print(
            f"Pantheon serving on http://{host}:{port} (REST /v1, GraphQL /graphql, docs /docs) using {where}",
            flush=True,
        )
        if built.generated_admin_token:
            print(
                "\nAdmin token (shown once, stored hashed; set PANTHEON_ADMIN_TOKEN to choose your own):\n"
                f"  {built.generated_admin_token}\n",
                flush=True,
            )

    app = create_app(settings, on_ready=ready)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, timeout_graceful_shutdown=3, lifespan="on")
    server = uvicorn.Server(config)
    # uvicorn handles SIGINT/SIGTERM itself: it stops accepting, ends streams, and runs the lifespan's
    # shutdown, which closes the pool and stops the embedded PostgreSQL.
    server.run()
    return 0 if server.started else 1


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

    async with services(replace(settings, run_background_jobs=False)) as built:
        await built.service.states.snapshots.drop()
        print("dropped snapshots; rebuilding read models...", flush=True)
        count = await built.runner.rebuild(progress=lambda n: print(f"  {n} events applied", flush=True))
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

    try:
        export = read_export(str(path))
        check_importable(export)  # before starting anything
    except ExportError as exc:
        print(f"import refused: {path}: {exc}", file=sys.stderr)
        return 1
    settings = Settings.from_env()
    async with services(replace(settings, run_background_jobs=False)) as built:
        try:
            count = await import_export(built.pool, export)
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
            print(f"Admin token (shown once, stored hashed): {built.generated_admin_token}")
    return 0 if report.ok else 1


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
