"""Webhooks (`server/webhooks.py`, `server/webhook_worker.py`) against a real receiver on a loopback port.

The receiver is a small Starlette app served by uvicorn in the test's own loop; it can be taken down (its port
closed) and brought back on the same port, or made to hold a request unanswered while the server is stopped.
Every delivery it records is checked with the `standardwebhooks` verifier. Retries are fast here
(`webhook_retry_base_seconds`); tests wait for outcomes, never assert how long anything took.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
import uvicorn
from standardwebhooks import Webhook as Verifier
from standardwebhooks import WebhookVerificationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from events.store import ConcurrencyConflict, EventMetadata, NewEvent
from server.app import create_app
from server.bootstrap import Services
from server.cli import listen
from server.settings import Settings
from server.webhook_worker import WebhookWorker, retry_delay
from tests.server.conftest import ADMIN, Api, make_settings
from tests.server.test_scheduler import eventually

FAST = {
    "webhook_retry_base_seconds": 0.1,
    "webhook_retry_max_seconds": 0.5,
    "webhook_timeout_seconds": 1.0,
    "webhook_max_attempts": 1000,
}


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    answered: bool = True

    @property
    def payload(self) -> dict[str, Any]:
        return msgspec.json.decode(self.body)  # type: ignore[no-any-return]


@dataclass
class Receiver:
    """An HTTP endpoint on 127.0.0.1 that records what it is sent and answers 204."""

    port: int = 0
    received: list[Received] = field(default_factory=list)
    release: asyncio.Event = field(default_factory=asyncio.Event)
    holding: bool = False
    _server: uvicorn.Server | None = None
    _task: asyncio.Task[None] | None = None

    def hold(self) -> None:
        self.release.clear()
        self.holding = True

    def let_go(self) -> None:
        self.holding = False
        self.release.set()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/hooks/{name}"

    async def _handle(self, request: Request) -> Response:
        record = Received(request.url.path, dict(request.headers), await request.body())
        self.received.append(record)
        if self.holding:
            record.answered = False  # the server goes away before this answer can reach it
            await self.release.wait()
        return Response(status_code=204)

    async def start(self) -> None:
        sock = listen("127.0.0.1", self.port)
        self.port = sock.getsockname()[1]
        app = Starlette(routes=[Route("/hooks/{name}", self._handle, methods=["POST"])])
        self._server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        while not self._server.started:
            if self._task.done():
                self._task.result()
            await asyncio.sleep(0.02)
        self._sock = sock

    async def stop(self) -> None:
        assert self._server is not None and self._task is not None
        self._server.should_exit = True
        self.let_go()
        await self._task
        self._sock.close()

    def at(self, name: str) -> list[Received]:
        return [r for r in self.received if r.path == f"/hooks/{name}"]


@contextlib.asynccontextmanager
async def receiver() -> AsyncIterator[Receiver]:
    found = Receiver()
    await found.start()
    try:
        yield found
    finally:
        with contextlib.suppress(Exception):
            await found.stop()


@contextlib.asynccontextmanager
async def pantheon(db_url: str, tmp_path: Path, **overrides: Any) -> AsyncIterator[Api]:
    """One server process (lifespan and background jobs, the delivery worker included) on the test database."""
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path, **{**FAST, **overrides}), on_ready=captured.append)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            yield Api(client=client, services=captured[0])


async def register(api: Api, game: dict[str, Any], token: str, **body: Any) -> dict[str, Any]:
    response = await api.client.post(f"/v1/games/{game['game_id']}/webhooks", json=body, headers=api.auth(token))
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


async def ok(response: Any) -> dict[str, Any]:
    answer = await response
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


async def deliveries(api: Api, game: dict[str, Any], webhook: dict[str, Any], **params: Any) -> list[dict[str, Any]]:
    path = f"/v1/games/{game['game_id']}/webhooks/{webhook['webhook']['webhook_id']}/deliveries"
    page = await ok(api.get(path, game["gm_token"], limit=200, **params))
    return page["deliveries"]  # type: ignore[no-any-return]


async def all_delivered(api: Api, game: dict[str, Any], *webhooks: dict[str, Any]) -> bool:
    for webhook in webhooks:
        log = await deliveries(api, game, webhook)
        if not log or any(d["status"] != "delivered" for d in log):
            return False
    return True


def verified(record: Received, *secrets: str) -> dict[str, Any]:
    """The payload, if one of `secrets` signed it (the documented Standard Webhooks check)."""
    for secret in secrets:
        try:
            return Verifier(secret).verify(record.body, record.headers)  # type: ignore[no-any-return]
        except WebhookVerificationError:
            continue
    raise AssertionError(f"delivery {record.headers.get('webhook-id')} does not verify")


async def now(value: bool) -> bool:
    return value


async def gm(api: Api, game: dict[str, Any], body: dict[str, Any]) -> None:
    response = await api.command(game, game["gm_token"], body)
    assert response.status_code == 200, response.text


async def seat(api: Api, game: dict[str, Any], token: str, body: dict[str, Any]) -> None:
    response = await api.command(game, token, body)
    assert response.status_code == 200, response.text


@pytest.mark.slow
async def test_nothing_is_lost_through_a_receiver_outage_and_a_server_restart_mid_delivery(
    db_url: str, tmp_path: Path
) -> None:
    async with receiver() as hook:
        async with pantheon(db_url, tmp_path) as api:
            game = await api.create_game()
            ann = await api.add_seat(game, "ann")
            bob = await api.add_seat(game, "bob")
            events_path = f"/v1/games/{game['game_id']}/events"
            before = (await ok(api.get(events_path, game["gm_token"])))["head_version"]  # not announced
            everything = await register(api, game, game["gm_token"], url=hook.url("gm"), filters=["any"])
            # A seat registers its own webhook: it is bound to ann's seat whatever the body says.
            anns = await register(api, game, ann["token"], url=hook.url("ann"), filters=["any"])
            turns = await register(
                api, game, game["gm_token"], url=hook.url("turns"), filters=["turn.resolved", "phase.opened"]
            )
            assert anns["webhook"]["seat_id"] == ann["seat"]["seat_id"]
            hooks = (everything, anns, turns)
            await gm(api, game, {"type": "StartGame"})
            await seat(api, game, ann["token"], {"type": "PlaceBid", "amount": 3})
            await seat(api, game, bob["token"], {"type": "PlaceBid", "amount": 5})
            await seat(api, game, bob["token"], {"type": "WriteNote", "text": "bob's secret plan"})
            await eventually(lambda: all_delivered(api, game, *hooks), "the first events are delivered")

            await hook.stop()  # the receiver goes down
            await seat(api, game, ann["token"], {"type": "WriteNote", "text": "ann's own note"})
            await gm(api, game, {"type": "AdvancePhase"})  # resolves the auction
            await gm(api, game, {"type": "AdvancePhase"})  # ends turn 1, opens turn 2

            async def retried() -> bool:
                log = await deliveries(api, game, turns)
                return any(d["status"] == "pending" and d["attempts"] >= 3 for d in log)

            await eventually(retried, "failed attempts are retried while the receiver is down")
            await hook.start()  # back, on the same port
            await eventually(lambda: all_delivered(api, game, *hooks), "everything is delivered after the outage")

            hook.hold()  # the next requests are never answered: the server stops mid-delivery
            await gm(api, game, {"type": "PauseGame", "reason": "GM on holiday"})
            await eventually(lambda: now(any(not r.answered for r in hook.received)), "a delivery is in flight")
        hook.let_go()

        async with pantheon(db_url, tmp_path) as api:  # restarted: the claimed deliveries come due again
            await eventually(
                lambda: all_delivered(api, game, everything, anns), "the interrupted delivery is redelivered"
            )
            head = (await ok(api.get(events_path, game["gm_token"])))["head_version"]
            ann_sees = await ok(api.get(events_path, ann["token"], after=before, limit=1000))
            attempts = [a for w in hooks for d in await deliveries(api, game, w) for a in d["attempt_log"]]

    secrets = {"gm": everything["secret"], "ann": anns["secret"], "turns": turns["secret"]}
    acknowledged: dict[str, list[dict[str, Any]]] = {name: [] for name in secrets}
    for record in hook.received:
        name = record.path.rsplit("/", 1)[1]
        payload = verified(record, secrets[name])
        assert record.headers["webhook-id"].startswith("msg_")
        if record.answered:
            acknowledged[name].append(payload)

    # Nothing lost: the GM's `any` webhook acknowledged every event since it was registered, in some order.
    gm_versions = Counter(p["data"]["event"]["version"] for p in acknowledged["gm"])
    assert set(gm_versions) == set(range(before + 1, head + 1))
    # ann's webhook carried exactly what ann may read through the API, and never bob's secrets.
    ann_versions = {p["data"]["event"]["version"] for p in acknowledged["ann"]}
    assert ann_versions == {e["version"] for e in ann_sees["events"]}
    for record in hook.at("ann"):
        assert b"bob's secret plan" not in record.body
        event = record.payload["data"]["event"]
        assert not (event["type"] in ("BidPlaced", "NoteWritten") and event["data"]["bidder"] == "bob")
    assert any(b"ann's own note" in r.body for r in hook.at("ann"))
    # The filtered webhook got its events only, typed by the filter that matched.
    assert {p["type"] for p in acknowledged["turns"]} == {"turn.resolved", "phase.opened"}
    # The log shows the outage: attempts that got no HTTP answer, then 204s.
    assert any(a["status_code"] is None and a["error"] for a in attempts)
    assert any(a["status_code"] == 204 for a in attempts)
    # The requests the restart cut off were sent again, byte for byte, under the same id, and answered.
    cut_off = [r for r in hook.received if not r.answered]
    assert cut_off
    for record in cut_off:
        again = [r for r in hook.received if r.headers["webhook-id"] == record.headers["webhook-id"] and r.answered]
        assert again and again[-1].body == record.body
    duplicates = sum(n - 1 for n in Counter(r.headers["webhook-id"] for r in hook.received).values())
    print(f"webhooks: {len(hook.received)} requests received, {duplicates} repeats, {len(attempts)} attempts logged")


async def test_deadline_warnings_are_sent_once_per_lead_time(db_url: str, tmp_path: Path) -> None:
    async with receiver() as hook, pantheon(db_url, tmp_path) as api:
        game, _, _ = await api.started_game()  # bidding closes in a day
        webhook = await register(
            api,
            game,
            game["gm_token"],
            url=hook.url("deadline"),
            filters=["deadline.approaching"],
            lead_times=[3600, 90000],
        )
        await eventually(lambda: all_delivered(api, game, webhook), "the 25-hour warning is sent at once")
        await gm(
            api, game, {"type": "SetDeadline", "deadline": (datetime.now(UTC) + timedelta(minutes=30)).isoformat()}
        )
        await eventually(lambda: now(len(hook.at("deadline")) >= 3), "both warnings for the new deadline")
        log = await deliveries(api, game, webhook)
    payloads = [verified(r, webhook["secret"]) for r in hook.at("deadline")]
    assert all(p["type"] == "deadline.approaching" for p in payloads)
    leads = Counter(p["data"]["lead_seconds"] for p in payloads)
    assert leads == {90000: 2, 3600: 1}  # only the moved deadline is within the hour
    assert len(log) == len(payloads) == 3


async def test_a_seat_manages_only_its_own_webhooks(api: Api) -> None:
    game, ann_token, bob_token = await api.started_game()
    base = f"/v1/games/{game['game_id']}/webhooks"
    bob_seat = (await ok(api.get(f"/v1/games/{game['game_id']}", bob_token)))["you"]["seat_id"]
    refused = await api.client.post(
        base,
        json={"url": "http://127.0.0.1:9/x", "filters": ["any"], "seat_id": bob_seat},
        headers=api.auth(ann_token),
    )
    assert refused.status_code == 403 and refused.json()["code"] == "webhook.other_seat"
    bobs = await register(api, game, bob_token, url="http://127.0.0.1:9/bob", filters=["any"])
    hidden = await api.get(f"{base}/{bobs['webhook']['webhook_id']}", ann_token)
    assert hidden.status_code == 404 and hidden.json()["code"] == "webhook.not_found"
    assert (await ok(api.get(base, ann_token)))["webhooks"] == []
    listed = await ok(api.get(base, game["gm_token"]))
    assert [w["webhook_id"] for w in listed["webhooks"]] == [bobs["webhook"]["webhook_id"]]
    assert "secret" not in listed["webhooks"][0]
    deleted = await api.client.delete(f"{base}/{bobs['webhook']['webhook_id']}", headers=api.auth(ann_token))
    assert deleted.status_code == 404


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"url": "ftp://127.0.0.1/x", "filters": ["any"]}, "request.invalid"),
        ({"url": "http://127.0.0.1/" + "x" * 2000, "filters": ["any"]}, "request.invalid"),
        ({"url": "http://127.0.0.1/x", "filters": []}, "request.invalid"),
        ({"url": "http://127.0.0.1/x", "filters": ["turn.exploded"]}, "request.invalid"),
        ({"url": "http://127.0.0.1/x", "filters": ["deadline.approaching"], "lead_times": [0]}, "request.invalid"),
        ({"url": "http://127.0.0.1/x", "filters": ["deadline.approaching"], "lead_times": [1] * 6}, "request.invalid"),
        ({"url": "http://127.0.0.1/x", "filters": ["any"], "lead_times": [60]}, "webhook.lead_times_unused"),
        ({"url": "http:///nohost/x", "filters": ["any"]}, "request.invalid"),
        ({"url": "http://127.0.0.1:65536/x", "filters": ["any"]}, "request.invalid"),
        ({"url": "http://user:pw@127.0.0.1/x", "filters": ["any"]}, "request.invalid"),
        ({"url": "http://127.0.0.1/x", "filters": ["any"], "seat_id": "seat-nobody"}, "webhook.unknown_seat"),
    ],
)
async def test_registrations_out_of_bounds_are_refused(api: Api, body: dict[str, Any], code: str) -> None:
    game = await api.create_game()
    response = await api.client.post(
        f"/v1/games/{game['game_id']}/webhooks", json=body, headers=api.auth(game["gm_token"])
    )
    assert response.status_code == 422, response.text
    assert response.json()["code"] == code


async def test_hosts_outside_the_allowlist_are_refused(db_url: str, tmp_path: Path) -> None:
    async with pantheon(db_url, tmp_path, webhook_allowed_hosts=frozenset({"127.0.0.1"})) as api:
        game = await api.create_game()
        refused = await api.client.post(
            f"/v1/games/{game['game_id']}/webhooks",
            json={"url": "http://localhost:9/x", "filters": ["any"]},
            headers=api.auth(game["gm_token"]),
        )
        assert refused.status_code == 422 and refused.json()["code"] == "webhook.host_not_allowed"
        await register(api, game, game["gm_token"], url="http://127.0.0.1:9/x", filters=["any"])


async def test_a_rotated_secret_signs_beside_the_old_one_and_a_replay_resends_the_same_message(
    db_url: str, tmp_path: Path
) -> None:
    async with receiver() as hook, pantheon(db_url, tmp_path) as api:
        game = await api.create_game()
        webhook = await register(api, game, game["gm_token"], url=hook.url("gm"), filters=["game.paused"])
        path = f"/v1/games/{game['game_id']}/webhooks/{webhook['webhook']['webhook_id']}"
        await gm(api, game, {"type": "StartGame"})
        rotated = await ok(api.client.post(f"{path}/rotate-secret", json={}, headers=api.auth(game["gm_token"])))
        assert rotated["secret"] != webhook["secret"] and rotated["previous_secret_valid_until"]
        await gm(api, game, {"type": "PauseGame", "reason": "lunch"})
        await eventually(lambda: all_delivered(api, game, webhook), "the pause is announced")
        [first] = hook.at("gm")
        # During the overlap both secrets verify: a receiver can switch at its own pace.
        verified(first, webhook["secret"])
        verified(first, rotated["secret"])
        assert len(first.headers["webhook-signature"].split(" ")) == 2

        [delivery] = await deliveries(api, game, webhook)
        replay = await api.client.post(
            f"{path}/deliveries/{delivery['delivery_id']}/replay", headers=api.auth(game["gm_token"])
        )
        assert replay.status_code == 202, replay.text
        await eventually(lambda: now(len(hook.at("gm")) == 2), "the replay is sent")
        await eventually(lambda: all_delivered(api, game, webhook), "the replay is logged")
        [again] = await deliveries(api, game, webhook)

        rotated_now = await ok(
            api.client.post(f"{path}/rotate-secret", json={"overlap_seconds": 0}, headers=api.auth(game["gm_token"]))
        )
        assert rotated_now["previous_secret_valid_until"] is None
    second = hook.at("gm")[1]
    assert second.headers["webhook-id"] == first.headers["webhook-id"] and second.body == first.body
    assert verified(second, rotated["secret"])["data"]["event"]["type"] == "GamePaused"
    assert [a["attempt"] for a in again["attempt_log"]] == [1, 2]


async def test_webhooks_over_graphql(api: Api) -> None:
    game = await api.create_game()
    register_ = """mutation($g: String!, $u: String!) {
        registerWebhook(gameId: $g, url: $u, filters: ["phase.opened"]) }"""
    answer = await api.client.post(
        "/graphql",
        json={"query": register_, "variables": {"g": game["game_id"], "u": "http://127.0.0.1:9/gql"}},
        headers=api.auth(game["gm_token"]),
    )
    created = answer.json()["data"]["registerWebhook"]
    assert created["secret"].startswith("whsec_")
    webhook_id = created["webhook"]["webhook_id"]
    await gm(api, game, {"type": "StartGame"})
    query = """query($g: String!, $w: String!) { webhooks(gameId: $g)
        webhookDeliveries(gameId: $g, webhookId: $w) }"""
    listed = await api.client.post(
        "/graphql",
        json={"query": query, "variables": {"g": game["game_id"], "w": webhook_id}},
        headers=api.auth(game["gm_token"]),
    )
    data = listed.json()["data"]
    assert [w["webhook_id"] for w in data["webhooks"]["webhooks"]] == [webhook_id]
    assert [d["event_type"] for d in data["webhookDeliveries"]["deliveries"]] == ["PhaseStarted"]
    delete = """mutation($g: String!, $w: String!) { deleteWebhook(gameId: $g, webhookId: $w) }"""
    gone = await api.client.post(
        "/graphql",
        json={"query": delete, "variables": {"g": game["game_id"], "w": webhook_id}},
        headers=api.auth(ADMIN),
    )
    assert gone.json()["data"]["deleteWebhook"] is True


async def test_the_outbox_commits_with_the_events_it_announces_and_only_for_matching_webhooks(api: Api) -> None:
    game, _, _ = await api.started_game()
    other, _, _ = await api.started_game()  # no webhooks: its events leave no outbox rows
    webhook = await register(api, game, game["gm_token"], url="http://127.0.0.1:9/x", filters=["game.paused"])
    store = api.services.store
    stream = f"game-{game['game_id']}"
    head = await store.stream_version(stream)
    pause = NewEvent(type="GamePaused", data=msgspec.json.encode({"at": datetime.now(UTC), "reason": "x"}))
    meta = EventMetadata(actor="gm", role="gm", recorded_at=datetime.now(UTC))
    with pytest.raises(ConcurrencyConflict):
        await store.append(stream, head - 1, [pause], meta)  # refused: the outbox row is rolled back with it

    async def rows() -> list[tuple[str, str]]:
        found = await api.services.pool.fetch("SELECT game_id, event_type FROM webhook_deliveries ORDER BY 2")
        return [(r[0], r[1]) for r in found]

    assert await rows() == []
    await gm(api, game, {"type": "PauseGame", "reason": "lunch"})
    await gm(api, other, {"type": "PauseGame", "reason": "lunch"})
    await gm(api, game, {"type": "ResumeGame"})
    assert await rows() == [(game["game_id"], "GamePaused")]
    path = f"/v1/games/{game['game_id']}/webhooks/{webhook['webhook']['webhook_id']}"
    paused = await api.client.patch(path, json={"active": False}, headers=api.auth(game["gm_token"]))
    assert paused.status_code == 200 and paused.json()["active"] is False
    await gm(api, game, {"type": "PauseGame", "reason": "again"})
    assert await rows() == [(game["game_id"], "GamePaused")]  # an inactive webhook enqueues nothing


async def test_two_processes_share_the_outbox_and_a_gm_webhook_for_a_seat_is_redacted_for_it(
    db_url: str, tmp_path: Path
) -> None:
    slow = {"webhook_timeout_seconds": 10.0}  # a long lease: no claim can expire while its POST is answered
    async with (
        receiver() as hook,
        pantheon(db_url, tmp_path, **slow) as one,
        pantheon(db_url, tmp_path, **slow) as two,
    ):
        game, ann_token, bob_token = await one.started_game()
        bob_seat = (await ok(one.get(f"/v1/games/{game['game_id']}", bob_token)))["you"]["seat_id"]
        bobs = await register(one, game, game["gm_token"], url=hook.url("bob"), filters=["any"], seat_id=bob_seat)
        for amount in range(1, 11):
            api = one if amount % 2 else two
            await seat(api, game, ann_token, {"type": "WriteNote", "text": f"ann's secret {amount}"})
            await seat(api, game, bob_token, {"type": "WriteNote", "text": f"bob's note {amount}"})
        await eventually(lambda: all_delivered(one, game, bobs), "both processes drain the outbox")
        log = await deliveries(two, game, bobs)
    ids = Counter(r.headers["webhook-id"] for r in hook.at("bob"))
    assert len(log) == len(ids) == 10  # ann's notes were never bob's to see: not delivered, not logged
    assert set(ids.values()) == {1}  # each message sent once, though two workers were draining
    for record in hook.at("bob"):
        assert verified(record, bobs["secret"])["data"]["event"]["data"]["bidder"] == "bob"
        assert b"ann's secret" not in record.body


async def test_delivered_messages_leave_the_log_after_30_days_and_failed_ones_stay(api: Api) -> None:
    game = await api.create_game()
    webhook = await register(api, game, game["gm_token"], url="http://127.0.0.1:9/x", filters=["game.paused"])
    await api.services.pool.execute(
        "INSERT INTO webhook_deliveries (delivery_id, webhook_id, game_id, status, delivered_at, created_at) VALUES "
        "('msg_old', $1, $2, 'delivered', now() - interval '31 days', now() - interval '31 days'), "
        "('msg_recent', $1, $2, 'delivered', now() - interval '29 days', now() - interval '29 days'), "
        "('msg_failed', $1, $2, 'failed', NULL, now() - interval '90 days')",
        webhook["webhook"]["webhook_id"],
        game["game_id"],
    )
    worker = WebhookWorker(api.services.service, api.services.settings)
    try:
        await worker.tick()
    finally:
        await worker.client.aclose()
    kept = {d["delivery_id"] for d in await deliveries(api, game, webhook)}
    assert kept == {"msg_recent", "msg_failed"}


async def test_a_seats_report_webhook_gets_its_own_turn_report_only(db_url: str, tmp_path: Path) -> None:
    """Second Era: each god's TurnReported is private to it; `report.published` for a seat carries its own."""
    scenario = msgspec.json.decode(
        (Path(__file__).parents[2] / "examples/scenarios/second-era-four-gods.json").read_bytes()
    )
    async with receiver() as hook, pantheon(db_url, tmp_path) as api:
        created = await api.client.post(
            "/v1/games",
            json={"ruleset": "second-era", "name": "Reports", "scenario": scenario},
            headers=api.auth(ADMIN),
        )
        assert created.status_code == 201, created.text
        game = created.json()
        sunna = await api.add_seat(game, "sunna")
        nerth = await api.add_seat(game, "nerth")
        mine = await register(api, game, nerth["token"], url=hook.url("nerth"), filters=["report.published"])
        every = await register(api, game, game["gm_token"], url=hook.url("gm"), filters=["report.published"])
        await gm(api, game, {"type": "StartGame"})
        for token in (sunna["token"], nerth["token"]):
            await seat(api, game, token, {"type": "GrowTribe", "role": "farmer"})
        await gm(api, game, {"type": "AdvancePhase"})
        await eventually(lambda: all_delivered(api, game, mine, every), "the turn reports are delivered")
    gods = Counter(verified(r, every["secret"])["data"]["event"]["data"]["god"] for r in hook.at("gm"))
    assert {"sunna", "nerth"} <= set(gods)
    own = [verified(r, mine["secret"]) for r in hook.at("nerth")]
    assert own and all(p["type"] == "report.published" for p in own)
    assert {p["data"]["event"]["data"]["god"] for p in own} == {"nerth"}


