"""Century-end and era-end mana sources counted on the Earth map by the engine, and the referee's audited
override ([000:210-214], [000:51]; earth/sources.py). The sample pack's map sources: `love-groves` (century end,
1/2 per square with a sacred grove, per Love card) and `water-seas` (era end, 2 per sea square, per Water card)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from msgspec.structs import replace

from domain.engine import Actor, Rejected
from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.earth.commands import CloseActivityPhase, EndCentury
from domain.rulesets.gods2.earth.events import CenturyStarted, MapSourcesCounted
from domain.rulesets.gods2.heaven.commands import PayManaSource
from domain.rulesets.gods2.kernel.content import ManaSourceDef, sample_pack
from domain.rulesets.gods2.kernel.earth_content import MapSourceDef, SpreadDef
from domain.rulesets.gods2.kernel.events import ClockSet, DemonPoolCredited, ManaCredited
from domain.rulesets.gods2.kernel.model import Settings
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import HERA, ZEUS, setup
from tests.domain.harness import Game

GROVES = {sq(1, 1): ["sacred_grove"], sq(2, 2): ["sacred_grove"], sq(3, 3): ["sacred_grove"]}
SEAS = {sq(5, y): "water" for y in range(4)}
# Hera: Love 1, Death 1, and two Water cards for the seas.
HERA_AT_SEA = {"hera": {"spheres": {"love": 1, "death": 1, "water": 2}}}


def world(century: int = 1, **overrides: Any) -> Game:
    e = earth([race("r", aggression=-20)], {sq(0, 0): ("r", 1)}, terrain=SEAS, features=GROVES)
    g = earth_game(e, activity=False, chars=HERA_AT_SEA, **overrides)
    g.given(CenturyStarted(century=century))
    g.when(CloseActivityPhase())
    return g


def paid(events: list[object], source: str) -> dict[str, Fraction]:
    return {e.character: e.amount for e in events if isinstance(e, ManaCredited) and e.source == source}


def counted(events: list[object]) -> MapSourcesCounted:
    return next(e for e in events if isinstance(e, MapSourcesCounted))


def test_a_century_end_source_is_counted_on_the_map_at_every_century_end() -> None:
    """[000:210] "The Century-End Worksheet lists all of the various century-end mana sources ... At the end of
    each century, count the various sources": three grove squares x 1/2 x Hera's one Love card = 3/2."""
    events = world().when(EndCentury())
    assert counted(events) == MapSourcesCounted(century=1, measured={"love-groves": 3})
    assert paid(events, "love-groves") == {"hera": Fraction(3, 2)}
    assert paid(events, "water-seas") == {}  # an era-end source waits for the era's end


def test_fractions_of_a_map_source_wait_at_the_distribution_point() -> None:
    """[000:214] "mana amounts less than 1 should be recorded at the mana distribution points and added up over
    time until they reach whole numbers": 3/2 pays 1 whole mana and keeps 1/2."""
    g = world()
    g.when(EndCentury())
    assert g.rules.characters["hera"].accumulators["love-groves"] == Fraction(1, 2)


def test_era_end_sources_are_counted_when_era_centrum_ends_with_its_sixteenth_century() -> None:
    """[000:51] "Era Centrum is divided into 16 centuries"; era-end sources ([003:134]) are counted when the 16th
    ends: four sea squares x 2 x Hera's two Water cards = 16."""
    events = world(century=16).when(EndCentury())
    assert counted(events).era_end and counted(events).measured == {"love-groves": 3, "water-seas": 4}
    assert paid(events, "water-seas") == {"hera": Fraction(16)}


def test_the_referee_overrides_a_count_with_a_reason_and_both_are_recorded() -> None:
    """[000:210] the referees count the sources; a referee who counts otherwise types the count and says why."""
    events = world().when(EndCentury(counts={"love-groves": 5}, reason="two groves hidden under the fog"))
    assert counted(events) == MapSourcesCounted(
        century=1, measured={"love-groves": 3}, counts={"love-groves": 5}, reason="two groves hidden under the fog"
    )
    assert paid(events, "love-groves") == {"hera": Fraction(5, 2)}


