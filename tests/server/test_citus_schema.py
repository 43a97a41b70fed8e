"""The schema shards by game on Citus (server/citus.py, migration 008): read from pg_catalog and
information_schema of a freshly migrated database, every table has a place in the layout, and every key of a
distributed table includes its distribution column and no sequence; and no job's SQL reads events in an order
across games (transaction id, global position), which on Citus would be one node's order (migration 011)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import asyncpg

from server.citus import DISTRIBUTED, REFERENCE, citus_statements

# Unique indexes (constraints or not) with their columns, per table of the public schema.
_UNIQUE = """
SELECT t.relname, i.relname, array_agg(a.attname ORDER BY k.ord)
FROM pg_index x
JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
WHERE n.nspname = 'public' AND x.indisunique
GROUP BY t.relname, i.relname
"""
_FOREIGN = """
SELECT c.conrelid::regclass::text, c.confrelid::regclass::text, c.conname,
       (SELECT array_agg(attname ORDER BY ord) FROM unnest(c.conkey) WITH ORDINALITY AS k(n, ord)
          JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.n),
       (SELECT array_agg(attname ORDER BY ord) FROM unnest(c.confkey) WITH ORDINALITY AS k(n, ord)
          JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.n)
FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
"""
_SEQUENCED = """
SELECT table_name, column_name FROM information_schema.columns
WHERE table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
"""


async def test_every_table_is_distributed_by_its_game_or_is_a_reference_table(pool: asyncpg.Pool) -> None:
    tables = {r[0] for r in await pool.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert tables == set(DISTRIBUTED) | set(REFERENCE), "place every new table in server/citus.py"
    assert not set(DISTRIBUTED) & set(REFERENCE)


async def test_every_unique_key_of_a_distributed_table_includes_its_game(pool: asyncpg.Pool) -> None:
    keys = await pool.fetch(_UNIQUE)
    assert {r[0] for r in keys} >= set(DISTRIBUTED), "every distributed table has a primary key"
    wrong = [f"{table}.{index} {columns}" for table, index, columns in keys if table in DISTRIBUTED
             if DISTRIBUTED[table] not in columns]  # fmt: skip
    assert wrong == []


async def test_no_key_uses_a_sequence_across_games(pool: asyncpg.Pool) -> None:
    sequenced = {(r[0], r[1]) for r in await pool.fetch(_SEQUENCED)}
    assert sequenced <= {("events", "global_position")}  # a convenience column, never a key (DESIGN.md §4)
    in_keys = [(table, index) for table, index, columns in await pool.fetch(_UNIQUE)
               for column in columns if (table, column) in sequenced]  # fmt: skip
    assert in_keys == []


async def test_foreign_keys_stay_within_one_game(pool: asyncpg.Pool) -> None:
    for table, target, name, columns, target_columns in await pool.fetch(_FOREIGN):
        if table not in DISTRIBUTED or target in REFERENCE:
            continue
        column = DISTRIBUTED[table]
        assert target in DISTRIBUTED and DISTRIBUTED[target] == column, name
        assert column in columns and target_columns[columns.index(column)] == column, name


def test_the_coordinator_statements_place_every_table_once() -> None:
    statements = citus_statements()
    for table in [*DISTRIBUTED, *REFERENCE]:
        assert sum(f"('{table}'" in s for s in statements) == 1, table


# --- no job reads events in an order across games ------------------------------------------------------------

_ROOT = Path(__file__).resolve().parents[2]
_JOBS = ("server", "events", "projections")
_CROSS_GAME = re.compile(r"\b(global_position|tx_id)\b")
_SQL = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
# SQL that orders or filters events by a cross-game column, each with why it is allowed. Nothing but this one read
# of the store port (kept for tools on one node and its contract tests) may do it: no job calls it (checked below).
_ALLOWED = {("events/postgres.py", "read_all"): "the store port's all-streams read; no job calls it"}


def sql_strings(path: Path) -> list[tuple[str, str]]:
    """(enclosing function, text) of every string literal (f-strings joined) that looks like SQL."""
    tree = ast.parse(path.read_text())
    found: list[tuple[str, str]] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, child.name)
            elif isinstance(child, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else " {} " for v in child.values)
                found.append((where, str(text)))
            elif isinstance(child, ast.Constant) and isinstance(child.value, str):
                found.append((where, child.value))
            else:
                visit(child, where)

    visit(tree, "<module>")
    return [(where, text) for where, text in found if _SQL.search(text)]


def orders_or_filters_across_games(sql: str) -> bool:
    """A cross-game column after FROM (in WHERE, JOIN, ORDER BY...), not just selected or returned."""
    body = re.split(r"\bRETURNING\b", sql, flags=re.IGNORECASE)[0]
    parts = re.split(r"\bFROM\b", body, maxsplit=1, flags=re.IGNORECASE)
    return len(parts) == 2 and bool(_CROSS_GAME.search(parts[1]))


def test_the_detector_flags_an_order_across_games_and_not_a_plain_select() -> None:
    assert orders_or_filters_across_games("SELECT * FROM events WHERE tx_id > $1 ORDER BY tx_id, global_position")
    assert orders_or_filters_across_games("select x from events order by global_position")
    assert not orders_or_filters_across_games("SELECT global_position, tx_id::text FROM ev ORDER BY stream_version")
    assert not orders_or_filters_across_games("INSERT INTO events SELECT 1 FROM u RETURNING global_position, tx_id")


def test_no_job_orders_or_filters_events_by_a_position_across_games() -> None:
    found = {
        (str(path.relative_to(_ROOT)), where)
        for package in _JOBS
        for path in sorted((_ROOT / package).rglob("*.py"))
        for where, sql in sql_strings(path)
        if orders_or_filters_across_games(sql)
    }
    assert found == set(_ALLOWED), "follow each game by its stream_version (projections/readmodels.py)"


def test_no_job_reads_all_streams_in_one_order() -> None:
    callers = [
        str(path.relative_to(_ROOT))
        for package in _JOBS
        for path in sorted((_ROOT / package).rglob("*.py"))
        if ".read_all(" in path.read_text()
    ]
    assert callers == []


def test_every_writer_of_events_moves_the_stream_head() -> None:
    writers = [path for package in _JOBS for path in sorted((_ROOT / package).rglob("*.py"))
               if any("INSERT INTO events " in sql for _, sql in sql_strings(path))]  # fmt: skip
    assert writers, "the append statement is found"
    assert [str(p.relative_to(_ROOT)) for p in writers if "INSERT INTO stream_heads" not in p.read_text()] == []


async def test_the_runner_keeps_a_checkpoint_per_game(pool: asyncpg.Pool) -> None:
    columns = await pool.fetch(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'projection_checkpoints'"
    )
    assert {r[0] for r in columns} == {"stream_id", "name", "version", "updated_at"}
    assert DISTRIBUTED["projection_checkpoints"] == DISTRIBUTED["stream_heads"] == DISTRIBUTED["events"]
