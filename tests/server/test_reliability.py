"""Reliability under concurrency and dropped connections, on real PostgreSQL.

- 32 concurrent clients on one game, through two app instances (two API processes behind a load balancer, each
  with its own state cache): every accepted command is appended exactly once, versions are gap-free, the hash
  chain verifies, and no update is lost (the full fold and the served state equal the sum of what was accepted).
- A response lost on the wire: the retry with the same `Idempotency-Key` gets the original result and nothing
  new is appended, also when identical requests race. These run against a real uvicorn over real sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from domain.engine import Actor
from events.store import RecordedEvent
from server.app import create_app
from server.bootstrap import Services
from tests.server.conftest import ADMIN, Api, LiveServer, make_settings

CLIENTS = 32
ROUNDS = 3
BIDDERS = [f"b{i}" for i in range(8)]
STARTING_GOLD = 10
GM_VIEW = Actor(principal="admin", role="admin")


@contextlib.asynccontextmanager
async def second_instance(db_url: str, tmp_path: Path) -> AsyncIterator[tuple[httpx.AsyncClient, Services]]:
    """Another app on the same database: a second API process with its own caches."""
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://second") as client:
            yield client, captured[0]


@dataclass(frozen=True)
class Acceptance:
    command_id: str
    version: int
    body: dict[str, Any]


@dataclass
class Ledger:
    accepted: list[Acceptance] = field(default_factory=list)
    replays: int = 0
    conflicts: int = 0


async def eventually(check: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait for a condition (the bound only guards against a hang; nothing is timed)."""
    for _ in range(3000):
        if await check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} never happened")


def events_by_command(events: list[RecordedEvent]) -> dict[str, list[RecordedEvent]]:
    out: dict[str, list[RecordedEvent]] = defaultdict(list)
    for event in events:
        command_id = event.meta().command_id
        assert command_id is not None, event
        out[command_id].append(event)
    return out


async def client_loop(index: int, client: httpx.AsyncClient, game_id: str, token: str, ledger: Ledger) -> None:
    """One client: GM grants or seat notes; pinned or not; keyed or not. Retries conflicts until accepted."""
    pinned, keyed, grants = bool(index & 2), bool(index & 4), bool(index & 8)
    bidder = BIDDERS[(index * 5) % len(BIDDERS)]
    path = f"/v1/games/{game_id}/commands"
    version = int(
        (await client.get(f"/v1/games/{game_id}", headers={"Authorization": f"Bearer {token}"}))
        .headers["etag"]
        .strip('"')
    )
    for round_ in range(ROUNDS):
        if grants:
            body: dict[str, Any] = {
                "type": "GrantGold",
                "bidder": bidder,
                "amount": index * 10 + round_ + 1,
                "reason": f"client {index} round {round_}",
            }
        else:
            body = {"type": "WriteNote", "text": f"note from client {index} round {round_}"}
        for _attempt in range(500):
            headers = {"Authorization": f"Bearer {token}"}
            if pinned:
                headers["If-Match"] = f'"{version}"'
            if keyed:
                headers["Idempotency-Key"] = f"client-{index}-round-{round_}"
            response = await client.post(path, json=body, headers=headers)
            if response.status_code == 409:
                problem = response.json()
                assert problem["code"] in ("command.version_conflict", "command.contention"), problem
                version = problem.get("current_version", version)
                ledger.conflicts += 1
                continue
            assert response.status_code == 200, response.text
            result = response.json()
            assert not result["replayed"] and "idempotent-replayed" not in response.headers
            ledger.accepted.append(Acceptance(result["command_id"], result["version"], body))
            version = result["version"]
            if keyed:  # the client never trusts one response: retry once, it must be a replay
                again = await client.post(path, json=body, headers=headers)
                assert again.status_code == 200, again.text
                assert again.headers["idempotent-replayed"] == "true"
                assert (again.json()["command_id"], again.json()["version"]) == (result["command_id"], version)
                ledger.replays += 1
            break
        else:
            raise AssertionError(f"client {index} never got round {round_} accepted")


