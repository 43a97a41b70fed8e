"""War on Earth: the casualty formula, the loser, vacated squares, retreats, occupation and cities
([000:266-284])."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2.earth import war as formula
from domain.rulesets.gods2.earth.commands import AttemptDiplomacy, DeclareWar, ResolveWar
from domain.rulesets.gods2.earth.events import CivilizationLost, DiplomacyAttempted, WarFought
from domain.rulesets.gods2.kernel.earth_model import CitySetup, EarthSetup
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.harness import Game

DWARF_SQUARES = [sq(x, 0) for x in range(6)] + [sq(x, 1) for x in range(3)]
ELF_SQUARES = [sq(x, 2) for x in range(6)] + [sq(x, 3) for x in range(6)] + [sq(0, 4)]


def dwarves_and_elves(**dwarf: object) -> EarthSetup:
    units = {**fill("dwarves", DWARF_SQUARES, 5), **fill("elves", ELF_SQUARES, 5)}
    units[sq(5, 0)] = ("dwarves", 3)  # 8 x 5 + 3 = 43
    return earth(
        [race("dwarves", military=8, name="Ultra-Dwarves", **dwarf), race("elves", military=2, name="Low Elves")],
        units,
    )


def fight(g: Game, attacker: str, defender: str, **choices: object) -> WarFought:
    declared = g.when(DeclareWar(attacker=attacker, defender=defender, reason="Zeus stirs them"))
    events = g.advance(5).when(ResolveWar(war=declared[0].war, **choices))
    return next(e for e in events if isinstance(e, WarFought))


def test_ultra_dwarves_kill_seven_low_elves_and_lose_three() -> None:
    """[000:276] relative military +6 and -6: 16% of 43 = 7 elves, 4% of 65 = 3 dwarves, rounded up."""
    fought = fight(earth_game(dwarves_and_elves()), "dwarves", "elves")
    assert (fought.attacker_population, fought.defender_population) == (43, 65)
    assert (fought.attacker_percent, fought.defender_percent) == (16, 4)
    assert (fought.defender_losses, fought.attacker_losses) == (7, 3)


def test_losses_of_150_percent_lose_the_war_and_vacate_a_square_per_two_units_of_difference() -> None:
    """[000:278] the Low Elves lose (7 >= 4.5) and vacate floor((7 - 3) / 2) = 2 squares."""
    g = earth_game(dwarves_and_elves())
    fought = fight(g, "dwarves", "elves")
    assert fought.loser == "defender" and fought.vacate == 2 and len(fought.vacated) == 2
    assert all(g.rules.earth.squares[s].race == "dwarves" for s in fought.vacated)


def test_losses_come_from_the_squares_next_to_the_enemy() -> None:
    """[000:276] losses are generally taken from squares adjacent to the enemy, spread along the border."""
    fought = fight(earth_game(dwarves_and_elves()), "dwarves", "elves")
    assert fought.losses == {sq(0, 1): 1, sq(1, 1): 1, sq(2, 1): 1, sq(0, 2): 3, sq(1, 2): 2, sq(2, 2): 2}


def test_a_referee_may_choose_the_squares_losses_come_from() -> None:
    """[000:276] the referees use common sense to choose the specific units lost."""
    g = earth_game(dwarves_and_elves())
    fought = fight(g, "dwarves", "elves", attacker_losses={sq(1, 1): 3})
    assert fought.losses[sq(1, 1)] == 3


def test_a_referee_cannot_choose_the_wrong_number_of_losses() -> None:
    """[000:276] the number killed is the formula's; only the squares are chosen."""
    g = earth_game(dwarves_and_elves())
    war = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))[0].war
    assert g.advance(5).rejects(ResolveWar(war=war, attacker_losses={sq(1, 1): 2})).code == "gods2.bad_losses"


def test_retreating_losers_keep_their_units_when_there_is_room() -> None:
    """[000:278] units left in vacated squares retreat into bordering squares not occupied by other races."""
    g = earth_game(dwarves_and_elves())
    before = sum(s.units for s in g.rules.earth.squares.values() if s.race == "elves")
    fought = fight(g, "dwarves", "elves")
    after = sum(s.units for s in g.rules.earth.squares.values() if s.race == "elves")
    assert fought.starved == 0 and sum(fought.retreats.values()) == 5
    assert after == before - 7


def test_civilized_winners_move_two_units_into_each_vacated_square() -> None:
    """[000:61] after a war civilized races move two population units into squares vacated by their opponents."""
    fought = fight(earth_game(dwarves_and_elves()), "dwarves", "elves")
    assert fought.occupied == {sq(0, 2): 2, sq(1, 2): 2}


def test_primitive_winners_never_occupy_vacated_squares() -> None:
    """[000:57] after fighting a war, primitive races will not move in to occupy squares vacated by opponents."""
    units = {**fill("a", [sq(x, 0) for x in range(6)], 1), **fill("b", [sq(x, 1) for x in range(6)], 1)}
    g = earth_game(earth([race("a", "primitive", military=12), race("b", "primitive")], units, height=2))
    fought = fight(g, "a", "b")
    assert fought.loser == "defender" and fought.occupied == {}


