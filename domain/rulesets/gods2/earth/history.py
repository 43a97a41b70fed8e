"""History powers at the Earth map ([000:126-200], [003:185-191]): who may cast, combining sphere cards and
splitting the cost, the queue's numbers, and the record in the history of the world."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import effects, stats
from domain.rulesets.gods2.earth.commands import ApplyEarthEffect, CastHistoryPower, SignCoCasting, WithdrawCoCasting
from domain.rulesets.gods2.earth.common import at_window, earth_of, race_of, require_activity, require_history_era
from domain.rulesets.gods2.earth.creation import require_not_creation
from domain.rulesets.gods2.earth.events import (
    CoCastingProposed,
    CoCastingSigned,
    CoCastingWithdrawn,
    HistoryPowerCast,
    HistoryRecorded,
)
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import place_kind, reject, require_reason
from domain.rulesets.gods2.kernel.earth_content import HistoryPowerDef
from domain.rulesets.gods2.kernel.earth_model import CoCasting, Earth
from domain.rulesets.gods2.kernel.mana import cards_for_sources, require_can_spend, spend
from domain.rulesets.gods2.kernel.model import Character, State


def power_def(state: State, power_id: str) -> HistoryPowerDef:
    found = next((p for p in state.pack.earth.history_powers if p.id == power_id), None)
    if found is None:
        raise reject("unknown_power", f"The content pack has no history power {power_id!r}.")
    return found


def _tickets(earth: Earth, casters: list[str]) -> list[int]:
    """[003:189-191] the caster's number is being called; gods combining cards hold the numbers right after."""
    held = {t.holder: t.number for t in earth.queue}
    if earth.serving is None or held.get(casters[0]) != earth.serving:
        raise reject("not_your_turn", "Take a number and wait until the referees call it [003:189].", status=409)
    numbers = [held.get(c) for c in casters]
    wanted = list(range(earth.serving, earth.serving + len(casters)))
    if sorted(n for n in numbers if n is not None) != wanted or None in numbers:
        raise reject("tickets_not_consecutive", "Gods casting together hold consecutive numbers [003:191].")
    return wanted


def _casters(state: State, caster: Character, command: CastHistoryPower, power: HistoryPowerDef) -> list[Character]:
    """The gods casting, checked on what every party may know: who stands at the Window and what they are."""
    casters = [caster]
    for other in (k for k in command.payments if k != caster.id):
        c = state.characters.get(other)
        if c is None or c.life != "alive" or place_kind(state, c.locale) != "window_on_world":
            raise reject("co_caster_absent", f"Every god combining cards must be at the Window [000:130]: {other}.")
        casters.append(c)
    if len(casters) > 1 and any(c.kind not in ("greater_god", "lesser_god") for c in casters):
        # [000:132] celestial spirits may not combine borrowed sphere powers with others.
        raise reject("cannot_combine", "Only gods combine sphere cards for a history power [000:132].")
    return casters


def _own_share(c: Character, command: CastHistoryPower, power: HistoryPowerDef, share: int, alone: bool) -> None:
    """One caster's private part: its cards, its bans and its mana. Checked for each god when it agrees (its own
    figures, which it knows), and for all of them when the power is cast; no refusal states a figure of another
    god (their sheets are private, [003:53])."""
    if alone and power.id not in c.powers and cards_for_sources(c, power.sphere) < 1:
        raise reject("no_cards", f"You hold no {power.sphere} card and do not know {power.name}.")
    if not alone and cards_for_sources(c, power.sphere) < 1:
        raise reject("no_cards", f"Each god combining must hold a {power.sphere} card [000:130]: {c.name} does not.")
    if command.race is not None and command.race in c.earthly_bans:
        raise reject("earthly_ban", f"{c.name} surrendered Earthly influence over that race [003:290].")
    require_can_spend(c, share)


def _great_city(earth: Earth, square: str) -> bool:
    found = earth.squares.get(square)
    return found is not None and found.city is not None and found.city.great


def decide_cast_history_power(state: State, command: CastHistoryPower, ctx: DecisionContext) -> Sequence[object]:
    """A god alone casts at once. Gods combining cards ([000:130]) each agree first: the caster's command only
    proposes the casting, and nothing is spent until every named payer has signed it (`SignCoCasting`)."""
    require_history_era(state)
    earth = earth_of(state)
    require_activity(earth)
    require_not_creation(earth, "a history power [000:128]")
    caster = at_window(state, ctx, "use a history power")
    if all(k == caster.id for k in command.payments):
        return _cast(state, caster, command, ctx)
    _check(state, caster, command, only=caster)
    casting = f"cocast-{earth.serving}"
    if casting in earth.co_castings:
        raise reject("already_proposed", "Your combined casting waits for its payers; withdraw it first.", status=409)
    proposed = CoCastingProposed(
        casting=casting,
        by=caster.id,
        power=command.power,
        payments=dict(command.payments),
        race=command.race,
        squares=list(command.squares),
        text=command.text,
        signed=command.signed,
    )
    return [proposed]


class _Checked(NamedTuple):
    power: HistoryPowerDef
    casters: list[Character]
    tickets: list[int]
    payments: dict[str, int]


