"""Cities ([000:110-118]), the take-a-number queue at the Window ([003:189-191]) and the history of the world
([000:122-124])."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2.earth.commands import CallTicket, FoundCity, RecordHistory, TakeQueueTicket
from domain.rulesets.gods2.earth.events import CityFounded, HistoryRecorded, TicketCalled
from domain.rulesets.gods2.kernel.earth_model import CitySetup, EarthSetup
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import HERA, ZEUS

CIVIL = ["agriculture", "civilization"]


def spread(count: int, city: bool = True, knowledges: list[str] = CIVIL) -> EarthSetup:
    squares = [sq(x, y) for y in range(6) for x in range(6)][:count]
    units = {s: ("r", 2) for s in squares}
    units[squares[-1]] = ("r", 4)
    return earth(
        [race("r", knowledges=knowledges, aggression=-20)],
        units,
        cities={squares[0]: CitySetup(name="Ur")} if city else None,
    )


def test_a_new_city_needs_six_squares_for_each_existing_city() -> None:
    """[000:112] GODS-19: with 2 cities, 11 squares are not enough and 12 are."""
    for count, allowed in ((11, False), (12, True)):
        e = spread(count)
        squares = list(e.squares)
        squares[1] = msgspec.structs.replace(squares[1], city=CitySetup(name="Eridu"))
        g = earth_game(EarthSetup(squares=squares, races=e.races))
        if allowed:
            assert isinstance(g.when(FoundCity(race="r", name="Uruk", reason="Found City"))[0], CityFounded)
        else:
            assert g.rejects(FoundCity(race="r", name="Uruk", reason="Found City")).code == "gods2.no_city_allowed"


def test_the_first_city_is_not_under_the_six_squares_rule() -> None:
    """[000:112] a race's first city is not, by definition, under this restriction."""
    g = earth_game(spread(1, city=False))
    assert g.when(FoundCity(race="r", name="Ur", reason="learned Civilization"))[0] == CityFounded(
        race="r", square=sq(0, 0), name="Ur"
    )


def test_a_new_city_goes_where_the_race_is_most_numerous() -> None:
    """[000:112] new cities are built where the race has the highest population and no city exists."""
    g = earth_game(spread(6, city=False))
    assert g.when(FoundCity(race="r", name="Ur", reason="r"))[0].square == sq(5, 0)


def test_a_tie_for_the_city_square_is_the_referees_choice() -> None:
    """[000:112] equally high population: the referee selects the square closest to the centre."""
    e = earth([race("r", knowledges=CIVIL)], {sq(0, 0): ("r", 2), sq(1, 0): ("r", 2)})
    g = earth_game(e)
    assert g.rejects(FoundCity(race="r", name="Ur", reason="r")).code == "gods2.choose_city_square"
    assert g.when(FoundCity(race="r", name="Ur", reason="nearest the centre", square=sq(1, 0)))[0].square == sq(1, 0)


def test_cities_exist_only_among_civilized_races() -> None:
    """[000:110] cities can only exist in squares inhabited by civilized races."""
    g = earth_game(spread(3, city=False, knowledges=["agriculture"]))
    assert g.rejects(FoundCity(race="r", name="Ur", reason="r")).code == "gods2.no_city_allowed"


def test_each_god_takes_one_number_at_the_window() -> None:
    """[003:189] take a number; one each, not tradeable."""
    g = earth_game(spread(1), chars={"zeus": {"locale": "window"}, "hera": {"locale": "window"}})
    assert g.when(TakeQueueTicket(), ZEUS)[0].number == 1
    assert g.when(TakeQueueTicket(), HERA)[0].number == 2
    assert g.rejects(TakeQueueTicket(), ZEUS).code == "gods2.has_ticket"


def test_a_number_is_taken_at_the_window_only() -> None:
    """[003:185] history powers are used at the Earth map in the Window on the World."""
    assert earth_game(spread(1)).rejects(TakeQueueTicket(), ZEUS).code == "gods2.not_at_window"


def test_the_referees_call_numbers_in_order_and_a_no_show_loses_the_turn() -> None:
    """[003:191] a player who is not there when the number is called loses that turn."""
    g = earth_game(spread(1), chars={"zeus": {"locale": "window"}, "hera": {"locale": "window"}})
    g.when(TakeQueueTicket(), ZEUS)
    g.when(TakeQueueTicket(), HERA)
    assert g.when(CallTicket()) == [TicketCalled(number=1)]
    assert g.when(CallTicket(skip_current=True)) == [TicketCalled(number=2, skipped=1)]
    assert [t.holder for t in g.rules.earth.queue] == ["hera"]
    assert g.when(CallTicket()) == [TicketCalled(number=None)]
    assert g.rules.earth.queue == ()


def test_gods_need_not_sign_the_history_of_the_world() -> None:
    """[000:122] each god writes what happened and where; they may sign if they want."""
    g = earth_game(spread(1))
    event = g.when(RecordHistory(text="The Flood drowns the plain", names={"3,3": "the Drowned Vale"}), ZEUS)[0]
    assert event == HistoryRecorded(
        century=1, text="The Flood drowns the plain", names={"3,3": "the Drowned Vale"}, author="zeus"
    )
    assert g.rules.earth.history[-1].signed is False


def test_names_go_on_the_map() -> None:
    """[000:124] discrete territories and major wars should be named, directly on the map."""
    from domain.rulesets.gods2.earth.commands import DeclareWar

    e = earth([race("r"), race("s")], {sq(0, 0): ("r", 1), sq(1, 0): ("s", 1)})
    g = earth_game(e)
    war = g.when(DeclareWar(attacker="r", defender="s", reason="r"))[0].war
    g.when(RecordHistory(text="The Border War", names={war: "the Border War", sq(1, 0): "the Marches"}), ZEUS)
    assert g.rules.earth.wars[war].name == "the Border War" and g.rules.earth.squares[sq(1, 0)].name == "the Marches"
