"""Death, the Underworld's 30 minutes, demons' banishment to the Void, obliteration and the GM's rulings on them.

The six restrictions of death ([003:420-427]) are enforced where the commands are decided: a dead character may
not leave the Underworld (movement), use powers (powers, combat), attack or be attacked (combat), possess
artifacts (dropped here; picking up is refused), or pass mana to or from the living (mana). Restriction 2 (no
talking to the living) has no command to refuse: the server carries no in-game speech.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.engine import DecisionContext, Timer
from domain.engine.messages import TimerCancelled, TimerScheduled
from domain.rulesets.gods2.heaven.combat.events import KeepAwayEnded, LaborEnded, MutilationApproved
from domain.rulesets.gods2.heaven.commands import (
    ApproveMutilation,
    CreateDemon,
    DisposeOfBody,
    GrantProtection,
    KillCharacter,
    ObliterateCharacter,
    ReleaseCharacterFromDeath,
    SetClock,
    TransmigrateCharacter,
)
from domain.rulesets.gods2.heaven.locales.events import CharacterMoved, ProtectionGranted
from domain.rulesets.gods2.heaven.powers.events import MutilationsHealed
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    minutes,
    place_exists,
    place_kind,
    reject,
    require_reason,
    timer_id,
)
from domain.rulesets.gods2.kernel.events import (
    BodyDisposed,
    CharacterDied,
    CharacterObliterated,
    CharacterRevived,
    ClockSet,
    DemonBanished,
    DemonCreated,
    DemonFreed,
)
from domain.rulesets.gods2.kernel.mana import income_for_event, lose
from domain.rulesets.gods2.kernel.model import Character, State

REVIVE = "revive"
FREE_DEMON = "free_demon"


def first_locale(state: State, kind: str) -> str:
    return next(lid for lid, loc in state.locales.items() if loc.kind == kind)


def held_artifacts(state: State, c: Character) -> list[str]:
    return sorted(a.id for a in state.artifacts.values() if a.holder == c.id)


def kill(state: State, c: Character, at: datetime, cause: str) -> list[object]:
    """The death of `c` at `at`: drop the artifacts, go to the Underworld for 30 minutes ([003:420]), or, for a
    demon, to the Void ([003:387-389]). At 0 permanent hit points the death is permanent ([003:280])."""
    dropped = held_artifacts(state, c)
    settings = state.settings
    if c.kind == "demon":
        in_void = place_kind(state, c.locale) == "void"
        until = at + minutes(settings.void_confinement_minutes, settings)
        tid = timer_id(FREE_DEMON, c.id, at)
        void = c.locale if in_void else first_locale(state, "void")
        return [
            DemonBanished(
                character=c.id,
                at=at,
                until=until,
                timer_id=tid,
                killed_in_void=in_void,
                void=void,
                dropped=dropped,
            ),
            TimerScheduled(timer_id=tid, fire_at=until, purpose=FREE_DEMON, subject=c.id),
        ]
    underworld = first_locale(state, "underworld")
    if c.permanent_hp <= 0:
        return [
            CharacterDied(
                character=c.id,
                at=at,
                until=None,
                timer_id=None,
                cause=cause,
                dropped=dropped,
                underworld=underworld,
            )
        ]
    until = at + minutes(settings.dead_minutes, settings)
    tid = timer_id(REVIVE, c.id, at)
    return [
        CharacterDied(
            character=c.id,
            at=at,
            until=until,
            timer_id=tid,
            cause=cause,
            dropped=dropped,
            underworld=underworld,
        ),
        TimerScheduled(timer_id=tid, fire_at=until, purpose=REVIVE, subject=c.id),
    ]


def decide_kill_character(state: State, command: KillCharacter, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    c = character(state, command.character)
    if c.life != "alive" or c.void_dead:
        raise reject("not_alive", f"{c.name} is not alive.")
    if c.combat is not None:
        raise reject("in_combat", f"{c.name} is in combat; the combat decides.")
    return kill(state, c, ctx.now, command.reason)


def revive(c: Character, at: datetime, cause: str) -> list[object]:
    events: list[object] = [CharacterRevived(character=c.id, at=at, cause=cause)]
    if c.life_timer is not None:
        events.insert(0, TimerCancelled(timer_id=c.life_timer))
    return events


def decide_release_from_death(
    state: State, command: ReleaseCharacterFromDeath, ctx: DecisionContext
) -> Sequence[object]:
    """A power of the sphere of Death, ruled by the GM ([003:429])."""
    require_reason(command.reason)
    c = character(state, command.character)
    if c.life == "permanently_dead":
        if not command.with_healing:
            raise reject(
                "permanently_dead",
                "Permanent death ends only when release-from-death and heal-mutilation powers are cast together "
                "[003:280].",
            )
        restored = max(0, state.settings.hit_points - c.permanent_hp)
        return [MutilationsHealed(character=c.id, hit_points_restored=restored), *revive(c, ctx.now, command.reason)]
    if c.life != "dead":
        raise reject("not_dead", f"{c.name} is not dead.")
    events = revive(c, ctx.now, command.reason)
    if command.with_healing and (c.mutilations or c.permanent_hp < state.settings.hit_points):
        events.insert(
            0, MutilationsHealed(character=c.id, hit_points_restored=state.settings.hit_points - c.permanent_hp)
        )
    return events


def obliterate(state: State, c: Character, by: str | None, reason: str, at: datetime) -> list[object]:
    """[003:435-447]. Demons and celestial spirits are only killed ([003:445]). A god's lords lose half their
    mana or 10, whichever is greater ([003:437]); any shortfall is debt ([003:156])."""
    if not c.is_god:
        if c.life != "alive" or c.void_dead:
            return []
        return kill(state, c, at, f"obliteration (treated as death [003:445]): {reason}")
    # [003:441] an archetype's archetypal lesser gods (holders of her extra cards) alone may fill her seat.
    electors = sorted(
        x.id
        for x in state.characters.values()
        if c.archetype and x.kind == "lesser_god" and x.archetype and c.id in x.lords and x.life != "obliterated"
    )
    events: list[object] = [
        CharacterObliterated(
            character=c.id, by=by, reason=reason, dropped=held_artifacts(state, c), archetypal_electors=electors
        )
    ]
    if c.kind == "lesser_god":
        for lord_id in c.lords:
            lord = state.characters.get(lord_id)
            if lord is not None and lord.life != "obliterated":
                events.append(
                    lose(
                        lord,
                        ledger.lord_loss(lord.total_mana, state.settings.halves_round_up),
                        f"minion {c.id} obliterated [003:437]",
                    )
                )
    if c.life_timer is not None:
        events.insert(0, TimerCancelled(timer_id=c.life_timer))
    return events


def decide_obliterate(state: State, command: ObliterateCharacter, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    c = character(state, command.character)
    if c.life == "obliterated":
        raise reject("gone", f"{c.name} is already obliterated.")
    if c.combat is not None:
        raise reject("in_combat", f"{c.name} is in combat; end the combat first.")
    if command.by is not None:
        character(state, command.by)
    return obliterate(state, c, command.by, command.reason, ctx.now)


def decide_create_demon(state: State, command: CreateDemon, ctx: DecisionContext) -> Sequence[object]:
    """[003:447-449] the new demon starts in the Void with a demon pack."""
    require_reason(command.reason)
    demon = command.demon
    if demon.id in state.characters:
        raise reject("character_exists", f"A character {demon.id!r} already exists.")
    if demon.kind != "demon":
        raise reject("not_a_demon", "CreateDemon creates demons; set kind to 'demon'.")
    if not place_exists(state, demon.locale) or place_kind(state, demon.locale) != "void":
        raise reject("demons_start_in_the_void", "A new demon starts in the Void [003:447].")
    known = {p.id for p in state.pack.powers}
    unknown = [p for p in demon.powers if p not in known]
    if unknown:
        raise reject("unknown_power", f"The content pack has no powers {unknown}.")
    if command.player_of is not None and state.characters.get(command.player_of) is None:
        raise reject("unknown_character", f"There is no character {command.player_of!r}.")
    return [DemonCreated(demon=demon, player_of=command.player_of, reason=command.reason)]


def decide_transmigrate(state: State, command: TransmigrateCharacter, ctx: DecisionContext) -> Sequence[object]:
    """[003:96] transmigration ignores entry and exit restrictions. Chosen reading: arriving in the Void still
    makes a character lost (that is not an entry restriction), unless protected."""
    require_reason(command.reason)
    c = character(state, command.character)
    if not place_exists(state, command.locale) or command.locale == c.locale:
        raise reject("unknown_locale", f"Name another locale than {c.locale!r}.")
    if c.life not in ("alive",) or c.combat is not None:
        raise reject("not_free", f"{c.name} cannot transmigrate now.")
    lost = place_kind(state, command.locale) == "void" and c.kind != "demon"
    lost = lost and "lost_in_void" not in c.protections and place_kind(state, c.locale) != "void"
    return [
        CharacterMoved(
            character=c.id,
            from_locale=c.locale,
            to_locale=command.locale,
            lost_in_void=lost,
            transmigrated=True,
        )
    ]


def decide_grant_protection(state: State, command: GrantProtection, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    c = character(state, command.character)
    return [ProtectionGranted(character=c.id, against=command.against, reason=command.reason)]


def decide_set_clock(state: State, command: SetClock, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    return [
        ClockSet(
            era=command.era,
            in_transition=command.in_transition,
            reason=command.reason,
            session_ended=command.in_transition and not state.in_transition,
            era_ended=command.era != state.era,
            session_started=state.in_transition and not command.in_transition,
        )
    ]


def on_life_timer(state: State, timer: Timer) -> list[object]:
    """Timers of life and its restrictions. A timer that no longer applies (cancelled by a power) does nothing."""
    c = state.characters.get(timer.subject or "")
    if c is None or (c.life_timer != timer.timer_id and timer.purpose in (REVIVE, FREE_DEMON)):
        return []
    if timer.purpose == REVIVE and c.life == "dead":
        return [CharacterRevived(character=c.id, at=timer.fire_at, cause="30 minutes in the Underworld [003:420]")]
    if timer.purpose == FREE_DEMON and c.void_confined_until is not None:
        return [DemonFreed(character=c.id, at=timer.fire_at)]
    if timer.purpose == "labor" and c.labor_master is not None and c.labor_until == timer.fire_at:
        return [LaborEnded(character=c.id)]
    if timer.purpose == "keep_away":
        return [KeepAwayEnded(character=c.id, opponent=a.opponent) for a in c.keep_away if a.until <= timer.fire_at]
    return []


def decide_dispose_of_body(state: State, command: DisposeOfBody, ctx: DecisionContext) -> Sequence[object]:
    """[003:393-400] burn, sea, ice or animals: no effect but mana to one elemental sphere (the pack's
    event sources `body.<method>`)."""
    c = me(state, ctx)
    if state.bodies.get(command.body) != c.id:
        raise reject("not_your_deed", "Only the one who obliterated the god decides what to do with the body.")
    event = BodyDisposed(body=command.body, method=command.method, by=c.id)
    return [event, *income_for_event(state, f"body.{command.method}", 1, f"the body of {command.body}")]


def decide_approve_mutilation(state: State, command: ApproveMutilation, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    c = character(state, command.character)
    if not command.description.strip():
        raise reject("describe_it", "Describe the mutilation; it must match those listed in severity [003:310].")
    return [MutilationApproved(character=c.id, description=command.description, reason=command.reason)]
