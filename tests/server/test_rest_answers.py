"""The REST layer's own answer and body reading (`server/rest.py`): `JsonAnswer` carries exactly the headers
Starlette's `Response` would, and `read_body` reads what `Request.body()` reads, a disconnect included."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response

from server.rest import JsonAnswer, ok, read_body
from tests.server.conftest import Api


@pytest.mark.parametrize(
    ("status", "headers"),
    [(200, None), (201, {"Location": "/v1/x"}), (200, {"ETag": '"3"', "Idempotent-Replayed": "true"}), (204, None)],
)
def test_a_json_answer_has_the_headers_starlette_gives_it(status: int, headers: dict[str, str] | None) -> None:
    body = b'{"a":1}'
    ours = JsonAnswer(body, status, headers)
    theirs = Response(body, status_code=status, headers=headers, media_type="application/json")
    assert ours.raw_headers == theirs.raw_headers and ours.body == theirs.body and ours.status_code == status
    ours.headers["X-More"] = "1"  # headers can still be changed after the fact, as on any response
    assert (b"x-more", b"1") in ours.raw_headers
    assert ok({"a": 1}).body == body


def _request(messages: list[dict[str, Any]]) -> Request:
    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    return Request({"type": "http", "method": "POST", "path": "/", "headers": []}, receive)


async def test_the_body_is_read_whole_from_its_chunks_and_a_disconnect_is_starlettes() -> None:
    chunks = [
        {"type": "http.request", "body": b'{"type":', "more_body": True},
        {"type": "http.request", "body": b"", "more_body": True},
        {"type": "http.request", "body": b'"StartGame"}', "more_body": False},
    ]
    assert await read_body(_request(list(chunks))) == await _request(list(chunks)).body()
    gone = [{"type": "http.request", "body": b"{", "more_body": True}, {"type": "http.disconnect"}]
    with pytest.raises(ClientDisconnect):
        await read_body(_request(gone))
    assert await read_body(_request([{"type": "http.request"}])) == b""


async def test_a_command_sent_in_pieces_is_read_whole(api: Api) -> None:
    game, ann, _ = await api.started_game()

    async def pieces() -> Any:
        yield b'{"type": "WriteNote",'
        yield b' "text": "in pieces"}'

    answer = await api.client.post(f"/v1/games/{game['game_id']}/commands", content=pieces(), headers=api.auth(ann))
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert int(answer.headers["content-length"]) == len(answer.content)
