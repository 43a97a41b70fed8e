"""How combat begins: sneak attacks with their bodyguard window, public duel challenges, duel time and no-shows.

Chosen readings:
- Two bodyguards ([003:336] "the one closest to you"): the server cannot measure distance, so the first to
  step forward defends; a GM who saw otherwise rules with a rollback.
- The default law makes a sneak attack unlawful outside the Void and demesnes unless the defender is an outlaw
  ([003:340], [003:494]); unlawful attacks still happen (laws only guide the Judge, [003:490]) and are recorded
  as such. Once the Council has changed that law the server records `lawful: null`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from domain.engine import DecisionContext, Timer
from domain.engine.messages import TimerScheduled
from domain.rulesets.gods2.heaven.combat.demesne import demesne_combat
from domain.rulesets.gods2.heaven.combat.events import (
    AttackAnnounced,
    AttackLapsed,
    BodyguardStepped,
    CombatStarted,
    DuelChallenged,
    DuelNoShow,
    DuelPostponed,
    DuelTimeNamed,
)
from domain.rulesets.gods2.heaven.combat.fighters import ATTACK_WINDOW, fighter_ready
from domain.rulesets.gods2.heaven.commands import ChallengeDuel, DefendCharacter, NameDuelTime, SneakAttack
from domain.rulesets.gods2.heaven.council.events import CouncilDissolved
from domain.rulesets.gods2.heaven.powers.effects import interrupt
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    minutes,
    new_id,
    place_kind,
    reject,
    require_free_agent,
    require_same_locale,
    timer_id,
)
from domain.rulesets.gods2.kernel.model import DEFAULT_LAW, Character, PendingAttack, State

DUEL = "duel"


def no_combat_here(state: State, locale: str, doing: str) -> None:
    kind = place_kind(state, locale)
    if kind == "hall_of_feasts":
        raise reject("no_combat_in_feasts", f"No combat in the Hall of Feasts: you may not {doing} here [003:64].")
    if kind == "hall_of_doom" and state.council is not None:
        raise reject("council_in_session", f"The Great Council is in session: you may not {doing} here [003:480].")


def _attackable(state: State, attacker: Character, target: Character, ctx: DecisionContext) -> None:
    if target.life != "alive" or target.void_dead:
        raise reject("target_not_alive", f"{target.name} is not alive and may not be attacked [003:425].")
    if target.combat is not None or target.bubble is not None:
        raise reject("target_in_combat", f"{target.name} is already in combat; no ganging up [003:324].")
    for away in target.keep_away:
        if away.opponent == attacker.id and ctx.now < away.until:
            raise reject(
                "disengaged",
                f"{target.name} disengaged from you; wait until {away.until.isoformat()} [003:362].",
            )
    if any(a.locale == attacker.locale for a in state.attacks.values()):
        raise reject("attack_window", "Another attack was just announced here; wait for its window to close.")


def lawful_sneak_attack(state: State, target: Character) -> bool | None:
    if DEFAULT_LAW not in state.laws:
        return None
    return place_kind(state, target.locale) == "void" or target.locale in state.demesnes or target.outlaw


def decide_sneak_attack(state: State, command: SneakAttack, ctx: DecisionContext) -> Sequence[object]:
    attacker = me(state, ctx)
    require_free_agent(attacker, ctx.now, "attack")
    if attacker.labor_master is not None:
        raise reject("in_labor", "Under Surrender Labor you may not attack anyone [003:294].")
    target = character(state, command.target)
    if target.id == attacker.id:
        raise reject("self_attack", "Attack someone else.")
    require_same_locale(attacker, target)
    no_combat_here(state, attacker.locale, "sneak attack")
    _attackable(state, attacker, target, ctx)
    attack_id = new_id(state, "attack")
    ends = ctx.now + timedelta(seconds=state.settings.defender_window_seconds)
    tid = timer_id(ATTACK_WINDOW, attack_id, ends)
    return [
        AttackAnnounced(
            attack_id=attack_id,
            attacker=attacker.id,
            target=target.id,
            locale=attacker.locale,
            kind="sneak",
            lawful=lawful_sneak_attack(state, target),
            window_ends=ends,
            timer_id=tid,
        ),
        TimerScheduled(timer_id=tid, fire_at=ends, purpose=ATTACK_WINDOW, subject=attack_id),
        *interrupt(state, target.id, ctx.now),
    ]


def decide_defend_character(state: State, command: DefendCharacter, ctx: DecisionContext) -> Sequence[object]:
    """[003:336] "I will defend X": within the window, from the same locale; the first to step forward."""
    bodyguard = me(state, ctx)
    attack = state.attacks.get(command.attack_id)
    if attack is None or ctx.now >= attack.window_ends:
        raise reject("no_open_window", "That attack's five-second window is not open.")
    require_free_agent(bodyguard, ctx.now, "defend")
    if bodyguard.id in (attack.attacker, attack.target) or bodyguard.locale != attack.locale:
        raise reject("cannot_defend", "Only another character in the same locale may step forward.")
    if attack.bodyguard is not None:
        raise reject("already_defended", f"{attack.bodyguard} already stepped forward.")
    return [BodyguardStepped(attack_id=attack.id, bodyguard=bodyguard.id)]


def start_combat(
    state: State, kind: str, locale: str, attacker: Character, defender: Character, n: int = 0
) -> CombatStarted:
    """[003:278] each character starts the combat with its permanent hit points (5 unless damaged)."""
    return CombatStarted(
        combat_id=new_id(state, "combat", n),
        kind="duel" if kind == "duel" else "sneak",
        locale=locale,
        attacker=attacker.id,
        defender=defender.id,
        attacker_hp=attacker.permanent_hp,
        defender_hp=defender.permanent_hp,
    )


def on_attack_window(state: State, timer: Timer) -> list[object]:
    attack = state.attacks.get(timer.subject or "")
    if attack is None:
        return []
    if state.council is not None and attack.locale == state.council.hall:
        # [003:58] the meeting convened during the five seconds: no combat may be held in the Hall of Doom now.
        return [AttackLapsed(attack_id=attack.id, reason="the Great Council is in session here [003:58]")]
    if attack.kind == "demesne" and attack.bodyguard is None:
        return demesne_combat(state, attack)
    attacker = state.characters[attack.attacker]
    defender = state.characters[attack.bodyguard or attack.target]
    if not (fighter_ready(state, attacker, attack.locale) and fighter_ready(state, defender, attack.locale)):
        return [AttackLapsed(attack_id=attack.id, reason="a combatant is no longer free to fight here")]
    return [start_combat(state, "sneak", attack.locale, attacker, defender)]


def decide_challenge_duel(state: State, command: ChallengeDuel, ctx: DecisionContext) -> Sequence[object]:
    """[003:330] confront the challenged in the same locale, publicly: at least one third party present."""
    challenger = me(state, ctx)
    require_free_agent(challenger, ctx.now, "challenge")
    target = character(state, command.target)
    if target.id == challenger.id:
        raise reject("self_attack", "Challenge someone else.")
    require_same_locale(challenger, target)
    no_combat_here(state, challenger.locale, "challenge to a duel")
    if target.life != "alive" or target.void_dead:
        raise reject("target_not_alive", f"{target.name} is not alive.")
    witnesses = [
        c
        for c in state.characters.values()
        if c.locale == challenger.locale
        and c.id not in (challenger.id, target.id)
        and not c.out_of_game
        and c.life != "obliterated"
    ]
    if not witnesses:
        raise reject("no_witness", "A challenge is public: at least one third party must be present [003:330].")
    return [
        DuelChallenged(
            duel_id=new_id(state, "duel"),
            challenger=challenger.id,
            challenged=target.id,
            locale=challenger.locale,
        )
    ]


def decide_name_duel_time(state: State, command: NameDuelTime, ctx: DecisionContext) -> Sequence[object]:
    """[003:330] the challenged names a time between ten and thirty minutes in the future."""
    duel = state.duels.get(command.duel_id)
    c = me(state, ctx)
    if duel is None or duel.challenged != c.id:
        raise reject("not_your_duel", "Only the challenged names the time of a duel.")
    if duel.at is not None:
        raise reject("time_named", "The time of this duel is already named.")
    low, high = state.settings.duel_min_minutes, state.settings.duel_max_minutes
    if not low <= command.minutes <= high:
        raise reject("bad_duel_time", f"Name a time between {low} and {high} minutes from now [003:330].")
    at = ctx.now + minutes(command.minutes, state.settings)
    tid = timer_id(DUEL, duel.id, at)
    return [
        DuelTimeNamed(duel_id=duel.id, at=at, timer_id=tid),
        TimerScheduled(timer_id=tid, fire_at=at, purpose=DUEL, subject=duel.id),
    ]


def _shamed_for(state: State, c: Character) -> list[str]:
    """[003:330] a no-show is shamed; a lesser god's lord is shamed instead; lordless lesser gods, celestial
    spirits and demons have no status at stake."""
    if c.kind == "greater_god":
        return [c.id]
    if c.kind == "lesser_god":
        return [lord for lord in c.lords if state.characters[lord].life != "obliterated"]
    return []


def on_duel_time(state: State, timer: Timer) -> list[object]:
    duel = state.duels.get(timer.subject or "")
    if duel is None:
        return []
    halls = [lid for lid, loc in state.locales.items() if loc.kind == "hall_of_doom"]
    challenger, challenged = state.characters[duel.challenger], state.characters[duel.challenged]
    hall = challenger.locale if challenger.locale in halls else halls[0]
    if state.council is not None and state.council.hall == hall:
        # [003:58] no combat may be held in the Hall of Doom while a Great Council meeting is in session.
        reason = "the Great Council is in session in the Hall of Doom [003:58]"
        return [DuelPostponed(duel_id=duel.id, reason=reason)]
    absent = [c for c in (challenger, challenged) if not fighter_ready(state, c, hall)]
    if absent:
        shamed = [s for c in absent for s in _shamed_for(state, c)]
        return [DuelNoShow(duel_id=duel.id, absent=[c.id for c in absent], shamed=shamed)]
    return [start_combat(state, "duel", hall, challenger, challenged)]


def resume_postponed_duels(state: State, events: list[object], now: datetime) -> list[object]:
    """When `events` end the Council's meeting, every duel whose time came meanwhile begins now (chosen reading:
    [003:58] forbids combat during the meeting, so a duel due then waits for its end; its fighters must then be
    in the Hall, or the absent are shamed as at any duel time)."""
    if not any(isinstance(e, CouncilDissolved) for e in events):
        return events
    resumed: list[object] = []
    for duel in state.duels.values():
        if duel.at is not None and duel.at <= now:
            tid = timer_id(DUEL, f"{duel.id}:after-council", now)
            resumed += [
                DuelTimeNamed(duel_id=duel.id, at=now, timer_id=tid),
                TimerScheduled(timer_id=tid, fire_at=now, purpose=DUEL, subject=duel.id),
            ]
    return [*events, *resumed]


def pending_attack(event: AttackAnnounced) -> PendingAttack:
    return PendingAttack(
        id=event.attack_id,
        attacker=event.attacker,
        target=event.target,
        locale=event.locale,
        kind=event.kind,
        lawful=event.lawful,
        window_ends=event.window_ends,
    )
