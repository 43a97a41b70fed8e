"""Events of trade (P2-A). A storage format: fields are only ever added, with defaults.

Who sees them is `trade/report.py`'s `redact_trade`: a route's events its two partners; a blockade the blockader
and the port's holders; piracy and a closed sea zone the pirate; the end of the Silk Route everyone, without the
route or its nations. The Newsfax prints the public part (`trade/report.py`'s `news_lines`).
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.scenario.enums import Exact


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
    """[L5623-5640] `port` (a port city, or a coastal region: its coastline) blockaded by `by`'s fleet, or freed
    (`by` None); `seen_by` the nations holding the place, who see the fleet off their port."""

    port: str
    by: str | None
    reason: str
    seen_by: tuple[str, ...] = ()


class SeaZoneClosedSet(_Event, frozen=True, tag="SeaZoneClosedSet"):
    sea_zone: str
    by: str | None
    reason: str


class PiracyRecorded(_Event, frozen=True, tag="PiracyRecorded"):
    """[L6250-6268] the pirates' take (paid into their treasury by a `TreasuryAdjusted` alongside) out of the trade
    through the zone (`trade_gp`, the routes' GP this turn)."""

    sea_zone: str
    by: str
    gp: Exact
    trade_gp: Exact
    closes: bool


class SilkRouteEnded(_Event, frozen=True, tag="SilkRouteEnded"):
    """[L3308-3311] direct sea trade opened between a Middle-Eastern and a Chinese nation: the Silk Route's
    bonuses end and no route runs along it any more."""

    route: str
    nations: tuple[str, str]


class TradePrivilegesGranted(_Event, frozen=True, tag="TradePrivilegesGranted"):
    """[L2856-2862] the GM's grant of trading privileges (or restrictions): the route's duration is now
    `duration_years`."""

    route: str
    nation_a: str
    nation_b: str
    years: int
    duration_years: int
    reason: str


TradeEvent = (
    TradeRouteStatusChanged
    | TradeRouteLapsed
    | TradeConditionSet
    | BlockadeSet
    | SeaZoneClosedSet
    | PiracyRecorded
    | SilkRouteEnded
    | TradePrivilegesGranted
)
