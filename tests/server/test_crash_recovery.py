"""`pantheon serve` killed with SIGKILL in the middle of concurrent writes, then started again.

After the restart: every stream's hash chain verifies; no command is partial (each command's events are all
there, contiguous, and exactly what that command produces); every acknowledged command is there at the version
it was acknowledged with; retrying the requests whose answers were lost appends each at most once; and the
served state equals a full fold. The load stops by count, not by time, so the test takes seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec

from domain import rulesets
from domain.engine import Actor
from events.postgres import PostgresEventStore
from events.store import RecordedEvent
from projections.snapshots import PostgresSnapshotStore
from projections.state import GameStates
from server.database import create_pool
from tests.server.conftest import ADMIN

BIDDERS = ["ann", "bob", "cat"]
ACCEPTED_BEFORE_KILL = 60

# What each command appends, its leading `DiceRolled` events aside (tie-breaks roll a variable number of dice).
PRODUCES: dict[str, list[list[str]]] = {
    "CreateGame": [["GameCreated"]],
    "AddSeat": [["SeatAdded"]],
    "StartGame": [["GameStarted", "TurnStarted", "PhaseStarted"]],
    "WriteNote": [["NoteWritten"]],
    "PlaceBid": [["BidPlaced"]],
    "GrantGold": [["GoldGranted"]],
    "AdvancePhase": [
        ["AuctionWon", "PhaseEnded", "PhaseStarted"],  # bidding -> talk
        ["PhaseEnded", "TurnEnded", "TurnStarted", "PhaseStarted"],  # talk -> the next turn's bidding
    ],
}


REPO = Path(__file__).resolve().parents[2]
# `pantheon serve`, with the engine's test ruleset registered first (the real CLI entry point, nothing mocked).
SERVE = [
    sys.executable,
    "-c",
    "import sys; from domain import rulesets; from tests.rulesets import sealed_bids; "
    "rulesets.register(sealed_bids.ruleset); from server.cli import main; sys.exit(main(sys.argv[1:]))",
    "serve",
]


def output(log: Path) -> str:
    return log.read_text(errors="replace")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Served:
    process: asyncio.subprocess.Process
    base_url: str


@contextlib.asynccontextmanager
async def pantheon_serve(db_url: str, data_dir: Path, log: Path) -> AsyncIterator[Served]:
    """`pantheon serve` on a free port against `db_url`; SIGTERM on exit unless it was killed already."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PANTHEON_")}
    env.update(
        PANTHEON_DATABASE_URL=db_url,
        PANTHEON_ADMIN_TOKEN=ADMIN,
        PANTHEON_DATA_DIR=str(data_dir),
        PANTHEON_SNAPSHOT_EVERY="5",  # so the restarted server loads from snapshots, not only folds
        PANTHEON_POOL_SIZE="10",
    )
    with log.open("ab") as out:
        process = await asyncio.create_subprocess_exec(
            *SERVE, "--port", str(port), env=env, stdout=out, stderr=out, cwd=REPO
        )
    served = Served(process, f"http://127.0.0.1:{port}")
    try:
        async with httpx.AsyncClient(base_url=served.base_url) as http:
            for _ in range(3000):  # the bound only guards against a hang
                if process.returncode is not None:
                    raise AssertionError("pantheon serve exited:\n" + output(log))
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get("/health")).status_code == 200:
                        break
                await asyncio.sleep(0.02)
            else:
                raise AssertionError("pantheon serve never became healthy:\n" + output(log))
        yield served
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            await process.wait()


@dataclass
class Load:
    accepted: dict[str, tuple[int, int, str]] = field(default_factory=dict)  # command id -> (first, last, type)
    lost: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)  # token, body, key never answered
    enough: asyncio.Event = field(default_factory=asyncio.Event)


async def writer(base_url: str, game_id: str, token: str, bodies: Any, load: Load, name: str) -> None:
    """Send commands until the server dies; each keyed, so a lost answer can be retried after the restart."""
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as http:
        for n, body in enumerate(bodies):
            key = f"{name}-{n}"
            try:
                response = await http.post(
                    f"/v1/games/{game_id}/commands",
                    json=body,
                    headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
                )
            except httpx.TransportError:
                load.lost.append((token, body, key))
                return
            assert response.status_code < 500, response.text
            if response.status_code == 200:
                result = response.json()
                events = result["events"]
                load.accepted[result["command_id"]] = (events[0]["version"], result["version"], body["type"])
                if len(load.accepted) >= ACCEPTED_BEFORE_KILL:
                    load.enough.set()


def seat_bodies(name: str) -> Any:
    n = 0
    while True:
        n += 1
        yield {"type": "WriteNote", "text": f"{name} note {n}"}
        yield {"type": "PlaceBid", "amount": n % 3}


def gm_bodies(name: str) -> Any:
    n = 0
    while True:
        n += 1
        yield {"type": "GrantGold", "bidder": BIDDERS[n % 3], "amount": n, "reason": f"{name} grant {n}"}
        if name == "gm-0":
            yield {"type": "AdvancePhase"}


def shape(events: list[RecordedEvent]) -> list[str]:
    types = [e.type for e in events]
    while types and types[0] == "DiceRolled":
        types.pop(0)
    return types


