"""The GM's typed, audited changes to the map: fauna, Lands, connections, structures (each with its reason).

The map is the First Era's legacy ([002:3], digest B8 #2); the checks are the scenario's: elements [002:23-28],
habitats [002:47-51], fauna kinds [002:29-35], connections only between Continents [002:6].
"""

from __future__ import annotations

from domain.rulesets.second_era.commands import MoveTribe
from domain.rulesets.second_era.era_commands import (
    AddLand,
    AlterLand,
    ChangeFauna,
    ConnectLands,
    DisconnectLands,
    PlaceStructure,
    RemoveStructure,
)
from domain.rulesets.second_era.era_events import (
    FaunaChanged,
    LandAdded,
    LandAltered,
    LandsConnected,
    LandsDisconnected,
    StructurePlaced,
    StructureRemoved,
)
from domain.rulesets.second_era.events import EdificeRaised
from domain.rulesets.second_era.values import Fauna
from tests.domain.second_era.world import ANN, BOB, fauna, new_game, of, resolve

WHY = "First-Era action Create Fauna (ann, turn 1)"


def test_fauna_appear_and_vanish_by_ruling_and_feed_the_farmers() -> None:
    """[002:30-35] Farmers harvest the fauna on the Land: a ruling's new fauna count from then on."""
    game = new_game(ann_clans={"farmer": 3}, fauna_on={"w-plains": [fauna("plant", 1)]})
    [changed] = game.when(ChangeFauna(land="w-plains", add=[fauna("animal", 2)], remove=["plant-1"], reason=WHY))
    assert changed == FaunaChanged(land="w-plains", fauna=(fauna("animal", 2),), reason=WHY)
    assert game.rules.lands["w-plains"].fauna == (fauna("animal", 2),)
    assert game.view(BOB).lands[0].fauna == (fauna("animal", 2),)  # the map is public


def test_a_fauna_ruling_is_checked_like_the_scenario() -> None:
    game = new_game(fauna_on={"w-plains": [fauna("plant", 1)]})
    odd = Fauna(name="kraken", kind="leviathan", tier=4)
    assert game.rejects(ChangeFauna(land="w-plains", add=[odd], reason=WHY)).code == "second_era.unknown_fauna_kind"
    assert game.rejects(ChangeFauna(land="w-plains", remove=["x"], reason=WHY)).code == "second_era.unknown_fauna"
    assert game.rejects(ChangeFauna(land="w-plains", reason=WHY)).code == "second_era.no_change"
    assert game.rejects(ChangeFauna(land="atlantis", remove=["x"], reason=WHY)).code == "second_era.unknown_land"
    assert game.rejects(ChangeFauna(land="w-plains", remove=["plant-1"], reason="  ")).code == (
        "second_era.reason_required"
    )


def test_map_rulings_are_the_gms_alone() -> None:
    game = new_game()
    refused = game.rejects(ChangeFauna(land="w-plains", add=[fauna("plant", 1)], reason=WHY), ANN)
    assert refused.status == 403


def test_a_new_land_joins_its_continent_and_can_be_reached() -> None:
    """[002:6] a tribe moves to a different Land within the same Continent."""
    game = new_game()
    [added] = game.when(AddLand(land="w-isle", continent="west", element="earth", habitat="plains", reason=WHY))
    assert isinstance(added, LandAdded) and added.land.world == "midgard" and added.land.connections == ()
    game.when(MoveTribe(to_land="w-isle"), ANN)
    resolve(game)
    assert game.rules.tribes["anns"].land == "w-isle"


def test_a_new_land_is_checked_like_the_scenario() -> None:
    game = new_game()

    def code(**kw: str) -> str:
        fields = {"land": "w-isle", "continent": "west", "element": "earth", "habitat": "plains", **kw}
        return game.rejects(AddLand(reason=WHY, **fields)).code  # type: ignore[arg-type]

    assert code(land="w-sea") == "second_era.land_exists"
    assert code(continent="south") == "second_era.unknown_continent"
    assert code(element="aether") == "second_era.unknown_element"
    assert code(habitat="clouds") == "second_era.unknown_habitat"


