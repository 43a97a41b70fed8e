"""Command submission semantics: If-Match, Idempotency-Key, available commands, rulesets and paging."""

from __future__ import annotations

from tests.server.conftest import ADMIN, Api


async def events_of(api: Api, game: dict, token: str) -> list[dict]:  # type: ignore[type-arg]
    return (await api.get(f"/v1/games/{game['game_id']}/events", token, limit=1000)).json()["events"]  # type: ignore[no-any-return]


async def test_if_match_pins_the_version_and_a_stale_one_is_a_409(api: Api) -> None:
    game, ann, _ = await api.started_game()
    head = (await api.get(f"/v1/games/{game['game_id']}/state", ann)).json()["version"]
    ok = await api.command(game, ann, {"type": "WriteNote", "text": "a"}, **{"If-Match": f'"{head}"'})
    assert ok.status_code == 200 and ok.headers["ETag"] == f'"{head + 1}"'
    stale = await api.command(game, ann, {"type": "WriteNote", "text": "b"}, **{"If-Match": f'"{head}"'})
    assert stale.status_code == 409
    assert stale.json()["code"] == "command.version_conflict" and stale.json()["current_version"] == head + 1
    assert stale.headers["content-type"] == "application/problem+json"
    assert len(await events_of(api, game, game["gm_token"])) == head + 1


async def test_the_same_idempotency_key_returns_the_original_result_and_appends_nothing(api: Api) -> None:
    game, ann, _ = await api.started_game()
    first = await api.command(game, ann, {"type": "PlaceBid", "amount": 3}, **{"Idempotency-Key": "bid-1"})
    again = await api.command(game, ann, {"type": "PlaceBid", "amount": 3}, **{"Idempotency-Key": "bid-1"})
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["command_id"] == first.json()["command_id"]
    assert again.json()["version"] == first.json()["version"]
    assert [e["type"] for e in await events_of(api, game, ann)].count("BidPlaced") == 1
    other = await api.command(game, ann, {"type": "PlaceBid", "amount": 4}, **{"Idempotency-Key": "bid-1"})
    assert other.status_code == 422 and other.json()["code"] == "idempotency.key_reused"


async def test_a_refusal_is_replayed_too(api: Api) -> None:
    game, ann, _ = await api.started_game()
    first = await api.command(game, ann, {"type": "PlaceBid", "amount": 99}, **{"Idempotency-Key": "k"})
    # Even after the game changes, the retry gets the original refusal, not a new decision.
    await api.command(game, game["gm_token"], {"type": "GrantGold", "bidder": "ann", "amount": 200, "reason": "r"})
    again = await api.command(game, ann, {"type": "PlaceBid", "amount": 99}, **{"Idempotency-Key": "k"})
    assert first.status_code == again.status_code == 422
    assert again.json()["code"] == first.json()["code"] == "bids.not_enough_gold"
    assert again.headers["Idempotent-Replayed"] == "true"


async def test_keys_belong_to_their_caller(api: Api) -> None:
    game, ann, bob = await api.started_game()
    a = await api.command(game, ann, {"type": "WriteNote", "text": "x"}, **{"Idempotency-Key": "same"})
    b = await api.command(game, bob, {"type": "WriteNote", "text": "x"}, **{"Idempotency-Key": "same"})
    assert a.status_code == b.status_code == 200 and a.json()["command_id"] != b.json()["command_id"]


async def test_available_commands_follow_the_caller_and_the_phase(api: Api) -> None:
    game = await api.create_game()
    ann = (await api.add_seat(game, "ann"))["token"]
    gid = game["game_id"]
    before = (await api.get(f"/v1/games/{gid}/commands/available", game["gm_token"])).json()
    assert [c["type"] for c in before["commands"]] == ["EnterDice", "StartGame", "SetOrderLimit", "EndGame"]
    assert (await api.get(f"/v1/games/{gid}/commands/available", ann)).json()["commands"] == []
    await api.command(game, game["gm_token"], {"type": "StartGame"})
    seat = (await api.get(f"/v1/games/{gid}/commands/available", ann)).json()
    assert [c["type"] for c in seat["commands"]] == ["PlaceBid", "WriteNote"]
    assert seat["commands"][0]["schema"]["$defs"]["PlaceBid"]["required"] == ["amount"] or "amount" in str(
        seat["commands"][0]["schema"]
    )
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    talk = (await api.get(f"/v1/games/{gid}/commands/available", ann)).json()
    assert talk["phase"] == "talk" and [c["type"] for c in talk["commands"]] == ["WriteNote"]


async def test_rulesets_list_their_json_schemas(api: Api) -> None:
    listed = (await api.client.get("/v1/rulesets")).json()["rulesets"]
    assert "test-bids" in [r["id"] for r in listed]
    detail = (await api.client.get("/v1/rulesets/test-bids")).json()
    assert detail["ruleset"]["phases"][0]["name"] == "bidding"
    assert "PlaceBid" in str(detail["schemas"]["commands"]) and "StartGame" in str(detail["schemas"]["commands"])
    assert "bidders" in str(detail["schemas"]["setup"])
    missing = await api.client.get("/v1/rulesets/nope")
    assert missing.status_code == 404 and missing.json()["code"] == "ruleset.not_found"