def test_an_override_needs_a_reason_and_a_source_paid_now() -> None:
    """[000:210] only the sources of this count; a GM ruling needs a reason."""
    g = world()
    assert g.rejects(EndCentury(counts={"love-groves": 5})).code == "gods2.reason_required"
    refused = g.rejects(EndCentury(counts={"water-seas": 9}, reason="storm"))
    assert refused.code == "gods2.unknown_map_source"


def test_era_centrum_ends_by_itself_so_the_referee_cannot_end_it_early() -> None:
    """[000:51] "Era Centrum is divided into 16 centuries"."""
    assert world().rejects(EndCentury(ends_era=True, reason="early")).code == "gods2.era_length_fixed"


def test_the_referee_ends_era_omega_with_a_reason_and_its_era_end_sources_are_counted() -> None:
    """The length of Era Omega is in a chapter the text does not include: the referee's typed ruling."""
    g = world()
    g.given(ClockSet(era="omega", in_transition=False, reason="Era Omega", era_ended=True))
    assert g.rejects(EndCentury(ends_era=True)).code == "gods2.reason_required"
    events = g.when(EndCentury(ends_era=True, reason="the Supreme Deity is chosen"))
    assert paid(events, "water-seas") == {"hera": Fraction(16)}


def test_the_counts_are_public_and_each_gods_mana_stays_its_own() -> None:
    """Digest A6: the map is public, so are its counts; a god's income is seen by that god only."""
    events = world().when(EndCentury())
    ares = Actor(principal="seat:ares", role="player", seat_id="seat-ares", controls="ares")
    assert ruleset.redact(counted(events), ZEUS) == counted(events)
    credit = next(e for e in events if isinstance(e, ManaCredited) and e.source == "love-groves")
    assert ruleset.redact(credit, HERA) == credit
    assert ruleset.redact(credit, ZEUS) is None and ruleset.redact(credit, ares) is None


def test_a_pack_whose_map_sources_or_spreading_are_broken_is_refused() -> None:
    """Rules that are data are validated, naming the entry: a map source must be a century-end or era-end source
    of the pack, and map sources and spreading terrain name features the pack defines."""
    pack = sample_pack()
    e = earth([race("r", aggression=-20)], {sq(0, 0): ("r", 1)})
    for earth_section, named in (
        (replace(pack.earth, map_sources=[MapSourceDef(source="war-deaths")]), "map source war-deaths"),
        (replace(pack.earth, map_sources=[MapSourceDef(source="love-groves", feature="moss")]), "moss"),
        (replace(pack.earth, spreading=[SpreadDef(id="glacier", feature="tongue", to="ice")]), "glacier"),
    ):
        with pytest.raises(Rejected) as refused:
            ruleset.initial_state(setup(earth=e, content=replace(pack, earth=earth_section)), Settings())
        assert refused.value.code == "gods2.bad_scenario" and named in refused.value.message


def test_a_demonic_map_source_pays_the_demons_shared_pool() -> None:
    """[003:70] the demons share their sources' mana in one pool; [000:214] fractions wait until whole: four sea
    squares x 1/3 = 4/3, one whole mana and 1/3 kept."""
    pack = sample_pack()
    barrows = ManaSourceDef(id="demonic-drowned", sphere="demonic", category="century_end", rate="1/3")
    content = replace(
        pack,
        mana_sources=[*pack.mana_sources, barrows],
        earth=replace(pack.earth, map_sources=[MapSourceDef(source="demonic-drowned", terrain="water")]),
    )
    events = world(content=content).when(EndCentury())
    (pooled,) = [e for e in events if isinstance(e, DemonPoolCredited) and e.source == "demonic-drowned"]
    assert (pooled.amount, pooled.whole, pooled.accumulator) == (Fraction(4, 3), 1, Fraction(1, 3))


def test_a_source_the_map_counts_is_not_also_paid_by_hand() -> None:
    """[000:210] "At the end of each century, count the various sources": the map's count pays a map source once;
    a referee changes that count with EndCentury's `counts` and a reason, not with a second payment by hand."""
    refused = world().rejects(PayManaSource(source="love-groves", quantities={"hera": "3"}, reason="groves"))
    assert refused.code == "gods2.map_counted"
    assert "EndCentury" in refused.message
