"""Commands of `lote` besides the order lines of `orders.py`: the form's own commands and the GM's rulings."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

import msgspec

from domain.engine.bounds import Delta, Name, Note, Quantity, Reason, SignedDecimal, Table, Text
from domain.rulesets.lote.model.orders import Order
from domain.rulesets.lote.scenario.enums import ArmyStatus, Culture, Economy, Government, Society, Status, TaxStatus
from domain.rulesets.lote.scenario.scenario import TradeRouteRecord


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# --- player commands ----------------------------------------------------------------------------------


class WithdrawOrder(_Command, frozen=True, tag="WithdrawOrder"):
    line: Name


class SubmitOrders(_Command, frozen=True, tag="SubmitOrders"):
    """Declare the form complete (an empty form means "no changes": support is still paid)."""


# --- GM commands (rulings) ----------------------------------------------------------------------------


class AdmitLateOrders(_Command, frozen=True, tag="AdmitLateOrders"):
    """[L27-31] after the deadline the GM may process late orders "at his discretion (usually not)"."""

    nation: Name
    reason: Reason


class StrikeOrder(_Command, frozen=True, tag="StrikeOrder"):
    """Validation: the GM removes an order line he will not process."""

    nation: Name
    line: Name
    reason: Reason


class ConfirmAdjudication(_Command, frozen=True, tag="ConfirmAdjudication"):
    item_id: Name
    reason: Note = ""


class OverrideAdjudication(_Command, frozen=True, tag="OverrideAdjudication"):
    item_id: Name
    outcome: Name
    reason: Reason


class AdjustTreasury(_Command, frozen=True, tag="AdjustTreasury"):
    """A journal entry (gifts, loans, bribes, famine losses...) the rules leave to the GM."""

    nation: Name
    gp: SignedDecimal
    nfp: SignedDecimal
    reason: Reason


class SetControlStatus(_Command, frozen=True, tag="SetControlStatus"):
    """A region or city's status for a nation (diplomacy, conquest, revolt...); `None` removes it."""

    place: Name
    nation: Name
    status: Status | None
    reason: Reason
    # a diplomacy result, printed on the nation's Diplomacy line of the Newsfax ([L3027-3044]); leave it false
    # for Secret Diplomacy ([L6420-6428]) and for conquest or revolt
    diplomacy: bool = False


NationParameter = Literal[
    "nmv", "nfp_income", "msi", "tech_points",  # exact numbers
    "tax_status", "government", "societal_base", "economic_base", "culture",  # codes
    "size_divisor_bonus", "census", "settled", "excommunicated", "interdicted",  # true/false
    "tech_level", "bl", "infra", "bl_granted", "infra_granted", "cav_qr", "inf_qr", "warship_qr", "siege_qr",
    "oc", "ob", "ac", "ab", "religious_strength", "roc", "rob", "university_rating", "tithe_pct",  # whole numbers
]  # fmt: skip
# what each kind of parameter accepts
PARAMETER_CODES: dict[str, tuple[str, ...]] = {
    "tax_status": get_args(TaxStatus),
    "government": get_args(Government),
    "societal_base": get_args(Society),
    "economic_base": get_args(Economy),
    "culture": get_args(Culture),
}
PARAMETER_FLAGS = frozenset({"size_divisor_bonus", "census", "settled", "excommunicated", "interdicted"})
PARAMETER_NUMBERS = frozenset({"nmv", "nfp_income", "msi", "tech_points"})


class SetNationParameter(_Command, frozen=True, tag="SetNationParameter"):
    """The GM-set figures of §3.0 (NMV, NFP, tax status, tech level, MSI...) and the outcomes the rules leave to him:
    ratings degraded by unpaid support ([L1656-1673]), transformations (§9.3), excommunication, settling."""

    nation: Name
    parameter: NationParameter
    value: Annotated[str, msgspec.Meta(max_length=40)]  # checked per parameter by decide
    reason: Reason


class SetHarvest(_Command, frozen=True, tag="SetHarvest"):
    """[L1848-1862] a geographic zone's harvest, 75% to 125%."""

    zone: Name
    percent: Annotated[int, msgspec.Meta(ge=75, le=125)]  # [L1848-1862] 75% to 125%
    reason: Reason


