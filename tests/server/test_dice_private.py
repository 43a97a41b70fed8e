"""Private rolls stay private after a reveal (issue #17): in a Lords of the Earth game the GM-only
`investment:{nation}:{rating}` 2d6 come from the private `gm` stream. A seat reads everything it can (state, the
whole history, the dice report) after the GM revealed the epoch's seed, and none of it recomputes a hidden roll:
the private seed and stream keys never reach it, the public seed does not give the hidden results, and the public
stream's indices (no gap) say nothing of how many hidden rolls there were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from domain.engine import Actor, DecisionContext, GameState
from domain.engine.dice import PUBLIC, commitment, derive_roll, stream_key
from events.handler import Accepted
from examples.bots.lote import LoteBot
from server.cli import main
from tests.server.conftest import ADMIN, Api
from tests.server.test_dice import dice, reveal

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ("byz", "dan", "kip", "rus")


async def everything(api: Api, gid: str, token: str) -> str:
    """All a seat can read of the game, as text."""
    parts = [
        (await api.get(f"/v1/games/{gid}/state", token)).text,
        (await api.get(f"/v1/games/{gid}/dice", token)).text,
    ]
    after = 0
    while True:
        page = await api.get(f"/v1/games/{gid}/events", token, after=after, limit=500)
        parts.append(page.text)
        if not page.json()["more"]:
            return "\n".join(parts)
        after = page.json()["next_after"]


async def test_a_revealed_seed_recomputes_no_hidden_roll_of_a_lote_game(api: Api) -> None:
    scenario = json.loads((ROOT / "examples/scenarios/lote-four-nations.json").read_text())
    created = await api.client.post(
        "/v1/games", headers=api.auth(ADMIN), json={"ruleset": "lote", "name": "dice", "scenario": scenario}
    )
    assert created.status_code == 201, created.text
    game = created.json()
    gid, gm = game["game_id"], game["gm_token"]
    seats = {nid: await api.add_seat(game, nid) for nid in NATIONS}
    assert (await api.command(game, gm, {"type": "StartGame"})).status_code == 200
    app = api.client._transport.app  # type: ignore[attr-defined]
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        for seat in seats.values():
            await LoteBot(client, seat["token"], gid).play_turn()
    for phase in ("orders", "validation"):
        response = await api.command(game, gm, {"type": "AdvancePhase", "phase": phase})
        assert response.status_code == 200, response.text

    hidden = [r for r in (await dice(api, game, gm))["rolls"] if r["visible_to"] is not None]
    assert len(hidden) >= 4 and all(r["stream"] == "gm" for r in hidden)
    assert any(r["purpose"].startswith("investment:") for r in hidden)
    assert (await reveal(api, game, gm, reason="a player disputes the turn")).status_code == 200

    byz = seats["byz"]["token"]
    readable = await everything(api, gid, byz)
    seen = await dice(api, game, byz)
    public_seed = bytes.fromhex(seen["epochs"][0]["seed"])
    # The seat holds the revealed public seed, and sees none of the hidden rolls.
    assert not [r for r in seen["rolls"] if r["visible_to"] is not None]
    public = [r for r in seen["rolls"] if r["stream"] == PUBLIC]
    assert [r["roll_index"] for r in public] == list(range(len(public)))  # no gap counts hidden rolls
    # The hidden rolls come from the epoch's private seed, which nothing the seat can read holds...
    private_seed = await api.services.pool.fetchval(
        "SELECT private_seed FROM game_secrets WHERE game_id = $1 AND epoch = 0", gid
    )
    key = stream_key(private_seed, gid, "gm")
    for roll in hidden:
        assert tuple(roll["results"]) == derive_roll(key, gid, roll["roll_index"], roll["count"], roll["sides"], "gm")
        assert roll["key_commitment"] == commitment(key)
    for secret in (private_seed.hex(), key.hex(), commitment(key)):
        assert secret not in readable
    assert seen["epochs"][0]["private_seed"] is None
    # ...and the revealed public seed does not give them, at any index the seat could try.
    results = [tuple(r["results"]) for r in hidden]  # four or more 2d6: a chance match is about 1 in 10**6 per guess
    limit = len(public) + len(hidden) + 8
    for start in range(limit):
        for stream in (PUBLIC, "gm"):
            guesses = [
                derive_roll(public_seed, gid, start + i, r["count"], r["sides"], stream) for i, r in enumerate(hidden)
            ]
            assert guesses != results


async def test_a_seat_gets_its_own_private_streams_key_once_the_epoch_is_revealed(api: Api) -> None:
    """Entitled seats check their private rolls before the game's end; no one else gets the key."""
    game, ann, bob = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    ann_seat = next(s["seat_id"] for s in (await api.get(f"/v1/games/{gid}", gm)).json()["game"]["seats"])

    def scouting(state: GameState[Any], ctx: DecisionContext) -> list[Any]:
        ctx.dice.roll("scouting report", 3, 6, visible_to=(ann_seat,))
        return list(ctx.dice.rolled)

    gm_actor = Actor(principal="gm:test", role="gm")
    assert isinstance(
        await api.services.service.handler.run(gid, gm_actor, scouting, command_type="Scout", body=b"{}"), Accepted
    )
    before = await dice(api, game, ann)
    (roll,) = before["rolls"]
    assert roll["stream"] == f"seats:{ann_seat}" and not roll["verifiable"] and before["stream_keys"] == []

    assert (await reveal(api, game, gm, reason="ann asks")).status_code == 200

    as_ann = await dice(api, game, ann)
    (key,) = as_ann["stream_keys"]
    assert (key["epoch"], key["stream"]) == (0, roll["stream"])
    secret = bytes.fromhex(key["key"])
    assert commitment(secret) == key["key_commitment"] == roll["key_commitment"]
    assert list(derive_roll(secret, gid, roll["roll_index"], 3, 6, roll["stream"])) == roll["results"]
    assert as_ann["rolls"][0]["verifiable"]
    as_bob = await dice(api, game, bob)
    assert as_bob["stream_keys"] == [] and key["key"] not in await everything(api, gid, bob)


