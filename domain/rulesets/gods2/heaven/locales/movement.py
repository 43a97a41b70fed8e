"""Moving around Heaven: locales and their entry and exit rules, the Guardian Beasts, the Void, the restrooms.

Chosen readings (digest A1.2, A3.1):
- A protection granted by a power ("unless he uses (or has used on him) a power which prevents this",
  [003:66], [003:72]) is spent by the one entry it protects.
- Demons are never lost in the Void: it is their home ([003:70]) and they are the ones who let others out.
- A demesne is entered from its parent locale ([003:108] the exception for "a player outside a demesne").
- Entering the Wilds past the Guardian Beasts, alone or as a party, is `wilds.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.commands import (
    DepositInDemonPool,
    GoOutOfGame,
    MoveToLocale,
    PayWayOutOfVoid,
    ReturnToGame,
    WithdrawFromDemonPool,
)
from domain.rulesets.gods2.heaven.locales.events import CharacterMoved, ReturnedToGame, VoidExitBought, WentOutOfGame
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import (
    me,
    place_exists,
    place_kind,
    reject,
    require_alive,
    require_free_agent,
    require_same_locale,
)
from domain.rulesets.gods2.kernel.events import DemonPoolDeposited, DemonPoolWithdrawn
from domain.rulesets.gods2.kernel.mana import require_can_spend
from domain.rulesets.gods2.kernel.model import Character, State


def check_leaving(state: State, c: Character, to: str, ctx: DecisionContext) -> None:
    if c.life == "dead" or c.life == "permanently_dead":
        raise reject("dead_may_not_leave", f"{c.name} is dead and may not leave the Underworld [003:422].")
    require_free_agent(c, ctx.now, "move")
    if not place_exists(state, to):
        raise reject("unknown_locale", f"There is no locale {to!r}.")
    if to == c.locale:
        raise reject("already_there", f"{c.name} is already in {to}.")
    if c.lost_in_void:
        raise reject("lost_in_void", "You are lost in the Void: pay a demon (or the pool) to be let out [003:72].")
    if c.void_confined_until is not None:
        raise reject("confined_to_void", "A killed demon stays in the Void for 30 minutes [003:387].")
    if c.labor_master is not None:
        raise reject("in_labor", "Under Surrender Labor you may not move without your master's leave [003:294].")
    for away in c.keep_away:
        if away.locale == to and ctx.now < away.until:
            raise reject("keep_away", f"After disengaging, stay out of {to} until {away.until.isoformat()} [003:362].")
    for attack in state.attacks.values():
        if attack.locale == c.locale:
            raise reject("attack_window", "An attack was just announced here; no one may run away [003:336].")


def check_entry(state: State, c: Character, to: str) -> None:
    kind = place_kind(state, to)
    here = place_kind(state, c.locale)
    if kind == "underworld" and here != "underworld" and "underworld_entry" not in c.protections:
        raise reject("underworld_closed", "Only the dead enter the Underworld unless a power lets you in [003:68].")
    demesne = state.demesnes.get(to)
    if demesne is not None:
        base = state.demesnes[c.locale].parent if c.locale in state.demesnes else c.locale
        if base != demesne.parent:
            raise reject("not_beside_demesne", f"Go to {demesne.parent} to enter {demesne.name}.")
        welcome = set(demesne.owners)
        for owner in demesne.owners:
            welcome.update(state.characters[owner].lords)
        minion = any(lord in demesne.owners for lord in c.lords)
        if c.id not in welcome and not minion and c.id not in demesne.admitted:
            raise reject(
                "demesne_closed",
                f"Only the owners of {demesne.name}, their lords and minions enter [003:120].",
            )


def arrive(state: State, c: Character, to: str, *, transmigrated: bool = False) -> CharacterMoved:
    lost = place_kind(state, to) == "void" and place_kind(state, c.locale) != "void"
    lost = lost and c.kind != "demon" and "lost_in_void" not in c.protections  # [003:72]
    return CharacterMoved(
        character=c.id,
        from_locale=c.locale,
        to_locale=to,
        lost_in_void=lost,
        transmigrated=transmigrated,
        listen_until=_speech_under_way(state, to),
    )


def _speech_under_way(state: State, place: str) -> datetime | None:
    """[003:223] characters who enter the room after a mass persuasion's speech has begun must stay and listen,
    though they are not influenced by it."""
    mass = {p.id for p in state.pack.powers if "Pm" in p.categories}
    ends = [
        cast.until
        for cast in state.casts.values()
        if cast.stage == "conversation" and cast.locale == place and cast.power in mass and cast.until is not None
    ]
    return max(ends, default=None)


def decide_move_to_locale(state: State, command: MoveToLocale, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    check_leaving(state, c, command.locale, ctx)
    check_entry(state, c, command.locale)
    entering_wilds = place_kind(state, command.locale) == "primeval_wilds"
    if entering_wilds and place_kind(state, c.locale) != "primeval_wilds" and "guardian_beasts" not in c.protections:
        raise reject(
            "guardian_beasts",
            "A Guardian Beast bars the way: use EnterPrimevalWilds with combat powers giving two tricks or blocks "
            "[003:66], [003:82].",
        )
    return [arrive(state, c, command.locale)]


def decide_pay_way_out_of_void(state: State, command: PayWayOutOfVoid, ctx: DecisionContext) -> Sequence[object]:
    """[003:72] a demon must let her out for 5 mana after toll; with no demon present, 5 after toll go into the
    demonic pool (the only time a non-demon may put mana there)."""
    c = me(state, ctx)
    require_alive(c, "bargain")
    if not c.lost_in_void:
        raise reject("not_lost", f"{c.name} is not lost in the Void.")
    present = [
        d
        for d in state.characters.values()
        if d.kind == "demon" and d.locale == c.locale and d.life == "alive" and not d.void_dead
    ]
    debt_paid = 0
    if command.demon is not None:
        demon = state.characters.get(command.demon)
        if demon is None or demon not in present:
            raise reject("no_such_demon_here", f"{command.demon} is not a demon present with you in the Void.")
        require_same_locale(c, demon)
    elif present:
        raise reject("demon_present", "A demon is present: pay the demon, not the pool [003:72].")
    require_can_spend(c, ledger.VOID_RANSOM_GROSS, giving=True)
    arrived = ledger.received(ledger.VOID_RANSOM_GROSS)
    if command.demon is not None:
        debt_paid = ledger.pay_debt_first(state.characters[command.demon].debt, arrived)
    drawn = ledger.draw(c.mana, c.pending, ledger.VOID_RANSOM_GROSS)
    return [
        VoidExitBought(
            character=c.id,
            demon=command.demon,
            paid=ledger.VOID_RANSOM_GROSS,
            arrived=arrived,
            from_held=drawn.from_held,
            from_pending=drawn.from_pending,
            debt_paid=debt_paid,
        )
    ]


def _require_demon_in_void(state: State, ctx: DecisionContext) -> Character:
    c = me(state, ctx)
    if c.kind != "demon" or place_kind(state, c.locale) != "void":
        raise reject("not_a_demon_in_the_void", "Only a demon, while in the Void, may use the pool [003:70].")
    require_alive(c, "use the demonic pool")
    return c


def decide_deposit_in_demon_pool(state: State, command: DepositInDemonPool, ctx: DecisionContext) -> Sequence[object]:
    """[003:70] a demon may put in any amount; no toll (digest reading 14: this is not a transfer)."""
    c = _require_demon_in_void(state, ctx)
    if command.amount <= 0:
        raise reject("bad_amount", "Deposit a positive amount of mana.")
    require_can_spend(c, command.amount, giving=True)
    drawn = ledger.draw(c.mana, c.pending, command.amount)
    return [
        DemonPoolDeposited(
            demon=c.id, amount=command.amount, from_held=drawn.from_held, from_pending=drawn.from_pending
        )
    ]


def decide_withdraw_from_demon_pool(
    state: State, command: WithdrawFromDemonPool, ctx: DecisionContext
) -> Sequence[object]:
    c = _require_demon_in_void(state, ctx)
    if command.amount <= 0 or command.amount > state.demon_pool:
        raise reject("bad_amount", f"The pool holds {state.demon_pool}; take a positive amount up to that.")
    return [DemonPoolWithdrawn(demon=c.id, amount=command.amount, debt_paid=min(c.debt, command.amount))]


def decide_go_out_of_game(state: State, command: GoOutOfGame, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    if c.out_of_game:
        raise reject("already_out", f"{c.name} is already out of the game.")
    if c.combat is not None:
        raise reject("in_combat", "Finish the combat first.")
    return [WentOutOfGame(character=c.id)]


def decide_return_to_game(state: State, command: ReturnToGame, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    if not c.out_of_game:
        raise reject("not_out", f"{c.name} is in the game.")
    return [ReturnedToGame(character=c.id)]
