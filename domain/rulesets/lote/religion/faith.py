"""What religious outcomes do, as events computed from the state (the GM's rulings and resolution both call these;
`evolve.py` only folds them): Religious Strength moved within 1 to 10 with ROC and ROB kept within it, a place's
converts gained (converted at 100%), influence over a religion moved (tolerance at 10, then ripeness for mass
conversion), the places a nation holds."""

from __future__ import annotations

from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.religion.events import (
    InfluenceChanged,
    MinoritiesSet,
    PlaceConverted,
    ReligiousStrengthChanged,
)
from domain.rulesets.lote.religion.records import Influence, Minority
from domain.rulesets.lote.religion.rules import (
    RS_MAX,
    RS_MIN,
    converts,
    minorities,
    place_religion,
    table_relation,
)
from domain.rulesets.lote.scenario.enums import at_least

FULL = 100  # [L7634-7636] "you must convert a full 100% of the population"
INFLUENCE_MAX = 10  # [L7533-7540]


def held_places(state: State, nid: str) -> list[tuple[str, str, str]]:
    """(kind, name, region) of every region and city the nation holds at Non-Paying Tributary or better (an
    occupied owner's `oc` is not holding)."""
    out = [("region", n, n) for n, r in sorted(state.regions.items()) if at_least(r.statuses.get(nid), "nt")]
    out += [("city", n, c.region) for n, c in sorted(state.cities.items()) if at_least(c.statuses.get(nid), "nt")]
    return [x for x in out if (state.cities.get(x[1]) or state.regions[x[1]]).statuses.get(nid) != "oc"]


def holders_of(state: State, place: str) -> tuple[str, ...]:
    """The nations with a status in the place that they see (not Hostile or At War, which are the GM's)."""
    record = state.cities.get(place) or state.regions.get(place)
    if record is None:
        return ()
    return tuple(sorted(n for n, s in record.statuses.items() if s not in ("aw", "hs")))


def without(state: State, place: str, gone: Minority) -> tuple[Minority, ...]:
    return tuple(m for m in minorities(state, place) if m != gone)


def rs_change(state: State, nation: Nation, delta: int, cause: str) -> list[ReligiousStrengthChanged]:
    """[L1488-1507] RS runs from 1 to 10; ROC and ROB each run from 0 to the RS, so they fall with it. A rise is
    one point at most a turn when the setting `p2c_rs_one_rise_per_turn` reads [L1458-1462] ("A given statistic
    can only increase by one point per turn") as applying to the RS."""
    rs = nation.religious_strength
    if delta > 0 and state.settings.p2c_rs_one_rise_per_turn:
        if state.religion.rs_risen.get(nation.id) == state.turn:
            return []
        delta = 1
    new = max(RS_MIN, min(RS_MAX, rs + delta))
    if new == rs:
        return []
    return [
        ReligiousStrengthChanged(
            nation=nation.id,
            strength=new,
            roc=min(nation.roc, new),
            rob=min(nation.rob, new),
            cause=cause,
            risen=new > rs,
            turn=state.turn,
        )
    ]


def convert_share(
    state: State, place: str, religion: str, nation: str, pct: int, how: str, cause: str
) -> list[MinoritiesSet | PlaceConverted]:
    """A Diplomatic Conversion or Missionaries converted `pct` more of a place to `religion`: the converts are a
    minority until 100% is reached, when the place takes the religion and no minority is left ([L7634-7643])."""
    total = min(FULL, converts(state, place, religion) + pct)
    who = holders_of(state, place)
    if total >= FULL:
        former = place_religion(state, place)
        return [
            PlaceConverted(
                place=place, religion=religion, former=former, how=how, nation=nation, reason=cause, holders=who
            ),
            MinoritiesSet(place=place, minorities=(), cause=cause, holders=who),
        ]
    kept = tuple(m for m in minorities(state, place) if not (m.origin == "converts" and m.religion == religion))
    gained = Minority(religion=religion, origin="converts", pct=total, nation=nation, since_turn=state.turn)
    return [MinoritiesSet(place=place, minorities=(*kept, gained), cause=cause, holders=who)]


def influence_change(state: State, nation: Nation, over: str, levels: int, cause: str) -> list[InfluenceChanged]:
    """[L7529-7553] Influence Religion: "When an influence of 10 is achieved, the two religions are then considered
    tolerant of each other. The influence is set back to zero. If a tolerant religion is influenced again, then
    when a 10 is achieved there, that religion is ripe for mass conversion." An influence over the nation's own
    religion rises to 10 and stays there. The operation keeps the influence current for the turn."""
    key = f"{nation.id}>{over}"
    inf = state.religion.influence.get(key) or Influence(nation=nation.id, religion=nation.religion, over=over)
    level, stage, tolerant, ripe = inf.level + levels, inf.stage, False, False
    if over != nation.religion and level >= INFLUENCE_MAX:
        if stage == "tolerance" and table_relation(state, nation.religion, over) == "hostile":
            level, stage, tolerant = 0, "conversion", True
        else:
            stage, ripe = "conversion", True
    return [
        InfluenceChanged(
            nation=nation.id,
            religion=nation.religion,
            over=over,
            level=min(level, INFLUENCE_MAX),
            stage=stage,
            maintained=True,
            turn=state.turn,
            tolerant=tolerant,
            ripe=ripe,
            cause=cause,
        )
    ]
