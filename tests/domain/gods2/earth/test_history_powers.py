"""History powers at the Earth map: the queue, combined sphere cards and the cost split, and each kind of
effect (B, K, M, T, F, Fc, G, X) ([000:126-200], [003:185-191])."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.gods2.earth.commands import (
    CallTicket,
    CastHistoryPower,
    CloseActivityPhase,
    EndCentury,
    SignCoCasting,
    StartCentury,
    TakeQueueTicket,
    WithdrawCoCasting,
)
from domain.rulesets.gods2.earth.events import (
    CityFounded,
    CivilizationLost,
    CoCastingProposed,
    CoCastingWithdrawn,
    DisasterStruck,
    HistoryPowerCast,
    KnowledgeLearned,
    PantheonChanged,
    RaceModified,
)
from domain.rulesets.gods2.kernel.earth_model import CitySetup, EarthSetup
from domain.rulesets.gods2.kernel.events import ManaCredited, ManaSpent
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.gods2.scenario import ARES, HERA, IRIS, ZEUS
from tests.domain.harness import Game

WINDOW = {"locale": "window"}


def world(**fields: object) -> EarthSetup:
    return earth(
        [race("r", aggression=-20, **fields)],  # type: ignore[arg-type]
        {**fill("r", [sq(0, 0), sq(1, 0), sq(2, 0)], 3), sq(0, 1): ("r", 1)},
    )


def served(e: EarthSetup, *gods: object, chars: dict[str, object] | None = None) -> Game:
    """A game whose Activity phase is open with these gods at the Window, in this order in the queue, the first
    one called."""
    g = earth_game(e, chars=chars or {name: WINDOW for name in ("zeus", "hera", "ares")})
    for god in gods:
        g.when(TakeQueueTicket(), god)  # type: ignore[arg-type]
    g.when(CallTicket())
    return g


def test_a_history_power_waits_for_the_casters_number() -> None:
    """[003:189] take a number and wait in line until it is called."""
    g = served(world(), HERA, ZEUS)
    power = CastHistoryPower(power="teach_bronze", race="r")
    assert g.rejects(power, ZEUS).code == "gods2.not_your_turn"


def test_a_history_power_is_paid_and_recorded_in_the_history() -> None:
    """[000:128] used at the Earth map; [000:122] written in the history, unsigned unless the god signs."""
    g = served(world(), ZEUS)
    events = g.when(CastHistoryPower(power="teach_bronze", race="r"), ZEUS)
    assert isinstance(events[0], HistoryPowerCast) and events[0].tickets == [1]
    assert (
        ManaSpent(character="zeus", amount=5, from_held=5, from_pending=0, purpose="history power teach_bronze")
        in events
    )
    assert g.rules.earth.history[-1].author == "zeus" and g.rules.earth.history[-1].signed is False
    assert g.rules.earth.queue == () and g.rules.earth.serving is None


def test_a_power_above_ones_cards_is_refused() -> None:
    """[000:130] a god alone casts history powers up to the number of his cards in the sphere."""
    g = served(world(knowledges=["agriculture", "civilization"]), ARES)
    assert g.rejects(CastHistoryPower(power="found_city", race="r"), ARES).code == "gods2.level_too_high"


def test_gods_combine_sphere_cards_and_split_the_cost_once_each_payer_agrees() -> None:
    """[000:130] gods with consecutive numbers combine cards for a higher level; the cost split as they wish.
    Each payer agrees first: the caster's command only proposes, and nothing is spent until the last signs."""
    e = world(knowledges=["agriculture", "civilization"])
    g = served(e, ARES, ZEUS)
    cast = CastHistoryPower(power="found_city", race="r", squares=[sq(1, 0)], payments={"ares": 3, "zeus": 7})
    proposed = g.when(cast, ARES)
    assert proposed == [
        CoCastingProposed(
            casting="cocast-1",
            by="ares",
            power="found_city",
            payments={"ares": 3, "zeus": 7},
            race="r",
            squares=[sq(1, 0)],
        )
    ]
    events = g.when(SignCoCasting(casting="cocast-1"), ZEUS)
    cast_event = next(e for e in events if isinstance(e, HistoryPowerCast))
    assert cast_event.casters == ["ares", "zeus"] and cast_event.tickets == [1, 2]
    assert {(e.character, e.amount) for e in events if isinstance(e, ManaSpent)} == {("ares", 3), ("zeus", 7)}
    assert any(isinstance(e, CityFounded) for e in events)
    assert g.rules.earth.co_castings == {}


