"""The docs as a browser sees them, with nothing loaded from another host: the landing page, Swagger UI at
`/docs`, GraphiQL at `/graphql` running a query, and a frontend on another origin following a game with a plain
`EventSource` through a stream ticket (CORS preflight included). Screenshots per step in screenshots/<test>/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import PageWatch, ThreadedServer
from tests.server.conftest import ADMIN

pytestmark = pytest.mark.asyncio(loop_scope="session")
TIMEOUT_MS = 60_000


async def new_page(chromium: Any) -> tuple[Any, Any, PageWatch]:
    context = await chromium.new_context(viewport={"width": 1280, "height": 900})
    watch = PageWatch()
    return context, watch.attach(await context.new_page()), watch


async def test_landing_swagger_ui_and_graphiql_work_offline(
    chromium: Any, threaded_server: ThreadedServer, screenshots: Path
) -> None:
    base = threaded_server.base_url
    context, page, watch = await new_page(chromium)
    try:
        await page.goto(base + "/", timeout=TIMEOUT_MS)
        links = {await a.get_attribute("href") for a in await page.locator("a").all()}
        assert {"/docs", "/graphql", "/openapi.json", "/schema.graphql", "/v1/rulesets"} <= links
        await page.screenshot(path=screenshots / "1-landing.png", full_page=True)

        await page.click("a[href='/docs']")
        await page.wait_for_selector(".opblock", timeout=TIMEOUT_MS)
        operations = await page.locator(".opblock-summary-path").all_inner_texts()
        assert "/v1/games/{game_id}/commands" in [text.replace("\u200b", "") for text in operations]
        assert len(operations) >= 20, operations
        await page.screenshot(path=screenshots / "2-swagger-ui.png")

        await page.goto(base + "/graphql", timeout=TIMEOUT_MS)
        await page.wait_for_selector(".graphiql-execute-button", timeout=TIMEOUT_MS)
        await page.screenshot(path=screenshots / "3-graphiql.png")
        await page.click(".graphiql-execute-button")
        result = page.locator(".graphiql-response")
        await result.get_by_text("second-era").wait_for(timeout=TIMEOUT_MS)
        assert '"rulesets"' in await result.inner_text()
        await page.screenshot(path=screenshots / "4-graphiql-query-ran.png")
    finally:
        await context.close()
    assert watch.requests, "the browser made no request"
    assert watch.off_host() == [], "requests left 127.0.0.1"
    assert watch.errors == [], watch.errors


async def test_a_frontend_on_another_origin_follows_a_game_with_a_stream_ticket(
    chromium: Any, threaded_server: ThreadedServer, other_origin: str, screenshots: Path
) -> None:
    base = threaded_server.base_url
    async with httpx.AsyncClient(base_url=base, headers={"Authorization": f"Bearer {ADMIN}"}) as http:
        game = (
            await http.post(
                "/v1/games", json={"ruleset": "test-bids", "name": "CORS", "scenario": {"bidders": ["ann", "bob"]}}
            )
        ).json()
        gm = {"Authorization": f"Bearer {game['gm_token']}"}
        seats = [
            await http.post(
                f"/v1/games/{game['game_id']}/seats", json={"name": n, "role": "player", "controls": n}, headers=gm
            )
            for n in ("ann", "bob")
        ]
        ann, bob = (seat.json()["token"] for seat in seats)
        started = await http.post(f"/v1/games/{game['game_id']}/commands", json={"type": "StartGame"}, headers=gm)
        assert started.is_success

    context, page, watch = await new_page(chromium)
    try:
        await page.goto(f"{other_origin}/stream.html#api={base}&game={game['game_id']}&token={bob}", timeout=TIMEOUT_MS)
        await page.get_by_text("stream open").wait_for(timeout=TIMEOUT_MS)
        assert "ticket 200, correlation frontend-1" in await page.inner_text("#status")  # exposed header
        await page.get_by_text("GameStarted").wait_for(timeout=TIMEOUT_MS)
        async with httpx.AsyncClient(base_url=base) as http:
            for token, command in ((ann, {"type": "PlaceBid", "amount": 7}), (bob, {"type": "PlaceBid", "amount": 3})):
                sent = await http.post(
                    f"/v1/games/{game['game_id']}/commands", json=command, headers={"Authorization": f"Bearer {token}"}
                )
                assert sent.is_success, sent.text
        await page.get_by_text("BidPlaced").wait_for(timeout=TIMEOUT_MS)
        await page.screenshot(path=screenshots / "1-stream-from-other-origin.png")
        lines = (await page.inner_text("#log")).splitlines()
    finally:
        await context.close()
    # Bob's ticket streams what Bob's token would: his own bid, never Ann's (same redaction as the bearer path).
    assert len([line for line in lines if line.endswith("BidPlaced")]) == 1, lines
    assert all(re.fullmatch(r"\d+ \w+", line) for line in lines), lines
    assert watch.off_host() == [], "requests left 127.0.0.1"
    assert watch.errors == [], watch.errors
