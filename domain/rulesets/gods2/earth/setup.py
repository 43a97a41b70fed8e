"""The Earth map from the scenario's `earth` section, checked against the rules and the content pack."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2.earth import pantheon
from domain.rulesets.gods2.earth.resistances import parse
from domain.rulesets.gods2.kernel.common import reject
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.earth_content import AddFeature, EarthContent, TeachKnowledge
from domain.rulesets.gods2.kernel.earth_model import SPECIAL_MEMBERS, City, Earth, EarthSetup, Race, Square
from domain.rulesets.gods2.kernel.model import Settings, Setup, State
from domain.rulesets.gods2.kernel.setup import initial_state as heaven_initial_state


def _problems(setup: EarthSetup, content: EarthContent, gods: set[str]) -> list[str]:
    problems: list[str] = []
    ids = {s.id for s in setup.squares}
    races = {r.id for r in setup.races}
    knowledges = {k.id for k in content.knowledges}
    attributes = {a.id for a in content.attributes}
    features = {f.id for f in content.features}
    if len(ids) != len(setup.squares) or len(races) != len(setup.races):
        problems.append("square and race ids must be unique")
    for s in setup.squares:
        problems += [f"square {s.id} borders unknown square {n}" for n in s.neighbours if n not in ids]
        problems += [f"square {s.id} has unknown feature {f}" for f in s.features if f not in features]
        if s.race is not None and s.race not in races:
            problems.append(f"square {s.id} holds unknown race {s.race}")
        if s.units < 0 or (s.units > 0) != (s.race is not None):
            problems.append(f"square {s.id}: units belong to one race, never negative")
        if s.city is not None and s.units == 0:
            problems.append(f"square {s.id}: a city stands only where its race lives [000:110]")
    for r in setup.races:
        shares = {m: parse_fraction(p) for m, p in r.pantheon.items()}
        problems += [f"race {r.id}: {p}" for p in pantheon.shares_problems(shares)]
        problems += [f"race {r.id} worships unknown {m}" for m in shares if m not in gods and m not in SPECIAL_MEMBERS]
        problems += [f"race {r.id} knows unknown {k}" for k in r.knowledges if k not in knowledges]
        problems += [f"race {r.id} has unknown attribute {a}" for a in r.attributes if a not in attributes]
        for text in r.resistances:
            try:
                parse(text)
            except ValueError as err:
                problems.append(f"race {r.id}: {err}")
    return problems


def pack_problems(state: State) -> list[str]:
    """What makes the pack's Earth section unusable: unknown worship sources, prerequisites or spheres."""
    content = state.pack.earth
    problems: list[str] = []
    sources = {m.id: m for m in state.pack.mana_sources}
    for sid in content.worship_sources:
        if sid not in sources or sources[sid].category != "century_end":
            problems.append(f"worship source {sid} is not a century-end mana source of the pack")
    for m in content.map_sources:
        if m.source not in sources or sources[m.source].category == "event":
            problems.append(f"map source {m.source} is not a century-end or era-end mana source of the pack")
        elif m.source in content.worship_sources:
            problems.append(f"map source {m.source} is already a worship source")
    features_known = {f.id for f in content.features}
    problems += [
        f"map source {m.source} counts unknown feature {m.feature}"
        for m in content.map_sources
        if m.feature is not None and m.feature not in features_known
    ]
    problems += [
        f"spreading {d.id} names unknown feature {d.feature}"
        for d in content.spreading
        if d.feature not in features_known
    ]
    known = {k.id for k in content.knowledges}
    for k in content.knowledges:
        problems += [f"knowledge {k.id} needs unknown {p}" for p in k.prerequisites if p not in known]
    spheres = {sp.id for sp in state.pack.spheres} | {"celestial", "demonic"}
    features = {f.id for f in content.features}
    for power in content.history_powers:
        if power.sphere not in spheres:
            problems.append(f"history power {power.id} names unknown sphere {power.sphere}")
        for effect in power.effects:
            if isinstance(effect, TeachKnowledge) and effect.knowledge not in known:
                problems.append(f"history power {power.id} teaches unknown {effect.knowledge}")
            if isinstance(effect, AddFeature) and effect.feature not in features:
                problems.append(f"history power {power.id} adds unknown feature {effect.feature}")
    powers = {p.id for p in content.history_powers}
    problems += [
        f"century event {e.id} names unknown power {e.power}" for e in content.century_events if e.power not in powers
    ]
    return problems


def attach_earth(state: State, setup: EarthSetup | None) -> State:
    if setup is None:
        return state
    content = state.pack.earth
    problems = pack_problems(state) + _problems(setup, content, set(state.characters))
    if problems:
        raise reject("bad_scenario", "; ".join(problems))
    neighbours: dict[str, set[str]] = {s.id: set(s.neighbours) for s in setup.squares}
    for s in setup.squares:  # adjacency is symmetric
        for n in s.neighbours:
            neighbours[n].add(s.id)
    squares = {
        s.id: Square(
            id=s.id,
            terrain=s.terrain,
            neighbours=tuple(sorted(neighbours[s.id])),
            features=tuple(s.features),
            race=s.race,
            units=s.units,
            city=City(s.city.name, s.city.great) if s.city is not None else None,
            name=s.name,
        )
        for s in setup.squares
    }
    races = {
        r.id: Race(
            id=r.id,
            name=r.name,
            level=r.level,
            pantheon={m: parse_fraction(p) for m, p in r.pantheon.items()},
            attributes=tuple(r.attributes),
            knowledges=tuple(r.knowledges),
            aggression=r.aggression,
            military=r.military,
            diplomacy=r.diplomacy,
            wealth=r.wealth,
            movement=r.movement,
            seafaring=r.seafaring,
            resistances=tuple(r.resistances),
            in_turmoil=r.in_turmoil,
        )
        for r in setup.races
    }
    return msgspec.structs.replace(state, earth=Earth(squares=squares, races=races, century=setup.century))


def initial_state(setup: Setup, settings: Settings) -> State:
    """Heaven from the scenario, then the Earth map from its `earth` section."""
    return attach_earth(heaven_initial_state(setup, settings), setup.earth)