def test_a_military_difference_of_ten_walks_over_the_weaker_race() -> None:
    """[000:284] GODS-04: pop 10, Military +12 vs pop 50, Military 0: 22% kills 3, -2% kills none."""
    units = {
        **fill("a", [sq(0, 0), sq(1, 0)], 5),
        **fill("b", [sq(x, 1) for x in range(6)] + [sq(x, 2) for x in range(4)], 5),
    }
    g = earth_game(earth([race("a", military=12), race("b")], units))
    fought = fight(g, "a", "b")
    assert (fought.attacker_losses, fought.defender_losses, fought.loser, fought.vacate) == (0, 3, "defender", 1)


def test_a_combined_war_uses_the_population_the_beleaguered_race_brings() -> None:
    """[000:282] the race with several enemies splits its population; each paired war is computed apart."""
    fought = fight(earth_game(dwarves_and_elves()), "dwarves", "elves", defender_population=30)
    assert fought.attacker_losses == 2  # 4% of 30 = 1.2, rounded up


def test_a_city_in_a_square_lost_to_a_barbarian_winner_is_destroyed() -> None:
    """[000:280] GODS-16: the city is automatically destroyed if the winner is primitive or barbarian."""
    e = earth(
        [
            race("dwarves", "barbarian", military=8),
            race("elves", military=2, knowledges=["agriculture", "civilization"]),
        ],
        {**fill("dwarves", DWARF_SQUARES, 3), **fill("elves", ELF_SQUARES, 5)},
        cities={sq(0, 2): CitySetup(name="Elfhome")},
    )
    g = earth_game(e)
    fought = fight(g, "dwarves", "elves")
    assert sq(0, 2) in fought.vacated and fought.cities_destroyed == [sq(0, 2)]
    assert g.rules.earth.squares[sq(0, 2)].city is None


def test_losing_the_last_city_loses_civilization_and_what_needs_it() -> None:
    """[000:118] the race reverts to barbarism and loses every knowledge with Civilization as a prerequisite."""
    e = earth(
        [
            race("dwarves", "barbarian", military=8),
            race("elves", military=2, knowledges=["agriculture", "civilization", "writing", "philosophy", "fishing"]),
        ],
        {**fill("dwarves", DWARF_SQUARES, 3), **fill("elves", ELF_SQUARES, 5)},
        cities={sq(0, 2): CitySetup(name="Elfhome")},
    )
    g = earth_game(e)
    declared = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))
    events = g.advance(5).when(ResolveWar(war=declared[0].war))
    lost = next(ev for ev in events if isinstance(ev, CivilizationLost))
    assert lost.knowledges == ["civilization", "writing", "philosophy"]
    elves = g.rules.earth.races["elves"]
    assert elves.level == "barbarian" and elves.knowledges == ("agriculture", "fishing")


def test_a_civilized_winner_captures_a_city_when_its_die_beats_its_aggression() -> None:
    """[000:280] d6 above the winning race's Aggression: the city survives and is taken over."""
    e = earth(
        [
            race("dwarves", military=8, aggression=2),
            race("elves", military=2, knowledges=["agriculture", "civilization"]),
        ],
        {**fill("dwarves", DWARF_SQUARES, 5), **fill("elves", ELF_SQUARES, 5)},
        cities={sq(0, 2): CitySetup(name="Elfhome"), sq(3, 3): CitySetup(name="Deepwood")},
    )
    g = earth_game(e)
    declared = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))
    g.dice(5)
    fought = next(ev for ev in g.advance(5).when(ResolveWar(war=declared[0].war)) if isinstance(ev, WarFought))
    assert fought.cities_captured == [sq(0, 2)]
    assert g.rules.earth.squares[sq(0, 2)].race == "dwarves" and g.rules.earth.squares[sq(0, 2)].city is not None


def test_a_civilized_winner_destroys_a_city_when_its_die_is_at_most_its_aggression() -> None:
    """[000:280] d6 equal to or less than the winner's Aggression: the city is destroyed."""
    e = earth(
        [
            race("dwarves", military=8, aggression=2),
            race("elves", military=2, knowledges=["agriculture", "civilization"]),
        ],
        {**fill("dwarves", DWARF_SQUARES, 5), **fill("elves", ELF_SQUARES, 5)},
        cities={sq(0, 2): CitySetup(name="Elfhome"), sq(3, 3): CitySetup(name="Deepwood")},
    )
    g = earth_game(e)
    declared = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))
    g.dice(2)
    fought = next(ev for ev in g.advance(5).when(ResolveWar(war=declared[0].war)) if isinstance(ev, WarFought))
    assert fought.cities_destroyed == [sq(0, 2)]