def _check(state: State, caster: Character, command: CastHistoryPower, only: Character | None) -> _Checked:
    """Everything a casting needs; `only`: the one god whose private part is checked (None: every caster's)."""
    earth = earth_of(state)
    power = power_def(state, command.power)
    casters = _casters(state, caster, command, power)
    ids = [c.id for c in casters]
    tickets = _tickets(earth, ids)
    great = sum(1 for s in command.squares if _great_city(earth, s))
    # [000:116] each great city struck raises the cost; [000:134] never below 25%, fractions rounded up.
    cost = ledger.final_cost(power.cost, [power.great_city_percent] * great)
    payments = dict(command.payments) if command.payments else {ids[0]: cost}
    if sum(payments.values()) != cost or any(v < 0 for v in payments.values()):
        raise reject("bad_payments", f"{power.name} costs {cost}; the payments must add up to it [000:130].")
    for c in casters if only is None else [only]:
        _own_share(c, command, power, payments.get(c.id, 0), alone=len(casters) == 1)
    if power.id not in caster.powers and only is None:
        if sum(cards_for_sources(c, power.sphere) for c in casters) < power.level:
            raise reject("level_too_high", f"{power.name} is level {power.level}; you hold too few cards [000:130].")
    if command.race is not None:
        race = race_of(earth, command.race)
        if stats.wealth(earth, race, state.pack.earth) < power.min_wealth:
            raise reject("too_poor", f"{power.name} needs a race with Wealth {power.min_wealth} [000:43].")
    if any(s not in earth.squares for s in command.squares):
        raise reject("unknown_square", "Name squares of the Earth map.")
    return _Checked(power, casters, tickets, payments)


def _cast(state: State, caster: Character, command: CastHistoryPower, ctx: DecisionContext) -> list[object]:
    earth = earth_of(state)
    power, casters, tickets, payments = _check(state, caster, command, only=None)
    ids = [c.id for c in casters]
    race = race_of(earth, command.race) if command.race is not None else None
    squares = list(command.squares)
    cast_id = f"history-{earth.serial + 1}"
    effect_events, ruling = effects.apply(state, earth, power, ids[0], race, squares, ctx)
    cast = HistoryPowerCast(
        cast_id=cast_id,
        power=power.id,
        casters=ids,
        payments=payments,
        tickets=tickets,
        century=earth.century,
        race=race.id if race else None,
        squares=squares,
        ruling=ruling,
        signed=command.signed,
    )
    paid = [spend(c, payments[c.id], f"history power {power.id}") for c in casters if payments.get(c.id, 0) > 0]
    text = command.text or f"{power.name}" + (f" upon the {race.name}" if race else "")
    record = HistoryRecorded(century=earth.century, text=text, author=ids[0], signed=command.signed)
    return [cast, *paid, *effect_events, record]


def _pending(state: State, casting_id: str, ctx: DecisionContext) -> tuple[CoCasting, str]:
    """The co-casting and the acting god, who must be one of its parties. A god who is not a party gets the
    same answer as for a casting that does not exist: a pending casting is its parties' secret."""
    earth = earth_of(state)
    found = earth.co_castings.get(casting_id)
    me_id = ctx.actor.controls
    if found is None or me_id is None or (me_id != found.by and me_id not in found.payments):
        raise reject("unknown_casting", f"You are party to no pending combined casting {casting_id!r}.")
    return found, me_id


def _parties(casting: CoCasting) -> list[str]:
    return sorted({casting.by, *casting.payments})


def decide_sign_co_casting(state: State, command: SignCoCasting, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    require_activity(earth)
    casting, by = _pending(state, command.casting, ctx)
    if by in casting.agreed:
        raise reject("already_signed", "You have agreed to this casting already.")
    signed = CoCastingSigned(casting=casting.id, by=by, parties=_parties(casting))
    proposer = state.characters[casting.by]
    cast = CastHistoryPower(
        power=casting.power,
        race=casting.race,
        squares=list(casting.squares),
        payments=dict(casting.payments),
        text=casting.text,
        signed=casting.signed,
    )
    if any(p not in (*casting.agreed, by) for p in casting.payments):
        _check(state, proposer, cast, only=state.characters[by])
        return [signed]
    # The last payer's signature casts the power, checked again now: every payer's mana, cards and number.
    return [signed, *_cast(state, proposer, cast, ctx)]


def decide_withdraw_co_casting(state: State, command: WithdrawCoCasting, ctx: DecisionContext) -> Sequence[object]:
    casting, by = _pending(state, command.casting, ctx)
    return [CoCastingWithdrawn(casting=casting.id, by=by, parties=_parties(casting))]


def decide_apply_effect(state: State, command: ApplyEarthEffect, ctx: DecisionContext) -> Sequence[object]:
    """The referees' non-divine events ([000:224], [000:255]) recorded in the history without a god's name."""
    require_reason(command.reason)
    earth = earth_of(state)
    require_activity(earth)
    power = power_def(state, command.power)
    race = race_of(earth, command.race) if command.race is not None else None
    if any(s not in earth.squares for s in command.squares):
        raise reject("unknown_square", "Name squares of the Earth map.")
    events, _ = effects.apply(state, earth, power, "", race, list(command.squares), ctx)
    record = HistoryRecorded(century=earth.century, text=f"{power.name}: {command.reason}", signed=True)
    return [*events, record]
