"""`initial_state`: the scenario checked record by record (a refusal names the record and the field) and turned
into the state. Starting abilities of the alignment's aptitudes are doubled, up to level 5 [004:166]; Divine
characters gain +1 White Magic and Undead +1 Necromancy [004:151-162]."""

from __future__ import annotations

from typing import Any, NoReturn

from domain.engine import Rejected
from domain.rulesets.kingdoms.content import ContentPack, default_pack, extend, validate
from domain.rulesets.kingdoms.rules.characters import starting_level
from domain.rulesets.kingdoms.scenario import ArmySetup, CharacterSetup, Scenario
from domain.rulesets.kingdoms.state import (
    Army,
    Character,
    Feature,
    Kingdom,
    MonsterState,
    Province,
    State,
    Unit,
)


def quality_level(pack: ContentPack, name: str) -> int:
    """A quality by name [004:53]; Super-Elite is 6 (more comes from additions above Elite)."""
    return next((q.level for q in pack.qualities if q.id == name), 6 if name == "super_elite" else 1)


def _bad(reason: str, message: str) -> NoReturn:
    raise Rejected(f"kingdoms.scenario.{reason}", message)


def _unique(kind: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            _bad("duplicate_id", f"{kind} {i!r} appears twice; give each its own id.")
        seen.add(i)


def starting_abilities(pack: ContentPack, alignment: str, given: dict[str, int]) -> dict[str, int]:
    levels = {a: starting_level(pack, alignment, a, level) for a, level in given.items()}
    for ability, extra in pack.alignment(alignment).ability_bonus.items():
        levels.setdefault(ability, min(5, extra))
    return levels


def _character(record: CharacterSetup, kings: set[str], pack: ContentPack) -> Character:
    abilities = {a.id for a in pack.abilities}
    for ability in record.abilities:
        if ability not in abilities:
            _bad(
                "unknown_ability", f"characters[{record.id}].abilities: {ability!r} is not one of {sorted(abilities)}."
            )
    refusal_range = pack.temper(record.temper).refusal
    low, high = refusal_range.low, refusal_range.high
    refusal = record.refusal if record.refusal is not None else (low + high) // 2
    if not low <= refusal <= high:
        _bad("bad_refusal", f"characters[{record.id}].refusal: a {record.temper} character refuses {low}-{high}%.")
    items = {i.id for i in pack.items}
    for item in record.items:
        if item not in items:
            _bad("unknown_item", f"characters[{record.id}].items: {item!r} is not an item of the content pack.")
    return Character(
        id=record.id,
        name=record.name,
        kingdom=record.kingdom,
        location=record.location,
        alignment=record.alignment,
        temper=record.temper,
        hit_points=record.hit_points,
        abilities=starting_abilities(pack, record.alignment, dict(record.abilities)),
        encounter_plan=tuple(record.encounter_plan),
        refusal=refusal,
        items=tuple(record.items),
        is_king=record.id in kings,
    )


def _pack(setup: Scenario) -> ContentPack:
    pack = validate(setup.content) if setup.content is not None else default_pack()
    if setup.campaign is not None:
        pack = extend(pack, setup.campaign)
    return pack  # `validate` and `extend` check it: a fault is `kingdoms.content_invalid` naming record and field


def _army(record: ArmySetup, pack: ContentPack) -> Army:
    races = {r.id for r in pack.races}
    codes = {a.code for a in pack.army_types}

    def unit(u: Any) -> Unit:
        if u.race is not None and u.race not in races:
            _bad("unknown_race", f"armies[{record.id}] unit {u.id}: race {u.race!r} is not in the content pack.")
        if u.type not in codes:
            _bad("unknown_unit_type", f"armies[{record.id}] unit {u.id}: type {u.type!r} is not in the content pack.")
        return Unit(id=u.id, type=u.type, race=u.race, quality=quality_level(pack, u.quality))

    return Army(
        id=record.id,
        kingdom=record.kingdom,
        province=record.province,
        leader=record.leader,
        front=tuple(unit(u) for u in record.front),
        behind=tuple(unit(u) for u in record.behind),
    )


def initial_state(setup: Scenario, settings: Any = None) -> State:
    pack = _pack(setup)
    if not setup.kingdoms:
        _bad("no_kingdoms", "kingdoms: a scenario needs at least one kingdom.")
    _unique("kingdoms:", [k.id for k in setup.kingdoms])
    _unique("provinces:", [p.id for p in setup.provinces])
    _unique("characters:", [c.id for c in setup.characters])
    _unique("armies:", [a.id for a in setup.armies])
    _unique("units:", [u.id for a in setup.armies for u in (*a.front, *a.behind)])
    _unique("monsters:", [m.id for p in setup.provinces for m in p.monsters])
    kingdoms = {k.id for k in setup.kingdoms}
    provinces = {p.id for p in setup.provinces}
    characters = {c.id: c for c in setup.characters}
    for p in setup.provinces:
        for other in p.adjacent:
            if other not in provinces or other == p.id:
                _bad("unknown_province", f"provinces[{p.id}].adjacent: {other!r} is not another province.")
        if p.kingdom is not None and p.kingdom not in kingdoms:
            _bad("unknown_kingdom", f"provinces[{p.id}].kingdom: {p.kingdom!r} is not a kingdom.")
        for k in p.explored:
            if k not in kingdoms:
                _bad("unknown_kingdom", f"provinces[{p.id}].explored: {k!r} is not a kingdom.")
        for m in p.monsters:
            if m.kind not in {x.id for x in pack.monsters}:
                _bad("unknown_monster", f"provinces[{p.id}].monsters[{m.id}].kind: {m.kind!r} is not in the table.")
    for ks in setup.kingdoms:
        king = characters.get(ks.king)
        if king is None or king.kingdom != ks.id:
            _bad("bad_king", f"kingdoms[{ks.id}].king: {ks.king!r} is not a character of this kingdom.")
        if ks.home_province not in provinces:
            _bad("unknown_province", f"kingdoms[{ks.id}].home_province: {ks.home_province!r} is not a province.")
    for c in setup.characters:
        if c.kingdom not in kingdoms:
            _bad("unknown_kingdom", f"characters[{c.id}].kingdom: {c.kingdom!r} is not a kingdom.")
        if c.location not in provinces:
            _bad("unknown_province", f"characters[{c.id}].location: {c.location!r} is not a province.")
    for a in setup.armies:
        if a.kingdom not in kingdoms:
            _bad("unknown_kingdom", f"armies[{a.id}].kingdom: {a.kingdom!r} is not a kingdom.")
        if a.province not in provinces:
            _bad("unknown_province", f"armies[{a.id}].province: {a.province!r} is not a province.")
        leader = characters.get(a.leader) if a.leader else None
        if a.leader is not None and (leader is None or leader.kingdom != a.kingdom or leader.location != a.province):
            _bad(
                "bad_leader", f"armies[{a.id}].leader: {a.leader!r} must be a character of {a.kingdom} in {a.province}."
            )
    kings = {k.king for k in setup.kingdoms}
    return State(
        title=setup.title,
        turn=1,
        kingdoms={
            k.id: Kingdom(k.id, k.name, k.alignment, k.king, k.home_province, treasury=k.treasury)
            for k in setup.kingdoms
        },
        provinces={
            p.id: Province(
                id=p.id,
                name=p.name,
                terrain=p.terrain,
                tax_base=p.tax_base,
                kingdom=p.kingdom,
                explored=dict(p.explored),
                features=tuple(Feature(f.id, f.name, f.kind) for f in p.features),
                adjacent=tuple(p.adjacent),
                monsters=tuple(
                    MonsterState(m.id, m.kind, m.hit_points or pack.monster(m.kind).hit_points, m.hostile)
                    for m in p.monsters
                ),
            )
            for p in setup.provinces
        },
        characters={c.id: _character(c, kings, pack) for c in setup.characters},
        armies={a.id: _army(a, pack) for a in setup.armies},
        content=pack,
        character_moves=setup.character_moves,
    )
