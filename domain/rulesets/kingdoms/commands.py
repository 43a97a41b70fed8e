"""Commands besides the orders: standing choices a kingdom makes at once (encounter plans, army command,
treaties) and the GM's rulings for what the surviving text leaves to the referee, each with its reason."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Delta, Name, Reason, SignedDecimal
from domain.rulesets.kingdoms.orders import Id

Plan = Annotated[list[Literal["TA", "FI", "ME", "CA", "ST", "FL"]], msgspec.Meta(max_length=12)]
Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]
Level = Annotated[int, msgspec.Meta(ge=0, le=5)]
Column = Annotated[int, msgspec.Meta(ge=1, le=10)]


class _Cmd(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class CancelOrder(_Cmd, frozen=True, tag="CancelOrder"):
    character: Id


class SetEncounterPlan(_Cmd, frozen=True, tag="SetEncounterPlan"):
    """The tactics a character tries in encounters and battle duels, in order [004:132-137]."""

    character: Id
    plan: Plan


class AssignCommand(_Cmd, frozen=True, tag="AssignCommand"):
    """Put a character of the kingdom in command of one of its armies in the same province (Druid table)."""

    army: Id
    character: Id


class OfferTreaty(_Cmd, frozen=True, tag="OfferTreaty"):
    """Offer a treaty; it holds once both kingdoms offered it when the turn is processed (treaty chapter lost)."""

    kingdom: Id


class BreakTreaty(_Cmd, frozen=True, tag="BreakTreaty"):
    kingdom: Id


# --- GM rulings ---------------------------------------------------------------------------------------------


class AdjustTreasury(_Cmd, frozen=True, tag="AdjustTreasury"):
    """Taxes, pay, recruitment and hiring costs (chapters lost): the GM books gold in or out."""

    kingdom: Id
    gold: Delta
    reason: Reason


class RaiseUnits(_Cmd, frozen=True, tag="RaiseUnits"):
    """Grant a recruitment: `count` units join `army` (made when absent) in `province`; the cost is booked apart."""

    kingdom: Id
    army: Id
    province: Id
    unit_type: Name  # an army type code of the content pack
    race: Name | None  # a race of the content pack, or none (creatures)
    quality: Literal["sub_depleted", "depleted", "green", "average", "veteran", "crack", "elite", "super_elite"]
    count: Annotated[int, msgspec.Meta(ge=1, le=50)]
    reason: Reason
    behind: bool = False


class SetExplored(_Cmd, frozen=True, tag="SetExplored"):
    """Rule how far a kingdom has explored a province (exploration growth is a default the GM may correct)."""

    kingdom: Id
    province: Id
    percent: Percent
    reason: Reason


class RuleRandomEvent(_Cmd, frozen=True, tag="RuleRandomEvent"):
    """A battle random event for this turn's battle at `province`, for `kingdom`'s side: its strength is multiplied
    by `factor` (whole side when `column` is absent, else that column of the battle line) [004:61], [004:96]."""

    province: Id
    kingdom: Id
    factor: SignedDecimal
    reason: Reason
    column: Column | None = None


class SetAbility(_Cmd, frozen=True, tag="SetAbility"):
    """Correct a character's ability level (a ruling: a spell, an item, a lost rule)."""

    character: Id
    ability: Name
    level: Level
    reason: Reason


class AdjustMerit(_Cmd, frozen=True, tag="AdjustMerit"):
    """Add to a deed the offices count, for what the text leaves to the referee: `counter` is one of the content
    pack's merit lines (`inventions_espionage`, `monster_hp_neutralized` for a monster that stops raiding...)."""

    character: Id
    counter: Name
    count: Delta
    reason: Reason


class GiveItem(_Cmd, frozen=True, tag="GiveItem"):
    """An item changes hands (found, stolen, given): artifacts count at the game's end [004:365]."""

    character: Id
    item: Name
    reason: Reason
    take: bool = False


class PlaceForce(_Cmd, frozen=True, tag="PlaceForce"):
    """Movement the lost chapter would decide (a sea voyage, a portal, a correction): put a character (with the
    army he leads) or an army in `province`."""

    province: Id
    reason: Reason
    character: Id | None = None
    army: Id | None = None


class RuleTreaty(_Cmd, frozen=True, tag="RuleTreaty"):
    """Make or end a treaty between two kingdoms (the treaty chapter is lost: the alignments' automatic treaties
    and breaks [004:155-160] are the GM's to apply)."""

    kingdoms: Annotated[list[Id], msgspec.Meta(min_length=2, max_length=2)]
    made: bool
    reason: Reason


class AwardOffices(_Cmd, frozen=True, tag="AwardOffices"):
    """End the game: count merit, award the Imperial Offices and their Prize % [004:265-371]."""

    reason: Reason


Command = (
    CancelOrder | SetEncounterPlan | AssignCommand | OfferTreaty | BreakTreaty | AdjustTreasury | RaiseUnits
    | SetExplored | RuleRandomEvent | SetAbility | AdjustMerit | GiveItem | PlaceForce | RuleTreaty | AwardOffices
)  # fmt: skip
GM_COMMAND_TYPES = (AdjustTreasury, RaiseUnits, SetExplored, RuleRandomEvent, SetAbility, AdjustMerit, GiveItem,
                    PlaceForce, RuleTreaty, AwardOffices)  # fmt: skip
GM_COMMANDS = frozenset(str(t.__struct_config__.tag) for t in GM_COMMAND_TYPES)
