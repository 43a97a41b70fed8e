"""Content-pack lists come a page at a time, over HTTP and GraphQL, with the conventions of `GET /v1/games`:
`limit` 1-500 (default 100), `next_cursor` passed back as `cursor`, null on the last page, and a cursor that was
not issued here refused as 422 `request.bad_cursor` (application/problem+json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ADMIN, Api
from tests.server.test_errors import assert_problem

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = json.loads((ROOT / "examples/content/second-era-first-era-acts.json").read_text())
PACKS = "/v1/rulesets/second-era/content-packs"
STORED = [("acts-a", 1), ("acts-a", 2), ("acts-a", 3), ("acts-b", 1), ("acts-b", 2)]


async def _store(api: Api) -> None:
    for name, version in reversed(STORED):  # uploaded out of order: the list's order is its own
        body = {"name": name, "version": version, "content": SAMPLE}
        response = await api.client.post(PACKS, json=body, headers=api.auth(ADMIN))
        assert response.status_code == 201, response.text


async def _pages(api: Api, **params: Any) -> list[list[tuple[str, int]]]:
    pages, cursor = [], None
    while True:
        query = {**params, **({"cursor": cursor} if cursor is not None else {})}
        response = await api.get(PACKS, ADMIN, **query)
        assert response.status_code == 200, response.text
        body = response.json()
        pages.append([(p["name"], p["version"]) for p in body["packs"]])
        cursor = body["next_cursor"]
        if cursor is None:
            return pages
        assert len(pages) <= len(STORED), "the cursor never ends"


async def test_content_packs_are_listed_a_page_at_a_time(api: Api) -> None:
    await _store(api)
    assert await _pages(api) == [STORED]  # default limit 100: one page, no cursor
    assert await _pages(api, limit=2) == [STORED[0:2], STORED[2:4], STORED[4:5]]
    assert await _pages(api, limit=5) == [STORED]  # exactly full: no empty page after it
    assert await _pages(api, limit=1, name="acts-b") == [[("acts-b", 1)], [("acts-b", 2)]]
    # A cursor of the right form past the last pack is an empty last page, not an error.
    beyond = (await api.get(PACKS, ADMIN, cursor="zz|1")).json()
    assert beyond == {"packs": [], "next_cursor": None}


@pytest.mark.parametrize("cursor", ["garbage", "acts-a|0", "acts-a|x", "acts-a|1000001", "Acts|1", "|1", "acts-a|"])
async def test_a_cursor_that_was_not_issued_is_refused(api: Api, cursor: str) -> None:
    assert_problem(await api.get(PACKS, ADMIN, cursor=cursor), 422, "request.bad_cursor", "next_cursor")


@pytest.mark.parametrize("params", [{"limit": 0}, {"limit": 501}, {"limit": "many"}, {"cursor": "a" * 201}])
async def test_paging_parameters_have_bounds(api: Api, params: dict[str, Any]) -> None:
    body = assert_problem(await api.get(PACKS, ADMIN, **params), 422, "request.invalid", next(iter(params)))
    assert body["errors"], body


PAGE = 'query($c: String, $l: Int!) { contentPacks(rulesetId: "second-era", limit: $l, cursor: $c) }'


async def test_graphql_pages_content_packs_the_same_way(api: Api) -> None:
    from tests.server.test_graphql import error_code, gql

    await _store(api)
    seen, cursor = [], None
    while True:
        body = await gql(api, PAGE, ADMIN, c=cursor, l=2)
        page = body["data"]["contentPacks"]
        seen.append([(p["name"], p["version"]) for p in page["packs"]])
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [STORED[0:2], STORED[2:4], STORED[4:5]]
    assert await error_code(api, PAGE, ADMIN, c="garbage", l=2) == "request.bad_cursor"
    assert await error_code(api, PAGE, ADMIN, c=None, l=501) == "request.invalid"
    assert await error_code(api, PAGE, ADMIN, c="a" * 201, l=2) == "request.invalid"
