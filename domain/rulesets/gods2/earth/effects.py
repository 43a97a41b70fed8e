"""The effects of history powers on the Earth, one function per kind of effect ([000:136-200]). Each returns
events decided on the Earth as the earlier effects of the same casting left it."""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import pantheon, population, resistances, stats
from domain.rulesets.gods2.earth.cities import city_problems, civilization_losses
from domain.rulesets.gods2.earth.common import fold
from domain.rulesets.gods2.earth.events import (
    CityFounded,
    DisasterStruck,
    FeatureAdded,
    KnowledgeLearned,
    LimitsReduced,
    PantheonChanged,
    PopulationPlaced,
    RaceModified,
    TerrainChanged,
    TurmoilStarted,
)
from domain.rulesets.gods2.kernel.common import reject
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.earth_content import (
    AddFeature,
    ChangeTerrain,
    Cult,
    Disaster,
    EarthContent,
    EarthRuling,
    FoundCity,
    HistoryPowerDef,
    ModifyRace,
    TeachKnowledge,
    Turmoil,
)
from domain.rulesets.gods2.kernel.earth_model import Earth, Race
from domain.rulesets.gods2.kernel.model import State

ELEMENTS = {"Bf": "F", "Be": "E", "Bn": "N", "Bw": "W", "Ba": "A", "Bi": "I"}


def _need_race(race: Race | None, power: HistoryPowerDef) -> Race:
    if race is None:
        raise reject("target_race", f"{power.name} is cast on a race: name it in `race`.")
    return race


def apply(
    state: State,
    earth: Earth,
    power: HistoryPowerDef,
    caster: str,
    race: Race | None,
    squares: list[str],
    ctx: DecisionContext,
) -> tuple[list[object], str | None]:
    events: list[object] = []
    ruling: str | None = None
    for effect in power.effects:
        now = fold(earth, events)
        target = now.races.get(race.id) if race is not None else None
        match effect:
            case Disaster():
                events += disaster(state, now, power, effect, squares, target)
            case TeachKnowledge():
                events += teach(state, now, _need_race(target, power), effect.knowledge, squares)
            case ModifyRace():
                events += modify(now, power, _need_race(target, power), effect)
            case Cult():
                r = _need_race(target, power)
                deity = effect.deity or caster
                if not deity:
                    raise reject("no_deity", "A cult without a caster names its deity, or is an ApplyCult ruling.")
                shares = pantheon.cult(r.pantheon, deity, parse_fraction(effect.points))
                events.append(PantheonChanged(race=r.id, shares=shares, cause=power.id))
            case Turmoil():
                r = _need_race(target, power)
                if not r.in_turmoil:
                    events.append(TurmoilStarted(race=r.id, by=caster or "referees"))
            case ChangeTerrain():
                events += terrain(state, now, power.id, effect, squares)
            case AddFeature():
                events.append(FeatureAdded(power=power.id, squares=squares, feature=effect.feature))
            case FoundCity():
                r = _need_race(target, power)
                problem = city_problems(now, r.id, state.pack.earth)
                if problem is not None:
                    raise reject("no_city_allowed", problem)
                events.append(_city(now, r, power.name, effect.great, squares))
            case EarthRuling():
                ruling = effect.question
    return events, ruling


def _city(earth: Earth, race: Race, name: str, great: bool, squares: list[str]) -> CityFounded:
    """[000:112] in the most populous square without a city; a tie: the caster names it among the tied."""
    open_squares = [s for s in stats.squares_of(earth, race.id) if s.city is None]
    most = max(s.units for s in open_squares)
    tied = sorted(s.id for s in open_squares if s.units == most)
    chosen = next((s for s in squares if s in tied), None) if len(tied) > 1 else tied[0]
    if chosen is None:
        raise reject("choose_city_square", f"Squares {tied} tie; name the one nearest the centre in `squares`.")
    return CityFounded(race=race.id, square=chosen, name=name, great=great)


