"""What a personal power does once cast: typed effects from the content pack, or a GM ruling; and the end of
pending casts (announcement windows, conversations, demesne castings) when their timer fires or an attack
interrupts them."""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.engine import Timer
from domain.engine.messages import TimerCancelled
from domain.rulesets.gods2.heaven.locales.events import CharacterMoved, ProtectionGranted
from domain.rulesets.gods2.heaven.powers.events import (
    CastCompleted,
    CastFailed,
    DemesnePowerSet,
    GiftGranted,
    MutilationsHealed,
    PowerCast,
    RulingRequested,
)
from domain.rulesets.gods2.kernel.content import (
    GiveMana,
    HealMutilation,
    PowerDef,
    Protect,
    ReleaseFromDeath,
    Ruling,
    Transmigrate,
    categories,
)
from domain.rulesets.gods2.kernel.events import CharacterRevived
from domain.rulesets.gods2.kernel.mana import spend, transfer
from domain.rulesets.gods2.kernel.model import Character, PendingCast, State

CAST_TIMER = "cast"


def _power(state: State, power_id: str) -> PowerDef:
    return next(p for p in state.pack.powers if p.id == power_id)


def effects(
    state: State,
    cast_id: str,
    caster: Character,
    power: PowerDef,
    targets: list[str],
    at: datetime,
    destination: str | None = None,
) -> list[object]:
    codes = categories(power)
    out: list[object] = []
    if "G" in codes and caster.id not in targets and targets:
        # [003:263] a gift power's effect waits on a one-use card held by its target.
        return [GiftGranted(gift_id=f"gift-{cast_id}", holder=targets[0], power=power.id, giver=caster.id)]
    heals = any(isinstance(e, HealMutilation) for e in power.effects)
    for effect in power.effects:
        match effect:
            case Protect():
                out += [ProtectionGranted(character=t, against=effect.against, reason=power.id) for t in targets]
            case ReleaseFromDeath():
                out += _release(state, targets, power.id, heals, at)
            case HealMutilation():
                out += _heal(state, targets)
            case Transmigrate():
                out += _transmigrate(state, targets, destination)
            case GiveMana():
                out += _give_mana(state, caster, targets, effect.amount, power.id)
            case Ruling():
                out.append(
                    RulingRequested(
                        cast_id=cast_id, power=power.id, caster=caster.id, targets=targets, question=effect.question
                    )
                )
            case _:
                pass  # combat primitives act only in combat (or through a demesne's card)
    return out


def _give_mana(state: State, caster: Character, targets: list[str], amount: int, power_id: str) -> list[object]:
    """[003:170] a power that makes its target give mana has no effect on a target with no mana; [003:164]
    the toll applies, as to every transfer between characters."""
    out: list[object] = []
    receiver = state.characters[caster.id]
    for t in targets:
        giver = state.characters.get(t)
        if giver is None or giver.id == caster.id or giver.total_mana <= 0:
            continue
        given = transfer(giver, receiver, min(amount, giver.total_mana), f"power:{power_id}")
        out.append(given)
        receiver = msgspec.structs.replace(receiver, debt=receiver.debt - given.debt_paid)
    return out


def _release(state: State, targets: list[str], power_id: str, heals: bool, at: datetime) -> list[object]:
    """[003:280] permanent death yields only to release and healing cast together (here: one power with both)."""
    out: list[object] = []
    for t in targets:
        c = state.characters[t]
        if c.life == "dead" or (c.life == "permanently_dead" and heals):
            if c.life_timer is not None:
                out.append(TimerCancelled(timer_id=c.life_timer))
            out.append(CharacterRevived(character=t, at=at, cause=power_id))
    return out


def _transmigrate(state: State, targets: list[str], destination: str | None) -> list[object]:
    """[003:96-98] no entry or exit restriction applies; arriving in the Void still loses the unprotected."""
    out: list[object] = []
    if destination is None:
        return out
    for t in targets:
        c = state.characters[t]
        if c.locale == destination:
            continue
        kind = state.locales[destination].kind if destination in state.locales else "demesne"
        lost = kind == "void" and c.kind != "demon" and "lost_in_void" not in c.protections
        out.append(
            CharacterMoved(
                character=t, from_locale=c.locale, to_locale=destination, lost_in_void=lost, transmigrated=True
            )
        )
    return out


def _heal(state: State, targets: list[str]) -> list[object]:
    out: list[object] = []
    for t in targets:
        c = state.characters[t]
        lost = max(0, state.settings.hit_points - c.permanent_hp)  # [003:280] lost hit points are mutilations
        if c.mutilations or lost:
            out.append(MutilationsHealed(character=t, hit_points_restored=lost))
    return out


