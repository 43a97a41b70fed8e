"""A second period of Creation when every mortal has died ([000:218]), and the races the referees type as
created in it, as far as chapter 5 describes Era Aleph's races ([000:13], [000:17], [000:45], [000:72],
[000:100], [000:128]; earth/creation.py)."""

from __future__ import annotations

from domain.rulesets.gods2.earth.commands import (
    CastHistoryPower,
    CloseActivityPhase,
    CreateRace,
    EndCentury,
    ProposePantheonChange,
    StartCentury,
)
from domain.rulesets.gods2.earth.events import AggressionRolled, CenturyStarted, PopulationGrew, RaceCreated
from domain.rulesets.gods2.kernel.events import ManaCredited
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import ZEUS
from tests.domain.harness import Game

AT_WINDOW = {"zeus": {"locale": "window"}}
ELVES = CreateRace(
    race="elves",
    name="Elves",
    level="primitive",
    squares={sq(0, 0): 1, sq(1, 0): 1},
    pantheon={"zeus": "100"},
    attributes=["fecund"],
    reason="Zeus breathed life into the forests (a creation power of Era Aleph)",
)


def creation() -> tuple[Game, list[object]]:
    """The last race has died: the next century is a period of Creation."""
    g = earth_game(earth([race("dead", aggression=-20)], {}), activity=False, chars=AT_WINDOW)
    return g, g.when(StartCentury())


def test_a_dead_earth_replaces_the_next_century_with_a_second_period_of_creation() -> None:
    """[000:218] "What happens if all of the mortals on Earth die out? Replace the next century with a second
    period of Creation": no growth and no aggressive attacks, since nobody lives."""
    g, events = creation()
    assert events == [CenturyStarted(century=1, creation=True)]
    assert not [e for e in events if isinstance(e, PopulationGrew | AggressionRolled)]
    assert g.rules.earth.creation and g.rules.earth.stage == "activity"


def test_the_referees_type_a_created_race_with_its_attributes_and_starting_ranges() -> None:
    """[000:13] "Each mortal race, created in Era Aleph, is represented by population units on the Earth map";
    [000:17] attributes are "set by the creation powers"; [000:45] "all races begin with Movement Range 1 and
    Sea-faring Range 0"."""
    g, _ = creation()
    assert g.when(ELVES) == [
        RaceCreated(
            race="elves",
            name="Elves",
            level="primitive",
            placement={sq(0, 0): 1, sq(1, 0): 1},
            pantheon={"zeus": 100},  # type: ignore[dict-item]
            reason=ELVES.reason,
            attributes=["fecund"],
        )
    ]
    elves = g.rules.earth.races["elves"]
    assert (elves.movement, elves.seafaring, elves.attributes) == (1, 0, ("fecund",))
    assert (g.rules.earth.squares[sq(0, 0)].race, g.rules.earth.squares[sq(0, 0)].units) == ("elves", 1)


def test_a_created_race_respects_the_population_limits_one_race_a_square_and_a_whole_pantheon() -> None:
    """[000:100] "Each square can only support a certain number of population units" (primitive on plains: 1);
    [000:66] "A race's pantheon numbers must add up to 100% at all times"."""
    g, _ = creation()
    crowded = g.rejects(CreateRace(**{**_fields(ELVES), "squares": {sq(0, 0): 2}}))
    assert crowded.code == "gods2.bad_race" and "at most 1" in crowded.message
    half = g.rejects(CreateRace(**{**_fields(ELVES), "pantheon": {"zeus": "50"}}))
    assert half.code == "gods2.bad_race"
    g.when(ELVES)
    again = g.rejects(CreateRace(**{**_fields(ELVES), "race": "dwarves", "squares": {sq(0, 0): 1}}))
    assert again.code == "gods2.bad_race" and "occupied" in again.message
    assert g.rejects(ELVES).code == "gods2.race_exists"


def test_races_are_created_only_in_a_period_of_creation() -> None:
    """[000:17] attributes "cannot be changed once Era Aleph is over": outside Creation no race is made."""
    g = earth_game(earth([race("r", aggression=-20)], {sq(0, 0): ("r", 1)}))
    assert g.rejects(ELVES).code == "gods2.not_creation"


def test_no_history_power_and_no_pantheon_change_in_a_period_of_creation() -> None:
    """[000:128] "History powers may only be used in Eras Centrum and Omega"; [000:72] pantheons change
    "beginning from the end of Era Aleph"; [000:218] "During that time use all rules for Era Aleph"."""
    g, _ = creation()
    g.when(ELVES)
    cast = CastHistoryPower(power="war_fervour", race="elves")
    assert g.rejects(cast, ZEUS).code == "gods2.creation_period"
    change = ProposePantheonChange(race="elves", shares={"zeus": "90", "ATHEISM": "10"})
    assert g.rejects(change, ZEUS).code == "gods2.creation_period"


def test_the_period_of_creation_pays_no_worship_and_the_next_century_is_era_centrums_again() -> None:
    """[000:218] the period of Creation replaces a century under Era Aleph's rules (its mana is the missing
    chapter's: decision in earth/creation.py); the century after it grows the new race ([000:236])."""
    g, _ = creation()
    g.when(ELVES)
    g.when(CloseActivityPhase())
    assert not [e for e in g.when(EndCentury()) if isinstance(e, ManaCredited)]
    events = g.when(StartCentury())
    assert CenturyStarted(century=2) in events and not g.rules.earth.creation
    assert [e.race for e in events if isinstance(e, PopulationGrew)] == ["elves"]


def _fields(command: CreateRace) -> dict[str, object]:
    return {f: getattr(command, f) for f in command.__struct_fields__}


def test_a_gods_seat_can_neither_create_a_race_nor_override_a_count() -> None:
    """[000:224] the referees alter the Earth and count its sources; a god's seat acts only through its powers."""
    g, _ = creation()
    assert g.rejects(ELVES, ZEUS).code == "engine.forbidden"
    g.when(CloseActivityPhase())
    assert g.rejects(EndCentury(counts={"love-groves": 9}, reason="mine"), ZEUS).code == "engine.forbidden"
