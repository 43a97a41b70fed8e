"""The scenario format and the initial state ([002:3], [002:38], [002:47])."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from domain.engine import Rejected
from domain.engine.messages import AdvancePhase
from domain.rulesets.second_era import Settings, Setup, ruleset
from domain.rulesets.second_era.commands import BirthHero, GrowTribe, MoveTribe, SpawnMonster
from domain.rulesets.second_era.events import TurnReported
from domain.rulesets.second_era.scenario import ConnectionSpec, TribeSpec, initial_state
from events.codec import codec_for
from tests.domain.harness import Game, seat
from tests.domain.second_era.world import make_setup, new_game

SAMPLE = Path(__file__).parents[3] / "examples" / "scenarios" / "second-era-four-gods.json"


def _refused(setup: Setup) -> str:
    with pytest.raises(Rejected) as refused:
        initial_state(setup, Settings())
    return refused.value.code


def test_the_four_god_sample_scenario_validates_and_creates_a_game() -> None:
    setup = msgspec.json.decode(SAMPLE.read_bytes(), type=Setup)
    gods = [g.id for g in setup.gods]
    game = Game(ruleset, setup, seats=gods)
    assert len(gods) == 4
    assert game.state.meta.phase == "orders"
    assert {t.god for t in game.rules.tribes.values()} == set(gods)
    assert all(t.clan_count() == 3 for t in game.rules.tribes.values())


def test_each_tribe_starts_with_three_clans() -> None:
    """[002:38] at game start each tribe consists of 3 Clans."""
    assert _refused(make_setup(ann_clans={"farmer": 4})) == "second_era.scenario.start_clans"


def test_terrestrial_races_cannot_start_in_the_sky() -> None:
    """[002:47] terrestrial races cannot start in Caves, Abyss or Sky."""
    assert _refused(make_setup(ann_land="w-sky")) == "second_era.scenario.start_habitat"
    assert _refused(make_setup(ann_land="w-caves")) == "second_era.scenario.start_habitat"


def test_subterranean_races_start_only_in_caves_or_abyss() -> None:
    """[002:47] subterranean races can only start in Caves or the Abyss."""
    state = initial_state(make_setup(nature="subterranean", ann_land="w-caves", bob_land="e-abyss"), Settings())
    assert (state.tribes["anns"].land, state.tribes["bobs"].land) == ("w-caves", "e-abyss")
    refused = _refused(make_setup(nature="subterranean", ann_land="w-caves", bob_land="e-plains"))
    assert refused == "second_era.scenario.start_habitat"


def test_aerial_races_start_in_the_sky_or_on_a_volcano() -> None:
    """[002:47] aerial races must start in the Sky or on a Volcano."""
    state = initial_state(make_setup(nature="aerial", ann_land="w-sky", bob_land="w-volcano"), Settings())
    assert state.tribes["anns"].land == "w-sky"
    assert _refused(make_setup(nature="aerial", ann_land="w-plains", bob_land="w-volcano")) == (
        "second_era.scenario.start_habitat"
    )


def test_only_one_tribe_may_sit_on_a_land() -> None:
    """[002:3] only one tribe may sit on any given Land at a time."""
    assert _refused(make_setup(bob_land="w-plains")) == "second_era.scenario.duplicate_id"


def test_each_god_guides_a_single_tribe() -> None:
    """[002:3] each god guides a single nomadic tribe."""
    setup = make_setup()
    extra = TribeSpec(id="more", god="ann", land="w-sea", clans={"farmer": 3})
    assert _refused(msgspec.structs.replace(setup, tribes=[*setup.tribes, extra])) == "second_era.scenario.duplicate_id"


def test_connections_join_lands_of_different_continents() -> None:
    """[002:6] Lands of one Continent reach each other; connections lead to other Continents."""
    setup = make_setup()
    bad = msgspec.structs.replace(setup, connections=[ConnectionSpec(a="w-plains", b="w-sea")])
    assert _refused(bad) == "second_era.scenario.connection_within_continent"


def test_connections_run_both_ways() -> None:
    state = new_game().rules
    assert state.lands["w-sea"].connections == ("e-sea",)
    assert state.lands["e-sea"].connections == ("w-sea",)


def test_an_unknown_element_is_refused_when_the_game_is_created() -> None:
    setup = make_setup()
    lands = [msgspec.structs.replace(setup.lands[0], element="wood"), *setup.lands[1:]]
    with pytest.raises(Rejected) as refused:
        Game(ruleset, msgspec.structs.replace(setup, lands=lands))
    assert refused.value.code == "second_era.scenario.unknown_element"


def test_a_scenario_with_unknown_fields_is_invalid() -> None:
    raw = msgspec.json.encode({**msgspec.to_builtins(make_setup()), "dragons": 3})
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(raw, type=Setup)


def test_four_gods_play_three_turns_of_the_sample_scenario() -> None:
    """Turn flow end to end: orders, resolution, reports, three times over."""
    setup = msgspec.json.decode(SAMPLE.read_bytes(), type=Setup)
    game = Game(ruleset, setup, seats=[g.id for g in setup.gods])
    sunna, nerth, ulla, morr = (seat(g) for g in ("sunna", "nerth", "ulla", "morr"))
    game.when(BirthHero(name="Aurel", ability="farmer"), sunna)
    game.when(GrowTribe(role="war"), nerth)
    game.when(MoveTribe(to_land="saltmarsh"), ulla)
    game.when(SpawnMonster(sphere="death", name="Grave-wyrm", abilities=["might", "devourer"]), morr)
    reports: list[TurnReported] = []
    for _ in range(3):
        game.dice(3, 4)
        reports += [e for e in game.when(AdvancePhase()) if isinstance(e, TurnReported)]
    assert len(reports) == 12
    assert game.state.meta.turn == 4
    assert game.rules.tribes["tidecallers"].land == "saltmarsh"
    assert len(game.rules.heroes) == 1


def test_every_command_event_setup_and_view_has_a_json_schema() -> None:
    """The API documents each ruleset's messages; exact fractions are documented as "n/d" strings."""
    codec = codec_for(ruleset)
    for kind in (codec.command_union, codec.event_union, ruleset.setup_type, ruleset.settings_type, ruleset.view_type):
        assert msgspec.json.schema(kind)