async def test_after_the_games_end_the_private_seed_is_revealed_and_verify_dice_checks_private_rolls(
    api: Api, tmp_path: Path, capsys: Any
) -> None:
    game, _, bob = await api.started_game()
    gid, gm = game["game_id"], game["gm_token"]
    ann_seat = next(s["seat_id"] for s in (await api.get(f"/v1/games/{gid}", gm)).json()["game"]["seats"])

    def secret_rolls(state: GameState[Any], ctx: DecisionContext) -> list[Any]:
        ctx.dice.roll("scouting report", 3, 6, visible_to=(ann_seat,))
        ctx.dice.roll("the GM's table", 2, 10, visible_to=())
        return list(ctx.dice.rolled)

    gm_actor = Actor(principal="gm:test", role="gm")
    outcome = await api.services.service.handler.run(gid, gm_actor, secret_rolls, command_type="Secret", body=b"{}")
    assert isinstance(outcome, Accepted)
    assert (await api.command(game, gm, {"type": "EndGame", "reason": "done"})).status_code == 200
    revealed = await reveal(api, game, gm, reason="the game is over")
    assert [e["type"] for e in revealed.json()["events"]] == [
        "DiceSeedRevealed",
        "DicePrivateSeedRevealed",
        "DiceEpochStarted",
    ]
    as_bob = await dice(api, game, bob)
    assert as_bob["epochs"][0]["private_seed"] is not None and as_bob["rolls"] == []  # the seed, not the rolls

    exported = tmp_path / "ended.jsonl"
    exported.write_text((await api.get(f"/v1/games/{gid}/export", gm)).text)
    assert main(["verify-dice", str(exported)]) == 0
    assert "server rolls verified: 2" in capsys.readouterr().out
    lines = [json.loads(line) for line in exported.read_text().splitlines()]
    roll = next(x for x in lines if x.get("type") == "DiceRolled" and x["data"]["stream"] == "gm")
    roll["data"]["results"] = [r % 10 + 1 for r in roll["data"]["results"]]
    exported.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["verify-dice", str(exported)]) == 1
    assert "of stream 'gm'" in capsys.readouterr().out