def test_a_co_caster_who_has_not_signed_pays_nothing() -> None:
    """[000:130] the gods split the cost "in any way they wish": one god cannot make another pay. Until the
    payer signs, no mana moves and no number is used."""
    g = served(world(knowledges=["agriculture", "civilization"]), ARES, ZEUS)
    zeus_mana = g.rules.characters["zeus"].total_mana
    events = g.when(CastHistoryPower(power="found_city", race="r", payments={"ares": 0, "zeus": 10}), ARES)
    assert not any(isinstance(e, (ManaSpent, HistoryPowerCast)) for e in events)
    assert g.rules.characters["zeus"].total_mana == zeus_mana
    assert [t.number for t in g.rules.earth.queue] == [1, 2]


def test_a_withdrawn_co_casting_spends_nothing_and_cannot_be_signed() -> None:
    """A named payer may refuse ([000:130] the split is as *they* wish): withdrawing ends the proposal."""
    g = served(world(knowledges=["agriculture", "civilization"]), ARES, ZEUS)
    g.when(CastHistoryPower(power="found_city", race="r", payments={"ares": 5, "zeus": 5}), ARES)
    assert g.when(WithdrawCoCasting(casting="cocast-1"), ZEUS) == [
        CoCastingWithdrawn(casting="cocast-1", by="zeus", parties=["ares", "zeus"])
    ]
    assert g.rejects(SignCoCasting(casting="cocast-1"), ZEUS).code == "gods2.unknown_casting"


def test_a_god_outside_a_co_casting_cannot_tell_it_from_none() -> None:
    """A pending combined casting is its parties' secret: a third god gets the answer it gets for no casting."""
    g = served(world(knowledges=["agriculture", "civilization"]), ARES, ZEUS)
    g.when(CastHistoryPower(power="found_city", race="r", payments={"ares": 5, "zeus": 5}), ARES)
    real, absent = g.rejects(SignCoCasting(casting="cocast-1"), HERA), g.rejects(SignCoCasting(casting="x"), HERA)
    assert (real.code, real.status) == (absent.code, absent.status) == ("gods2.unknown_casting", 422)
    assert real.message.replace("cocast-1", "x") == absent.message


def test_a_payer_without_the_mana_is_refused_when_it_signs_without_stating_its_mana() -> None:
    """[003:53] a character's mana is private: a refusal names no figure of another god. Ares (10 mana) agreeing
    to pay 11 is refused at his own signature; nothing is spent."""
    g = served(world(knowledges=["agriculture", "civilization"]), ZEUS, ARES)
    g.when(CastHistoryPower(power="found_city", race="r", payments={"zeus": 0, "ares": 10}), ZEUS)
    g.when(CallTicket())  # the referees move on: the combined casting lapses with the number it waited on
    assert g.rules.earth.co_castings == {}
    g2 = served(world(knowledges=["agriculture", "civilization"]), ZEUS, ARES)
    g2.given(ManaSpent(character="ares", amount=5, from_held=5, from_pending=0, purpose="test"))
    g2.when(CastHistoryPower(power="found_city", race="r", payments={"zeus": 0, "ares": 10}), ZEUS)
    refused = g2.rejects(SignCoCasting(casting="cocast-1"), ARES)
    assert refused.code == "gods2.not_enough_mana" and "5" not in refused.message


def test_a_split_must_add_up_to_the_cost() -> None:
    """[000:130] the mana cost for the power may be split among the gods in any way they wish."""
    g = served(world(knowledges=["agriculture", "civilization"]), ARES, ZEUS)
    cast = CastHistoryPower(power="found_city", race="r", payments={"ares": 3, "zeus": 3})
    assert g.rejects(cast, ARES).code == "gods2.bad_payments"


