"""Garrison requirements (§2.14.11 [L2407-2486]; §2.14.16 [L2599-2629]; §8.2.1 [L7378-7392]) and army statuses
(Table 2-21 [L1618-1640]). Every figure is exact: the multiples are fractions and nothing rounds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.economy.upkeep import troop_support
from domain.rulesets.lote.leaders.armies import composition, support_multiple
from domain.rulesets.lote.leaders.garrisons import city_requirement, region_requirement, relation
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario
from tests.domain.lote.leaders.test_generation import king


def occupied(culture: str = "C", religion: str = "RC", **places: Any) -> Game:
    """Nation `o` (culture, religion) holds its homeland and the given regions; `cities` holds cities."""
    cities = places.pop("cities", {})
    leaders = places.pop("leaders", {})
    setup = scenario(
        nations={"o": nation("Occupier", culture=culture, religion=religion, saved_gp="900")},
        regions={"Home": region(3, statuses={"o": "hm"}), **places},
        cities=cities,
        leaders={"k": king("o", "Home"), **leaders},
    )
    return game(setup)


def pacified(rv: int, terrain: str, religion: str = "RC", **garrison: int) -> dict[str, Any]:
    return region(2, terrain, resistance=rv, religion=religion, statuses={"o": "p"}, garrison={"o": garrison})


def test_ex36_venice_needs_8_infantry_or_cavalry_and_walls_do_not_count() -> None:
    """EX-36 [L2625-2628]: "They must garrison the city with at least (12/2 + 7^1/2 = 8) points of infantry or
    cavalry" (8.65, fractions dropped, [L2614-2615]). Setting A14: the port's +1 ([L2616-2617]) is not part of the
    garrison, as the example shows. [L2621-2623] only Cavalry, Infantry or Siege Engineers count."""
    venice = city("Verona", 7, walls=12, codes=["p"], statuses={"o": "p"})
    g = occupied(Verona=region(4), cities={"Venice": {**venice, "garrison": {"o": {"I": 5, "C": 2, "F": 9}}}})
    need = city_requirement(g.rules, "Venice", "o")
    assert (need.needed, need.met) == (8, False)  # 7 troops: field forts do not garrison a city
    g = occupied(Verona=region(4), cities={"Venice": {**venice, "garrison": {"o": {"I": 5, "C": 2, "S": 1}}}})
    assert city_requirement(g.rules, "Venice", "o").met


def test_ex37_orleanais_is_held_by_its_15_infantry() -> None:
    """EX-37 [L2555] `Orleanais [3+10p15] <9> f rc : 15i`: RV floor(15/2 + sqrt 3) = floor(9.23) = 9, and 15
    infantry would garrison it were it Pacified. X (Appendix A14): Orleanais is a port, and the "+1 for a port"
    of [L2616-2617] would print <10>; the example prints 9, the reading setting A14 keeps for garrisons."""
    orleans = city("Orleanais", 3, pwb=10, walls=15, codes=["p"], statuses={"o": "p"}, garrison={"o": {"I": 15}})
    g = occupied(Orleanais=region(3), cities={"Orleanais": orleans})
    need = city_requirement(g.rules, "Orleanais", "o")
    assert (need.needed, need.met) == (9, True)


def test_ex38_arcadias_6_infantry_hold_for_a_barbarian_occupier_not_a_civilized_one() -> None:
    """EX-38 [L2170] `Arcadia 1+2s5 (25) [10] p rc w 1 : 6i`: a Pacified wilderness, RV 5, 6 infantry. Table 2-37
    [L2450-2464]: wilderness is x1 for Barbarians (5 needed: held) and x2 for the Civilized (10: it would revolt)."""
    arcadia = pacified(5, "w", I=6)
    assert region_requirement(occupied("B", Arcadia=arcadia).rules, "Arcadia", "o").met
    need = region_requirement(occupied("C", Arcadia=arcadia).rules, "Arcadia", "o")
    assert (need.needed, need.met) == (10, False)


def test_the_religion_modifier_is_exact_and_hostile_mountains_need_four_times_the_rv() -> None:
    """Table 2-39 [L2472-2476]: same x1, tolerant x1.5, hostile x2; [L7389-7392] "If the region terrain and
    religion are hostile then yes, a quadruple multiplied garrison will have to stay"."""
    g = occupied(Greek=pacified(5, "c", religion="EO", I=7), Moor=pacified(3, "m", religion="MA", I=11, F=1))
    assert relation("RC", "EO") == "tolerant" and relation("RC", "MA") == "hostile" and relation("RC", "RC") == "same"
    greek = region_requirement(g.rules, "Greek", "o")
    assert (greek.needed, greek.met) == (Fraction(15, 2), False)  # 7 < 7.5: no rounding in the garrison's favour
    moor = region_requirement(g.rules, "Moor", "o")
    assert (moor.needed, moor.met) == (12, True)  # 3 x 2 (Civilized, mountains) x 2 (hostile)


