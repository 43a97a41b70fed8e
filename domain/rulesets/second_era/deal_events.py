"""Deals between gods: razes ([002:14]), trades ([002:13]) and hostile Travel ([002:69]). Part of the Second
Era event union (events.py). Tags are permanent."""

from __future__ import annotations

from domain.rulesets.second_era.event_base import EventBase as _Event
from domain.rulesets.second_era.state import HostileTravel, Raze, Trade
from domain.rulesets.second_era.values import Resources


class RazeBegun(_Event, frozen=True, tag="RazeBegun"):
    """A raze is under way ([002:14]); the bid is hidden from all but the raider until it is resolved."""

    raze: Raze


class RazeCountered(_Event, frozen=True, tag="RazeCountered"):
    """The owner's sealed counter-bid, paid."""

    god: str
    raze: str
    bid: int


class RazeResolved(_Event, frozen=True, tag="RazeResolved"):
    """Both bids revealed. On success the structure is destroyed and the raider's tribe gains half its
    construction cost, rounded down (`refund`)."""

    raze: str
    structure: str
    raider_bid: int
    owner_bid: int
    succeeded: bool
    refund: Resources = Resources()
    to_tribe: str = ""
    reason: str = ""


class TradeOffered(_Event, frozen=True, tag="TradeOffered"):
    trade: Trade


class TradeAccepted(_Event, frozen=True, tag="TradeAccepted"):
    """A standing agreement, once agreed, is public (digest B6); a one-off trade stays between its parties."""

    trade: str
    parties: tuple[str, str]
    standing: bool = False


class TradeEnded(_Event, frozen=True, tag="TradeEnded"):
    trade: str
    parties: tuple[str, str]
    by: str


class TradeCarriedOut(_Event, frozen=True, tag="TradeCarriedOut"):
    """The goods changed hands: `give` from the offering tribe, `receive` from the other."""

    trade: str
    parties: tuple[str, str]
    from_tribe: str
    to_tribe: str
    give: Resources
    receive: Resources
    give_spells: tuple[str, ...] = ()
    receive_spells: tuple[str, ...] = ()
    give_artefacts: tuple[str, ...] = ()
    receive_artefacts: tuple[str, ...] = ()
    from_monster: str | None = None  # [002:107] the offering side's goods moved from or to this monster's hoard
    to_monster: str | None = None  # the receiving side's


class TradeFailed(_Event, frozen=True, tag="TradeFailed"):
    trade: str
    parties: tuple[str, str]
    reason: str


class TravelBegun(_Event, frozen=True, tag="TravelBegun"):
    """[002:69] a hostile Travel under way; its bid is sealed until it is resolved."""

    travel: HostileTravel


class TravelResisted(_Event, frozen=True, tag="TravelResisted"):
    """The target's sealed counter-bid, paid."""

    god: str
    travel: str
    bid: int


class TravelResolved(_Event, frozen=True, tag="TravelResolved"):
    """Both bids revealed; on success the target tribe is sent to `to_land`."""

    travel: str
    target: str
    to_land: str
    caster_bid: int
    target_bid: int
    succeeded: bool
    reason: str = ""
