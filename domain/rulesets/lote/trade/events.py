"""Events of trade (P2-A). A storage format: fields are only ever added, with defaults.

A route's events are seen by its two partners (and the GM); blockades and closed sea zones are public (the fleets
doing it are at sea for all to see), and so is the end of the Silk Route (`reports/views.py`, `trade/report.py`).
"""

from __future__ import annotations

import msgspec


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class TradeRouteStatusChanged(_Event, frozen=True, tag="TradeRouteStatusChanged"):
    """The route re-traced to another Table 2-47 status (or the GM's WAR/BST ruling); `path` the new chain."""

    route: str
    nation_a: str
    nation_b: str
    status: str
    reason: str
    path: tuple[str, ...] = ()
    sea_zones: int = 0


class TradeRouteLapsed(_Event, frozen=True, tag="TradeRouteLapsed"):
    """[L3809] "The Trade Route can no longer be sustained": it can no longer be traced, so it closes (EX-68)."""

    route: str
    nation_a: str
    nation_b: str
    reason: str


class TradeConditionSet(_Event, frozen=True, tag="TradeConditionSet"):
    route: str
    nation_a: str
    nation_b: str
    condition: str
    reason: str


class BlockadeSet(_Event, frozen=True, tag="BlockadeSet"):
    port: str
    by: str | None
    reason: str


class SeaZoneClosedSet(_Event, frozen=True, tag="SeaZoneClosedSet"):
    sea_zone: str
    by: str | None
    reason: str


class SilkRouteEnded(_Event, frozen=True, tag="SilkRouteEnded"):
    """[L3308-3311] direct sea trade opened between a Middle-Eastern and a Chinese nation: the Silk Route's
    bonuses end and no route runs along it any more."""

    route: str
    nations: tuple[str, str]


TradeEvent = (
    TradeRouteStatusChanged | TradeRouteLapsed | TradeConditionSet | BlockadeSet | SeaZoneClosedSet | SilkRouteEnded
)