def complete(
    state: State,
    c: Character,
    power: PowerDef,
    targets: list[str],
    cost: int,
    cast_id: str,
    at: datetime,
    gift: str | None,
    *,
    direct: bool,
    paid: bool = False,
    demesne: str | None = None,
    destination: str | None = None,
) -> list[object]:
    events: list[object] = []
    if cost and not paid:
        events.append(spend(c, cost, f"power: {power.id}"))
    events.append(
        PowerCast(
            cast_id=cast_id,
            caster=c.id,
            power=power.id,
            targets=targets,
            cost=cost,
            at=at,
            gift=gift,
            demesne=demesne,
            direct=direct,
        )
    )
    if demesne is not None:
        codes = categories(power)
        lasts = "era" if "De" in codes else "session" if "Ds" in codes else "permanent"
        events.append(DemesnePowerSet(demesne=demesne, power=power.id, lasts=lasts, caster=c.id))
    events += effects(state, cast_id, c, power, targets, at, destination)
    events.append(CastCompleted(cast_id=cast_id, targets=targets))
    return events


def on_cast_timer(state: State, timer: Timer) -> list[object]:
    pending = state.casts.get(timer.subject or "")
    if pending is None or pending.timer_id != timer.timer_id:
        return []
    caster = state.characters[pending.caster]
    power = _power(state, pending.power)
    match pending.stage:
        case "conversation":
            return [
                *effects(state, pending.id, caster, power, list(pending.targets), timer.fire_at, pending.destination),
                CastCompleted(cast_id=pending.id, targets=list(pending.targets)),
            ]
        case "demesne_casting":
            return complete(
                state,
                caster,
                power,
                [],
                pending.cost,
                pending.id,
                timer.fire_at,
                pending.gift,
                direct=False,
                paid=True,
                demesne=pending.demesne,
            )
        case "announced":
            return _announced(state, pending, caster, power, timer.fire_at)
        case _:
            return []


def _announced(state: State, pending: PendingCast, caster: Character, power: PowerDef, at: datetime) -> list[object]:
    """[003:229] Nt fails if the target left; [003:247] an L power hits whoever stayed in the locale."""
    if caster.locale != pending.locale or caster.life != "alive" or caster.combat is not None:
        return [CastFailed(cast_id=pending.id, reason="the caster was attacked or left")]
    codes = categories(power)
    if "L" in codes:
        targets = sorted(
            t.id
            for t in state.characters.values()
            if t.locale == pending.locale and t.id != caster.id and t.life == "alive" and not t.out_of_game
        )
    else:
        targets = [t for t in pending.targets if state.characters[t].locale == pending.locale]
        if len(targets) < len(pending.targets):
            return [CastFailed(cast_id=pending.id, reason="the target left the locale [003:229]")]
    if pending.cost and (caster.debt > 0 or caster.total_mana < pending.cost):
        return [CastFailed(cast_id=pending.id, reason="the caster can no longer pay")]
    return complete(
        state,
        caster,
        power,
        targets,
        pending.cost,
        pending.id,
        at,
        pending.gift,
        direct="N" in codes,
        destination=pending.destination,
    )


def interrupt(state: State, attacked: str, at: datetime) -> list[object]:
    """An attack on a caster stops his announced powers at no cost ([003:229], [003:247]) and interrupts his
    demesne castings, whose mana is lost ([003:239]); so does an attack on the demesne itself. An attack by a
    third party on either party to a persuasion ends the conversation, and its effects begin ([003:219])."""
    out: list[object] = []
    for pending in state.casts.values():
        if pending.stage == "conversation" and attacked in (pending.caster, *pending.targets):
            caster = state.characters[pending.caster]
            power = _power(state, pending.power)
            out += effects(state, pending.id, caster, power, list(pending.targets), at, pending.destination)
            out.append(CastCompleted(cast_id=pending.id, targets=list(pending.targets)))
        elif pending.stage == "announced" and pending.caster == attacked:
            out.append(CastFailed(cast_id=pending.id, reason="the caster was attacked"))
        elif pending.stage == "demesne_casting" and attacked in (pending.caster, pending.demesne):
            out.append(CastFailed(cast_id=pending.id, reason="interrupted by an attack", mana_lost=pending.cost))
        else:
            continue
        if pending.timer_id is not None:
            out.append(TimerCancelled(timer_id=pending.timer_id))
    return out
