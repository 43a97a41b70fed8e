"""The sequence of a century ([000:220-255]): its start (growth first, then aggressive attacks), the close of
the Activity phase, and the Calculation phase's automatic work (turmoil, worship mana, the century's flags)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import misc, pantheon, population, sources, spreading, stats, worship
from domain.rulesets.gods2.earth import war as formula
from domain.rulesets.gods2.earth.commands import CloseActivityPhase, EndCentury, StartCentury
from domain.rulesets.gods2.earth.common import earth_of, fold, require_history_era
from domain.rulesets.gods2.earth.events import (
    ActivityPhaseClosed,
    AggressionRolled,
    CenturyEnded,
    CenturyStarted,
    MapSourcesCounted,
    PantheonChangeLapsed,
    PopulationGrew,
    WarDeclared,
)
from domain.rulesets.gods2.earth.religion import turmoil_rolls
from domain.rulesets.gods2.kernel.common import reject, require_reason
from domain.rulesets.gods2.kernel.earth_model import Earth
from domain.rulesets.gods2.kernel.events import DemonPoolCredited, ManaCredited
from domain.rulesets.gods2.kernel.mana import income_for_event
from domain.rulesets.gods2.kernel.model import State

CENTURIES = 16  # [000:51] Era Centrum is divided into 16 centuries


def decide_start_century(state: State, command: StartCentury, ctx: DecisionContext) -> Sequence[object]:
    require_history_era(state)
    earth = earth_of(state)
    if earth.stage != "before":
        raise reject("century_running", f"Century {earth.century} has not ended yet; end it first.", status=409)
    if state.era == "centrum" and earth.century >= CENTURIES:
        raise reject("era_over", "Era Centrum has 16 centuries, all of them played [000:51].", status=409)
    # [000:174] Mc modifications take effect at the beginning of the next century.
    activated = {
        r.id: [m.id for m in r.modifications if "Mc" in m.kinds and not m.active]
        for r in earth.races.values()
        if any("Mc" in m.kinds and not m.active for m in r.modifications)
    }
    if not any(s.units > 0 for s in earth.squares.values()):
        # [000:218] all mortals died: a second period of Creation replaces the century (Era Aleph's rules).
        return [CenturyStarted(century=earth.century + 1, activated=activated, creation=True)]
    events: list[object] = [CenturyStarted(century=earth.century + 1, activated=activated)]
    earth = fold(earth, events)
    # [000:228] each race's growth comes before any other event that may touch it.
    for race_id in sorted(earth.races):
        grew = grow(state, earth, race_id)
        if grew is not None:
            events.append(grew)
    earth = fold(earth, events[1:])
    attacks = aggressive_attacks(state, earth, ctx)
    events.extend(attacks)
    # [000:255] then the century's miscellaneous activities: spreading terrain (earth/spreading.py), then the
    # pack's events for races (Proselytism, Engineering, Void Gates...).
    earth = fold(earth, attacks)
    spread = spreading.spread_events(state, earth, ctx)
    events += spread
    events.extend(misc.century_events(state, fold(earth, spread), "start", ctx))
    return events


def grow(state: State, earth: Earth, race_id: str) -> PopulationGrew | None:
    race = earth.races[race_id]
    content = state.pack.earth
    base = stats.base_population(earth, race_id)
    if base == 0:
        return None
    new = population.growth(base, stats.growth_percent(earth, race, content))
    placement, starved = population.propose_placement(earth, race, content, new)
    return PopulationGrew(race=race_id, base=base, grown=new, placement=placement, starved=starved)


def aggressive_attacks(state: State, earth: Earth, ctx: DecisionContext) -> list[object]:
    """[000:242-251] d6 + Aggression per race; each war's target is drawn among the bordering races, repeats
    allowed; the declarations are public."""
    content = state.pack.earth
    events: list[object] = []
    for race_id in sorted(earth.races):
        race = earth.races[race_id]
        if stats.base_population(earth, race_id) == 0:
            continue
        aggression = stats.aggression(earth, race, content)
        roll = ctx.dice.d6(f"aggression:{race_id}")
        count = formula.wars_declared(roll + aggression)
        events.append(AggressionRolled(race=race_id, roll=roll, aggression=aggression, wars=count))
        targets = population.bordering_races(earth, race, content)
        for _ in range(count if targets else 0):
            pick = (
                targets[0]
                if len(targets) == 1
                else targets[ctx.dice.roll(f"war_target:{race_id}", 1, len(targets))[0] - 1]
            )
            declared = WarDeclared(
                war=f"war-{earth.serial + 1}",
                attacker=race_id,
                defender=pick,
                aggressive=True,
                century=earth.century,
                at=ctx.now,
            )
            events.append(declared)
            earth = fold(earth, [declared])
    return events


def decide_close_activity(state: State, command: CloseActivityPhase, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    if earth.stage != "activity":
        raise reject("not_activity_phase", "No century's Activity phase is open.", status=409)
    return [ActivityPhaseClosed(century=earth.century)]


def decide_end_century(state: State, command: EndCentury, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    if earth.stage != "calculation":
        raise reject(
            "not_calculation_phase", "Close the Activity phase first: calculation follows it [000:204].", status=409
        )
    era_end = command.ends_era or (state.era == "centrum" and earth.century >= CENTURIES)
    if command.ends_era:
        require_reason(command.reason or "")
        if state.era == "centrum":
            raise reject("era_length_fixed", "Era Centrum ends with its 16th century by itself [000:51].", status=409)
    sources.check_counts(state, dict(command.counts), command.reason, era_end)
    # [000:255] end-of-century activities (Sacrificial Rites), then the turmoil rolls ([000:86]).
    events: list[object] = misc.century_events(state, earth, "end", ctx)
    earth = fold(earth, events)
    turmoil = turmoil_rolls(earth, ctx)
    events += turmoil
    earth = fold(earth, turmoil)
    # [000:208] the death worksheet's boxes pay the event sources that name them, then worship ([000:210]).
    deaths: list[object] = []
    for box in sorted(earth.deaths):
        deaths += income_for_event(state, box, earth.deaths[box], f"deaths on Earth, century {earth.century}")
    debts = {c.id: c.debt for c in state.characters.values()}
    for e in deaths:
        if isinstance(e, ManaCredited):
            debts[e.character] -= e.debt_paid
    events += deaths
    if not earth.creation:  # a period of Creation pays no century-end sources (earth/creation.py)
        events.extend(worship.century_worship(state, earth, debts, _pool_after(state, deaths)))
    # [000:210] the Century-End Worksheet's lines counted on the map (earth/sources.py).
    measured = {m.source: sources.measure(earth, m) for m, _ in sources.due(state, era_end)}
    if measured and not earth.creation:
        counts = dict(command.counts)
        events.append(
            MapSourcesCounted(
                century=earth.century, measured=measured, counts=counts, reason=command.reason, era_end=era_end
            )
        )
        events += sources.map_income(state, earth, (measured, counts), debts, _pool_after(state, events), era_end)
    expired = {
        r.id: [m.id for m in r.modifications if m.active and m.centuries_left is not None and m.centuries_left <= 1]
        for r in earth.races.values()
    }
    # An order still unsigned when the century's worship is paid is null (decision, module docstring).
    events += [
        PantheonChangeLapsed(order=o.id, race=o.race, members=pantheon.gods(earth.races[o.race].pantheon))
        for o in earth.orders.values()
    ]
    events.append(CenturyEnded(century=earth.century, expired={k: v for k, v in expired.items() if v}))
    return events


def _pool_after(state: State, events: list[object]) -> dict[str, Fraction]:
    pool = dict(state.pool_accumulators)
    for e in events:
        if isinstance(e, DemonPoolCredited):
            pool[e.source] = e.accumulator
    return pool
