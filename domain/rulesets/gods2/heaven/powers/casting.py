"""Casting personal powers ([003:197-269]): who may cast, on whom, for how much, and by which protocol.

- Personal powers work in Eras Aleph, Centrum and Omega, never in Era Null or a transition phase ([003:199]).
- Targets stand in the caster's locale ([003:201]); the dead, those out of the game and combatants are beyond
  reach ([003:88], [003:324], [003:424]).
- Costs: the 25% floor, fractions rounded up ([003:201]); persuasion 25% cheaper in the Hall of Feasts ([003:64]).
- Protocols by category: P/P2/Pm a three-minute conversation ([003:219-223]); N immediate, then the locale's
  reaction window ([003:227]); Nt and L announced first, failing without cost if the caster is sneak attacked or
  (Nt) the target leaves ([003:229], [003:247]); Li instant ([003:249]); Nv needs the target's consent
  ([003:231]); Ns on oneself ([003:233]); D a five-minute casting inside the demesne that an attack interrupts,
  mana lost ([003:237-243]); A only inside artifacts ([003:255]); C only in combat ([003:207]); G gives a
  one-use gift ([003:261-265]).

Chosen reading: the reaction window after a direct effect power is `Settings.reaction_seconds` (the text gives
no length); an La power is announced like any L power.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from domain.engine import DecisionContext
from domain.engine.messages import TimerCancelled, TimerScheduled
from domain.rulesets.gods2.heaven.commands import (
    CastPower,
    ConsentToPower,
    ResolvePowerConflict,
    RulePowerEffect,
    UseGift,
)
from domain.rulesets.gods2.heaven.powers.effects import CAST_TIMER, complete
from domain.rulesets.gods2.heaven.powers.events import (
    CastFailed,
    CastPending,
    PowerCast,
    PowerConflictResolved,
    PowerEffectRuled,
)
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    minutes,
    new_id,
    place_exists,
    place_kind,
    power_def,
    reject,
    require_alive,
    require_free_agent,
    require_reason,
    timer_id,
)
from domain.rulesets.gods2.kernel.content import PowerDef, ReleaseFromDeath, Transmigrate, categories
from domain.rulesets.gods2.kernel.mana import require_can_spend, spend
from domain.rulesets.gods2.kernel.model import Character, State

COMBAT_ONLY = frozenset({"C", "Cd", "Cs"})


def may_cast(state: State, c: Character, ctx: DecisionContext) -> None:
    if state.era == "null" or state.in_transition:
        raise reject("no_personal_powers", "Personal powers work in Aleph, Centrum and Omega sessions [003:199].")
    require_alive(c, "use powers")  # [003:424] restriction 3
    require_free_agent(c, ctx.now, "use powers")
    if c.labor_master is not None:
        raise reject("in_labor", "Under Surrender Labor you may not use any powers [003:294].")
    if any(a.locale == c.locale for a in state.attacks.values()):
        raise reject("attack_window", "An attack was just announced here; no powers during the window [003:336].")


def _no_persuasion_during_the_leaders_speech(
    state: State, c: Character, codes: frozenset[str], ctx: DecisionContext
) -> None:
    """[003:482] during the leader's three minutes no one present may interrupt or speak; a persuasion is a
    conversation (or, Pm, a speech) of three minutes ([003:219-223]), so none is begun in the Hall then."""
    council = state.council
    if council is None or "P" not in codes or c.id == council.leader or c.locale != council.hall:
        return
    if ctx.now < council.speech_until:
        raise reject("leader_speaking", "No one present may speak during the leader's three minutes [003:482].")


def _cost(state: State, c: Character, power: PowerDef, codes: frozenset[str], strength: int | None) -> int:
    base = power.cost
    if strength is not None:
        if not power.variable:
            raise reject("fixed_cost", f"{power.name} has a fixed cost; give no strength.")
        if strength < power.cost:
            raise reject("too_weak", f"{power.name} costs at least {power.cost}.")
        base = strength
    mods = (
        [ledger.FEASTS_PERSUASION_PERCENT] if "P" in codes and place_kind(state, c.locale) == "hall_of_feasts" else []
    )
    return ledger.final_cost(base, mods)


def target_kind(state: State, t: Character) -> str:
    """[003:454] a lesser god or celestial spirit leading the Council is a greater god for the targeting of every
    power while the meeting lasts (the Sentinel of the Council cannot suppress him; Prophecy affects him)."""
    if state.council is not None and state.council.leader == t.id and t.kind in ("lesser_god", "celestial_spirit"):
        return "greater_god"
    return t.kind


def _target(state: State, c: Character, target_id: str, power: PowerDef) -> Character:
    t = character(state, target_id)
    if t.locale != c.locale:
        raise reject("not_same_locale", f"{t.name} is not in your locale [003:201].")
    if t.out_of_game:
        raise reject("out_of_game", f"{t.name} is out of the game and cannot be targeted [003:88].")
    if t.combat is not None or t.bubble is not None:
        raise reject("target_in_combat", f"{t.name} is in combat, beyond reach [003:324], [003:332].")
    raises_dead = any(isinstance(e, ReleaseFromDeath) for e in power.effects)
    if (t.life != "alive" or t.void_dead) and not raises_dead:
        raise reject("target_not_alive", f"{t.name} is not alive and may not be the target of powers.")
    if t.life == "obliterated":
        raise reject("gone", f"{t.name} is gone.")
    if power.target_kinds and target_kind(state, t) not in power.target_kinds:
        kinds = ", ".join(k.replace("_", " ") for k in power.target_kinds)
        raise reject("not_a_valid_target", f"{power.name} affects only: {kinds} [003:223].")
    return t


def _targets(
    state: State, c: Character, power: PowerDef, codes: frozenset[str], given: list[str], now: datetime
) -> list[str]:
    if len(set(given)) != len(given):
        raise reject("duplicate_target", "Name each target once.")
    if "Ns" in codes:
        if given not in ([], [c.id]):
            raise reject("self_only", f"{power.name} may only be used on yourself [003:233].")
        return [c.id]
    if "D" in codes:
        return []  # a demesne power targets the demesne
    if "L" in codes or "Pm" in codes:
        # [003:247] a locale power affects everyone in the locale (an announced one: those who stay);
        # [003:223] a mass persuasion everyone eligible who is not already in a conversation.
        return sorted(
            t.id
            for t in state.characters.values()
            if t.id != c.id
            and t.locale == c.locale
            and t.life == "alive"
            and not t.out_of_game
            and t.combat is None
            and (t.conversation_until is None or t.conversation_until <= now or "L" in codes)
            and ("L" in codes or not power.target_kinds or target_kind(state, t) in power.target_kinds)
        )
    if "G" in codes and given == [c.id]:
        raise reject("no_self_gift", "Gifts may only be granted to other characters [003:263].")
    needed = 2 if "P2" in codes else 1 if ("P" in codes or "G" in codes) else None
    if needed is not None and len(given) != needed:
        raise reject("target_count", f"{power.name} takes exactly {needed} target(s).")
    for t in given:
        _target(state, c, t, power)
    return given


def decide_cast_power(state: State, command: CastPower, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    power = power_def(state, command.power)
    if not c.knows(power.id):
        raise reject("not_your_power", f"You do not know {power.name}.")
    return cast(
        state,
        c,
        power,
        command.targets,
        command.strength,
        command.demesne,
        ctx,
        gift=None,
        destination=command.destination,
        pay_surcharge_for=command.pay_surcharge_for,
    )


def decide_use_gift(state: State, command: UseGift, ctx: DecisionContext) -> Sequence[object]:
    """[003:265] only the original target may use a gift, at no mana cost, once."""
    c = me(state, ctx)
    gift = next((g for g in c.gifts if g.gift_id == command.gift_id), None)
    if gift is None:
        raise reject("no_such_gift", "You hold no such gift.")
    targets = command.targets or [c.id]
    power = power_def(state, gift.power)
    return cast(
        state, c, power, targets, None, command.demesne, ctx, gift=gift.gift_id, destination=command.destination
    )


def cast(
    state: State,
    c: Character,
    power: PowerDef,
    targets: list[str],
    strength: int | None,
    demesne: str | None,
    ctx: DecisionContext,
    gift: str | None,
    artifact: str | None = None,
    destination: str | None = None,
    pay_surcharge_for: list[str] | None = None,
) -> list[object]:
    may_cast(state, c, ctx)
    moves = any(isinstance(e, Transmigrate) for e in power.effects)
    if moves and (destination is None or not place_exists(state, destination)):
        raise reject("name_the_destination", "Name the locale the power transmigrates to.")
    if not moves:
        destination = None
    codes = categories(power)
    if gift is not None:
        codes = (codes - {"G"}) | {"N"}  # the gift imitates a direct effect, used on its holder by default
    _no_persuasion_during_the_leaders_speech(state, c, codes, ctx)
    if "A" in codes and artifact is None:
        raise reject("artifact_only", "Artifact powers work only inside an artifact [003:255].")
    if codes - {"A"} and codes - {"A"} <= COMBAT_ONLY:
        raise reject("combat_only", "Combat powers may only be used in combat [003:207].")
    cost = 0 if gift is not None else _cost(state, c, power, codes, strength)
    if artifact is not None and power.activation_cost is not None:
        cost = ledger.final_cost(power.activation_cost)  # [003:412] an Artifact power's own activation cost
    require_can_spend(c, cost)
    chosen = _targets(state, c, power, codes, [] if "Ns" in codes and gift else targets, ctx.now)
    chosen, surcharge = _persuasion_surcharge(state, codes, chosen, pay_surcharge_for or [], free=gift is not None)
    if surcharge:
        cost += surcharge
        require_can_spend(c, cost)
    cast_id = new_id(state, "cast")
    return [
        *_targeting_interrupts(state, [t for t in chosen if t != c.id]),
        *_by_category(state, c, power, codes, chosen, cost, cast_id, demesne, ctx, gift, destination),
    ]


def _persuasion_surcharge(
    state: State, codes: frozenset[str], chosen: list[str], pay_for: list[str], free: bool
) -> tuple[list[str], int]:
    """[003:221] a persuasion costs more when a target has an ability that increases the cost of persuasion
    powers; [003:223] a mass persuasion leaves each such target unaffected unless the caster pays for him.
    Chosen reading: the surcharge is added after the Hall of Feasts discount and the 25% floor (it is the
    target's ability, not a modifier of the power); a gift costs no mana at all ([003:265])."""
    if pay_for and "Pm" not in codes:
        raise reject("not_a_mass_persuasion", "Only a mass persuasion (Pm) lets you pay for chosen targets.")
    if "P" not in codes or free:
        return chosen, 0
    extra = {t: state.characters[t].persuasion_surcharge for t in chosen}
    if "Pm" not in codes:
        return chosen, sum(extra.values())
    strangers = sorted(set(pay_for) - {t for t, x in extra.items() if x > 0})
    if strangers:
        raise reject("no_surcharge", f"Pay only for targets whose ability raises your cost: not {strangers}.")
    kept = [t for t in chosen if extra[t] == 0 or t in pay_for]
    return kept, sum(extra[t] for t in kept)


def _targeting_interrupts(state: State, targets: list[str]) -> list[object]:
    """[003:239] a demesne casting is interrupted, its mana lost, if the caster is made the target of another's
    power."""
    out: list[object] = []
    for pending in state.casts.values():
        if pending.stage == "demesne_casting" and pending.caster in targets:
            out.append(CastFailed(cast_id=pending.id, reason="the caster was targeted", mana_lost=pending.cost))
            if pending.timer_id is not None:
                out.append(TimerCancelled(timer_id=pending.timer_id))
    return out


def _by_category(
    state: State,
    c: Character,
    power: PowerDef,
    codes: frozenset[str],
    chosen: list[str],
    cost: int,
    cast_id: str,
    demesne: str | None,
    ctx: DecisionContext,
    gift: str | None,
    destination: str | None,
) -> list[object]:
    if "P" in codes:
        return _persuade(state, c, power, chosen, cost, cast_id, ctx, gift, destination)
    if "D" in codes:
        return _demesne_cast(state, c, power, demesne, cost, cast_id, ctx, gift)
    if "N" in codes and "Li" not in codes and "L" not in codes:
        _reaction_window(state, c, ctx)
    if ("L" in codes and "Li" not in codes) or "Nt" in codes:
        return _pending(state, c, power, chosen, cost, cast_id, ctx, gift, "announced", destination)
    if "Nv" in codes and gift is None:
        return _pending(state, c, power, chosen, cost, cast_id, ctx, gift, "awaiting_consent", destination)
    return complete(state, c, power, chosen, cost, cast_id, ctx.now, gift, direct="N" in codes, destination=destination)


def _reaction_window(state: State, c: Character, ctx: DecisionContext) -> None:
    """[003:227] after a direct effect power, everyone else in the locale gets a chance to react."""
    if c.last_direct_at is not None:
        ready = c.last_direct_at + timedelta(seconds=state.settings.reaction_seconds)
        if ctx.now < ready:
            raise reject("wait_for_reactions", f"Let the others react first: wait until {ready.isoformat()} [003:227].")


def _pending(
    state: State,
    c: Character,
    power: PowerDef,
    targets: list[str],
    cost: int,
    cast_id: str,
    ctx: DecisionContext,
    gift: str | None,
    stage: str,
    destination: str | None = None,
) -> list[object]:
    events: list[object] = []
    until = tid = None
    if stage == "announced":
        until = ctx.now + timedelta(seconds=state.settings.reaction_seconds)
        tid = timer_id(CAST_TIMER, cast_id, until)
    events.append(
        CastPending(
            cast_id=cast_id,
            caster=c.id,
            power=power.id,
            targets=targets,
            stage="announced" if stage == "announced" else "awaiting_consent",
            destination=destination,
            cost=cost,
            locale=c.locale,
            until=until,
            timer_id=tid,
            gift=gift,
        )
    )
    if tid is not None and until is not None:
        events.append(TimerScheduled(timer_id=tid, fire_at=until, purpose=CAST_TIMER, subject=cast_id))
    return events


def _persuade(
    state: State,
    c: Character,
    power: PowerDef,
    targets: list[str],
    cost: int,
    cast_id: str,
    ctx: DecisionContext,
    gift: str | None,
    destination: str | None = None,
) -> list[object]:
    """[003:219] cast at once; three minutes of conversation, then the effect begins."""
    if c.last_persuasion_at is not None and ctx.now < c.last_persuasion_at + minutes(
        state.settings.persuasion_minutes, state.settings
    ):
        raise reject("persuasion_cooldown", "No two persuasion powers within three minutes of each other [003:219].")
    for t in targets:
        other = state.characters[t]
        if other.conversation_until is not None and ctx.now < other.conversation_until:
            raise reject("immune_while_conversing", f"{other.name} is immune while in a persuasion [003:219].")
    if not targets:
        raise reject("no_targets", "No one here may be persuaded.")
    until = ctx.now + minutes(state.settings.persuasion_minutes, state.settings)
    tid = timer_id(CAST_TIMER, cast_id, until)
    events: list[object] = []
    if cost:
        events.append(spend(c, cost, f"power: {power.id}"))
    return [
        *events,
        PowerCast(
            cast_id=cast_id,
            caster=c.id,
            power=power.id,
            targets=targets,
            cost=cost,
            at=ctx.now,
            gift=gift,
            persuasion=True,
            loud="Pm" in categories(power),
        ),
        CastPending(
            cast_id=cast_id,
            caster=c.id,
            power=power.id,
            targets=targets,
            stage="conversation",
            destination=destination,
            cost=0,
            locale=c.locale,
            until=until,
            timer_id=tid,
            gift=gift,
            loud="Pm" in categories(power),
        ),
        TimerScheduled(timer_id=tid, fire_at=until, purpose=CAST_TIMER, subject=cast_id),
    ]


def _demesne_cast(
    state: State,
    c: Character,
    power: PowerDef,
    demesne_id: str | None,
    cost: int,
    cast_id: str,
    ctx: DecisionContext,
    gift: str | None,
) -> list[object]:
    """[003:237-239] inside the target demesne; once per demesne until it wears off; five minutes to cast."""
    demesne = state.demesnes.get(demesne_id or "")
    if demesne is None:
        raise reject("name_the_demesne", "Name the demesne the power is cast on.")
    if c.locale != demesne.id:
        raise reject("not_inside", f"Cast demesne powers from inside {demesne.name} [003:237].")
    if any(p.power == power.id for p in demesne.powers) or any(
        p.demesne == demesne.id and p.power == power.id for p in state.casts.values()
    ):
        raise reject("already_on_demesne", f"{power.name} is already on {demesne.name} [003:237].")
    until = ctx.now + minutes(state.settings.demesne_cast_minutes, state.settings)
    tid = timer_id(CAST_TIMER, cast_id, until)
    events: list[object] = [spend(c, cost, f"power: {power.id}")] if cost else []
    return [
        *events,
        CastPending(
            cast_id=cast_id,
            caster=c.id,
            power=power.id,
            targets=[],
            stage="demesne_casting",
            cost=cost,
            locale=c.locale,
            until=until,
            timer_id=tid,
            gift=gift,
            demesne=demesne.id,
        ),
        TimerScheduled(timer_id=tid, fire_at=until, purpose=CAST_TIMER, subject=cast_id),
    ]


def decide_consent_to_power(state: State, command: ConsentToPower, ctx: DecisionContext) -> Sequence[object]:
    """[003:231] Nv powers can only be cast on a willing target: the cast completes when the target agrees."""
    c = me(state, ctx)
    pending = state.casts.get(command.cast_id)
    if pending is None or pending.stage != "awaiting_consent" or c.id not in pending.targets:
        raise reject("nothing_to_consent", "No power awaits your consent.")
    caster = state.characters[pending.caster]
    may_cast(state, caster, ctx)
    require_can_spend(caster, pending.cost)
    power = power_def(state, pending.power)
    return complete(
        state,
        caster,
        power,
        list(pending.targets),
        pending.cost,
        pending.id,
        ctx.now,
        pending.gift,
        direct=True,
        destination=pending.destination,
    )


def decide_rule_power_effect(state: State, command: RulePowerEffect, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    if command.cast_id not in state.rulings:
        raise reject("no_open_ruling", f"No power awaits a ruling under {command.cast_id!r}.")
    if not command.ruling.strip():
        raise reject("empty_ruling", "Say what the power did.")
    asked = state.rulings[command.cast_id]
    return [
        PowerEffectRuled(
            cast_id=command.cast_id,
            ruling=command.ruling,
            reason=command.reason,
            caster=asked.caster,
            targets=list(asked.targets),
        )
    ]


def conflict_level(power: PowerDef) -> int:
    """[003:179] celestial spirit and demon powers are all considered first level powers."""
    return 1 if power.sphere in ("celestial", "demonic") else power.level


def decide_resolve_conflict(state: State, command: ResolvePowerConflict, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    first, second = power_def(state, command.first), power_def(state, command.second)
    if command.prevailing not in (first.id, second.id):
        raise reject("not_in_conflict", "The prevailing power is one of the two in conflict.")
    rule = "common sense"
    if not command.by_common_sense:
        a, b = conflict_level(first), conflict_level(second)
        if a != b:
            higher = first.id if a > b else second.id
            if command.prevailing != higher:
                raise reject("lower_level", f"Failing common sense, the higher sphere level prevails: {higher}.")
            rule = "higher level"
        else:
            rule = "referee"
    return [
        PowerConflictResolved(
            first=first.id, second=second.id, prevailing=command.prevailing, reason=command.reason, rule=rule
        )
    ]
