"""The economy of a turn: continuous spells, harvest, then upkeep ([002:17-45], [002:48-50], [002:62]).

Spells are cast first so their bonuses count in this turn's harvest; they are paid from the mana in the
stockpile before the harvest comes in. Upkeep is paid after the harvest; what cannot be paid is recorded as a
shortfall, whose effect ("starvation happens" [002:18], the rest unstated) is a GM ruling.
"""

from __future__ import annotations

from fractions import Fraction

from domain.engine import DecisionContext
from domain.rulesets.second_era import content
from domain.rulesets.second_era.economy import harvest_exact, round_down, upkeep
from domain.rulesets.second_era.events import CursesCast, Harvested, SpellsCast, Transmuted, UpkeepPaid
from domain.rulesets.second_era.fate_events import AdaptationUnpaid
from domain.rulesets.second_era.magic import (
    adaptation_mana,
    choose_spells,
    counterspell_level,
    counterspell_surcharge,
    free_slots,
    spell_cost,
)
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.values import RESOURCE_NAMES, Effect, Resources


def resolve_spells(log: Log, ctx: DecisionContext) -> None:
    """[002:15] [002:61-62] each tribe casts its continuous spells; their cost is deducted each turn. A spell
    the tribe cannot pay for lapses this turn. Transmutations convert as they are cast [002:71]."""
    for tribe_id in sorted(log.state.tribes):
        tribe = log.state.tribes[tribe_id]
        if tribe.extinct or (not tribe.spells and not tribe.active):
            continue
        mana = tribe.stockpile.mana
        cast: list[str] = []
        lapsed: list[str] = []
        for spell_id in choose_spells(log.state, tribe):
            cost = spell_cost(log.state.spells[spell_id].effects)
            if cost <= mana:
                mana -= cost
                cast.append(spell_id)
            else:
                lapsed.append(spell_id)
        log.emit(
            SpellsCast(
                god=tribe.god,
                tribe=tribe_id,
                spells=tuple(cast),
                mana=tribe.stockpile.mana - mana,
                lapsed=tuple(lapsed),
            )
        )
        for spell_id in cast:
            _transmute(log, tribe_id, spell_id, log.state.spells[spell_id].effects)
    for artefact in sorted(log.state.artefacts.values(), key=lambda a: a.id):
        # [002:78] an artefact's transmutation works every turn, for free.
        if artefact.holder in log.state.tribes:
            _transmute(log, artefact.holder, artefact.id, artefact.effects)
    for tribe_id in sorted(log.state.tribes):
        _cast_curses(log, tribe_id)


def _cast_curses(log: Log, tribe_id: str) -> None:
    """[002:72] [002:75] after every tribe's own spells (so Antimagic cast this turn counts), each ordered
    curse takes a free slot and its cost plus three times the target's Counterspell Level, every turn."""
    tribe = log.state.tribes[tribe_id]
    if not tribe.curse_orders and not tribe.cursing:
        return
    slots = free_slots(log.state, tribe) - len(tribe.active)
    mana = tribe.stockpile.mana
    cast: list[tuple[str, str]] = []
    lapsed: list[str] = []
    for spell_id, target in tribe.curse_orders.items():
        if spell_id not in tribe.spells or target not in log.state.tribes or log.state.tribes[target].extinct:
            continue
        level = counterspell_level(log.state, log.state.tribes[target])
        cost = spell_cost(log.state.spells[spell_id].effects) + counterspell_surcharge(level)
        if len(cast) < slots and cost <= mana:
            mana -= cost
            cast.append((spell_id, target))
        else:
            lapsed.append(spell_id)
    spent = tribe.stockpile.mana - mana
    log.emit(CursesCast(god=tribe.god, tribe=tribe_id, curses=tuple(cast), mana=spent, lapsed=tuple(lapsed)))


def _transmute(log: Log, tribe_id: str, spell_id: str, effects: tuple[Effect, ...]) -> None:
    """[002:71] 3 of one resource into 2 of another, once per level (digest #21), while the stock lasts.
    `spell_id` names the spell, or the artefact, that transmutes."""
    rule = content.magic().transmutation
    for effect in effects:
        if effect.effect != "transmutation" or effect.source is None or effect.target is None:
            continue
        have = log.state.tribes[tribe_id].stockpile.get(effect.source)
        times = min(effect.level, have // rule.consumes)
        if times:
            log.emit(
                Transmuted(
                    god=log.state.tribes[tribe_id].god,
                    tribe=tribe_id,
                    spell=spell_id,
                    consumed=Resources.of({effect.source: rule.consumes * times}),
                    produced=Resources.of({effect.target: rule.produces * times}),
                )
            )


def resolve_harvest(log: Log, ctx: DecisionContext) -> None:
    for tribe_id in sorted(log.state.tribes):
        tribe = log.state.tribes[tribe_id]
        if tribe.extinct:
            continue
        exact = harvest_exact(log.state, tribe)
        gained = round_down(exact)
        kept = {k: v for k, v in exact.items() if v != Fraction(0)}
        log.emit(Harvested(god=tribe.god, tribe=tribe_id, exact=kept, gained=gained))


def resolve_upkeep(log: Log, ctx: DecisionContext) -> None:
    """Clan and hero upkeep plus the Adaptation mana ([002:48-50]: 1 mana per clan per slot). Shortfalls are
    recorded for the GM's rulings: starvation ([002:18]: `RemoveClans`), unpaid Adaptation (`AdaptationUnpaid`:
    `RelocateTribe` or `RemoveClans`)."""
    for tribe_id in sorted(log.state.tribes):
        tribe = log.state.tribes[tribe_id]
        adapting = adaptation_mana(log.state, tribe)
        due = upkeep(log.state, tribe).plus(Resources(mana=adapting))
        paid = Resources(**{n: min(due.get(n), tribe.stockpile.get(n)) for n in RESOURCE_NAMES})
        if not due.is_zero():
            log.emit(UpkeepPaid(god=tribe.god, tribe=tribe_id, due=due, paid=paid, shortfall=due.minus(paid)))
        if adapting > paid.mana:
            # [002:48-50] mana is due only for Adaptation; the text leaves what follows to the GM.
            unpaid = adapting - paid.mana
            log.emit(AdaptationUnpaid(tribe=tribe_id, god=tribe.god, land=tribe.land, unpaid=unpaid))
