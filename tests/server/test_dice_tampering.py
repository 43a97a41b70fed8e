"""`pantheon verify-dice` against a forger who can rewrite the export file (issue #17): a server roll relabelled
as the GM's, rolls reordered, dropped or inserted, each with a recomputed hash chain, and a file rewritten as a
whole, caught by the head hash a seat kept from `GET /dice` (`--expect-head`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from events.store import GENESIS_HASH, canonical, event_hash
from server.cli import main
from tests.server.conftest import Api
from tests.server.test_dice import dice, next_turn, reveal, tie


def rechain(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What a forger does after editing events: renumber them, recompute every hash and the end line."""
    events = [line for line in lines if line["kind"] == "event"]
    prev = GENESIS_HASH
    stream = lines[0]["stream_id"]
    for version, event in enumerate(events, start=1):
        event["version"] = version
        data = canonical(json.dumps(event["data"]).encode())
        metadata = canonical(json.dumps(event["metadata"]).encode())
        digest = event_hash(prev, stream, version, event["type"], data, metadata)
        event["prev_hash"], event["hash"], prev = prev.hex(), digest.hex(), digest
    end = lines[-1]
    end.update(events=len(events), head_version=len(events), head_hash=prev.hex())
    lines[0]["head_version"] = len(events)
    return [lines[0], *events, *lines[len(lines) - 2 :]]


def write(tmp_path: Path, name: str, lines: list[dict[str, Any]]) -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return str(path)


@pytest.fixture
async def exported(api: Api) -> tuple[list[dict[str, Any]], str, str]:
    """A game with server rolls, a GM's physical dice, a same-dice re-adjudication (replays) and a reveal; the
    export, and the head hash seat ann kept from `GET /dice`."""
    game, ann, bob = await api.started_game()
    gm, gid = game["gm_token"], game["game_id"]
    await tie(api, game, ann, bob)
    entered = await api.command(game, gm, {"type": "EnterDice", "sides": 6, "results": [6], "purpose": "tie-break:ann"})
    assert entered.status_code == 200, entered.text
    await next_turn(api, game)
    await tie(api, game, ann, bob)
    same = await api.client.post(
        f"/v1/games/{gid}/turns/2/readjudicate", json={"reason": "recheck", "dry_run": False}, headers=api.auth(gm)
    )
    assert same.status_code == 200, same.text
    assert (await reveal(api, game, gm)).status_code == 200
    kept = (await dice(api, game, ann))["head_hash"]
    response = await api.get(f"/v1/games/{gid}/export", gm)
    assert response.status_code == 200
    return [json.loads(line) for line in response.text.splitlines()], kept, gid


def rolls_of(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [line for line in lines if line["kind"] == "event" and line["type"] == "DiceRolled"]


async def test_the_honest_export_verifies_with_the_kept_head(
    exported: tuple[list[dict[str, Any]], str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, kept, _ = exported
    sources = {r["data"]["source"] for r in rolls_of(lines)}
    assert sources == {"server", "gm", "replay"}
    assert main(["verify-dice", write(tmp_path, "good.jsonl", lines), "--expect-head", kept]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "anchors every event up to version" in out and "replays (each matched to its roll): " in out
    commitment = next(e for e in lines if e["kind"] == "dice")["epochs"][0]["commitment"]
    assert main(["verify-dice", write(tmp_path, "c.jsonl", lines), "--expect-commitment", f"0={commitment}"]) == 0
    assert main(["verify-dice", write(tmp_path, "c.jsonl", lines), "--expect-commitment", f"0={'0' * 64}"]) == 1
    assert main(["verify-dice", write(tmp_path, "c.jsonl", lines), "--expect-commitment", "zero"]) == 2


async def test_a_server_roll_relabelled_as_the_gms_is_caught(
    exported: tuple[list[dict[str, Any]], str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, kept, _ = exported
    roll = next(r for r in rolls_of(lines) if r["data"]["source"] == "server")
    roll["data"].update(source="gm", results=[r % 6 + 1 for r in roll["data"]["results"]])
    forged = write(tmp_path, "relabelled.jsonl", rechain(lines))
    assert main(["verify-dice", forged]) == 1
    assert "was not entered by the GM" in capsys.readouterr().out
    assert main(["verify-dice", forged, "--expect-head", kept]) == 1
    assert "no event of this file has that hash" in capsys.readouterr().out


async def test_reordered_dropped_and_inserted_rolls_are_caught(
    exported: tuple[list[dict[str, Any]], str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, _, _ = exported
    server = [r for r in rolls_of(lines) if r["data"]["source"] == "server"]
    first, second = server[0], server[1]

    reordered = json.loads(json.dumps(lines))
    a, b = (next(x for x in reordered if x.get("version") == r["version"]) for r in (first, second))
    a["data"], b["data"] = b["data"], a["data"]
    assert main(["verify-dice", write(tmp_path, "reordered.jsonl", rechain(reordered))]) == 1
    assert "that stream's next index is" in capsys.readouterr().out

    dropped = [x for x in json.loads(json.dumps(lines)) if x.get("version") != first["version"]]
    assert main(["verify-dice", write(tmp_path, "dropped.jsonl", rechain(dropped))]) == 1
    assert "that stream's next index is" in capsys.readouterr().out

    inserted = json.loads(json.dumps(lines))
    at = next(i for i, x in enumerate(inserted) if x.get("version") == second["version"])
    inserted.insert(at, json.loads(json.dumps(inserted[at])))
    assert main(["verify-dice", write(tmp_path, "inserted.jsonl", rechain(inserted))]) == 1
    assert "that stream's next index is" in capsys.readouterr().out


async def test_a_forged_replay_is_caught(
    exported: tuple[list[dict[str, Any]], str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, _, _ = exported
    replay = next(r for r in rolls_of(lines) if r["data"]["source"] == "replay")
    replay["data"]["results"] = [r % 6 + 1 for r in replay["data"]["results"]]
    assert main(["verify-dice", write(tmp_path, "replay.jsonl", rechain(lines))]) == 1
    assert f"replay of version {replay['data']['replay_of']} does not repeat a recorded roll" in capsys.readouterr().out


async def test_a_seat_never_gets_the_hash_right_after_its_own_append(api: Api) -> None:
    """Knowing all the metadata of its own append, a seat given the hashes around it could try every value of an
    event hidden from it; its head hash stops before its own append instead."""
    game, ann, _ = await api.started_game()
    before = (await dice(api, game, ann))["version"]
    placed = await api.command(game, ann, {"type": "PlaceBid", "amount": 1})
    assert placed.status_code == 200
    as_ann = await dice(api, game, ann)
    assert as_ann["version"] > before and as_ann["head_hash_version"] == before
    as_gm = await dice(api, game, game["gm_token"])
    assert as_gm["head_hash_version"] == as_gm["version"] and as_gm["head_hash"] != as_ann["head_hash"]
