"""One example request and response for every operation of the OpenAPI document (a test-bids game of two seats).

`add_examples` writes them into the document: request bodies and parameters get an `example`, the success
response an `examples` entry. tests/server/test_openapi_contract.py checks each against its schema.
"""

from __future__ import annotations

from typing import Any

GAME = "0b7f4c1e-6d2a-4f0e-9a51-3c8d2e7f9a10"
SEAT = "seat-ann"
WHEN = "2026-11-24T20:00:00Z"
COMMITMENT = "5f0c6b8e0a7d4c3b2a1908f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3a"

_SEATS = [{"seat_id": SEAT, "name": "ann", "role": "player", "controls": "ann"}]
_META = {
    "game_id": GAME,
    "name": "Friday game",
    "ruleset_id": "test-bids",
    "ruleset_version": 1,
    "status": "running",
    "turn": 1,
    "phase": "bidding",
    "deadline": None,
    "seats": _SEATS,
    "dice_commitment": COMMITMENT,
    "dice_epoch": 0,
}
_EVENT = {"version": 5, "type": "NoteWritten", "data": {"type": "NoteWritten", "by": "ann", "text": "hello"}}
_ACCEPTED = {"status": "accepted", "game_id": GAME, "command_id": "c-7", "version": 5, "events": [_EVENT]}
_SUMMARY = {
    "game_id": GAME,
    "name": "Friday game",
    "ruleset_id": "test-bids",
    "ruleset_version": 1,
    "status": "running",
    "turn": 1,
    "phase": "bidding",
    "deadline": None,
    "seat_count": 1,
    "version": 5,
    "created_at": WHEN,
}
_TURN = {
    "turn": 1,
    "started_version": 3,
    "started_at": WHEN,
    "ended_version": None,
    "ended_at": None,
    "phases": [{"phase": "bidding", "version": 3}],
}
_RULESET = {
    "id": "second-era",
    "version": 1,
    "title": "The Second Era",
    "description": "Gods, tribes and turns of sealed orders.",
    "phases": [{"name": "orders", "commands": ["GrowTribe"], "deadline_seconds": 86400, "resolves": True}],
    "commands": ["GrowTribe"],
    "gm_commands": [],
}

_PACK = {"acts": [{"id": "shape-land", "name": "Shape Land", "mana": 10, "line": 5}]}
_PACK_SUMMARY = {
    "ruleset_id": "second-era",
    "name": "first-era-acts",
    "version": 2,
    "digest": COMMITMENT,
    "description": "Costs for our table",
    "uploaded_at": WHEN,
    "bytes": 71,
}

