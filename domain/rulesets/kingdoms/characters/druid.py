"""The Druid table [004:239-248]: which armies a leader may command, which monsters he may talk to; and the
March table's extra moves [004:226-234]."""

from __future__ import annotations

from domain.rulesets.kingdoms import tables
from domain.rulesets.kingdoms.state import Army, Character


def druid_needed(army: Army) -> int:
    """The Druid level needed to lead every unit of `army`: its races' and unit types' levels (cumulative table)."""
    needed = 0
    for unit in army.units:
        needed = max(needed, tables.DRUID_LEAD.get(unit.race, 0), tables.DRUID_LEAD.get(unit.type, 0))
    return needed


def druid_shortfall(character: Character, army: Army) -> int:
    """Levels the leader lacks (PBM-25: a Druid 2 leader may lead Trolls, not Eagles). The penalty for leading
    anyway is the content pack's ("-?" [004:86]); the default is one quality level per battle."""
    return max(0, druid_needed(army) - character.abilities.get("druid", 0))


def can_talk_to(character: Character, monster_kind: str) -> bool:
    """Druid level 1 talks to avians and mammals, 2 reptilians and sea creatures, 3 insectoids, 4 all [004:243-248]."""
    level = character.abilities.get("druid", 0)
    kind = tables.MONSTERS[monster_kind].kind if monster_kind in tables.MONSTERS else "other"
    return level >= 4 or (kind in tables.DRUID_TALK and level >= tables.DRUID_TALK[kind])


def extra_moves(march_level: int, speed: int, unit_types: list[str]) -> int:
    """Extra moves of a March level [004:226-232]; Eagles and Dragons are not affected [004:234]."""
    if any(t in ("EA", "DR") for t in unit_types):
        return 0
    row = tables.MARCH_EXTRA[min(max(march_level, 0), 4)]
    return row[0] if speed <= 2 else row[1]