def test_the_cavalry_rule_of_steppe_and_desert() -> None:
    """[L2419-2421] steppe and desert garrisons are "either Cavalry, or twice the Cavalry requirement in Infantry
    and/or Field Forts"; Table 2-37 marks s and d "2c" for the Civilized: RV 5 needs 10 cavalry or 20 infantry.
    The two do not add up: 9 cavalry and 19 infantry hold neither way."""
    g = occupied(A=pacified(5, "s", C=10), B=pacified(5, "s", I=12, F=8), C=pacified(5, "d", C=9, I=19))
    assert [region_requirement(g.rules, r, "o").met for r in "ABC"] == [True, True, False]
    assert region_requirement(g.rules, "C", "o").cavalry_terrain
    nomads = occupied("N", A=pacified(5, "s", C=5))  # Nomadic steppe is "1c"
    assert region_requirement(nomads.rules, "A", "o").needed == 5


def test_a_leaders_army_in_the_place_counts_toward_its_garrison() -> None:
    """[L1636-1640] a leader and his army that are the sole units of a Pacified region serve as its garrison."""
    g = occupied(Greek=pacified(5, "c"), leaders={"lt": king("o", "Greek", type="L", army_no="2", units={"C": 5})})
    assert region_requirement(g.rules, "Greek", "o").met


def test_a_short_garrison_is_raised_for_the_gm_and_a_revolt_destroys_it() -> None:
    """[L2411-2413] "Failure to meet either requirement will cause the region or city to revolt, and whatever
    units had been on garrison duty will be destroyed": an item the GM rules ("revolt" or "hold")."""
    g = occupied(Greek=pacified(5, "c", I=4), Held=pacified(2, "c", I=2))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    (item,) = [e.item for e in events if isinstance(e, m.AdjudicationRaised)]
    assert (item.kind, item.subject, item.proposal) == ("garrison", "region:Greek", "revolt")
    assert "RV 5 x terrain 1" in item.explanation
    assert (
        g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="flee", reason="x")).code == "lote.bad_outcome"
    )
    g.when(m.ConfirmAdjudication(item_id=item.item_id))
    events = g.when(AdvancePhase())
    assert any(isinstance(e, m.GarrisonRevolted) and e.units == {"I": 4} for e in events)
    assert "o" not in g.rules.regions["Greek"].statuses and "o" not in g.rules.regions["Greek"].garrison
    assert g.rules.regions["Held"].statuses["o"] == "p"


def test_the_gm_may_hold_a_short_garrison_with_a_reason() -> None:
    g = occupied(Greek=pacified(5, "c", I=4))
    g.when(AdvancePhase())
    (item,) = [e.item for e in g.when(AdvancePhase()) if isinstance(e, m.AdjudicationRaised)]
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="hold", reason="reinforcements arrived"))
    g.when(AdvancePhase())
    assert g.rules.regions["Greek"].statuses["o"] == "p" and g.rules.regions["Greek"].garrison["o"] == {"I": 4}


def test_an_army_alone_in_a_pacified_region_goes_into_garrison_and_pays_half_again() -> None:
    """Table 2-21 [L1618-1640]: In Garrison x1.5 "if they are the sole units in a Pacified region"; Normal x1."""
    lt = king("o", "Greek", type="L", army_no="2", units={"I": 10})
    g = occupied(Greek=pacified(5, "c"), leaders={"lt": lt})
    assert (support_multiple("G"), support_multiple("N"), support_multiple("C"), support_multiple("P")) == (
        Fraction(3, 2),
        1,
        2,
        0,
    )
    assert troop_support(g.rules, g.rules.nations["o"]) == 3  # 10 I x 3/10 GP (Table 13-5 / 10) x 1 (c) x 1
    for _ in range(3):
        g.when(AdvancePhase())
    assert g.rules.leaders["lt"].status == "G"
    assert troop_support(g.rules, g.rules.nations["o"]) == Fraction(9, 2)  # x 1.5 In Garrison
    g.when(m.AdjustUnits(nation="o", units={"I": 5}, place="Greek", reason="a garrison marched in"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    assert g.rules.leaders["lt"].status == "N"


def test_ex39_army_composition_of_king_arthurs_army() -> None:
    """EX-39 [L2045] `#1 KBBB King Arthur 24 100i,100c Avalon Normal`: 100 infantry and 100 cavalry, a land army
    of 100 x 2 + 100 x 3 = 500 cargo (Table 13-5 [L15045]: I 2, C 3)."""
    army = composition({"I": 100, "C": 100}, "C")
    assert (army.infantry, army.cavalry, army.kind, army.cargo) == (100, 100, "land", 500)
    assert composition({"W": 3, "T": 2, "I": 1}, "C").kind == "mixed"
    assert composition({}, "C").kind == "none"
