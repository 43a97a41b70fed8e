"""What every bot does on the wire: send one command so that a retry can never apply it twice.

The command carries an `Idempotency-Key` (same key, same body: the server answers with the original result and
appends nothing) and `If-Match` with the version the bot decided on. After a transport failure the identical
request is sent again; a 409 `command.version_conflict` means the game moved on and the bot should re-read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx

RETRIES = 5


async def send_command(
    client: httpx.AsyncClient,
    game_id: str,
    headers: dict[str, str],
    body: dict[str, Any],
    *,
    key: str,
    version: int,
    label: str,
    say: Callable[[str], object],
) -> httpx.Response | None:
    """The server's answer, or `None` on a version conflict (nothing was appended: re-read and decide again)."""
    headers = {**headers, "Idempotency-Key": key, "If-Match": f'"{version}"'}
    for attempt in range(RETRIES):
        try:
            response = await client.post(f"/v1/games/{game_id}/commands", json=body, headers=headers)
        except httpx.TransportError as error:
            say(f"{label}: {error!r}; resending the same request")
            await asyncio.sleep(0.2 * 2**attempt)
            continue
        if response.status_code == 409 and response.json().get("code") == "command.version_conflict":
            return None
        return response
    raise RuntimeError(f"{label}: the server did not answer")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def read(
    client: httpx.AsyncClient, game_id: str, token: str, path: str, say: Callable[[str], object], **params: Any
) -> Any:
    """GET a game resource, retrying after a transport failure (reads are safe to repeat)."""
    for attempt in range(RETRIES):
        try:
            response = await client.get(f"/v1/games/{game_id}{path}", headers=bearer(token), params=params)
            response.raise_for_status()
            return response.json()
        except httpx.TransportError as error:
            say(f"read {path} failed ({error!r}); retrying")
            await asyncio.sleep(0.2 * 2**attempt)
    raise RuntimeError(f"could not read {path}")
