"""A seat never sees another seat's secrets: not through state, time travel, events, turn reports, live events,
command responses or error messages. The test ruleset's secrets are each bidder's gold, bid and note."""

from __future__ import annotations

import asyncio
import json

import httpx

from tests.server.conftest import Api, LiveServer

SECRET_NOTE = "ann-hides-the-crown-XYZZY"


async def secrets_planted(api: Api) -> tuple[dict, str, str, str]:  # type: ignore[type-arg]
    game, ann, bob = await api.started_game()
    watcher = (await api.add_seat(game, None, role="observer"))["token"]
    assert (await api.command(game, ann, {"type": "PlaceBid", "amount": 7})).status_code == 200
    assert (await api.command(game, ann, {"type": "WriteNote", "text": SECRET_NOTE})).status_code == 200
    # The GM's physical dice for the next roll are secret from every seat too.
    assert (
        await api.command(game, game["gm_token"], {"type": "EnterDice", "sides": 6, "results": [6]})
    ).status_code == 200
    return game, ann, bob, watcher


def assert_no_secret(body: str) -> None:
    assert SECRET_NOTE not in body
    assert '"BidPlaced"' not in body and '"NoteWritten"' not in body and '"DiceEntered"' not in body
    assert '"setup":{' not in body.replace(" ", "")  # the scenario document is the GM's


async def test_other_seats_and_observers_never_see_a_secret_over_rest(api: Api) -> None:
    game, _, bob, watcher = await secrets_planted(api)
    gid = game["game_id"]
    for token in (bob, watcher):
        bodies = []
        state = await api.get(f"/v1/games/{gid}/state", token)
        ann_row = next(b for b in state.json()["view"]["bidders"] if b["name"] == "ann")
        assert ann_row["bid"] is None and ann_row["gold"] is None and ann_row["note"] is None
        assert ann_row["has_bid"] is True  # that a bid was placed is public, its amount is not
        bodies.append(state.text)
        for version in range(1, state.json()["version"] + 1):
            past = await api.get(f"/v1/games/{gid}/state", token, at_version=version)
            assert past.status_code == 200
            bodies.append(past.text)
        bodies.append((await api.get(f"/v1/games/{gid}/state", token, at_turn=1)).text)
        bodies.append((await api.get(f"/v1/games/{gid}/events", token, limit=1000)).text)
        bodies.append((await api.get(f"/v1/games/{gid}/turns/1", token)).text)
        bodies.append((await api.get(f"/v1/games/{gid}", token)).text)
        bodies.append((await api.get(f"/v1/games/{gid}/commands/available", token)).text)
        for body in bodies:
            assert_no_secret(body)
        pending = (await api.get(f"/v1/games/{gid}", token)).json()["game"]["pending_dice"]
        assert pending is None


async def test_the_owner_and_the_gm_see_the_secret(api: Api) -> None:
    game, ann, _, _ = await secrets_planted(api)
    gid = game["game_id"]
    for token in (ann, game["gm_token"]):
        state = (await api.get(f"/v1/games/{gid}/state", token)).json()
        ann_row = next(b for b in state["view"]["bidders"] if b["name"] == "ann")
        assert ann_row["bid"] == 7 and ann_row["note"] == SECRET_NOTE
        events = (await api.get(f"/v1/games/{gid}/events", token)).text
        assert SECRET_NOTE in events
    gm_events = (await api.get(f"/v1/games/{gid}/events", game["gm_token"])).json()["events"]
    assert all("metadata" in e for e in gm_events)
    ann_events = (await api.get(f"/v1/games/{gid}/events", ann)).json()["events"]
    assert all("metadata" not in e for e in ann_events)  # token ids and actors are for the GM


async def test_refusals_and_command_results_do_not_leak(api: Api) -> None:
    game, _, bob, _ = await secrets_planted(api)
    refused = await api.command(game, bob, {"type": "PlaceBid", "amount": 999})
    assert refused.status_code == 422 and refused.json()["code"] == "bids.not_enough_gold"
    assert "10" in refused.json()["detail"]  # bob's own gold, nobody else's
    assert_no_secret(refused.text)
    ruling = await api.command(game, bob, {"type": "GrantGold", "bidder": "ann", "amount": 1, "reason": "x"})
    assert ruling.status_code == 403 and ruling.json()["code"] == "engine.forbidden"
    advanced = await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    assert advanced.status_code == 200
    # Bob, reading the resolution afterwards, learns the public outcome only.
    events = (await api.get(f"/v1/games/{game['game_id']}/events", bob)).text
    assert '"AuctionWon"' in events
    assert_no_secret(events)


async def test_a_token_for_one_game_cannot_read_another(api: Api) -> None:
    first, ann, _ = await api.started_game()
    second = await api.create_game()
    for path in ("", "/state", "/events", "/turns", "/commands/available"):
        response = await api.get(f"/v1/games/{second['game_id']}{path}", ann)
        assert response.status_code == 404 and response.json()["code"] == "game.not_found"
    listed = (await api.get("/v1/games", ann)).json()["games"]
    assert [g["game_id"] for g in listed] == [first["game_id"]]


async def read_sse(
    client: httpx.AsyncClient, url: str, token: str, want: int, last_event_id: str | None = None
) -> list[dict]:  # type: ignore[type-arg]
    headers = {"Authorization": f"Bearer {token}"}
    if last_event_id is not None:
        headers["Last-Event-ID"] = last_event_id
    received: list[dict] = []  # type: ignore[type-arg]
    async with client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                received.append(json.loads(line[6:]))
                if len(received) >= want:
                    break
    return received


async def test_live_events_are_filtered_per_seat_and_resumable(live_server: LiveServer) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=10) as client:
        api = Api(client=client, services=live_server.services)
        game, ann, bob = await api.started_game()
        url = f"/v1/games/{game['game_id']}/events/stream"
        # Bob subscribes before ann acts; he must get the public events only, live.
        bob_task = asyncio.create_task(read_sse(client, url, bob, want=6))
        ann_task = asyncio.create_task(read_sse(client, url, ann, want=8))
        await asyncio.sleep(0.3)
        await api.command(game, ann, {"type": "WriteNote", "text": SECRET_NOTE})
        await api.command(game, ann, {"type": "PlaceBid", "amount": 7})
        await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
        bob_seen = await asyncio.wait_for(bob_task, 10)
        ann_seen = await asyncio.wait_for(ann_task, 10)
        assert_no_secret(json.dumps(bob_seen))
        assert SECRET_NOTE in json.dumps(ann_seen)
        assert [e["version"] for e in bob_seen] == sorted(e["version"] for e in bob_seen)
        # Resume after the 3rd event bob saw: only later events come back.
        resumed = await read_sse(client, url, bob, want=1, last_event_id=str(bob_seen[2]["version"]))
        assert resumed[0]["version"] == bob_seen[3]["version"]