# operationId -> (request body or None, success response)
EXAMPLES: dict[str, tuple[Any, Any]] = {
    "health": (None, {"status": "ok", "database": "ok"}),
    "listRulesets": (None, {"rulesets": [_RULESET]}),
    "getRuleset": (
        None,
        {
            "ruleset": _RULESET,
            "schemas": {"commands": {"anyOf": []}, "events": {"anyOf": []}, "setup": {}, "settings": {}, "view": {}},
            "dice_purposes": [
                {
                    "purpose": "battle:<land>",
                    "dice": "2d6",
                    "decides": "Each side's battle roll",
                    "faces": "The sum is added to the side's strength",
                }
            ],
        },
    ),
    "getRulesetOpenapi": (
        None,
        {"openapi": "3.1.0", "info": {"title": "Pantheon: The Second Era", "version": "0.1.0"}, "paths": {}},
    ),
    "createGame": (
        {"ruleset": "test-bids", "name": "Friday game", "scenario": {"bidders": ["ann", "bob"]}},
        {
            "game_id": GAME,
            "version": 1,
            "gm_token": "pnt_gm1.s3cr3t",
            "gm_token_id": "gm1",
            "dice_commitment": COMMITMENT,
        },
    ),
    "listGames": (None, {"games": [_SUMMARY], "next_cursor": None}),
    "getGame": (None, {"version": 5, "game": _META, "you": {"role": "gm"}}),
    "addSeat": (
        {"name": "ann", "role": "player", "controls": "ann"},
        {"seat": _SEATS[0], "token": "pnt_ann1.s3cr3t", "token_id": "ann1", "version": 2},
    ),
    "submitCommand": ({"type": "StartGame"}, _ACCEPTED),
    "availableCommands": (
        None,
        {
            "version": 5,
            "turn": 1,
            "phase": "bidding",
            "deadline": None,
            "commands": [{"type": "WriteNote", "schema": {"type": "object", "required": ["type", "text"]}}],
        },
    ),
    "getState": (None, {"version": 5, "latest_version": 5, "game": _META, "view": {"bids": {}}}),
    "listEvents": (None, {"events": [_EVENT], "next_after": 5, "head_version": 5, "more": False}),
    "streamEvents": (None, {"id": "5", "event": "NoteWritten", "data": '{"version":5,"type":"NoteWritten"}'}),
    "listTurns": (None, {"turns": [_TURN]}),
    "getTurn": (None, {"turn": _TURN, "events": [_EVENT]}),
    "rollback": ({"reason": "A misread order", "to_version": 4}, {**_ACCEPTED, "version": 6, "events": []}),
    "integrity": (
        None,
        {"game_id": GAME, "ok": True, "checked": 5, "head_version": 5, "head_hash": COMMITMENT},
    ),
    "audit": (
        None,
        {
            "entries": [
                {
                    "command_id": "c-7",
                    "command_type": "WriteNote",
                    "outcome": "accepted",
                    "actor": "seat:ann",
                    "role": "player",
                    "recorded_at": WHEN,
                    "seat_id": SEAT,
                    "first_version": 5,
                    "last_version": 5,
                    "event_types": ["NoteWritten"],
                }
            ],
            "next_cursor": None,
        },
    ),
    "readjudicate": (
        {"reason": "Ann's order was lost in the mail", "dry_run": True},
        {
            "preview": {
                "closing_version": 9,
                "replayed_phases": 1,
                "event_count": 4,
                "changes": {SEAT: [{"path": "/bids/ann", "before": 3, "after": 5}]},
            },
            "committed": None,
        },
    ),
    "fork": (
        {"name": "What if ann bid 5", "at_version": 4},
        {
            "game_id": "7d1e2f3a-0b9c-4d8e-8f7a-6b5c4d3e2f1a",
            "forked_from": GAME,
            "forked_at_version": 4,
            "version": 6,
            "gm_token": "pnt_gm2.s3cr3t",
            "gm_token_id": "gm2",
            "dice_commitment": COMMITMENT,
            "seats": [{"seat_id": SEAT, "name": "ann", "role": "player", "controls": "ann", "token": "pnt_a2.s3"}],
        },
    ),
    "diff": (
        None,
        {
            "before": {"game_id": GAME, "version": 4},
            "after": {"game_id": GAME, "version": 5},
            "changes": [{"path": "/view/notes/0", "before": None, "after": "hello"}],
        },
    ),
    "listDice": (
        None,
        {
            "game_id": GAME,
            "version": 5,
            "current_epoch": 0,
            "reveal_mode": "manual",
            "epochs": [{"epoch": 0, "commitment": COMMITMENT, "committed_version": 1}],
            "rolls": [
                {
                    "version": 4,
                    "purpose": "initiative",
                    "count": 1,
                    "sides": 6,
                    "results": [4],
                    "roll_index": 0,
                    "source": "server",
                    "epoch": 0,
                    "verifiable": False,
                }
            ],
        },
    ),
    "revealDice": ({"reason": "End of turn 1"}, {**_ACCEPTED, "version": 7, "events": []}),
    "exportGame": (None, '{"kind": "header", "game_id": "' + GAME + '"}\n'),
}

