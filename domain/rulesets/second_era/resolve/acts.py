"""Resolution of the orders that do not move anyone: free orders, divine acts paid in mana, tribal works.

Gods are taken in the order of their ids, each god's orders in the order given; their acts touch only their
own tribe, pool and creations, so the order among gods changes nothing but the ids of new things.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from domain.engine import DecisionContext, Rejected
from domain.engine.ids import owned_id
from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import check_new_ability, own_holders
from domain.rulesets.second_era.commands import (
    ArmHero,
    BirthHero,
    BuildStructure,
    ChooseHeroAbility,
    CreateArtefact,
    DestroyArtefact,
    GrowTribe,
    SetChampion,
    SetClanRoles,
    SetRetreat,
    SetSpellOrders,
    SpawnMonster,
    TeachSpell,
)
from domain.rulesets.second_era.economy import grow_cost
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    ArtefactDestroyed,
    ChampionSet,
    ClanRolesSet,
    HeroBorn,
    HeroLevelled,
    ManaSpent,
    MonsterSpawned,
    RetreatSet,
    SpellOrdersSet,
    SpellTaught,
    StructureBuilt,
    TribeGrew,
)
from domain.rulesets.second_era.magic import artefact_cost, artefact_refund
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import Artefact, Hero, Monster, Spell, Structure
from domain.rulesets.second_era.values import Resources

OrderT = TypeVar("OrderT")


def orders_of(log: Log, kinds: tuple[type[OrderT], ...]) -> Iterator[tuple[str, int, OrderT]]:
    """The queued orders of these kinds: (god, order number, order), gods by id, orders in the order given."""
    for god in sorted(log.state.orders):
        for queued in log.state.orders[god]:
            if isinstance(queued.order, kinds):
                yield god, queued.order_no, queued.order


def pay_mana(log: Log, god: str, order_no: int, amount: int, purpose: str) -> bool:
    """Pay an act: the god's pool first, then (setting `tribe_mana_funds_acts`) its tribe's mana."""
    state = log.state
    pool = state.gods[god].mana
    tribe_mana = state.tribe_of(god).stockpile.mana if state.settings.tribe_mana_funds_acts else 0
    if pool + tribe_mana < amount:
        log.fail(god, order_no, "not_enough_mana", f"{purpose} needs {amount} mana; you had {pool + tribe_mana}.")
        return False
    from_god = min(pool, amount)
    log.emit(ManaSpent(god=god, from_god=from_god, from_tribe=amount - from_god, purpose=purpose))
    return True


def pay_stockpile(log: Log, god: str, order_no: int, cost: Resources, purpose: str) -> bool:
    stock = log.state.tribe_of(god).stockpile
    if not stock.covers(cost):
        log.fail(
            god,
            order_no,
            "not_enough_resources",
            f"{purpose} needs {cost.as_dict()}; you had {stock.as_dict()}.",
        )
        return False
    return True


def resolve_free_orders(log: Log, ctx: DecisionContext) -> None:
    """Clan roles and spell orders, then heroes' abilities and arming, in the order given."""
    kinds = (SetClanRoles, SetSpellOrders, SetRetreat, SetChampion, ChooseHeroAbility, ArmHero, DestroyArtefact)
    for god, no, order in orders_of(log, kinds):
        tribe = log.state.tribe_of(god)
        match order:
            case SetClanRoles():
                if sum(order.clans.values()) != tribe.clan_count():
                    log.fail(god, no, "clan_count", f"Your tribe has {tribe.clan_count()} clans; assign them all.")
                else:
                    log.emit(ClanRolesSet(tribe=tribe.id, clans=dict(order.clans)))
            case SetSpellOrders():
                spells = None if order.spells is None else tuple(order.spells)
                log.emit(SpellOrdersSet(god=god, tribe=tribe.id, spells=spells, curses=dict(order.curses)))
            case SetChampion():
                log.emit(ChampionSet(god=god, tribe=tribe.id, hero=order.hero))
            case SetRetreat():
                log.emit(RetreatSet(god=god, tribe=tribe.id, to_land=order.to_land))
            case ChooseHeroAbility():
                if not _ability_still_allowed(log, god, no, order.hero, order.ability):
                    continue
                if log.state.heroes[order.hero].unchosen > 0:
                    log.emit(HeroLevelled(hero=order.hero, ability=order.ability, cause="chosen"))
                else:
                    log.fail(god, no, "no_level_to_spend", "The hero has no level left to choose an ability for.")
            case DestroyArtefact():
                artefact = log.state.artefacts.get(order.artefact)
                if artefact is None or artefact.holder not in own_holders(log.state, god):
                    log.fail(god, no, "unknown_artefact", "The artefact is no longer yours.")
                else:
                    refund = artefact_refund(artefact.creation_cost)
                    log.emit(ArtefactDestroyed(artefact=artefact.id, god=god, refund=refund))
            case ArmHero():
                # [002:85] arming costs 10 Luxuries and gives a level and an ability.
                cost = Resources.of(content.beings().hero.arm_cost)
                if not _ability_still_allowed(log, god, no, order.hero, order.ability):
                    continue
                if pay_stockpile(log, god, no, cost, "Arming a hero"):
                    log.emit(HeroLevelled(hero=order.hero, ability=order.ability, cause="armed", cost=cost))


