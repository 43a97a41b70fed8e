"""The schema shards by game on Citus (server/citus.py, migration 008): read from pg_catalog and
information_schema of a freshly migrated database, every table has a place in the layout, and every key of a
distributed table includes its distribution column and no sequence."""

from __future__ import annotations

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
