"""Lookups and guards shared by the decision modules. Every refusal code is prefixed `gods2.`."""

from __future__ import annotations

from datetime import datetime, timedelta

from domain.engine import DecisionContext, Rejected
from domain.rulesets.gods2.kernel.content import PowerDef
from domain.rulesets.gods2.kernel.model import Character, LocaleKind, Settings, State


def reject(reason: str, message: str, *, status: int = 422) -> Rejected:
    return Rejected(f"gods2.{reason}", message, status=status)


def require_reason(reason: str) -> None:
    if not reason.strip():
        raise reject("reason_required", "A GM ruling needs a reason; say why in `reason`.")


def character(state: State, character_id: str) -> Character:
    found = state.characters.get(character_id)
    if found is None:
        raise reject("unknown_character", f"There is no character {character_id!r}.")
    return found


def me(state: State, ctx: DecisionContext) -> Character:
    """The character the acting seat plays."""
    controls = ctx.actor.controls
    if controls is None or controls not in state.characters:
        raise reject("no_character", "Only a seat that plays a character may do this.", status=403)
    return state.characters[controls]


def place_kind(state: State, place: str) -> LocaleKind:
    """The kind of a basic locale; a demesne counts as inside its parent locale ([003:116])."""
    demesne = state.demesnes.get(place)
    if demesne is not None:
        place = demesne.parent
    locale = state.locales.get(place)
    if locale is None:
        raise reject("unknown_locale", f"There is no locale or demesne {place!r}.")
    return locale.kind


def place_exists(state: State, place: str) -> bool:
    return place in state.locales or place in state.demesnes


def require_alive(c: Character, doing: str) -> None:
    if c.life != "alive" or c.void_dead:
        raise reject("dead", f"{c.name} is not alive and may not {doing}.")


def require_in_game(c: Character) -> None:
    if c.out_of_game:
        raise reject("out_of_game", f"{c.name} is out of the game; return to the game first.")


def require_not_in_combat(c: Character) -> None:
    if c.combat is not None:
        raise reject("in_combat", f"{c.name} is in combat; only combat commands are possible until it ends.")
    if c.bubble is not None:
        raise reject(
            "in_combat_bubble",
            f"{c.name} stands behind a duelist and may not leave, attack or use powers until the duel ends [003:332].",
        )


def require_not_conversing(c: Character, now: datetime) -> None:
    if c.conversation_until is not None and now < c.conversation_until:
        raise reject(
            "in_conversation",
            f"{c.name} is in a persuasion conversation until {c.conversation_until.isoformat()} [003:219].",
        )


def require_free_agent(c: Character, now: datetime, doing: str) -> None:
    """Alive, in the game, not in combat and not in a persuasion conversation."""
    require_alive(c, doing)
    require_in_game(c)
    require_not_in_combat(c)
    require_not_conversing(c, now)


def require_same_locale(a: Character, b: Character) -> None:
    """[003:108] players may only interact with other players who are in the same locale."""
    if a.locale != b.locale:
        raise reject("not_same_locale", f"{b.name} is not in your locale; go where they are first.")
    if b.out_of_game:
        raise reject("out_of_game", f"{b.name} is out of the game and cannot be targeted [003:88].")
    if b.bubble is not None:
        raise reject("target_in_combat", f"{b.name} is inside a combat bubble [003:332].")


def timer_id(purpose: str, subject: str, at: datetime) -> str:
    return f"{purpose}:{subject}:{at.isoformat()}"


def minutes(n: int, settings: Settings) -> timedelta:
    """`n` of the rules' minutes, each `settings.minute_seconds` long (60 in play)."""
    return timedelta(seconds=n * settings.minute_seconds)


def new_id(state: State, prefix: str, offset: int = 0) -> str:
    """Ids of entities the rules create: from the state's serial, which every creating event advances."""
    return f"{prefix}-{state.serial + offset + 1}"


def power_def(state: State, power_id: str) -> PowerDef:
    for power in state.pack.powers:
        if power.id == power_id:
            return power
    raise reject("unknown_power", f"The content pack has no power {power_id!r}.")