def _ability_still_allowed(log: Log, god: str, order_no: int, hero: str, ability: str) -> bool:
    """Checked again: the hero may have died or taken the ability by an earlier order this turn."""
    if hero not in log.state.heroes:
        log.fail(god, order_no, "unknown_hero", "The hero is no more.")
        return False
    try:
        check_new_ability("hero", log.state.heroes[hero].abilities, ability)
    except Rejected as refused:
        log.fail(god, order_no, refused.code.removeprefix("second_era."), refused.message)
        return False
    return True


def _new_id(log: Log, kind: str, god: str) -> str:
    """Counted per god and kind, so that no id tells another god of this god's hidden acts (domain.engine.ids)."""
    return owned_id(log.state.serials, kind, god)


def resolve_divine_acts(log: Log, ctx: DecisionContext) -> None:
    """Birth Hero, Spawn Monster, Teach Spell, Create Artefact: each paid in mana ([002:9-12])."""
    acts = content.acts()
    kinds = (BirthHero, SpawnMonster, TeachSpell, CreateArtefact)
    for god, no, order in orders_of(log, kinds):
        tribe = log.state.tribe_of(god)
        match order:
            case BirthHero():
                if pay_mana(log, god, no, acts.birth_hero_mana, "Birth Hero"):
                    level = content.beings().hero.start_level
                    hero = Hero(
                        id=_new_id(log, "hero", god),
                        tribe=tribe.id,
                        name=order.name,
                        level=level,
                        abilities=(order.ability,),
                    )
                    log.emit(HeroBorn(hero=hero))
            case SpawnMonster():
                if pay_mana(log, god, no, acts.spawn_monster_mana, "Spawn Monster"):
                    rules = content.beings().monster
                    monster = Monster(
                        id=_new_id(log, "monster", god),
                        god=god,
                        sphere=order.sphere,
                        name=order.name,
                        land=order.land or tribe.land,
                        level=rules.start_level,
                        hp=rules.hp,
                        max_hp=rules.hp,
                        abilities=tuple(order.abilities),
                        born_turn=ctx.turn,
                    )
                    log.emit(MonsterSpawned(monster=monster))
            case TeachSpell():
                if order.monster is not None and order.monster not in log.state.monsters:
                    log.fail(god, no, "unknown_monster", "The monster is no more.")
                elif pay_mana(log, god, no, acts.teach_spell_mana, "Teach Spell"):
                    spell = Spell(id=_new_id(log, "spell", god), god=god, name=order.name, effects=tuple(order.effects))
                    log.emit(SpellTaught(god=god, tribe=tribe.id, spell=spell, monster=order.monster))
            case CreateArtefact():
                holder = order.holder or tribe.id
                if holder not in log.state.tribes and holder not in log.state.monsters:
                    log.fail(god, no, "bad_holder", "The artefact's holder is no more.")
                    continue
                cost = artefact_cost(order.effects)
                if pay_mana(log, god, no, cost, "Create Artefact"):
                    artefact = Artefact(
                        id=_new_id(log, "artefact", god),
                        god=god,
                        name=order.name,
                        holder=holder,
                        effects=tuple(order.effects),
                        creation_cost=cost,
                    )
                    log.emit(ArtefactCreated(artefact=artefact))


def resolve_works(log: Log, ctx: DecisionContext) -> None:
    """Grow Tribe [002:8] and building a Town, Shrine or Floor on the tribe's Land [002:125-129]."""
    for god, no, order in orders_of(log, (GrowTribe, BuildStructure)):
        tribe = log.state.tribe_of(god)
        match order:
            case GrowTribe():
                cost = grow_cost(log.state, tribe)
                if pay_stockpile(log, god, no, cost, "Grow Tribe"):
                    log.emit(TribeGrew(tribe=tribe.id, role=order.role, cost=cost))
            case BuildStructure():
                cost = Resources.of(content.acts().structures[order.kind].cost)
                if pay_stockpile(log, god, no, cost, f"A {order.kind}"):
                    structure = Structure(
                        id=_new_id(log, order.kind, god),
                        kind=order.kind,
                        land=tribe.land,
                        tribe=tribe.id,
                        built_turn=ctx.turn,
                    )
                    log.emit(StructureBuilt(structure=structure, cost=cost))