def disaster(
    state: State, earth: Earth, power: HistoryPowerDef, effect: Disaster, squares: list[str], only: Race | None
) -> list[object]:
    """[000:149] per race hit: the base toll over its target squares, then its resistances on the whole loss;
    the deaths come off the target squares in order. A global power (G) strikes every square."""
    is_global = "G" in power.codes
    targets = list(earth.squares) if is_global and not squares else squares
    elements = frozenset(ELEMENTS[c] for c in power.codes if c in ELEMENTS)
    box = "earth.death." + next((c for c in power.codes if c in ELEMENTS), "B")
    out: list[object] = []
    hit = sorted({r for s in targets if (r := earth.squares[s].race) is not None})
    for race_id in hit:
        if only is not None and race_id != only.id:
            continue
        race = earth.races[race_id]
        own = [s for s in targets if earth.squares[s].race == race_id]
        base = sum(
            earth.squares[s].units if effect.all_units else min(effect.deaths_per_square, earth.squares[s].units)
            for s in own
        )
        found = stats.resistances(earth, race, state.pack.earth)
        # A vulnerability may add deaths, but never more than the struck squares hold.
        held = sum(earth.squares[s].units for s in own)
        deaths = min(held, resistances.disaster_deaths(base, elements, found, global_power=is_global))
        losses: dict[str, int] = {}
        left = deaths
        for s in own:
            take = min(left, earth.squares[s].units)
            if take:
                losses[s] = take
                left -= take
        lost = _city_losses(effect.city_losses, elements, found, is_global)
        cities = [s for s in own if earth.squares[s].city is not None][:lost]
        out.append(
            DisasterStruck(
                power=power.id, race=race_id, base=base, deaths=deaths, losses=losses, box=box, cities_destroyed=cities
            )
        )
        if effect.level_reduction:
            # [000:168] a non-elemental global power ignores resistances, level reductions included.
            ignore = is_global and not elements
            amount = (
                effect.level_reduction
                if ignore
                else resistances.level_reduction(effect.level_reduction, elements, found)
            )
            if amount:
                terrains = [str(t) for t in effect.level_terrains]
                out.append(LimitsReduced(race=race_id, terrains=terrains, amount=amount, power=power.id))
    for e in [e for e in out if isinstance(e, LimitsReduced)]:
        out += _respread(fold(earth, out), e.race, state.pack.earth, f"{power.id} lowered the population levels")
    return out + list(civilization_losses(earth, fold(earth, out), state.pack.earth))


def _city_losses(count: int, elements: frozenset[str], found: list[resistances.Resistance], is_global: bool) -> int:
    """[000:149] resistances also apply to city losses the disaster mentions."""
    return resistances.disaster_deaths(count, elements, found, global_power=is_global) if count else 0


def teach(state: State, earth: Earth, race: Race, knowledge: str, squares: list[str]) -> list[object]:
    """[000:19-21] prerequisites first; learning Civilization builds the first city at once ([000:112])."""
    content = state.pack.earth
    known = {k.id: k for k in content.knowledges}  # `knowledge` is in it: attach_earth checks the pack's powers
    if knowledge in race.knowledges:
        raise reject("already_known", f"The {race.name} know {known[knowledge].name} already.")
    missing = [p for p in known[knowledge].prerequisites if p not in race.knowledges]
    if missing:
        raise reject("prerequisites", f"The {race.name} must first know {missing} [000:21].")
    civil = knowledge == content.civilization
    learned = KnowledgeLearned(race=race.id, knowledge=knowledge, civilized=civil)
    if not civil or sum(stats.cities(earth, race.id)) > 0 or stats.base_population(earth, race.id) == 0:
        return [learned]
    after = fold(earth, [learned])
    return [learned, _city(after, after.races[race.id], f"first city of the {race.name}", False, squares)]


def modify(earth: Earth, power: HistoryPowerDef, race: Race, effect: ModifyRace) -> list[object]:
    """[000:174-180] Mc waits for the next century, Mv for its trigger; an Mv cannot be cast again until the first
    casting is triggered and used up (Mv+ can); a race holds one of each Mp at a time."""
    kinds = [str(c) for c in power.codes if c.startswith("M") and c != "M"]
    pending = [m for m in race.modifications if m.power == power.id]
    if "Mp" in kinds and pending:
        raise reject("already_modified", f"The {race.name} already have {power.name} [000:180].")
    if "Mv" in kinds and "Mv+" not in kinds and pending:
        raise reject("already_waiting", f"{power.name} waits for its trigger on the {race.name} [000:176].")
    waits = "Mc" in kinds or "Mv" in kinds or "Mv+" in kinds
    return [
        RaceModified(
            race=race.id,
            modification=f"mod-{earth.serial + 1}",
            power=power.id,
            kinds=kinds,
            modifiers=effect.modifiers,
            active=not waits,
            trigger=effect.trigger,
            centuries=effect.centuries,
        )
    ]


def _respread(earth: Earth, race_id: str, content: EarthContent, reason: str) -> list[object]:
    spread = population.spread_excess(earth, earth.races[race_id], content)
    if spread is None:
        return []
    return [PopulationPlaced(race=race_id, placement=spread[0], reason=reason, starved=spread[1])]


def terrain(state: State, earth: Earth, cause: str, effect: ChangeTerrain, squares: list[str]) -> list[object]:
    """[000:188] not on squares with resistant features; [000:196] cities on water or ice are destroyed;
    [000:107] units over the new limits spread out again, the rest starve. `cause`: the power (or spread) id."""
    content = state.pack.earth
    resistant = {f.id for f in content.features if f.resistant}
    changed = [s for s in squares if not resistant & set(earth.squares[s].features)]
    cities = [s for s in changed if earth.squares[s].city is not None and effect.to in ("water", "ice")]
    events: list[object] = [TerrainChanged(power=cause, squares=changed, to=effect.to, cities_destroyed=cities)]
    after = fold(earth, events)
    for race_id in sorted({r for s in changed if (r := after.squares[s].race) is not None}):
        events += _respread(after, race_id, content, f"{cause} changed the terrain")
    return events + list(civilization_losses(earth, fold(earth, events), content))