def test_gods_combining_need_consecutive_numbers() -> None:
    """[003:191] combined castings need consecutive numbers."""
    g = served(world(knowledges=["agriculture", "civilization"]), ARES, HERA, ZEUS)
    cast = CastHistoryPower(power="found_city", race="r", payments={"ares": 5, "zeus": 5})
    assert g.rejects(cast, ARES).code == "gods2.tickets_not_consecutive"


def test_celestial_spirits_may_not_combine() -> None:
    """[000:132] celestial spirits who have borrowed sphere powers may not combine them."""
    g = served(world(), ZEUS, IRIS, chars={"zeus": WINDOW, "iris": WINDOW})
    cast = CastHistoryPower(power="teach_bronze", race="r", payments={"zeus": 4, "iris": 1})
    assert g.rejects(cast, ZEUS).code == "gods2.cannot_combine"


def test_no_history_power_during_the_calculation_phase() -> None:
    """[000:204] GODS-70: rejected during the Calculation phase."""
    g = served(world(), ZEUS)
    g.when(CloseActivityPhase())
    assert g.rejects(CastHistoryPower(power="teach_bronze", race="r"), ZEUS).code == "gods2.not_activity_phase"


def test_a_disaster_kills_per_square_and_the_race_resists_as_a_whole() -> None:
    """[000:149] Earthquake (Be) 2 per square on 3 squares: 6, halved by E/2 (Stone-skinned) = 3."""
    g = served(world(attributes=["stone_skinned"]), ZEUS, chars={"zeus": {"locale": "window", "spheres": {"fire": 2}}})
    events = g.when(CastHistoryPower(power="earthquake", squares=[sq(0, 0), sq(1, 0), sq(2, 0)]), ZEUS)
    struck = next(e for e in events if isinstance(e, DisasterStruck))
    assert (struck.base, struck.deaths, struck.box) == (6, 3, "earth.death.Be")
    assert sum(s.units for s in g.rules.earth.squares.values()) == 7


def test_a_primitive_race_resists_every_disaster_by_one() -> None:
    """[000:57] primitive races subtract one from the units lost in any disaster (X-1)."""
    e = earth([race("p", "primitive", aggression=-20)], fill("p", [sq(0, 0), sq(1, 0)], 1))
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"fire": 2}}})
    events = g.when(CastHistoryPower(power="earthquake", squares=[sq(0, 0), sq(1, 0)]), ZEUS)
    assert next(e for e in events if isinstance(e, DisasterStruck)).deaths == 1


def test_a_non_elemental_global_power_ignores_resistances_but_an_elemental_one_does_not() -> None:
    """[000:168] Plague (G, Bn) strikes every square; the primitive X-1 applies because it is elemental."""
    e = earth([race("p", "primitive", aggression=-20)], fill("p", [sq(0, 0), sq(1, 0), sq(2, 0)], 1))
    g = served(e, HERA)
    events = g.when(CastHistoryPower(power="plague"), HERA)
    assert next(e for e in events if isinstance(e, DisasterStruck)).deaths == 2


def test_a_disaster_that_empties_the_last_city_square_costs_civilization() -> None:
    """[000:114] a city dies with its square's population; [000:118] the last city: Civilization is lost."""
    e = earth(
        [race("r", knowledges=["agriculture", "civilization", "writing"], aggression=-20)],
        {sq(0, 0): ("r", 2), sq(3, 3): ("r", 3)},
        cities={sq(0, 0): CitySetup(name="Ur")},
    )
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"fire": 2}}})
    events = g.when(CastHistoryPower(power="earthquake", squares=[sq(0, 0)]), ZEUS)
    assert CivilizationLost(race="r", knowledges=["civilization", "writing"]) in events
    assert g.rules.earth.races["r"].level == "barbarian"


def test_a_knowledge_needs_its_prerequisites() -> None:
    """[000:21] most knowledges have prerequisites (the knowledge tree)."""
    g = served(world(level="barbarian"), HERA, chars={"hera": {"locale": "window", "spheres": {"wisdom": 1}}})
    assert g.rejects(CastHistoryPower(power="teach_civilization", race="r"), HERA).code == "gods2.prerequisites"


