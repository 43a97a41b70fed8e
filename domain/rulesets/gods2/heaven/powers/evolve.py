"""`evolve` for personal powers: casts, pending stages, gifts, rulings, healing and demesne cards."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2.heaven.powers.events import (
    BorrowedPowerReturned,
    CastCompleted,
    CastFailed,
    CastPending,
    DemesnePowerSet,
    GiftGranted,
    MutilationsHealed,
    PowerCast,
    PowerConflictResolved,
    PowerEffectRuled,
    PowerEvent,
    PowerLent,
    RulingRequested,
)
from domain.rulesets.gods2.kernel.model import BorrowedPower, DemesnePower, Gift, OpenRuling, PendingCast, State

R = msgspec.structs.replace


def _change(state: State, character_id: str, **fields: object) -> State:
    c = state.characters.get(character_id)
    if c is None:
        return state
    return R(state, characters={**state.characters, c.id: R(c, **fields)})


def _end_cast(state: State, cast_id: str) -> State:
    pending = state.casts.get(cast_id)
    if pending is None:
        return state
    state = R(state, casts={k: v for k, v in state.casts.items() if k != cast_id})
    if pending.stage == "conversation":
        for who in (pending.caster, *pending.targets):
            state = _change(state, who, conversation_until=None)
    return state


def evolve_powers(state: State, event: PowerEvent) -> State:
    match event:
        case PowerCast():
            c = state.characters.get(event.caster)
            if c is None:
                return state
            fields: dict[str, object] = {}
            if event.persuasion:
                fields["last_persuasion_at"] = event.at
            if event.direct:
                fields["last_direct_at"] = event.at
            if event.gift is not None:
                fields["gifts"] = tuple(g for g in c.gifts if g.gift_id != event.gift)  # one use [003:265]
            return R(_change(state, c.id, **fields), serial=state.serial + 1)
        case CastPending():
            pending = PendingCast(
                id=event.cast_id,
                caster=event.caster,
                power=event.power,
                targets=tuple(event.targets),
                stage=event.stage,
                cost=event.cost,
                locale=event.locale,
                gift=event.gift,
                demesne=event.demesne,
                timer_id=event.timer_id,
                destination=event.destination,
                until=event.until,
            )
            state = R(state, casts={**state.casts, pending.id: pending}, serial=state.serial + 1)
            if event.stage == "conversation":
                for who in (event.caster, *event.targets):
                    state = _change(state, who, conversation_until=event.until)
            return state
        case CastFailed() | CastCompleted():
            return _end_cast(state, event.cast_id)
        case GiftGranted():
            holder = state.characters.get(event.holder)
            if holder is None:
                return state
            gift = Gift(gift_id=event.gift_id, power=event.power, giver=event.giver)
            return _change(state, holder.id, gifts=(*holder.gifts, gift))
        case RulingRequested():
            ruling = OpenRuling(
                cast_id=event.cast_id,
                power=event.power,
                caster=event.caster,
                targets=tuple(event.targets),
                question=event.question,
            )
            return R(state, rulings={**state.rulings, event.cast_id: ruling})
        case PowerEffectRuled():
            return R(state, rulings={k: v for k, v in state.rulings.items() if k != event.cast_id})
        case MutilationsHealed():
            c = state.characters.get(event.character)
            if c is None:
                return state
            return _change(state, c.id, mutilations=(), permanent_hp=c.permanent_hp + event.hit_points_restored)
        case PowerConflictResolved():
            return state  # a record for the history; the prevailing power's effects stand
        case PowerLent():
            borrower = state.characters.get(event.borrower)
            if borrower is None:
                return state
            lent = BorrowedPower(power=event.power, lender=event.lender)
            return _change(state, borrower.id, borrowed=(*borrower.borrowed, lent))
        case BorrowedPowerReturned():
            borrower = state.characters.get(event.borrower)
            if borrower is None:
                return state
            kept = tuple(b for b in borrower.borrowed if b.power != event.power)
            return _change(state, borrower.id, borrowed=kept)
        case DemesnePowerSet():
            d = state.demesnes.get(event.demesne)
            if d is None:
                return state
            lasts = event.lasts if event.lasts in ("era", "session") else "permanent"
            power = DemesnePower(power=event.power, lasts=lasts, caster=event.caster)  # type: ignore[arg-type]
            return R(state, demesnes={**state.demesnes, d.id: R(d, powers=(*d.powers, power))})
