"""The GM's commands of trade (P2-A). Every one carries the GM's reason.

War, blockade and piracy are rulings of the GM (no war record or blockade result exists elsewhere): he states
them and the engine applies Table 2-47 and re-traces the routes.
"""

from __future__ import annotations

import msgspec

from domain.engine.bounds import Name, Reason
from domain.rulesets.lote.scenario.enums import RouteCondition


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class SetTradeCondition(_Command, frozen=True, tag="SetTradeCondition"):
    """[L2800-2805] a route "Blocked by Warfare" (WAR, 10%) when its partners are at war, or Blockaded (BST, 50%)
    by a hostile fleet; "" lifts the ruling (the traced status applies again)."""

    route_id: Name
    condition: RouteCondition
    reason: Reason


class SetBlockade(_Command, frozen=True, tag="SetBlockade"):
    """[L5623-5640] a port city blockaded by `by`'s fleet for more than 75% of the turn; `by` None lifts it.
    Sea routes traced from it are Blockaded (or cannot be traced: setting `trade_blockade`)."""

    port: Name
    reason: Reason
    by: Name | None = None


class SetSeaZoneClosed(_Command, frozen=True, tag="SetSeaZoneClosed"):
    """[L6250-6268] Piracy with enough warships closes a sea zone to International Trade; `by` None reopens it.
    The pirate's gold ("a random amount ... dependent on the Inter-Nation trade passing through the Sea Zone")
    is the GM's: `AdjustTreasury`; the status report of the GM shows the trade through the zone."""

    sea_zone: Name
    reason: Reason
    by: Name | None = None


class TraceTradeRoute(_Command, frozen=True, tag="TraceTradeRoute"):
    """Trace a hand-kept route (one the GM recorded) over the map: from now on the engine classifies it and
    re-traces it every turn. A sea route keeps its ports."""

    route_id: Name
    reason: Reason


TradeCommand = SetTradeCondition | SetBlockade | SetSeaZoneClosed | TraceTradeRoute
TRADE_GM_COMMANDS = frozenset({"SetTradeCondition", "SetBlockade", "SetSeaZoneClosed", "TraceTradeRoute"})