def test_diplomacy_averts_a_war_on_six_or_more() -> None:
    """[000:268-271] d6 + own Diplomacy - enemy Aggression: 6 or more averts the war."""
    g = earth_game(dwarves_and_elves(aggression=1))
    war = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))[0].war
    g.dice(5)
    events = g.when(AttemptDiplomacy(war=war, side="defender"))
    assert events[-1] == DiplomacyAttempted(war=war, side="defender", roll=5, total=4, averted=False)
    g.dice(6)
    events = g.when(AttemptDiplomacy(war=war, side="attacker"))
    assert events[-1].averted is True
    assert g.advance(5).rejects(ResolveWar(war=war)).code == "gods2.war_over"


def test_a_war_is_fought_about_five_minutes_after_its_declaration() -> None:
    """[000:261] the conduct of the war is delayed about five minutes to let others react."""
    g = earth_game(dwarves_and_elves())
    war = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))[0].war
    assert g.advance(4).rejects(ResolveWar(war=war)).code == "gods2.war_too_soon"
    assert isinstance(g.when(ResolveWar(war=war, at_once=True, reason="the century ends"))[0], WarFought)


def test_the_gods_wars_come_first_and_the_races_own_in_random_order() -> None:
    """[000:251] aggressive wars are conducted in random order; wars instigated by gods take priority."""
    from domain.rulesets.gods2.earth.commands import OrderWars
    from domain.rulesets.gods2.earth.events import WarDeclared

    g = earth_game(dwarves_and_elves())
    g.given(
        WarDeclared(war="w1", attacker="dwarves", defender="elves", aggressive=True, century=1),
        WarDeclared(war="w2", attacker="elves", defender="dwarves", aggressive=True, century=1),
        WarDeclared(war="w3", attacker="dwarves", defender="elves", aggressive=False, century=1, instigator="zeus"),
    )
    g.dice(2, sides=2)
    g.when(OrderWars())
    assert g.rules.earth.war_order == ("w3", "w2", "w1")


def test_the_view_shows_who_would_lose_more_than_fifteen_percent() -> None:
    """[000:266] a race generally tries diplomacy when it would probably lose more than 15% of its population."""
    from tests.domain.gods2.scenario import HERA

    units = {**fill("dwarves", DWARF_SQUARES, 5), **fill("elves", ELF_SQUARES, 5)}
    units[sq(5, 0)] = ("dwarves", 3)
    g = earth_game(earth([race("dwarves", military=14), race("elves", military=2)], units))
    g.when(DeclareWar(attacker="dwarves", defender="elves", reason="r"))
    war = g.view(HERA).earth.wars[0]
    assert (war.defender_losses, war.defender_should_parley, war.attacker_should_parley) == (10, True, False)


def test_some_military_modifiers_apply_only_to_the_attacker() -> None:
    """[000:274] some modifiers to Military apply only to the attacker or the defender."""
    from domain.rulesets.gods2.kernel.content import sample_pack
    from domain.rulesets.gods2.kernel.earth_content import AttributeDef, Modifiers

    pack = sample_pack()
    raiders = AttributeDef(id="raiders", name="Raiders", modifiers=Modifiers(attack_military=6))
    earth_content = msgspec.structs.replace(pack.earth, attributes=[*pack.earth.attributes, raiders])
    e = dwarves_and_elves()
    e = msgspec.structs.replace(
        e,
        races=[
            msgspec.structs.replace(e.races[0], military=2, attributes=["raiders"]),
            e.races[1],
        ],
    )
    g = earth_game(e, content=msgspec.structs.replace(pack, earth=earth_content))
    assert fight(g, "dwarves", "elves").attacker_percent == 16  # 10 + (2 + 6) - 2
    g2 = earth_game(e, content=msgspec.structs.replace(pack, earth=earth_content))
    assert fight(g2, "elves", "dwarves").defender_percent == 10  # the raiders defend at Military 2


def test_a_pack_whose_earth_section_is_broken_is_refused() -> None:
    """Rules that are data are validated: worship sources must be century-end sources of the pack."""
    import pytest

    from domain.engine import Rejected
    from domain.rulesets.gods2 import ruleset
    from domain.rulesets.gods2.kernel.content import sample_pack
    from domain.rulesets.gods2.kernel.model import Settings
    from tests.domain.gods2.scenario import setup

    pack = sample_pack()
    broken = msgspec.structs.replace(pack, earth=msgspec.structs.replace(pack.earth, worship_sources=["nowhere"]))
    with pytest.raises(Rejected) as refused:
        ruleset.initial_state(setup(earth=dwarves_and_elves(), content=broken), Settings())
    assert refused.value.code == "gods2.bad_scenario" and "nowhere" in refused.value.message


def test_losses_of_exactly_150_percent_of_the_others_lose_the_war() -> None:
    """[000:278] "equal to or greater than 150% of their opponent's losses": at equal Military (10% each), a
    population of 30 kills 3 and one of 20 kills 2, so 3 losses against 2 is exactly 150% and loses, for the
    defender and for the attacker alike; 3 against 3 has no loser."""
    assert formula.fight(30, 0, 20, 0).loser == "defender"  # defender loses 3, attacker 2
    assert formula.fight(20, 0, 30, 0).loser == "attacker"
    assert formula.fight(30, 0, 21, 0).loser is None  # 3 against ceil(2.1) = 3