def test_learning_civilization_builds_the_first_city() -> None:
    """[000:112] a race builds one city automatically when it first learns Civilization."""
    g = served(
        world(level="barbarian", knowledges=["agriculture"]),
        HERA,
        chars={"hera": {"locale": "window", "spheres": {"wisdom": 1}}},
    )
    events = g.when(CastHistoryPower(power="teach_civilization", race="r", squares=[sq(1, 0)]), HERA)
    assert KnowledgeLearned(race="r", knowledge="civilization", civilized=True) in events
    city = next(e for e in events if isinstance(e, CityFounded))
    assert city.square == sq(1, 0) and g.rules.earth.races["r"].level == "civilized"


def test_a_century_delayed_modification_takes_effect_next_century() -> None:
    """[000:174] Mc powers have no effect until the beginning of the next century."""
    g = served(world(), ZEUS)
    events = g.when(CastHistoryPower(power="war_fervour", race="r"), ZEUS)
    assert next(e for e in events if isinstance(e, RaceModified)).active is False
    assert g.view(ZEUS).earth.races[0].aggression == -20
    g.when(CloseActivityPhase())
    g.when(EndCentury())
    g.dice(1)
    g.when(StartCentury())
    assert g.view(ZEUS).earth.races[0].aggression == -18
    g.when(CloseActivityPhase())
    g.when(EndCentury())
    assert g.rules.earth.races["r"].modifications == ()  # lasted its one century


def test_a_cult_raises_the_casters_share_and_scales_the_others() -> None:
    """[000:182] Mu: the deity gains the listed amount; the others lose proportionately; no turmoil."""
    g = served(world(pantheon={"zeus": "60", "ATHEISM": "40"}), HERA)
    events = g.when(CastHistoryPower(power="cult_of_love", race="r"), HERA)
    changed = next(e for e in events if isinstance(e, PantheonChanged))
    assert changed.shares == {"zeus": 54, "ATHEISM": 36, "hera": 10}
    assert g.rules.earth.races["r"].in_turmoil is False


def test_powers_can_start_religious_turmoil() -> None:
    """[000:84] religious turmoil can be instigated by history powers."""
    g = served(world(), ZEUS)
    g.when(CastHistoryPower(power="holy_strife", race="r"), ZEUS)
    assert g.rules.earth.races["r"].in_turmoil is True


def test_a_flood_drowns_cities_and_displaces_people() -> None:
    """[000:196] cities are destroyed when the base terrain turns to water; [000:107] the rest spread or starve."""
    e = earth(
        [race("r", knowledges=["agriculture", "civilization"], aggression=-20)],
        {sq(0, 0): ("r", 2), sq(1, 0): ("r", 2), sq(3, 3): ("r", 1)},
        cities={sq(0, 0): CitySetup(name="Atlantis"), sq(3, 3): CitySetup(name="Thebes")},
    )
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"water": 3}}})
    g.when(CastHistoryPower(power="great_flood", squares=[sq(0, 0)]), ZEUS)
    squares = g.rules.earth.squares
    assert squares[sq(0, 0)].terrain == "water" and squares[sq(0, 0)].units == 0 and squares[sq(0, 0)].city is None
    assert sum(s.units for s in squares.values() if s.race == "r") == 5


def test_base_terrain_powers_do_not_work_on_resistant_features() -> None:
    """[000:188] base terrain powers will not work on squares which contain resistant terrain features."""
    e = earth([race("r", aggression=-20)], {sq(0, 0): ("r", 2)}, features={sq(1, 1): ["volcano"]})
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"water": 3}}})
    g.when(CastHistoryPower(power="great_flood", squares=[sq(1, 1), sq(2, 2)]), ZEUS)
    assert (g.rules.earth.squares[sq(1, 1)].terrain, g.rules.earth.squares[sq(2, 2)].terrain) == ("plains", "water")


def test_a_power_the_referees_must_judge_is_marked_for_a_ruling() -> None:
    """[000:259] effects not scripted in the pack are the referees' to apply."""
    g = served(world(), HERA)
    assert g.when(CastHistoryPower(power="omen", race="r"), HERA)[0].ruling == "What do the mortals make of the omen?"