async def test_32_concurrent_clients_lose_nothing_and_append_each_command_once(
    api: Api, db_url: str, tmp_path: Path
) -> None:
    game = await api.create_game(BIDDERS, starting_gold=STARTING_GOLD, points_to_win=99)
    seats = {b: (await api.add_seat(game, b))["token"] for b in BIDDERS}
    assert (await api.command(game, game["gm_token"], {"type": "StartGame"})).status_code == 200
    game_id, stream = game["game_id"], f"game-{game['game_id']}"
    setup_version = await api.services.store.stream_version(stream)
    ledger = Ledger()

    async with second_instance(db_url, tmp_path / "second") as (second, _):
        clients = [api.client, second]
        await asyncio.gather(
            *(
                client_loop(
                    i,
                    clients[i % 2],
                    game_id,
                    game["gm_token"] if i & 8 else seats[BIDDERS[(i * 5) % len(BIDDERS)]],
                    ledger,
                )
                for i in range(CLIENTS)
            )
        )

        assert len(ledger.accepted) == CLIENTS * ROUNDS
        assert ledger.replays == (CLIENTS // 2) * ROUNDS

        store = api.services.store
        events = await store.read_stream(stream)
        assert [e.stream_version for e in events] == list(range(1, len(events) + 1))
        report = await store.verify_stream(stream)
        assert report.ok, report
        assert len(events) == setup_version + CLIENTS * ROUNDS

        # Every accepted command exactly once, at the version it was acknowledged with, and nothing else.
        after_setup = events_by_command([e for e in events if e.stream_version > setup_version])
        assert set(after_setup) == {a.command_id for a in ledger.accepted}
        expected_gold = dict.fromkeys(BIDDERS, STARTING_GOLD)
        last_note: dict[str, tuple[int, str]] = {}
        note_owner = {i: BIDDERS[(i * 5) % len(BIDDERS)] for i in range(CLIENTS)}
        for acceptance in ledger.accepted:
            [event] = after_setup[acceptance.command_id]
            assert event.stream_version == acceptance.version
            data = json.loads(event.data)
            body = acceptance.body
            if body["type"] == "GrantGold":
                assert event.type == "GoldGranted" and data["amount"] == body["amount"]
                expected_gold[data["bidder"]] += body["amount"]
            else:
                assert event.type == "NoteWritten" and data["text"] == body["text"]
                writer = int(body["text"].split()[3])
                assert data["bidder"] == note_owner[writer]
                if event.stream_version > last_note.get(data["bidder"], (0, ""))[0]:
                    last_note[data["bidder"]] = (event.stream_version, body["text"])

        # No lost update: the full fold (no cache, no snapshot) is the sum of what was accepted ...
        folded = await api.services.service.states.fold_from_scratch(game_id)
        assert folded.rules.gold == expected_gold
        assert folded.rules.notes == {b: text for b, (_, text) in last_note.items()}

        # ... and both warm API processes serve exactly that state, once the other's NOTIFY has reached them.
        expected_view = msgspec.to_builtins(_view(folded))
        for client in clients:
            await eventually(served_version(client, game_id, len(events)), "catching up with the other process")
            response = await client.get(f"/v1/games/{game_id}/state", headers={"Authorization": f"Bearer {ADMIN}"})
            assert response.json()["view"] == expected_view
    # So does a new process (cold cache: snapshot plus fold).
    async with second_instance(db_url, tmp_path / "third") as (third, _):
        response = await third.get(f"/v1/games/{game_id}/state", headers={"Authorization": f"Bearer {ADMIN}"})
    assert response.status_code == 200, response.text
    assert response.json()["version"] == len(events)
    assert response.json()["view"] == expected_view


def served_version(client: httpx.AsyncClient, game_id: str, version: int) -> Callable[[], Awaitable[bool]]:
    async def check() -> bool:
        response = await client.get(f"/v1/games/{game_id}/state", headers={"Authorization": f"Bearer {ADMIN}"})
        assert response.status_code == 200, response.text
        served = response.json()["version"]
        assert served <= version, response.json()
        return bool(served == version)

    return check


async def test_a_warm_second_api_process_catches_up_with_writes_made_elsewhere(
    api: Api, db_url: str, tmp_path: Path
) -> None:
    game, ann, _ = await api.started_game()
    async with second_instance(db_url, tmp_path / "second") as (second, services):
        await asyncio.wait_for(services.store.listening.wait(), 30)
        await eventually(served_version(second, game["game_id"], 6), "the first read")  # its cache is warm now
        for n in range(3):
            written = await api.command(game, ann, {"type": "WriteNote", "text": f"written through the first {n}"})
            assert written.status_code == 200, written.text
            await eventually(served_version(second, game["game_id"], 7 + n), "catching up")
        available = await second.get(f"/v1/games/{game['game_id']}/commands/available", headers=api.auth(ann))
        assert available.json()["version"] == 9


async def test_the_hash_chain_verifies_whatever_the_scenario_formatting(api: Api) -> None:
    body = b'{"ruleset": "test-bids", "name": "x", "scenario": {"starting_gold": 5, "bidders": ["a"]}}'
    response = await api.client.post(
        "/v1/games", content=body, headers={**api.auth(ADMIN), "Content-Type": "application/json"}
    )
    assert response.status_code == 201, response.text
    report = await api.services.store.verify_stream(f"game-{response.json()['game_id']}")
    assert report.ok, report


def _view(state: Any) -> Any:
    from domain import rulesets

    ruleset = rulesets.get(state.meta.ruleset_id, state.meta.ruleset_version)
    return ruleset.view_for(state.rules, GM_VIEW)


# --- dropped responses and retries over real sockets -------------------------------------------------------


def raw_request(live: LiveServer, path: str, token: str, body: bytes, key: str) -> bytes:
    host = live.base_url.removeprefix("http://")
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nIdempotency-Key: {key}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def send_without_reading(live: LiveServer, request: bytes) -> asyncio.StreamWriter:
    host, _, port = live.base_url.removeprefix("http://").partition(":")
    _, writer = await asyncio.open_connection(host, int(port))
    writer.write(request)
    await writer.drain()
    return writer


async def started_live_game(http: httpx.AsyncClient) -> tuple[dict[str, Any], str, str]:
    auth = {"Authorization": f"Bearer {ADMIN}"}
    created = await http.post(
        "/v1/games",
        json={"ruleset": "test-bids", "name": "Live", "scenario": {"bidders": ["ann", "bob"]}},
        headers=auth,
    )
    assert created.status_code == 201, created.text
    game = created.json()
    gm = {"Authorization": f"Bearer {game['gm_token']}"}
    tokens = []
    for bidder in ("ann", "bob"):
        seat = await http.post(
            f"/v1/games/{game['game_id']}/seats",
            json={"name": bidder, "role": "player", "controls": bidder},
            headers=gm,
        )
        assert seat.status_code == 201, seat.text
        tokens.append(seat.json()["token"])
    started = await http.post(f"/v1/games/{game['game_id']}/commands", json={"type": "StartGame"}, headers=gm)
    assert started.status_code == 200, started.text
    return game, tokens[0], tokens[1]


async def notes_written(live: LiveServer, game_id: str, text: str) -> list[RecordedEvent]:
    events = await live.services.store.read_stream(f"game-{game_id}")
    return [e for e in events if e.type == "NoteWritten" and json.loads(e.data)["text"] == text]


async def test_a_retry_after_a_dropped_response_replays_the_original_and_appends_nothing(
    live_server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url) as http:
        game, ann, _ = await started_live_game(http)
        game_id = game["game_id"]
        path = f"/v1/games/{game_id}/commands"
        body = {"type": "WriteNote", "text": "sent once, answer lost"}
        encoded = json.dumps(body).encode()

        # The server does the work, but the client hangs up before reading the answer.
        writer = await send_without_reading(live_server, raw_request(live_server, path, ann, encoded, "lost-1"))

        async def appended() -> bool:
            return bool(await notes_written(live_server, game_id, body["text"]))

        await eventually(appended, "the command's append")
        writer.transport.abort()
        head = await live_server.services.store.stream_version(f"game-{game_id}")

        headers = {"Authorization": f"Bearer {ann}", "Idempotency-Key": "lost-1"}
        retry = await http.post(path, content=encoded, headers={**headers, "Content-Type": "application/json"})
        assert retry.status_code == 200, retry.text
        assert retry.headers["idempotent-replayed"] == "true"
        [event] = await notes_written(live_server, game_id, body["text"])
        assert retry.json()["command_id"] == event.meta().command_id
        assert retry.json()["version"] == event.stream_version == head
        assert retry.json()["replayed"] is True
        assert retry.json()["events"] == [
            {
                "version": head,
                "type": "NoteWritten",
                "data": {"type": "NoteWritten", "bidder": "ann", "text": body["text"]},
            }
        ]

        # Same key, another body: refused, never applied.
        other = await http.post(path, json={"type": "WriteNote", "text": "something else"}, headers=headers)
        assert other.status_code == 422, other.text
        assert other.headers["content-type"] == "application/problem+json"
        assert other.json()["code"] == "idempotency.key_reused"
        assert await live_server.services.store.stream_version(f"game-{game_id}") == head
        assert not await notes_written(live_server, game_id, "something else")
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_identical_requests_racing_on_raw_sockets_append_once(
    live_server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url) as http:
        game, ann, _ = await started_live_game(http)
        game_id = game["game_id"]
        path = f"/v1/games/{game_id}/commands"
        body = {"type": "WriteNote", "text": "raced on two sockets"}
        request = raw_request(live_server, path, ann, json.dumps(body).encode(), "race-1")

        writers = await asyncio.gather(*(send_without_reading(live_server, request) for _ in range(4)))

        async def appended() -> bool:
            return bool(await notes_written(live_server, game_id, body["text"]))

        await eventually(appended, "the command's append")
        for writer in writers:
            writer.transport.abort()

        headers = {"Authorization": f"Bearer {ann}", "Idempotency-Key": "race-1"}
        retry = await http.post(path, json=body, headers=headers)
        assert retry.status_code == 200, retry.text
        assert retry.headers["idempotent-replayed"] == "true"
        [event] = await notes_written(live_server, game_id, body["text"])
        assert retry.json()["command_id"] == event.meta().command_id
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_identical_requests_racing_over_http_get_one_result(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url) as http:
        game, ann, bob = await started_live_game(http)
        game_id = game["game_id"]
        path = f"/v1/games/{game_id}/commands"
        body = {"type": "WriteNote", "text": "eight at once"}
        headers = {"Authorization": f"Bearer {ann}", "Idempotency-Key": "eight"}
        head = await live_server.services.store.stream_version(f"game-{game_id}")

        # Separate connections, so the requests really run side by side in the server.
        async def post() -> httpx.Response:
            async with httpx.AsyncClient(base_url=live_server.base_url) as own:
                return await own.post(path, json=body, headers=headers)

        responses = await asyncio.gather(*(post() for _ in range(8)))
        assert all(r.status_code == 200 for r in responses), [r.text for r in responses]
        assert len({(r.json()["command_id"], r.json()["version"]) for r in responses}) == 1
        fresh = [r for r in responses if "idempotent-replayed" not in r.headers]
        assert len(fresh) == 1, [r.headers for r in responses]
        [event] = await notes_written(live_server, game_id, body["text"])
        assert event.stream_version == head + 1
        assert await live_server.services.store.stream_version(f"game-{game_id}") == head + 1

        # A key belongs to its caller: bob's identical key is his own command.
        bobs = await http.post(path, json=body, headers={**headers, "Authorization": f"Bearer {bob}"})
        assert bobs.status_code == 200 and "idempotent-replayed" not in bobs.headers
        assert len(await notes_written(live_server, game_id, body["text"])) == 2


async def test_a_refusal_is_replayed_to_a_retry_and_appends_nothing(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url) as http:
        game, ann, _ = await started_live_game(http)
        path = f"/v1/games/{game['game_id']}/commands"
        head = await live_server.services.store.stream_version(f"game-{game['game_id']}")
        headers = {"Authorization": f"Bearer {ann}", "Idempotency-Key": "too-rich"}
        first = await http.post(path, json={"type": "PlaceBid", "amount": 50}, headers=headers)
        again = await http.post(path, json={"type": "PlaceBid", "amount": 50}, headers=headers)
        assert first.status_code == again.status_code == 422
        assert first.json()["code"] == again.json()["code"] == "bids.not_enough_gold"
        assert "idempotent-replayed" not in first.headers and again.headers["idempotent-replayed"] == "true"
        assert await live_server.services.store.stream_version(f"game-{game['game_id']}") == head


async def test_a_client_hanging_up_mid_body_is_no_server_error_and_appends_nothing(
    live_server: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url) as http:
        game, ann, _ = await started_live_game(http)
    head = await live_server.services.store.stream_version(f"game-{game['game_id']}")
    caplog.set_level(logging.INFO)
    request = raw_request(live_server, f"/v1/games/{game['game_id']}/commands", ann, b"x" * 100, "half")
    cut = request.replace(b"Content-Length: 100", b"Content-Length: 5000")
    writer = await send_without_reading(live_server, cut)
    writer.transport.abort()

    async def handled() -> bool:
        return any("disconnected" in r.getMessage() or r.levelno >= logging.ERROR for r in caplog.records)

    await eventually(handled, "the server noticing the hang-up")
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert await live_server.services.store.stream_version(f"game-{game['game_id']}") == head