def test_webhook_settings_come_from_the_environment_with_bounds(tmp_path: Path) -> None:
    env = {
        "PANTHEON_DATA_DIR": str(tmp_path),
        "PANTHEON_WEBHOOK_ALLOWED_HOSTS": " Bots.Example.org., 127.0.0.1 ,",
        "PANTHEON_WEBHOOK_RETRY_BASE_SECONDS": "0.25",
        "PANTHEON_WEBHOOK_MAX_ATTEMPTS": "3",
        "PANTHEON_WEBHOOKS": "off",
    }
    settings = Settings.from_env(env)
    assert settings.webhook_allowed_hosts == {"bots.example.org", "127.0.0.1"}
    assert (settings.webhook_retry_base_seconds, settings.webhook_max_attempts, settings.webhooks) == (0.25, 3, False)
    assert Settings.from_env({"PANTHEON_DATA_DIR": str(tmp_path)}).webhook_allowed_hosts == frozenset()
    for name, value in [("PANTHEON_WEBHOOK_TIMEOUT_SECONDS", "0"), ("PANTHEON_WEBHOOK_RETRY_MAX_SECONDS", "soon")]:
        with pytest.raises(SystemExit, match=name):
            Settings.from_env({**env, name: value})


def test_retries_back_off_exponentially_up_to_the_cap_with_jitter() -> None:
    delays = [retry_delay(n, 5.0, 3600.0) for n in range(1, 13)]
    for n, delay in enumerate(delays[:9], start=1):
        assert 0.8 * 5 * 2 ** (n - 1) <= delay <= 1.2 * 5 * 2 ** (n - 1)
    assert all(0.8 * 3600 <= d <= 1.2 * 3600 for d in delays[10:])  # 5 * 2**10 is past the cap


async def test_a_game_holds_at_most_20_webhooks_and_unknown_deliveries_are_404(api: Api) -> None:
    game = await api.create_game()
    hooks = [
        await register(api, game, game["gm_token"], url=f"http://127.0.0.1:9/{n}", filters=["game.ended"])
        for n in range(20)
    ]
    base = f"/v1/games/{game['game_id']}/webhooks"
    one_more = await api.client.post(
        base, json={"url": "http://127.0.0.1:9/x", "filters": ["any"]}, headers=api.auth(game["gm_token"])
    )
    assert one_more.status_code == 409 and one_more.json()["code"] == "webhook.too_many"
    replay = await api.client.post(
        f"{base}/{hooks[0]['webhook']['webhook_id']}/deliveries/msg_nope/replay", headers=api.auth(game["gm_token"])
    )
    assert replay.status_code == 404 and replay.json()["code"] == "webhook.delivery_not_found"