class AdjustUnits(_Command, frozen=True, tag="AdjustUnits"):
    """Casualties, disbanded unsupported units, captures: unit deltas for an army or a place's garrison."""

    nation: Name
    units: Table[Name, Delta]
    reason: Reason
    army: Name | None = None
    place: Name | None = None


class MoveLeader(_Command, frozen=True, tag="MoveLeader"):
    """The outcome of a free-form itinerary: where a leader's army ends the turn, and its status (Table 2-21)."""

    leader: Name
    location: Name
    reason: Reason
    status: ArmyStatus | None = None


class AdjustPlace(_Command, frozen=True, tag="AdjustPlace"):
    """Damage or change to a region or city (sack, loot, raid, siege): new GPv, PWB or wall points."""

    place: Name
    reason: Reason
    gpv: Quantity | None = None
    pwb: Quantity | None = None
    walls: Quantity | None = None


class CancelCityFoundation(_Command, frozen=True, tag="CancelCityFoundation"):
    """[L4643-4646] the GM rules the region was attacked in the first half of the turn."""

    name: Name
    reason: Reason


class RecordTradeRoute(_Command, frozen=True, tag="RecordTradeRoute"):
    """A trade route the GM records or rewrites by hand (digest §7.2 P1-C): `traced` false keeps it his (its status
    stands and it is not re-traced), true hands it to the tracer (`trade/`, as `TraceTradeRoute` does)."""

    route_id: Name
    route: TradeRouteRecord
    reason: Reason


# --- GM commands on the report layer (the truth is untouched) --------------------------------------------


class PrintNews(_Command, frozen=True, tag="PrintNews"):
    """A Newsfax line the GM writes ([L3045-3049]): a nation's narrative, or an announcement (`nation` None, §3.2).
    `fabricated` marks misinformation ([L6836-6849]); only the GM ever sees the mark."""

    item_id: Name
    text: Text
    reason: Reason
    nation: Name | None = None
    fabricated: bool = False


class ConcealNews(_Command, frozen=True, tag="ConcealNews"):
    """Keep a drafted Newsfax line out of print (Conceal Fact [L6836-6849], Secret Diplomacy [L6420-6428])."""

    item_id: Name
    reason: Reason


class AmendStatusReport(_Command, frozen=True, tag="AmendStatusReport"):
    """Print `text` for a field of a nation's status report (`gp`, `revenue.regional`...) or for a line
    (`region:<name>`, `city:<name>`, `leader:<id>`, `fleet:<id>`, `route:<id>`; a new name adds a phantom line);
    an empty `text` leaves it out. The state is untouched."""

    nation: Name
    key: Name
    text: Text
    reason: Reason


class AmendRanking(_Command, frozen=True, tag="AmendRanking"):
    """Print `text` for a nation's MSI or International Trade Value on the rankings list (a faked MSI, [L6846])."""

    nation: Name
    field: Literal["msi", "itv"]
    text: Text
    reason: Reason


CoreCommand = (
    Order
    | WithdrawOrder
    | SubmitOrders
    | AdmitLateOrders
    | StrikeOrder
    | ConfirmAdjudication
    | OverrideAdjudication
    | AdjustTreasury
    | SetControlStatus
    | SetNationParameter
    | SetHarvest
    | RecordTradeRoute
    | CancelCityFoundation
    | AdjustUnits
    | MoveLeader
    | AdjustPlace
    | PrintNews
    | ConcealNews
    | AmendStatusReport
    | AmendRanking
)
CORE_GM_COMMANDS = frozenset(
    {
        "AdmitLateOrders",
        "StrikeOrder",
        "ConfirmAdjudication",
        "OverrideAdjudication",
        "AdjustTreasury",
        "SetControlStatus",
        "SetNationParameter",
        "SetHarvest",
        "RecordTradeRoute",
        "CancelCityFoundation",
        "AdjustUnits",
        "MoveLeader",
        "AdjustPlace",
        "PrintNews",
        "ConcealNews",
        "AmendStatusReport",
        "AmendRanking",
    }
)
