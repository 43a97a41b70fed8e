"""The engine's campaign hooks: content packs (`Ruleset.content`) and successor games (`Ruleset.carry_over`)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from importlib import resources
from typing import Any

import msgspec
import pytest

from domain.engine import Rejected
from domain.engine import game as engine
from domain.engine.content import decode_pack
from domain.engine.messages import ContentPackRef, CreateGame, EndGame, GameForked, SuccessorOpened
from domain.engine.successor import carried_setup, decide_successor_opened, merge_patch
from domain.rulesets import gods2, second_era
from domain.rulesets.second_era.settings import Settings
from events.codec import encode
from tests.domain.harness import GM, Game
from tests.domain.second_era.world import make_setup
from tests.rulesets.sealed_bids import ruleset as bids

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _sample(package: str, path: str) -> bytes:
    return resources.files(package).joinpath(path).read_bytes()


def _refusal(call: Any) -> Rejected:
    with pytest.raises(Rejected) as caught:
        call()
    return caught.value


# --- content packs --------------------------------------------------------------------------------------


def test_the_sample_packs_are_valid_packs_of_their_rulesets() -> None:
    for ruleset in (gods2.ruleset, second_era.ruleset):
        assert ruleset.content is not None and ruleset.content.sample
        for path in ruleset.content.sample:
            package, _, file = path.rpartition("/content/")
            ruleset.content.validate(_sample(package.replace("/", "."), "content/" + file))


def test_a_pack_error_names_the_entry_and_field() -> None:
    assert second_era.ruleset.content is not None
    validate = second_era.ruleset.content.validate
    bad = b'{"acts": [{"id": "a", "name": "A", "mana": 1}, {"id": "b", "name": "B", "mana": -3}]}'
    refused = _refusal(lambda: validate(bad))
    assert refused.code == "content.invalid" and "$.acts[1].mana" in refused.message
    twice = b'{"acts": [{"id": "a", "name": "A"}, {"id": "a", "name": "A again"}]}'
    refused = _refusal(lambda: validate(twice))
    assert refused.code == "content.inconsistent" and "'a'" in refused.message
    assert _refusal(lambda: validate(b'{"acts": [')).code == "content.malformed"


def test_a_gods2_pack_error_names_the_power_at_fault() -> None:
    """The gods2 pack's own checks (`pack_problems`): a power of a sphere the pack does not define."""
    assert gods2.ruleset.content is not None
    sample = msgspec.json.decode(_sample("domain.rulesets.gods2", "content/sample-v1.json"))
    sample["powers"][0]["sphere"] = "no-such-sphere"
    power = sample["powers"][0]["id"]
    refused = _refusal(lambda: gods2.ruleset.content.validate(msgspec.json.encode(sample)))  # type: ignore[union-attr]
    assert refused.code == "content.inconsistent" and f"power {power} names unknown sphere" in refused.message


def test_a_pack_that_nests_too_deeply_is_refused() -> None:
    deep = b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    assert _refusal(lambda: decode_pack(deep, dict[str, Any])).code == "content.too_deep"


def _create(ruleset: Any, setup: Any, pack: bytes | None) -> list[Any]:
    ref = None if pack is None else ContentPackRef(name="acts", version=2, digest=hashlib.sha256(pack).hexdigest())
    command = CreateGame(
        game_id="g",
        name="g",
        ruleset_id=ruleset.id,
        ruleset_version=ruleset.version,
        setup=msgspec.Raw(encode(setup)),
        settings=msgspec.Raw(b"{}"),
        dice_commitment="0" * 64,
        content_pack=ref,
        content=msgspec.Raw(pack or b"null"),
    )
    return engine.decide_create(ruleset, command, NOW, "gm")


def test_a_game_plays_with_the_pack_it_pinned() -> None:
    """The pack's acts replace the scenario's; the creation records the pack and its document."""
    pack = b'{"acts": [{"id": "shape-land", "name": "Shape Land", "mana": 20}]}'
    [created] = _create(second_era.ruleset, make_setup(), pack)
    assert created.content_pack.name == "acts" and created.content_pack.version == 2 and bytes(created.content) == pack
    state = engine.fold(second_era.ruleset, [created])
    assert state is not None and list(state.rules.first_era_acts) == ["shape-land"]
    assert state.meta.content_pack == created.content_pack
    assert engine.meta_view(state.meta, GM).content_pack == created.content_pack


def test_a_ruleset_without_packs_refuses_one() -> None:
    refused = _refusal(lambda: _create(bids, {"bidders": ["ann"]}, b"{}"))
    assert refused.code == "content.not_supported"


# --- successors -----------------------------------------------------------------------------------------


def test_only_a_finished_game_has_a_successor() -> None:
    game = Game(second_era.ruleset, make_setup(), seats=["ann", "bob"])
    refused = _refusal(lambda: carried_setup(second_era.ruleset, game.state, Settings()))
    assert refused.code == "successor.game_not_finished" and refused.status == 409
    game.when(EndGame(reason="the table stops here"))
    setup = carried_setup(second_era.ruleset, game.state, Settings())
    assert [t.id for t in setup.tribes] == ["anns", "bobs"]
    [opened] = decide_successor_opened(game.state, "g-2", "Third Era", NOW)
    game.given(opened)
    assert opened == SuccessorOpened(successor_id="g-2", name="Third Era", at=NOW)
    assert game.state.meta.next_game_ids == ("g-2",)


def test_a_ruleset_without_carry_over_has_no_successors() -> None:
    game = Game(bids, {"bidders": ["ann"]}, seats=["ann"])
    game.when(EndGame(reason="done"))
    refused = _refusal(lambda: carried_setup(bids, game.state, None))
    assert refused.code == "successor.not_supported"
    assert _refusal(lambda: decide_successor_opened(Game(bids, {"bidders": ["ann"]}).state, "x", "x", NOW)).code == (
        "successor.game_not_finished"
    )


def test_the_scenario_patch_is_a_json_merge_patch() -> None:
    """RFC 7386: objects merge, null removes, anything else (lists included) replaces."""
    doc = {"title": "Second", "gods": [{"id": "ann"}], "meta": {"a": 1, "b": 2}}
    patched = merge_patch(doc, {"title": "Third", "meta": {"b": None, "c": 3}, "gods": []})
    assert patched == {"title": "Third", "gods": [], "meta": {"a": 1, "c": 3}}
    assert doc["title"] == "Second"  # the carried document is not changed in place
    deep: dict[str, Any] = {}
    node = deep
    for _ in range(100):
        node["x"] = {}
        node = node["x"]
    assert _refusal(lambda: merge_patch({}, deep)).code == "successor.patch_too_deep"


def test_a_fork_of_a_finished_game_has_no_successors_of_its_own() -> None:
    """A fork copies the source's state, not the games opened after the source."""
    game = Game(second_era.ruleset, make_setup(), seats=["ann", "bob"])
    game.when(EndGame(reason="done"))
    game.given(*decide_successor_opened(game.state, "g-2", "next", NOW))
    fork = _fork_of(game)
    assert game.state.meta.next_game_ids == ("g-2",) and fork.meta.next_game_ids == ()


def _fork_of(game: Game) -> Any:
    forked = GameForked(
        game_id="fork",
        name="fork",
        ruleset_id=second_era.ruleset.id,
        ruleset_version=second_era.ruleset.version,
        gm="gm",
        created_at=NOW,
        dice_commitment="0" * 64,
        forked_from=game.game_id,
        forked_at_version=len(game.events),
        state=msgspec.Raw(encode(game.state)),
    )
    return engine.forked(second_era.ruleset, forked)