def test_deaths_on_earth_pay_the_event_sources_at_century_end() -> None:
    """[000:208] the death worksheet: units dead in war pay the War sphere's event source (1/5 per card)."""
    from domain.rulesets.gods2.earth.commands import DeclareWar, ResolveWar

    e = earth(
        [race("a", military=8, aggression=-20), race("b", aggression=-20)],
        {**fill("a", [sq(x, 0) for x in range(6)], 5), **fill("b", [sq(x, 1) for x in range(6)], 5)},
    )
    g = earth_game(e)
    war = g.when(DeclareWar(attacker="a", defender="b", reason="r"))[0].war
    g.advance(5).when(ResolveWar(war=war))
    dead = g.rules.earth.deaths["earth.death.war"]
    g.when(CloseActivityPhase())
    paid = [x for x in g.when(EndCentury()) if isinstance(x, ManaCredited) and x.source == "war-earth-wars"]
    assert {(x.character, x.amount) for x in paid} == {("zeus", Fraction(dead * 2, 5)), ("ares", Fraction(dead, 5))}
    assert g.rules.earth.deaths == {}


def test_a_disaster_lowers_population_levels_less_for_a_resistant_race() -> None:
    """[000:151] Arctic Blast lowers plains levels by two; the Norsemen (I/2) lose one level; the excess spreads."""
    e = earth([race("norse", "barbarian", resistances=["I/2"], aggression=-20)], {sq(0, 0): ("norse", 3)})
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"ice": 2}}})
    g.when(CastHistoryPower(power="arctic_blast", squares=[sq(0, 0)]), ZEUS)
    assert g.rules.earth.races["norse"].lowered == {"plains": 1}
    # 3 - 1 (halved deaths of 1, rounded up) = 2 units left; the limit is now 2: nobody needs to move.
    assert g.rules.earth.squares[sq(0, 0)].units == 2
    g.when(CloseActivityPhase())
    g.when(EndCentury())
    assert g.rules.earth.races["norse"].lowered == {}


def test_an_immune_race_ignores_level_reductions() -> None:
    """[000:151] the Frost Giants (I-inf) are completely unaffected by Arctic Blast."""
    e = earth([race("giants", "barbarian", resistances=["I-inf"], aggression=-20)], {sq(0, 0): ("giants", 3)})
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"ice": 2}}})
    g.when(CastHistoryPower(power="arctic_blast", squares=[sq(0, 0)]), ZEUS)
    assert g.rules.earth.races["giants"].lowered == {} and g.rules.earth.squares[sq(0, 0)].units == 3


def test_units_over_a_lowered_limit_move_or_starve() -> None:
    """[000:107] if limits are reduced mid-century, only the units that would otherwise starve move."""
    e = earth([race("r", "barbarian", aggression=-20)], {sq(0, 0): ("r", 3)}, width=1, height=1)
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"ice": 2}}})
    events = g.when(CastHistoryPower(power="arctic_blast", squares=[sq(0, 0)]), ZEUS)
    placed = next(x for x in events if x.__class__.__name__ == "PopulationPlaced")
    assert (placed.placement, placed.starved) == ({sq(0, 0): 1}, 1)
    assert g.rules.earth.deaths == {"earth.death.Bi": 1, "earth.death.starvation": 1}


def test_great_cities_raise_the_cost_of_disasters_that_strike_them() -> None:
    """[000:116] great cities increase the mana costs of many disaster powers (the sample: +50% each)."""
    e = earth(
        [race("r", knowledges=["agriculture", "civilization"], aggression=-20)],
        {sq(0, 0): ("r", 4), sq(1, 0): ("r", 4)},
        cities={sq(0, 0): CitySetup(name="Babylon", great=True)},
    )
    g = served(e, ZEUS, chars={"zeus": {"locale": "window", "spheres": {"fire": 2}}})
    events = g.when(CastHistoryPower(power="earthquake", squares=[sq(0, 0), sq(1, 0)]), ZEUS)
    assert next(x for x in events if isinstance(x, ManaSpent)).amount == 12  # 8 + 50%
