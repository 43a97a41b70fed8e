"""Loading and validating a kingdoms content pack.

msgspec checks shapes and bounds when a pack is decoded; `problems` checks what msgspec cannot: duplicate ids,
references between records, ranges, fractions and totals. Every problem names the record and the field
(`army_types[HC].home_terrain: unknown terrain 'swamp'`), and `validate` refuses a pack with any problem as
`Rejected("kingdoms.content_invalid", ...)`.

Ids with a meaning in the rules: the terrains `sea` (naval abilities, Whales, Admirals) and `desert` (camels).
Merit counters are the tallies the game keeps (`COUNTERS`, plus `level_<ability>` for every ability).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

import msgspec

from domain.engine.errors import Rejected
from domain.rulesets.kingdoms.content.armies import Range
from domain.rulesets.kingdoms.content.pack import ContentPack

REQUIRED_TERRAINS = ("sea", "desert")
COUNTERS = frozenset(
    {
        "tax_base",
        "treasury",
        "features_first",
        "inventions_first",
        "inventions_espionage",
        "land_won_enemy_units",
        "land_lost_friendly_units",
        "sea_won_enemy_units",
        "sea_lost_friendly_units",
        "rich_sea_provinces",
        "monster_hp_slain",
        "monster_hp_neutralized",
        "resurrections_and_blessings",
        "level_magic",
        "spell_casting_items",
    }
)
"""Merit tallies every game keeps per character (see `rules.offices`)."""


def load_pack(raw: bytes | str) -> ContentPack:
    """A pack from JSON, decoded and validated; any fault is `kingdoms.content_invalid` naming where."""
    try:
        pack = msgspec.json.decode(raw, type=ContentPack)
    except msgspec.ValidationError as error:
        raise Rejected(
            "kingdoms.content_invalid", f"Content pack: {error}. Fix that field and send the pack again."
        ) from None
    except msgspec.DecodeError as error:
        raise Rejected("kingdoms.content_invalid", f"Content pack is not valid JSON: {error}.") from None
    return validate(pack)


def validate(pack: ContentPack) -> ContentPack:
    """`pack` itself when it has no problems, else `Rejected` listing the first problems found."""
    found = problems(pack)
    if found:
        shown = "; ".join(found[:5]) + (f"; and {len(found) - 5} more" if len(found) > 5 else "")
        raise Rejected("kingdoms.content_invalid", f"Content pack {pack.id!r}: {shown}.")
    return pack


def problems(pack: ContentPack) -> list[str]:
    """Every problem of `pack` (empty when it is valid)."""
    return [
        *_duplicates(pack),
        *_armies(pack),
        *_characters(pack),
        *_tables(pack),
        *_offices(pack),
        *_magic(pack),
    ]


def _duplicates(pack: ContentPack) -> Iterable[str]:
    tables: dict[str, list[str]] = {
        "terrains": [t.id for t in pack.terrains],
        "races": [r.id for r in pack.races],
        "army_types": [a.code for a in pack.army_types],
        "qualities": [q.id for q in pack.qualities],
        "quality levels": [str(q.level) for q in pack.qualities],
        "random_events": [e.id for e in pack.random_events],
        "abilities": [a.id for a in pack.abilities],
        "alignments": [a.id for a in pack.alignments],
        "tempers": [t.id for t in pack.tempers],
        "experience": [e.action for e in pack.experience],
        "march": [str(m.level) for m in pack.march],
        "druid": [str(d.level) for d in pack.druid],
        "spy": [str(s.level) for s in pack.spy],
        "monsters": [m.id for m in pack.monsters],
        "offices": [o.id for o in pack.offices],
        "spells": [s.id for s in pack.spells],
        "items": [i.id for i in pack.items],
    }
    for table, ids in tables.items():
        for value, count in Counter(ids).items():
            if count > 1:
                yield f"{table}[{value}]: the id appears {count} times"
    for table, ids in (("terrains", tables["terrains"]), ("army_types", tables["army_types"])):
        if not ids:
            yield f"{table}: at least one record is needed"
    for terrain in REQUIRED_TERRAINS:
        if terrain not in tables["terrains"]:
            yield f"terrains: the terrain {terrain!r} is required (the rules name it)"


def _unknown(where: str, values: Iterable[str], known: set[str], what: str) -> Iterable[str]:
    for value in values:
        if value not in known:
            yield f"{where}: unknown {what} {value!r}"


def _range(where: str, span: Range | None, low: int = 0) -> Iterable[str]:
    if span is not None and not low <= span.low <= span.high:
        yield f"{where}: the range {span.low}-{span.high} must run from at least {low} upwards"


def _fraction(where: str, text: str, low: Fraction, high: Fraction) -> Iterable[str]:
    value = Fraction(text)
    if not low <= value <= high:
        yield f"{where}: {text} must lie between {low} and {high}"


def _armies(pack: ContentPack) -> Iterable[str]:
    terrains = {t.id for t in pack.terrains}
    codes = {a.code for a in pack.army_types}
    groups = {g for a in pack.army_types for g in a.groups}
    for t in pack.terrains:
        yield from _range(f"terrains[{t.id}].battle_line", t.battle_line, 1)
    for r in pack.races:
        yield from _unknown(f"races[{r.id}].type_bonus", r.type_bonus, codes, "army type")
        yield from _unknown(f"races[{r.id}].home_terrain", r.home_terrain, terrains, "terrain")
    for a in pack.army_types:
        where = f"army_types[{a.code}]"
        yield from _unknown(f"{where}.home_terrain", a.home_terrain, terrains, "terrain")
        yield from _unknown(f"{where}.adverse_terrain", a.adverse_terrain, terrains, "terrain")
        yield from _unknown(f"{where}.nemesis", a.nemesis, codes | groups, "army type or group")
        yield from _range(f"{where}.strength_roll", a.strength_roll)
        for both in sorted(set(a.home_terrain) & set(a.adverse_terrain)):
            yield f"{where}.adverse_terrain: {both!r} is also its home terrain"
        if set(a.groups) & codes:
            yield f"{where}.groups: a group may not share a name with an army type code"
    if not any(q.level == 0 for q in pack.qualities) or not any(q.level == 1 for q in pack.qualities):
        yield "qualities: levels 0 (Depleted) and 1 (Green) are required"
    battle = pack.battle
    yield from _fraction("battle.nemesis_factor", battle.nemesis_factor, Fraction(0), Fraction(1))
    yield from _fraction("battle.intrinsic_fraction", battle.intrinsic_fraction, Fraction(0), Fraction(1))
    yield from _fraction(
        "battle.sub_depleted_intrinsic_fraction", battle.sub_depleted_intrinsic_fraction, Fraction(0), Fraction(1)
    )
    if battle.escape.min_pct > battle.escape.max_pct:
        yield "battle.escape.min_pct: must not exceed max_pct"
    for e in pack.random_events:
        # [004:61] "Each random event can as much as double the strength of the affected force".
        yield from _fraction(f"random_events[{e.id}].factor", e.factor, Fraction(1, 100), Fraction(2))
        if e.weight < 1:
            yield f"random_events[{e.id}].weight: must be at least 1"
    if not pack.random_events and (battle.random_events.first_event_pct or battle.random_events.column_event_pct):
        yield "random_events: the table is empty but battle.random_events draws events"


def _characters(pack: ContentPack) -> Iterable[str]:
    abilities = {a.id for a in pack.abilities}
    races = {r.id for r in pack.races}
    tempers = {t.id for t in pack.tempers}
    scales = Counter(a.scale for a in pack.alignments)
    for a in pack.alignments:
        where = f"alignments[{a.id}]"
        yield from _unknown(f"{where}.aptitudes", a.aptitudes, abilities, "ability")
        yield from _unknown(f"{where}.ability_bonus", a.ability_bonus, abilities, "ability")
        yield from _unknown(f"{where}.always_fanatical_races", a.always_fanatical_races, races, "race")
        if scales[a.scale] > 1:
            yield f"{where}.scale: another alignment has scale {a.scale}"
    for t in pack.tempers:
        where = f"tempers[{t.id}]"
        yield from _range(f"{where}.refusal", t.refusal)
        if t.refusal.high > 100:
            yield f"{where}.refusal: a refusal chance is at most 100"
        yield from _range(f"{where}.rage_hp", t.rage_hp)
        yield from _unknown(f"{where}.intimidation_pct", t.intimidation_pct, tempers, "temper")
        yield from _fraction(f"{where}.bluff_chance", t.bluff_chance, Fraction(0), Fraction(1))
    for e in pack.experience:
        where = f"experience[{e.action}]"
        named = [x for x in (e.ability, e.at_sea_ability) if x is not None]
        yield from _unknown(f"{where}.ability", named, abilities, "ability")
        if e.ability is None and not e.related_magic:
            yield f"{where}.ability: name an ability or set related_magic"


def _levels(table: str, levels: list[int], first: int) -> Iterable[str]:
    if sorted(levels) != list(range(first, first + len(levels))):
        yield f"{table}: levels must run {first}, {first + 1}, ... without gaps (got {sorted(levels)})"


def _tables(pack: ContentPack) -> Iterable[str]:
    yield from _levels("march", [m.level for m in pack.march], 0)
    yield from _levels("spy", [s.level for s in pack.spy], 0)
    yield from _levels("druid", [d.level for d in pack.druid], 1)
    leadable = {r.id for r in pack.races} | {a.code for a in pack.army_types}
    # A monster kind the Druid table names that no monster has yet is allowed (a campaign may add one).
    for d in pack.druid:
        yield from _unknown(f"druid[{d.level}].leads", d.leads, leadable, "race or army type")
    for m in pack.monsters:
        where = f"monsters[{m.id}]"
        yield from _range(f"{where}.melee_damage", m.melee_damage, 1)
        yield from _range(f"{where}.missile_damage", m.missile_damage, 1)
        if m.missile_skill and m.missile_damage is None:
            yield f"{where}.missile_damage: a monster with missile skill needs missile damage"
    if pack.combat.min_hit_pct > pack.combat.max_hit_pct:
        yield "combat.min_hit_pct: must not exceed max_hit_pct"
    encounter_actions = set(pack.encounters.actions)
    yield from _unknown("encounters.army_exempt", pack.encounters.army_exempt, encounter_actions, "encounter action")
    if pack.encounters.own_kingdom_divisor < 1:
        yield "encounters.own_kingdom_divisor: must be at least 1"


def _offices(pack: ContentPack) -> Iterable[str]:
    counters = COUNTERS | {f"level_{a.id}" for a in pack.abilities}
    for office in pack.offices:
        for i, merit in enumerate(office.merit):
            where = f"offices[{office.id}].merit[{i}].counter"
            yield from _unknown(where, [merit.counter], set(counters), "merit counter")
    if len([o for o in pack.offices if o.emperor]) > 1:
        yield "offices: at most one office may be the Emperor's (emperor: true)"
    total = sum(o.prize_pct for o in pack.offices) + sum(i.prize_pct for i in pack.items if i.artifact)
    if pack.offices and total != 100:
        yield f"offices: Prize % of the offices and artifacts must total 100, not {total}"
    for item in pack.items:
        if item.prize_pct and not item.artifact:
            yield f"items[{item.id}].prize_pct: only artifacts carry Prize %"


def _magic(pack: ContentPack) -> Iterable[str]:
    abilities = {a.id for a in pack.abilities}
    magic = {a.id for a in pack.abilities if a.magic}
    spells = {s.id for s in pack.spells}
    for s in pack.spells:
        yield from _unknown(f"spells[{s.id}].ability", [s.ability], magic, "magical ability")
        if s.merit_counter is not None:
            yield from _unknown(f"spells[{s.id}].merit_counter", [s.merit_counter], set(COUNTERS), "merit counter")
    for item in pack.items:
        if item.casts is not None:
            yield from _unknown(f"items[{item.id}].casts", [item.casts], spells, "spell")
        yield from _unknown(f"items[{item.id}].ability_bonus", item.ability_bonus, abilities, "ability")
