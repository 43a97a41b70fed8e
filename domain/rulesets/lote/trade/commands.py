"""The GM's commands of trade (P2-A). Every one carries the GM's reason.

War, blockade and piracy are rulings of the GM (no war record or blockade result exists elsewhere): he states
them and the engine applies Table 2-47 and re-traces the routes.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.engine.bounds import Decimal, Name, Reason
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
    """[L5623-5640] a port city (or a coastal region: its coastline, "similarly closed off") blockaded by `by`'s fleet
    for more than 75% of the turn; `by` None lifts it. Sea routes traced from it (or from a port on that coast) are
    Blockaded Sea Trade (or cannot be traced: setting `trade_blockade`) from the end of the turn."""

    port: Name
    reason: Reason
    by: Name | None = None


class SetSeaZoneClosed(_Command, frozen=True, tag="SetSeaZoneClosed"):
    """[L6263-6264] a sea zone closed to International Trade (by `by`'s pirates); `by` None reopens it. A turn
    without a Piracy step of those pirates there raises a `sea_zone` item proposing to reopen it (`trade/seas.py`)."""

    sea_zone: Name
    reason: Reason
    by: Name | None = None


class RecordPiracy(_Command, frozen=True, tag="RecordPiracy"):
    """[L6250-6268] the outcome of a Piracy (PR) action by `by`'s fleet in `sea_zone`: "a random amount of GP,
    dependent on the amount of Inter-Nation trade passing through the Sea Zone" (no table: the GM's `gp`, at most
    the GP the routes through the zone made this turn, which the refusal states) and, "if there are sufficient
    Warships committed", the zone closed to International Trade (`closes`). `item_id` names the `piracy` item an
    itinerary's PR step raised (`trade/seas.py`), which this settles; without it the GM records a piracy of his own
    (a fleet he moved by hand)."""

    sea_zone: Name
    by: Name
    gp: Decimal
    reason: Reason
    closes: bool = False
    item_id: Name | None = None


class TraceTradeRoute(_Command, frozen=True, tag="TraceTradeRoute"):
    """Trace a hand-kept route (one the GM recorded) over the map: from now on the engine classifies it and
    re-traces it every turn. A sea route keeps its ports."""

    route_id: Name
    reason: Reason


class GrantTradePrivileges(_Command, frozen=True, tag="GrantTradePrivileges"):
    """[L2856-2862] "At the discretion of the GM, nations may be allowed to grant special trading privileges to
    certain other nations, increasing the Duration of a given trade route (useful for newly opened routes). At the
    same time, restrictions may be placed on other nations traders and merchants, reducing the Duration": `years`
    added to the route's duration (negative: restrictions), never below 0."""

    route_id: Name
    years: Annotated[int, msgspec.Meta(ge=-1000, le=1000, description="Years of duration added (or taken).")]
    reason: Reason


TradeCommand = (
    SetTradeCondition | SetBlockade | SetSeaZoneClosed | RecordPiracy | TraceTradeRoute | GrantTradePrivileges
)
TRADE_GM_COMMANDS = frozenset(
    {"SetTradeCondition", "SetBlockade", "SetSeaZoneClosed", "RecordPiracy", "TraceTradeRoute", "GrantTradePrivileges"}
)
