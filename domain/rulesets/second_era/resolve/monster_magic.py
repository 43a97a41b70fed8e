"""Monsters' magic ([002:104]: monsters learn and cast spells as if they were a tribe, from their own mana
store): continuous spells, transmutation of the hoard and curses, each turn.

Instant spells by order ([002:69], `CastInstant` with `monster`): Travel, paid at once from the store.

Without orders a monster chooses as a tribe left to itself ([002:61]): the dearest continuous spells, leaving
one slot free (setting `default_spells_keep_free_slot`), never a transmutation or a curse (they need a
choice of resources or of a target). Ordered (`SetMonsterSpells`), it casts the ordered spells, transmutations
included, in the order given, then its ordered curses in the slots left.
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.engine.ids import owned_id
from domain.rulesets.second_era import content
from domain.rulesets.second_era.commands import CastInstant
from domain.rulesets.second_era.events import HoardChanged, MonsterCursesCast, MonsterSpellsCast, TravelBegun
from domain.rulesets.second_era.magic import castable, counterspell_level, counterspell_surcharge, spell_cost
from domain.rulesets.second_era.monster_events import HoardTransmuted, MonsterInstantCast
from domain.rulesets.second_era.monsters import monster_slots
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import HostileTravel, Monster
from domain.rulesets.second_era.values import Effect, Resources


def resolve_monster_spells(log: Log, ctx: DecisionContext) -> None:
    for monster_id in sorted(log.state.monsters):
        monster = log.state.monsters[monster_id]
        if monster.spells or monster.active:
            _cast(log, monster)
        for artefact in sorted(log.state.artefacts.values(), key=lambda a: a.id):
            # [002:78] an artefact's transmutation works every turn, for free, for its holder.
            if artefact.holder == monster_id:
                _transmute(log, monster_id, artefact.id, artefact.effects)
        _curse(log, monster_id)


def _cast(log: Log, monster: Monster) -> None:
    keep_free = monster.cast is None and log.state.settings.default_spells_keep_free_slot
    slots = monster_slots(monster) - (1 if keep_free else 0)
    if monster.cast is not None:
        known = [s for s in monster.cast if s in monster.spells and castable(log.state, s)]
    else:
        known = sorted(
            (s for s in monster.spells if castable(log.state, s) and not _transmutes(log, s)),
            key=lambda s: -spell_cost(log.state.spells[s].effects),
        )
    mana = monster.hoard.mana
    cast: list[str] = []
    for spell_id in known[: max(0, slots)]:
        cost = spell_cost(log.state.spells[spell_id].effects)
        if cost <= mana:
            mana -= cost
            cast.append(spell_id)
    spent = monster.hoard.mana - mana
    log.emit(MonsterSpellsCast(god=monster.god, monster=monster.id, spells=tuple(cast), mana=spent))
    for spell_id in cast:
        _transmute(log, monster.id, spell_id, log.state.spells[spell_id].effects)


def _transmutes(log: Log, spell_id: str) -> bool:
    return any(e.effect == "transmutation" for e in log.state.spells[spell_id].effects)


def _transmute(log: Log, monster_id: str, spell_id: str, effects: tuple[Effect, ...]) -> None:
    """[002:71] 3 of one resource of the hoard into 2 of another, once per level (digest #21), while the
    hoard lasts; as a tribe's stockpile."""
    rule = content.magic().transmutation
    for effect in effects:
        if effect.effect != "transmutation" or effect.source is None or effect.target is None:
            continue
        monster = log.state.monsters[monster_id]
        times = min(effect.level, monster.hoard.get(effect.source) // rule.consumes)
        if times:
            log.emit(
                HoardTransmuted(
                    god=monster.god,
                    monster=monster_id,
                    spell=spell_id,
                    consumed=Resources.of({effect.source: rule.consumes * times}),
                    produced=Resources.of({effect.target: rule.produces * times}),
                )
            )


def _curse(log: Log, monster_id: str) -> None:
    """[002:72] [002:75] [002:104] the monster's ordered curses on tribes, in the slots its continuous spells
    left, each paid every turn from its mana store with three times the target's Counterspell Level on top."""
    monster = log.state.monsters[monster_id]
    if not monster.curse_orders and not monster.cursing:
        return
    slots = monster_slots(monster) - len(monster.active)
    mana = monster.hoard.mana
    cast: list[tuple[str, str]] = []
    lapsed: list[str] = []
    for spell_id, target in monster.curse_orders.items():
        if spell_id not in monster.spells or target not in log.state.tribes or log.state.tribes[target].extinct:
            continue
        level = counterspell_level(log.state, log.state.tribes[target])
        cost = spell_cost(log.state.spells[spell_id].effects) + counterspell_surcharge(level)
        if len(cast) < slots and cost <= mana:
            mana -= cost
            cast.append((spell_id, target))
        else:
            lapsed.append(spell_id)
    spent = monster.hoard.mana - mana
    log.emit(
        MonsterCursesCast(god=monster.god, monster=monster_id, curses=tuple(cast), mana=spent, lapsed=tuple(lapsed))
    )


def monster_instant(log: Log, god: str, no: int, order: CastInstant) -> None:
    """[002:69] [002:74] [002:104] Travel cast by a monster: it needs a slot free of its continuous spells and
    of instants cast this turn, and the mana in its store; on a rival tribe it also pays its sealed bid (and
    three times the target's Counterspell Level [002:75]), and the target may resist as against a tribe's."""
    state = log.state
    monster = state.monsters.get(order.monster or "")
    if monster is None or order.to_land is None:
        log.fail(god, no, "unknown_monster", "The monster is no more.")
        return
    effects = state.spells[order.spell].effects
    cost = spell_cost(effects)
    target = state.tribes.get(order.target or "")
    if order.target is not None and target is None:
        log.fail(god, no, "bad_target", "The tribe to send away is no more.")
        return
    if target is not None:
        cost += counterspell_surcharge(counterspell_level(state, target))
    used = sum(1 for e in log.events if isinstance(e, MonsterInstantCast) and e.monster == monster.id)
    if monster_slots(monster) - len(monster.active) - used < 1:
        log.fail(god, no, "no_free_slot", "The monster has no spell slot free for an instant spell [002:74].")
        return
    bid = order.bid if target is not None else 0
    if cost + bid > monster.hoard.mana:
        log.fail(god, no, "not_enough_mana", f"The spell needs {cost + bid} mana from the monster's store.")
        return
    log.emit(
        MonsterInstantCast(
            god=god, monster=monster.id, spell=order.spell, mana=cost, to_land=order.to_land, target=order.target
        )
    )
    if target is None:
        return
    bid_paid = Resources(mana=-bid)
    log.emit(HoardChanged(god=god, monster=monster.id, delta=bid_paid, reason="a bid for a hostile Travel"))
    travel = HostileTravel(
        id=owned_id(log.state.serials, "travel", god),
        god=god,
        tribe=log.state.tribe_of(god).id,
        target=target.id,
        to_land=order.to_land,
        bid=bid,
        turn=log.state.turn,
        monster=monster.id,
    )
    log.emit(TravelBegun(travel=travel))