async def test_events_page_by_version(api: Api) -> None:
    game, ann, _ = await api.started_game()
    for i in range(5):
        await api.command(game, ann, {"type": "WriteNote", "text": str(i)})
    page = (await api.get(f"/v1/games/{game['game_id']}/events", ann, after=0, limit=3)).json()
    assert [e["version"] for e in page["events"]] == [1, 2, 3] and page["more"]
    rest = (await api.get(f"/v1/games/{game['game_id']}/events", ann, after=page["next_after"])).json()
    assert rest["events"][0]["version"] == 4 and not rest["more"]


async def test_scenario_validation_errors_say_what_is_wrong(api: Api) -> None:
    bad = await api.client.post(
        "/v1/games",
        headers=api.auth(ADMIN),
        json={"ruleset": "test-bids", "name": "x", "scenario": {"bidders": "ann"}},
    )
    assert bad.status_code == 422 and bad.json()["code"] == "scenario.invalid"
    assert "bidders" in bad.json()["detail"]
    impossible = await api.client.post(
        "/v1/games",
        headers=api.auth(ADMIN),
        json={"ruleset": "test-bids", "name": "x", "scenario": {"bidders": []}},
    )
    assert impossible.status_code == 422 and impossible.json()["code"] == "bids.bad_bidders"


async def test_seats_only_control_what_the_ruleset_allows(api: Api) -> None:
    game = await api.create_game()
    bad = await api.client.post(
        f"/v1/games/{game['game_id']}/seats",
        headers=api.auth(game["gm_token"]),
        json={"name": "zed", "controls": "zed"},
    )
    assert bad.status_code == 422 and bad.json()["code"] == "bids.unknown_bidder"


async def test_turn_summaries_and_reports(api: Api) -> None:
    game, ann, _ = await api.started_game()
    await api.command(game, ann, {"type": "PlaceBid", "amount": 1})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    await api.command(game, game["gm_token"], {"type": "AdvancePhase"})
    turns = (await api.get(f"/v1/games/{game['game_id']}/turns", ann)).json()["turns"]
    assert [t["turn"] for t in turns] == [1, 2] and turns[0]["ended_version"] is not None
    assert [p["phase"] for p in turns[0]["phases"]] == ["bidding", "talk"]
    report = (await api.get(f"/v1/games/{game['game_id']}/turns/1", ann)).json()
    assert "AuctionWon" in [e["type"] for e in report["events"]]
    assert (await api.get(f"/v1/games/{game['game_id']}/turns/9", ann)).status_code == 404


async def test_seat_roles_bot_plays_co_gm_rules_observer_watches(api: Api) -> None:
    game = await api.create_game()
    bot = (await api.add_seat(game, "ann", role="bot"))["token"]
    co_gm = (await api.add_seat(game, None, role="co_gm"))["token"]
    observer = (await api.add_seat(game, None, role="observer"))["token"]
    assert (await api.command(game, co_gm, {"type": "StartGame"})).status_code == 200
    assert (await api.command(game, bot, {"type": "PlaceBid", "amount": 2})).status_code == 200
    watched = await api.command(game, observer, {"type": "WriteNote", "text": "hi"})
    assert watched.status_code == 403 and watched.json()["code"] == "engine.forbidden"
    ruling = await api.command(game, co_gm, {"type": "GrantGold", "bidder": "ann", "amount": 5, "reason": "typo fix"})
    assert ruling.status_code == 200
    seen = (await api.get(f"/v1/games/{game['game_id']}/state", co_gm)).json()["view"]["bidders"]
    assert next(b for b in seen if b["name"] == "ann")["bid"] == 2  # a co-GM sees what the GM sees
    seat = await api.client.post(f"/v1/games/{game['game_id']}/seats", headers=api.auth(bot), json={"name": "x"})
    assert seat.status_code == 403 and seat.json()["code"] == "auth.forbidden"


async def test_every_event_records_who_acted_with_which_token(api: Api) -> None:
    game, ann, _ = await api.started_game()
    ann_seat = (await api.get(f"/v1/games/{game['game_id']}", ann)).json()["you"]["seat_id"]
    await api.command(game, ann, {"type": "WriteNote", "text": "x"}, **{"X-Correlation-Id": "trace-42"})
    events = (await api.get(f"/v1/games/{game['game_id']}/events", game["gm_token"])).json()["events"]
    note = next(e for e in events if e["type"] == "NoteWritten")
    meta = note["metadata"]
    assert meta["seat_id"] == ann_seat and meta["role"] == "player" and meta["token_id"] == ann[4:16]
    assert meta["correlation_id"] == "trace-42" and meta["command_type"] == "WriteNote" and meta["turn"] == 1


async def test_a_paused_game_says_so_and_a_passed_deadline_empties_the_seats_commands(api: Api) -> None:
    game, ann, _ = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    await api.command(game, gm, {"type": "PauseGame", "reason": "GM away"})
    assert (await api.get(f"/v1/games/{gid}", ann)).json()["game"]["paused_at"] is not None
    await api.command(game, gm, {"type": "ResumeGame", "reason": "back"})
    assert (await api.get(f"/v1/games/{gid}", ann)).json()["game"]["paused_at"] is None
    await api.command(game, gm, {"type": "SetDeadline", "deadline": "2020-01-01T00:00:00Z", "reason": "passed"})
    assert (await api.get(f"/v1/games/{gid}/commands/available", ann)).json()["commands"] == []