async def test_sigkill_under_write_load_leaves_no_partial_command_and_the_same_state(
    db_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    load = Load()
    async with pantheon_serve(db_url, tmp_path / "data", log) as first:
        async with httpx.AsyncClient(base_url=first.base_url) as http:
            admin = {"Authorization": f"Bearer {ADMIN}"}
            scenario = {"bidders": BIDDERS, "points_to_win": 1000}
            created = await http.post(
                "/v1/games", json={"ruleset": "test-bids", "name": "Crash", "scenario": scenario}, headers=admin
            )
            assert created.status_code == 201, created.text
            game = created.json()
            game_id, gm = game["game_id"], game["gm_token"]
            seats = {}
            for bidder in BIDDERS:
                seat = await http.post(
                    f"/v1/games/{game_id}/seats",
                    json={"name": bidder, "role": "player", "controls": bidder},
                    headers={"Authorization": f"Bearer {gm}"},
                )
                assert seat.status_code == 201, seat.text
                seats[bidder] = seat.json()["token"]
            started = await http.post(
                f"/v1/games/{game_id}/commands", json={"type": "StartGame"}, headers={"Authorization": f"Bearer {gm}"}
            )
            assert started.status_code == 200, started.text

        writers = [
            asyncio.create_task(
                writer(first.base_url, game_id, seats[b], seat_bodies(f"{b}-{i}"), load, f"seat-{b}-{i}")
            )
            for b in BIDDERS
            for i in range(2)
        ] + [
            asyncio.create_task(writer(first.base_url, game_id, gm, gm_bodies(f"gm-{i}"), load, f"gm-{i}"))
            for i in range(3)
        ]
        await asyncio.wait([asyncio.create_task(load.enough.wait()), *writers], return_when=asyncio.FIRST_COMPLETED)
        assert load.enough.is_set(), [w.exception() for w in writers if w.done()]
        first.process.send_signal(signal.SIGKILL)
        await first.process.wait()
        await asyncio.gather(*writers)
    assert first.process.returncode == -signal.SIGKILL
    assert load.lost, "every writer should have been cut off by the kill"

    async with pantheon_serve(db_url, tmp_path / "data", log) as second:
        pool = await create_pool(db_url, min_size=1, max_size=4)
        try:
            store = PostgresEventStore(pool, notify=False)
            streams = [r[0] for r in await pool.fetch("SELECT DISTINCT stream_id FROM events")]
            assert f"game-{game_id}" in streams
            for stream in streams:
                report = await store.verify_stream(stream)
                assert report.ok, report

            events = await store.read_stream(f"game-{game_id}")
            head = len(events)
            by_command: dict[str, list[RecordedEvent]] = defaultdict(list)
            for event in events:
                by_command[event.meta().command_id or ""].append(event)
            for command_id, its in by_command.items():
                versions = [e.stream_version for e in its]
                assert versions == list(range(versions[0], versions[0] + len(its))), (command_id, versions)
                command_type = its[0].meta().command_type or ""
                assert {e.meta().command_type for e in its} == {command_type}
                assert shape(its) in PRODUCES[command_type], (command_type, [e.type for e in its])
            for command_id, (first_version, last_version, command_type) in load.accepted.items():
                its = by_command[command_id]
                assert [e.stream_version for e in its] == list(range(first_version, last_version + 1))
                assert its[0].meta().command_type == command_type

            # The answers lost in the crash: a retry replays what committed and applies what did not, once.
            async with httpx.AsyncClient(base_url=second.base_url) as http:
                for token, body, key in load.lost:
                    retry = await http.post(
                        f"/v1/games/{game_id}/commands",
                        json=body,
                        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
                    )
                    assert retry.status_code < 500, retry.text
                    if retry.status_code == 200 and retry.json()["replayed"]:
                        assert retry.json()["command_id"] in by_command
                events = await store.read_stream(f"game-{game_id}")
                assert len(events) >= head
                notes = [json.loads(e.data)["text"] for e in events if e.type == "NoteWritten"]
                assert len(notes) == len(set(notes)), "a retried note was appended twice"
                grants = [json.loads(e.data)["reason"] for e in events if e.type == "GoldGranted"]
                assert len(grants) == len(set(grants)), "a retried grant was appended twice"
                assert (await store.verify_stream(f"game-{game_id}")).ok

                # The served state (a cold process: snapshots plus fold) equals a full fold.
                states = GameStates(store, PostgresSnapshotStore(pool))
                folded = await states.fold_from_scratch(game_id)
                ruleset = rulesets.get(folded.meta.ruleset_id, folded.meta.ruleset_version)
                expected = msgspec.to_builtins(ruleset.view_for(folded.rules, Actor(principal="gm", role="gm")))
                served = await http.get(f"/v1/games/{game_id}/state", headers={"Authorization": f"Bearer {gm}"})
                assert served.status_code == 200, served.text
                assert served.json()["version"] == len(events)
                assert served.json()["view"] == expected
                assert served.json()["game"]["turn"] == folded.meta.turn
                assert served.json()["game"]["phase"] == folded.meta.phase

                # Read models catch up with the log, and the game takes new commands on top of the old chain.
                listed = await http.get("/v1/games", headers={"Authorization": f"Bearer {ADMIN}"})
                [row] = [g for g in listed.json()["games"] if g["game_id"] == game_id]
                assert row["version"] == len(events)
                after = await http.post(
                    f"/v1/games/{game_id}/commands",
                    json={"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": "after the crash"},
                    headers={"Authorization": f"Bearer {gm}"},
                )
                assert after.status_code == 200, after.text
                assert after.json()["version"] == len(events) + 1
                assert (await store.verify_stream(f"game-{game_id}")).ok
        finally:
            await pool.close()