_WEBHOOK = {
    "webhook_id": "wh-1",
    "game_id": GAME,
    "seat_id": SEAT,
    "url": "https://bot.example.org/pantheon",
    "description": "ann's bot",
    "filters": ["turn.resolved", "deadline.approaching"],
    "lead_times": [3600],
    "active": True,
    "created_by": "gm",
    "created_at": WHEN,
    "updated_at": WHEN,
}
_DELIVERY = {
    "delivery_id": "d-1",
    "webhook_id": "wh-1",
    "status": "delivered",
    "created_at": WHEN,
    "attempts": 1,
    "stream_version": 9,
    "event_type": "turn.resolved",
    "next_attempt_at": None,
    "delivered_at": WHEN,
    "last_status_code": 200,
    "last_error": None,
    "payload": {"type": "turn.resolved", "game_id": GAME, "turn": 1},
    "attempt_log": [],
}
_TOKEN = {"token": "pnt_ann2.s3cr3t", "token_id": "ann2", "revoked": ["ann1"], "version": 7, "seat": _SEATS[0]}
EXAMPLES |= {
    "createStreamTicket": (None, {"ticket": "st_4f9c2e", "expires_at": WHEN}),
    "issueGmToken": ({"reason": "A co-referee joins"}, {**_TOKEN, "token": "pnt_gm3.s3cr3t", "token_id": "gm3"}),
    "revokeGmToken": ({"reason": "Leaked in a chat"}, {"revoked": ["gm3"], "version": 8}),
    "listSeats": (None, {"seats": []}),
    "replaceSeatPlayer": ({"name": "carol", "reason": "ann left the game"}, _TOKEN),
    "reissueSeatToken": ({"reason": "ann lost her token"}, _TOKEN),
    "revokeSeatToken": ({"reason": "ann's token leaked"}, {"revoked": ["ann1"], "version": 8}),
    "listWebhooks": (None, {"webhooks": [_WEBHOOK]}),
    "createWebhook": (
        {"url": "https://bot.example.org/pantheon", "filters": ["turn.resolved"], "seat_id": SEAT},
        {"webhook": _WEBHOOK, "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
    ),
    "deleteWebhook": (None, None),
    "getWebhook": (None, _WEBHOOK),
    "updateWebhook": ({"active": False}, {**_WEBHOOK, "active": False}),
    "listWebhookDeliveries": (None, {"deliveries": [_DELIVERY], "next_cursor": None}),
    "replayWebhookDelivery": (None, {**_DELIVERY, "status": "pending", "delivered_at": None}),
    "uploadContentPack": (
        {"name": "first-era-acts", "version": 2, "description": "Costs for our table", "content": _PACK},
        _PACK_SUMMARY,
    ),
    "listContentPacks": (None, {"packs": [_PACK_SUMMARY]}),
    "getContentPack": (None, {"pack": _PACK_SUMMARY, "content": _PACK}),
    "openSuccessor": (
        {"name": "The Third Era", "scenario_patch": {"title": "The Third Era"}},
        {
            "game_id": "2c9e8f7a-6b5d-4c3e-9f1a-0b2c3d4e5f6a",
            "previous_game_id": GAME,
            "version": 3,
            "gm_token": "pnt_gm3.s3cr3t",
            "gm_token_id": "gm3",
            "dice_commitment": COMMITMENT,
            "seats": [{"seat_id": SEAT, "name": "ann", "role": "player", "controls": "ann", "token": "pnt_a3.s3"}],
            "dropped_seats": [],
            "content_pack": {"name": "first-era-acts", "version": 2, "digest": COMMITMENT},
        },
    ),
    "rotateWebhookSecret": (
        {"overlap_seconds": 3600},
        {"webhook": _WEBHOOK, "secret": "whsec_Q2hhbmdlZCBzZWNyZXQ", "previous_secret_valid_until": WHEN},
    ),
}

_PARAMETERS = {
    "game_id": GAME,
    "ruleset_id": "second-era",
    "turn": 1,
    "limit": 100,
    "after": 0,
    "at_version": 4,
    "from_version": 4,
    "seat_id": SEAT,
    "token_id": "ann1",
    "webhook_id": "wh-1",
    "delivery_id": "d-1",
    "name": "first-era-acts",
    "version": 2,
}


def add_examples(document: dict[str, Any]) -> None:
    """Write EXAMPLES into every operation that has one (tests check that every operation has one)."""
    for methods in document.get("paths", {}).values():
        for operation in methods.values():
            if not isinstance(operation, dict) or operation.get("operationId") not in EXAMPLES:
                continue
            request, response = EXAMPLES[operation["operationId"]]
            for parameter in operation.get("parameters", ()):
                if parameter.get("name") in _PARAMETERS:
                    parameter["example"] = _PARAMETERS[parameter["name"]]
            if request is not None:
                for media in operation.get("requestBody", {}).get("content", {}).values():
                    media["example"] = request
            success = next(code for code in map(str, operation["responses"]) if code.startswith("2"))
            answer = operation["responses"].get(success) or operation["responses"][int(success)]
            for media in answer.get("content", {}).values():
                media["examples"] = {"example": {"value": response}}
