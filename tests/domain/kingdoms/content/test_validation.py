"""The content validator names the record and the field of every fault it finds."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest

from domain.rulesets.kingdoms.content import ContentPack, default_pack, problems
from domain.rulesets.kingdoms.content.armies import Range

Change = Callable[[ContentPack], ContentPack]


def _first(table: str, **changes: object) -> Change:
    def change(pack: ContentPack) -> ContentPack:
        rows = getattr(pack, table)
        return msgspec.structs.replace(pack, **{table: [msgspec.structs.replace(rows[0], **changes), *rows[1:]]})

    return change


def _by(table: str, key: str, value: object, **changes: object) -> Change:
    def change(pack: ContentPack) -> ContentPack:
        rows = [msgspec.structs.replace(r, **changes) if getattr(r, key) == value else r for r in getattr(pack, table)]
        return msgspec.structs.replace(pack, **{table: rows})

    return change


CASES: list[tuple[str, Change, str]] = [
    ("race type bonus", _by("races", "id", "elf", type_bonus=["XB"]), "races[elf].type_bonus: unknown army type 'XB'"),
    ("race terrain", _by("races", "id", "dwarf", home_terrain=["hills"]),
     "races[dwarf].home_terrain: unknown terrain 'hills'"),
    ("adverse terrain", _by("army_types", "code", "LE", adverse_terrain=["swamp"]),
     "army_types[LE].adverse_terrain: unknown terrain 'swamp'"),
    ("home and adverse at once", _by("army_types", "code", "LE", home_terrain=["sea"]),
     "army_types[LE].adverse_terrain: 'sea' is also its home terrain"),
    ("strength roll", _by("army_types", "code", "EL", strength_roll=Range(low=5, high=2)),
     "army_types[EL].strength_roll: the range 5-2 must run from at least 0 upwards"),
    ("battle line", _by("terrains", "id", "plain", battle_line=Range(low=0, high=4)),
     "terrains[plain].battle_line: the range 0-4 must run from at least 1 upwards"),
    ("alignment aptitude", _by("alignments", "id", "good", aptitudes=["charm"]),
     "alignments[good].aptitudes: unknown ability 'charm'"),
    ("alignment scale", _by("alignments", "id", "good", scale=0),
     "alignments[divine].scale: another alignment has scale 0"),
    ("fanatical race", _by("alignments", "id", "undead", always_fanatical_races=["zombie"]),
     "alignments[undead].always_fanatical_races: unknown race 'zombie'"),
    ("intimidation", _by("tempers", "id", "berserk", intimidation_pct={"reckless": -5}),
     "tempers[berserk].intimidation_pct: unknown temper 'reckless'"),
    ("bluff", _by("tempers", "id", "cowardly", bluff_chance="3/2"),
     "tempers[cowardly].bluff_chance: 3/2 must lie between 0 and 1"),
    ("refusal", _by("tempers", "id", "cautious", refusal=Range(low=50, high=120)),
     "tempers[cautious].refusal: a refusal chance is at most 100"),
    ("experience ability", _first("experience", ability="charisma"),
     "experience[move_land_army].ability: unknown ability 'charisma'"),
    ("experience without ability", _first("experience", ability=None),
     "experience[move_land_army].ability: name an ability or set related_magic"),
    ("druid leads", _by("druid", "level", 2, leads=["WH", "kraken"]),
     "druid[2].leads: unknown race or army type 'kraken'"),
    ("monster damage", _by("monsters", "id", "demon", melee_damage=Range(low=0, high=8)),
     "monsters[demon].melee_damage: the range 0-8 must run from at least 1 upwards"),
    ("monster missiles", _by("monsters", "id", "giant", missile_damage=None),
     "monsters[giant].missile_damage: a monster with missile skill needs missile damage"),
    ("spell school", _by("spells", "id", "oratory", ability="melee"),
     "spells[oratory].ability: unknown magical ability 'melee'"),
    ("item spell", _by("items", "id", "excalibur", casts="lightning"),
     "items[excalibur].casts: unknown spell 'lightning'"),
    ("item prize", _by("items", "id", "excalibur", artifact=False),
     "items[excalibur].prize_pct: only artifacts carry Prize %"),
    ("two emperors", _by("offices", "id", "imperial_treasurer", emperor=True),
     "offices: at most one office may be the Emperor's (emperor: true)"),
    ("nemesis factor",
     lambda p: msgspec.structs.replace(p, battle=msgspec.structs.replace(p.battle, nemesis_factor="3/2")),
     "battle.nemesis_factor: 3/2 must lie between 0 and 1"),
    ("sea required", lambda p: msgspec.structs.replace(p, terrains=[t for t in p.terrains if t.id != "sea"]),
     "terrains: the terrain 'sea' is required (the rules name it)"),
    ("encounter exemption", lambda p: msgspec.structs.replace(
        p, encounters=msgspec.structs.replace(p.encounters, army_exempt=["fly"])),
     "encounters.army_exempt: unknown encounter action 'fly'"),
]  # fmt: skip


@pytest.mark.parametrize(("fault", "change", "message"), CASES, ids=[c[0] for c in CASES])
def test_the_validator_names_record_and_field(fault: str, change: Change, message: str) -> None:
    assert message in problems(change(default_pack())), fault