def test_scenario_records_name_what_exists() -> None:
    """Each reference in a scenario names a declared world, continent, land, habitat and god; every god guides a
    tribe ([002:3]); clan roles are those of the clan table."""
    from domain.rulesets.second_era.scenario import ContinentSpec, GodSpec, LandSpec

    setup = make_setup()
    r = msgspec.structs.replace
    assert _refused(r(setup, continents=[*setup.continents, ContinentSpec(id="north", world="asgard")])) == (
        "second_era.scenario.unknown_world"
    )
    stray = LandSpec(id="x-plains", continent="south", element="earth", habitat="plains")
    assert _refused(r(setup, lands=[*setup.lands, stray])) == "second_era.scenario.unknown_continent"
    odd = LandSpec(id="x-plains", continent="west", element="earth", habitat="clouds")
    assert _refused(r(setup, lands=[*setup.lands, odd])) == "second_era.scenario.unknown_habitat"
    link = ConnectionSpec(a="w-sea", b="atlantis")
    assert _refused(r(setup, connections=[*setup.connections, link])) == "second_era.scenario.unknown_land"
    orphan = r(setup.tribes[0], god="loki")
    assert _refused(r(setup, tribes=[orphan, setup.tribes[1]])) == "second_era.scenario.unknown_god"
    idle = GodSpec(id="cal", spheres=["water"])
    assert _refused(r(setup, gods=[*setup.gods, idle])) == "second_era.scenario.god_without_tribe"
    assert _refused(make_setup(ann_clans={"jester": 3})) == "second_era.scenario.bad_clans"


def test_fauna_has_a_known_kind_and_a_tier_of_one_to_four() -> None:
    """[002:29-34] fauna tiers run from 1 to 4."""
    from tests.domain.second_era.world import fauna

    assert _refused(make_setup(fauna_on={"w-plains": [fauna("herd", 5)]})) == "second_era.scenario.bad_fauna"
