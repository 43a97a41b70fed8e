"""The Druid table [004:239-248] and the March table's moves [004:226-234], applied to the game's characters and
armies through the content pack's rules."""

from __future__ import annotations

from domain.rulesets.kingdoms.content import ContentPack
from domain.rulesets.kingdoms.rules import characters as rules
from domain.rulesets.kingdoms.state import Army, Character


def druid_shortfall(pack: ContentPack, character: Character, army: Army) -> int:
    """Levels the leader lacks for the most demanding unit (PBM-25: a Druid 2 leader may lead Trolls, not Eagles).
    The penalty for leading anyway is the content's quality loss per level ("-?" [004:86])."""
    level = character.abilities.get("druid", 0)
    return max((rules.druid_shortfall(pack, level, u.race, u.type) for u in army.units), default=0)


def can_talk_to(pack: ContentPack, character: Character, monster_kind: str) -> bool:
    """Druid level 1 talks to avians and mammals, 2 reptilians and sea creatures, 3 insectoids, 4 all [004:243-248]."""
    kind = pack.monster(monster_kind).kind
    return rules.can_talk_to(pack, character.abilities.get("druid", 0), kind)


def army_moves(pack: ContentPack, character: Character, army: Army) -> int:
    """The slowest unit's Speed plus the leader's March extra moves; Eagles and Dragons gain none [004:234]."""
    units = [pack.army_type(u.type) for u in army.units]
    return rules.army_moves(pack, character.abilities.get("march", 0), units) if units else 0
