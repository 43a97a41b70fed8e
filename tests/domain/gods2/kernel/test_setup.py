"""The scenario: Heaven's locales, characters of every kind, the content pack the game pins."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from domain.engine import Rejected
from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.heaven.commands import KillCharacter
from domain.rulesets.gods2.kernel.content import ContentPack, categories, sample_pack
from domain.rulesets.gods2.kernel.model import DEFAULT_LAW, DemesneSetup, Settings
from events.codec import codec_for
from tests.domain.gods2.combat_helpers import sneak
from tests.domain.gods2.scenario import HERA, LOCALES, ZEUS, characters, game, setup
from tests.domain.harness import GM

EXAMPLE = Path(__file__).parents[4] / "examples" / "content" / "gods2-sample-pack.json"


def test_the_example_pack_is_the_shipped_sample_and_says_so() -> None:
    pack = msgspec.json.decode(EXAMPLE.read_bytes(), type=ContentPack)
    assert pack == sample_pack()
    assert pack.sample and "SAMPLE" in pack.title


def test_the_sample_pack_has_a_power_of_every_category_of_the_text() -> None:
    """[003:203-269] C, Cd, Cs, P, P2, Pm, N, Nt, Nv, Ns, D, De, Ds, L, Li, La, A, Ac, G, X."""
    seen = {code for p in sample_pack().powers for code in p.categories}
    assert seen == set("C Cd Cs P P2 Pm N Nt Nv Ns D De Ds L Li La A Ac G X".split())


def test_sub_categories_count_as_their_category_and_gifts_cast_as_direct_effects() -> None:
    """[003:209] Cd are combat powers; [003:261] treat gift powers as direct effect powers when casting."""
    powers = {p.id: p for p in sample_pack().powers}
    assert "C" in categories(powers["battle_blessing"])
    assert "N" in categories(powers["gift_of_passage"])


def test_the_game_pins_the_pack_it_started_with() -> None:
    g = game()
    assert g.rules.pack == sample_pack()
    assert g.view(GM).pack == "gods2-sample@1"


def test_a_scenario_may_carry_its_own_pack() -> None:
    pack = msgspec.structs.replace(sample_pack(), id="full", version=7, sample=False)
    assert game(content=pack).rules.pack.version == 7


def test_the_game_begins_with_the_default_law() -> None:
    """[003:494] The Gods begins with one Council law in place."""
    assert game().rules.laws == (DEFAULT_LAW,)


def test_a_demesne_in_the_corridors_of_time_is_refused() -> None:
    """[003:116] demesnes may not be built within the Hall of Doom, Feasts, Window or Corridors of Time."""
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(
            setup(demesnes=[DemesneSetup(id="d", name="D", parent="corridor", owners=["zeus"])]), Settings()
        )
    assert err.value.code == "gods2.bad_scenario"


def test_more_than_twelve_greater_gods_is_refused() -> None:
    """[003:498] There can never be more than twelve greater gods at any time."""
    many = [msgspec.structs.replace(characters()[0], id=f"g{i}", name=f"G{i}") for i in range(13)]
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup(characters=many, demesnes=[], artifacts=[], offices={}), Settings())
    assert "twelve" in err.value.message


def test_one_character_may_not_hold_two_offices() -> None:
    """[003:504] No character may hold multiple Council offices."""
    with pytest.raises(Rejected):
        ruleset.initial_state(setup(offices={"judge_of_heaven": "iris", "herald_of_heaven": "iris"}), Settings())


def test_heaven_needs_an_underworld_and_a_void() -> None:
    with pytest.raises(Rejected):
        ruleset.initial_state(setup(locales=[loc for loc in LOCALES if loc.kind != "void"]), Settings())


def test_a_seat_must_play_a_character() -> None:
    g = game()
    with pytest.raises(Rejected) as err:
        ruleset.validate_seat(g.rules, "nobody")
    assert err.value.code == "gods2.unknown_character"


def test_every_schema_the_api_publishes_can_be_generated() -> None:
    """DESIGN §7: GET /v1/rulesets/{id} publishes JSON Schemas of commands, events, setup, settings and views;
    exact fractions are documented as "n/d" strings."""
    codec = codec_for(ruleset)
    for kind in (codec.command_union, codec.event_union, ruleset.setup_type, ruleset.settings_type, ruleset.view_type):
        assert json.dumps(msgspec.json.schema(kind))


def test_available_commands_follow_the_characters_situation() -> None:
    """Bots ask what they may do: combat commands in combat, few while dead, none of a GM's rulings."""

    g = game()
    assert "MoveToLocale" in ruleset.available(g.rules, ZEUS) and "CreditMana" not in ruleset.available(g.rules, ZEUS)
    assert "CreditMana" in ruleset.available(g.rules, GM)
    sneak(g, ZEUS, "hera")
    assert "ChooseGesture" in ruleset.available(g.rules, HERA) and "MoveToLocale" not in ruleset.available(
        g.rules, HERA
    )
    g2 = game()
    g2.when(KillCharacter(character="zeus", reason="test"))
    assert "MoveToLocale" not in ruleset.available(g2.rules, ZEUS) and "TransferMana" in ruleset.available(
        g2.rules, ZEUS
    )


def test_the_ruleset_registers_without_shadowing_engine_tags() -> None:
    """The registry refuses rulesets whose tags clash with the engine's; the lead registers `gods2`."""
    from domain.rulesets import register

    assert register(ruleset) is ruleset
    assert (ruleset.id, ruleset.version) == ("gods2", 1)
    assert [p.name for p in ruleset.phases] == ["session"]
