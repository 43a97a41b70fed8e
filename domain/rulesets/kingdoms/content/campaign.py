"""A campaign's additions to a content pack: more races, army types, monsters, spells, items, random events...

A campaign loads its rulebook as content without rewriting the whole pack: each list in `CampaignAddition` adds
records, and a record whose id the base pack already has replaces that record (a campaign's Demon with other
hit points). The rule blocks (`battle`, `combat`, `spy_rules`, `encounters`) replace the base's when given. The
result is validated like any pack, so an addition that breaks a reference is refused naming record and field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec

from domain.engine.bounds import Rows
from domain.engine.errors import Rejected
from domain.rulesets.kingdoms.content.armies import ArmyType, BattleRules, Quality, Race, RandomEvent, Terrain
from domain.rulesets.kingdoms.content.fields import Id, Label, Small
from domain.rulesets.kingdoms.content.pack import ContentPack, EncounterRules
from domain.rulesets.kingdoms.content.people import (
    Ability,
    Alignment,
    CombatRules,
    Druid,
    Experience,
    Item,
    March,
    Monster,
    Office,
    Spell,
    Spy,
    SpyRules,
    Temper,
)
from domain.rulesets.kingdoms.content.validate import validate

R = TypeVar("R")


class CampaignAddition(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a campaign adds to (or replaces in) a base pack; `id` and `version` name the resulting pack."""

    id: Id
    version: Small
    name: Label
    terrains: Rows[Terrain] = []
    races: Rows[Race] = []
    army_types: Rows[ArmyType] = []
    qualities: Rows[Quality] = []
    random_events: Rows[RandomEvent] = []
    abilities: Rows[Ability] = []
    alignments: Rows[Alignment] = []
    tempers: Rows[Temper] = []
    experience: Rows[Experience] = []
    march: Rows[March] = []
    druid: Rows[Druid] = []
    spy: Rows[Spy] = []
    monsters: Rows[Monster] = []
    offices: Rows[Office] = []
    spells: Rows[Spell] = []
    items: Rows[Item] = []
    battle: BattleRules | None = None
    combat: CombatRules | None = None
    spy_rules: SpyRules | None = None
    encounters: EncounterRules | None = None


def _merge(base: Sequence[R], added: Sequence[R], key: Callable[[R], Any]) -> list[R]:
    replacing = {key(record): record for record in added}
    merged = [replacing.pop(key(record), record) for record in base]
    return merged + [record for record in added if key(record) in replacing]


def extend(base: ContentPack, addition: CampaignAddition) -> ContentPack:
    """`base` with the campaign's records added or replaced by id, validated."""

    def by_id(record: Any) -> Any:
        return record.id

    def by_level(record: Any) -> Any:
        return record.level

    pack = ContentPack(
        id=addition.id,
        version=addition.version,
        name=addition.name,
        terrains=_merge(base.terrains, addition.terrains, by_id),
        races=_merge(base.races, addition.races, by_id),
        army_types=_merge(base.army_types, addition.army_types, lambda a: a.code),
        qualities=_merge(base.qualities, addition.qualities, by_level),
        battle=addition.battle or base.battle,
        random_events=_merge(base.random_events, addition.random_events, by_id),
        abilities=_merge(base.abilities, addition.abilities, by_id),
        alignments=_merge(base.alignments, addition.alignments, by_id),
        tempers=_merge(base.tempers, addition.tempers, by_id),
        experience=_merge(base.experience, addition.experience, lambda e: e.action),
        march=_merge(base.march, addition.march, by_level),
        druid=_merge(base.druid, addition.druid, by_level),
        spy=_merge(base.spy, addition.spy, by_level),
        spy_rules=addition.spy_rules or base.spy_rules,
        monsters=_merge(base.monsters, addition.monsters, by_id),
        combat=addition.combat or base.combat,
        offices=_merge(base.offices, addition.offices, by_id),
        encounters=addition.encounters or base.encounters,
        spells=_merge(base.spells, addition.spells, by_id),
        items=_merge(base.items, addition.items, by_id),
    )
    return validate(pack)


def load_addition(raw: bytes | str) -> CampaignAddition:
    """A campaign addition from JSON; a fault is `kingdoms.content_invalid` naming where."""
    try:
        return msgspec.json.decode(raw, type=CampaignAddition)
    except msgspec.ValidationError as error:
        raise Rejected(
            "kingdoms.content_invalid", f"Campaign addition: {error}. Fix that field and send it again."
        ) from None
    except msgspec.DecodeError as error:
        raise Rejected("kingdoms.content_invalid", f"Campaign addition is not valid JSON: {error}.") from None