def test_a_land_changes_element_habitat_or_name() -> None:
    """[002:23-28] the element decides what Miners extract."""
    game = new_game()
    [altered] = game.when(AlterLand(land="w-sea", element="fire", name="Boiling Sea", reason=WHY))
    assert altered == LandAltered(land="w-sea", element="fire", habitat="seas", name="Boiling Sea", reason=WHY)
    assert game.rules.lands["w-sea"].element == "fire"
    assert game.rejects(AlterLand(land="w-sea", reason=WHY)).code == "second_era.no_change"


def test_a_land_under_a_tribe_keeps_a_habitat_the_tribe_can_live_on() -> None:
    """[002:47-51] a terrestrial race lives in the Sky only with Adaptation slots: relocate the tribe first."""
    game = new_game()
    refused = game.rejects(AlterLand(land="w-plains", habitat="sky", reason=WHY))
    assert refused.code == "second_era.uninhabitable"
    game.when(AlterLand(land="w-sea", habitat="sky", reason=WHY))  # no tribe there


def test_connections_run_both_ways_between_continents() -> None:
    """[002:6] a connected Land in a different Continent."""
    game = new_game()
    [linked] = game.when(ConnectLands(a="w-plains", b="e-plains", reason=WHY))
    assert linked == LandsConnected(a="w-plains", b="e-plains", reason=WHY)
    assert "e-plains" in game.rules.lands["w-plains"].connections
    assert "w-plains" in game.rules.lands["e-plains"].connections
    game.when(MoveTribe(to_land="e-plains"), ANN)  # reachable now (and occupied: a battle follows)
    [unlinked] = game.when(DisconnectLands(a="e-sea", b="w-sea", reason=WHY))
    assert unlinked == LandsDisconnected(a="e-sea", b="w-sea", reason=WHY)
    assert game.rules.lands["w-sea"].connections == () and game.rules.lands["e-sea"].connections == ()


def test_connection_rulings_are_checked() -> None:
    game = new_game()
    assert game.rejects(ConnectLands(a="w-sea", b="e-sea", reason=WHY)).code == "second_era.already_connected"
    assert game.rejects(ConnectLands(a="w-sea", b="w-sky", reason=WHY)).code == (
        "second_era.connection_within_continent"
    )
    assert game.rejects(ConnectLands(a="w-sea", b="w-sea", reason=WHY)).code == "second_era.same_land"
    assert game.rejects(DisconnectLands(a="w-sky", b="e-sea", reason=WHY)).code == "second_era.not_connected"
    assert game.rejects(ConnectLands(a="w-sea", b="nowhere", reason=WHY)).code == "second_era.unknown_land"


def test_placed_structures_count_toward_an_edifice_like_built_ones() -> None:
    """[002:125] 5 Towns on a single Land form a City (standing at the end of the following turn)."""
    game = new_game()
    for _ in range(5):
        [placed] = game.when(PlaceStructure(land="w-plains", kind="town", tribe="anns", reason=WHY))
        assert isinstance(placed, StructurePlaced)
    assert len({s.id for s in game.rules.structures.values()}) == 5
    assert EdificeRaised(land="w-plains", kind="town", tribe="anns") in resolve(game)
    some = sorted(game.rules.structures)[0]
    [removed] = game.when(RemoveStructure(structure=some, reason="built by mistake"))
    assert removed == StructureRemoved(structure=some, land="w-plains", reason="built by mistake")
    assert some not in game.rules.structures and not of(resolve(game), EdificeRaised)


def test_structure_rulings_are_checked() -> None:
    game = new_game()
    assert game.rejects(PlaceStructure(land="w-plains", kind="pyramid", tribe="anns", reason=WHY)).code == (
        "second_era.unknown_structure_kind"
    )
    assert game.rejects(PlaceStructure(land="w-plains", kind="town", tribe="elves", reason=WHY)).code == (
        "second_era.unknown_tribe"
    )
    assert game.rejects(RemoveStructure(structure="town-ann-9", reason=WHY)).code == "second_era.unknown_structure"
