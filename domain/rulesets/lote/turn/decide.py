"""`decide`: the order form (entry, revision, withdrawal, submission) and the GM's rulings.

Orders are accepted while the `orders` phase is open; after the deadline (the `validation` phase) only from a
nation the GM admitted late ([L27-31]). Each line is checked alone and then the whole form is added up, so a
refusal names the line just entered and says what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import assert_never

from domain.engine import DecisionContext, Rejected
from domain.engine.bounds import MAX_SAFE, SIGNED_DECIMAL, whole_number
from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.construction.construction import refuse
from domain.rulesets.lote.control import commands as cc
from domain.rulesets.lote.control.decide import decide_control
from domain.rulesets.lote.diplomacy import attempts, cession, control
from domain.rulesets.lote.dynasty.commands import RecordSpy, WoundLeader
from domain.rulesets.lote.dynasty.orders import DynastyOrder
from domain.rulesets.lote.dynasty.resolve import birth_outcome
from domain.rulesets.lote.finance.orders import FinanceOrder, SellAgro
from domain.rulesets.lote.intel import decide as intel
from domain.rulesets.lote.intel.commands import (
    ConcealFact,
    FeedMisinformation,
    PlantMisinformation,
    RuleInfiltrationDecay,
    SettleIntelOperation,
)
from domain.rulesets.lote.intel.orders import IntelOrder
from domain.rulesets.lote.leaders.decide import decide_leader
from domain.rulesets.lote.leaders.endofturn import OUTCOMES as LEADER_OUTCOMES
from domain.rulesets.lote.messages import (
    AdjudicationDecided,
    AdjustPlace,
    AdjustTreasury,
    AdjustUnits,
    AdmitLateOrders,
    AmendRanking,
    AmendStatusReport,
    CancelCityFoundation,
    CityFoundationCancelled,
    Command,
    ConcealNews,
    ConfirmAdjudication,
    ConfirmLeaderDeath,
    ControlStatusSet,
    GenerateLeader,
    HarvestSet,
    LateOrdersAdmitted,
    LeaderMoved,
    MoveLeader,
    NationParameterSet,
    OrderEntered,
    OrdersSubmitted,
    OrderStruck,
    OrderWithdrawn,
    OverrideAdjudication,
    PlaceAdjusted,
    PrintNews,
    PromoteLeader,
    RecordTradeRoute,
    ResolveBattle,
    SetControlStatus,
    SetHarvest,
    SetNationParameter,
    StrikeOrder,
    SubmitOrders,
    TradeRouteRecorded,
    TreasuryAdjusted,
    UnitsAdjusted,
    WithdrawOrder,
)
from domain.rulesets.lote.military import pillage
from domain.rulesets.lote.military.decide import KINDS as BATTLE_KINDS
from domain.rulesets.lote.military.decide import confirm_item, decide_military
from domain.rulesets.lote.model.commands import PARAMETER_CODES, PARAMETER_FLAGS, PARAMETER_NUMBERS
from domain.rulesets.lote.model.orders import (
    AgroToReserve,
    AssignFleet,
    BidMercenaries,
    BuildAlliedUnits,
    BuildFerryPoints,
    BuildFortress,
    BuildHeavyTransports,
    BuildPortArea,
    BuildPublicWorks,
    BuildUnits,
    BuildWallPoints,
    CeaseTrade,
    CedePlace,
    Colonize,
    ConvertAgro,
    ConvertShipsToMSP,
    DeclareMassConscription,
    Demobilize,
    Diplomacy,
    ExpandCity,
    FoundCity,
    FreeformOrder,
    GiveItinerary,
    GrantSatrapy,
    InitiateTradeRoute,
    Invest,
    MoveTreasury,
    Order,
    PayMegalith,
    PayProjectSupportWithNFP,
    ReduceControlStatus,
    SecretDiplomacy,
    SetTaxRate,
    TradeWithAnyone,
    WithdrawShips,
)
from domain.rulesets.lote.model.state import Adjudication, Nation, OrderForm, State
from domain.rulesets.lote.religion import decide as religion
from domain.rulesets.lote.religion.commands import ReligionCommand
from domain.rulesets.lote.religion.orders import ReligionOrder
from domain.rulesets.lote.reports.press import decide_press
from domain.rulesets.lote.scenario.enums import dec
from domain.rulesets.lote.trade import resolve as trade
from domain.rulesets.lote.trade import seas
from domain.rulesets.lote.trade.commands import (
    GrantTradePrivileges,
    RecordPiracy,
    SetBlockade,
    SetSeaZoneClosed,
    SetTradeCondition,
    TraceTradeRoute,
)
from domain.rulesets.lote.trade.decide import decide_trade
from domain.rulesets.lote.turn import control_steps, dynasty_steps


def nation_of(state: State, ctx: DecisionContext) -> Nation:
    nid = ctx.actor.controls
    if nid is None or nid not in state.nations:
        raise Rejected("lote.no_nation", "Only a seat that controls a nation may send orders.", status=403)
    if ctx.phase == "validation" and nid not in state.late_admitted:
        raise Rejected(
            "lote.orders_locked",
            "The deadline has passed; the GM processes late orders only at his discretion (AdmitLateOrders).",
            status=409,
        )
    return state.nations[nid]


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _form(state: State, nation: str) -> OrderForm:
    return state.forms.get(nation, OrderForm())


def decide_order(state: State, order: Order, ctx: DecisionContext) -> list[object]:
    nation = nation_of(state, ctx)
    lines = dict(_form(state, nation.id).lines)
    lines[order.line] = order
    form = list(lines.values())
    budget.check_line(state, nation, order, form)
    attempts.check_attempt(state, nation, order, form)
    control.check_reduction(state, nation, order)
    cession.check_cession(state, nation, order, form)
    totals = budget.totals(state, nation, form)
    if totals.saved_gp < 0:
        raise refuse(
            order,
            "over_budget",
            f"the form now spends {dec(totals.gp_spent)} GP but only {dec(totals.gp_available)} GP "
            "are available (net revenue + saved gold); reduce this or another line",
        )
    if totals.saved_nfp < 0:
        raise refuse(
            order,
            "not_enough_nfp",
            f"the form now spends {dec(totals.nfp_spent)} NFP but only "
            f"{dec(totals.nfp_available + totals.conscription_extra)} NFP are available",
        )
    if isinstance(order, ConvertAgro | SellAgro) or budget.agro_points(form) > 0:
        surplus = max(nation.agro.surplus, Fraction(0))
        if budget.agro_points(form) > surplus:
            raise refuse(order, "agro_surplus", f"only {dec(surplus)} surplus agro points are available")
    return [OrderEntered(nation=nation.id, order=order)]


def decide_withdraw(state: State, command: WithdrawOrder, ctx: DecisionContext) -> list[object]:
    nation = nation_of(state, ctx)
    if command.line not in _form(state, nation.id).lines:
        raise Rejected("lote.unknown_line", f"There is no order line {command.line!r} on your form.")
    return [OrderWithdrawn(nation=nation.id, line=command.line)]


def decide_submit(state: State, ctx: DecisionContext) -> list[object]:
    return [OrdersSubmitted(nation=nation_of(state, ctx).id)]


def _known_nation(state: State, nation: str) -> None:
    if nation not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nation!r}.")


def decide_admit(state: State, command: AdmitLateOrders, ctx: DecisionContext) -> list[object]:
    _known_nation(state, command.nation)
    if ctx.phase != "validation":
        raise Rejected("lote.not_late", "Late orders are admitted after the deadline, in the validation phase.")
    return [LateOrdersAdmitted(nation=command.nation, reason=_reason(command.reason))]


def decide_strike(state: State, command: StrikeOrder) -> list[object]:
    _known_nation(state, command.nation)
    if command.line not in _form(state, command.nation).lines:
        raise Rejected("lote.unknown_line", f"{command.nation} has no order line {command.line!r}.")
    return [OrderStruck(nation=command.nation, line=command.line, reason=_reason(command.reason))]


def decide_adjudication(
    state: State, command: ConfirmAdjudication | OverrideAdjudication, ctx: DecisionContext
) -> list[object]:
    item = state.adjudications.get(command.item_id)
    if item is None:
        raise Rejected("lote.unknown_item", f"There is no adjudication item {command.item_id!r}.")
    if item.outcome is not None:
        raise Rejected("lote.already_decided", f"Item {command.item_id!r} was decided: {item.outcome}.", status=409)
    if item.kind in intel.KINDS:
        if isinstance(command, OverrideAdjudication):
            raise Rejected(
                "lote.use_settle_intel",
                "An operation's ruling has parts: use SettleIntelOperation (RuleInfiltrationDecay for a decay).",
            )
        return intel.confirm(state, item, command.reason)
    if item.kind == religion.KIND and isinstance(command, ConfirmAdjudication):
        return religion.confirm_op(state, item, command.reason)
    if item.kind in religion.KINDS:
        if isinstance(command, OverrideAdjudication):
            religion.check_ruling(item, command.outcome)
        else:
            religion.check_confirm(item)
    if item.kind in BATTLE_KINDS:
        if isinstance(command, OverrideAdjudication):
            raise Rejected("lote.use_resolve_battle", "A battle's result has parts: settle it with ResolveBattle.")
        return confirm_item(state, item, command.reason)
    if item.kind in dynasty_steps.KINDS:
        return _dynasty_ruling(state, item, command, ctx)
    if isinstance(command, OverrideAdjudication):
        _valid_outcome(item.kind, command.outcome)
        if item.kind in attempts.KINDS:
            attempts.check_ruling(state, item, command.outcome)
        if item.kind in control_steps.KINDS:
            control_steps.check_control_ruling(state, item, command.outcome)
        return [
            AdjudicationDecided(
                item_id=item.item_id,
                nation=item.nation,
                outcome=command.outcome,
                overridden=True,
                reason=_reason(command.reason),
            )
        ]
    if item.kind == "freeform":
        raise Rejected("lote.needs_ruling", "A free-form order needs the GM's ruling text: use OverrideAdjudication.")
    return [
        AdjudicationDecided(
            item_id=item.item_id, nation=item.nation, outcome=item.proposal, overridden=False, reason=command.reason
        )
    ]


def _dynasty_ruling(
    state: State, item: Adjudication, command: ConfirmAdjudication | OverrideAdjudication, ctx: DecisionContext
) -> list[object]:
    """P2-D items (`dynasty/`, `control/failure.py`): checked against the item; most take effect at once."""
    overridden = isinstance(command, OverrideAdjudication)
    outcome = command.outcome if isinstance(command, OverrideAdjudication) else item.proposal
    reason = _reason(command.reason) if overridden else command.reason
    dynasty_steps.check_ruling(state, item, outcome)
    if item.kind in dynasty_steps.AT_ONCE:
        return [*dynasty_steps.settle(state, item, outcome, overridden, reason, ctx)]
    return [
        AdjudicationDecided(
            item_id=item.item_id, nation=item.nation, outcome=outcome, overridden=overridden, reason=reason
        )
    ]


def _valid_outcome(kind: str, outcome: str) -> None:
    if kind == "investment" and outcome not in ("rise", "hold"):
        raise Rejected("lote.bad_outcome", "An investment outcome is 'rise' or 'hold'.")
    if kind == "trade_route" and outcome not in ("refuse", *trade.OPEN_OUTCOMES):
        raise Rejected(
            "lote.bad_outcome", "A trade route request is 'open', 'refuse' or the Table 2-47 status to open it with."
        )
    if kind == "colony_resistance" and whole_number(outcome, 1, 10) is None:
        raise Rejected("lote.bad_outcome", "A new colony's resistance is a number from 1 to 10 ([L4565-4566]).")
    if kind == "birth" and birth_outcome(outcome) is None:
        raise Rejected("lote.bad_outcome", "A birth is none, son or daughter (son:Name names the child).")
    if kind in pillage.KINDS:
        pillage.check_ruling(kind, outcome)
    if kind in seas.ITEM_KINDS:
        seas.check_ruling(kind, outcome)
    if kind in LEADER_OUTCOMES and outcome not in LEADER_OUTCOMES[kind]:  # garrison
        raise Rejected(
            "lote.bad_outcome", f"A {kind.replace('_', ' ')} outcome is {' or '.join(LEADER_OUTCOMES[kind])}."
        )


def _decimal(text: str, field: str) -> Fraction:
    try:
        if not SIGNED_DECIMAL.fullmatch(text):
            raise ValueError(text)  # also bounds the magnitude: at most 15 digits before the point
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise Rejected("lote.bad_number", f"{field} {text!r} is not a number like '12.5'.") from None


def decide_ruling(state: State, command: Command) -> list[object]:
    match command:
        case AdjustTreasury():
            _known_nation(state, command.nation)
            return [
                TreasuryAdjusted(
                    nation=command.nation,
                    gp=_decimal(command.gp, "gp"),
                    nfp=_decimal(command.nfp, "nfp"),
                    reason=_reason(command.reason),
                )
            ]
        case SetControlStatus():
            _known_nation(state, command.nation)
            if command.place not in state.regions and command.place not in state.cities:
                raise Rejected("lote.unknown_place", f"There is no region or city {command.place!r}.")
            return [
                ControlStatusSet(
                    place=command.place,
                    nation=command.nation,
                    status=command.status,
                    reason=_reason(command.reason),
                    diplomacy=command.diplomacy,
                )
            ]
        case SetNationParameter():
            _known_nation(state, command.nation)
            _check_parameter(command)
            return [
                NationParameterSet(
                    nation=command.nation,
                    parameter=command.parameter,
                    value=command.value,
                    reason=_reason(command.reason),
                )
            ]
        case SetHarvest():
            if not 75 <= command.percent <= 125:
                raise Rejected("lote.bad_harvest", "A harvest runs from 75% to 125% ([L1848-1862]).")
            return [HarvestSet(zone=command.zone, percent=command.percent, reason=_reason(command.reason))]
        case RecordTradeRoute():
            for side in (command.route.nation_a, command.route.nation_b):
                _known_nation(state, side)
            recorded = TradeRouteRecorded(
                route_id=command.route_id, route=command.route, reason=_reason(command.reason)
            )
            return [recorded, *trade.silk_route_end(state, command.route_id, command.route)]
    raise AssertionError(f"not a ruling: {command!r}")


def decide_force_ruling(state: State, command: AdjustUnits | MoveLeader | AdjustPlace) -> list[object]:
    """Typed outcomes for what phase 1 leaves to the GM: battles, movement, sieges, disbanded units."""
    places = set(state.regions) | set(state.cities) | set(state.sea_zones)
    match command:
        case AdjustUnits():
            _known_nation(state, command.nation)
            if command.army is not None and state.leaders.get(command.army, None) is None:
                raise Rejected("lote.unknown_army", f"There is no leader {command.army!r}.")
            if command.army is None and command.place not in places:
                raise Rejected("lote.unknown_place", "Name the army or the region or city whose garrison changes.")
            return [
                UnitsAdjusted(
                    nation=command.nation,
                    units=command.units,
                    reason=_reason(command.reason),
                    army=command.army,
                    place=command.place,
                )
            ]
        case MoveLeader():
            leader = state.leaders.get(command.leader)
            if leader is None or command.location not in places:
                raise Rejected("lote.unknown_place", "Name a known leader and region, city or sea zone.")
            return [
                LeaderMoved(
                    leader=command.leader,
                    nation=leader.nation,
                    location=command.location,
                    reason=_reason(command.reason),
                    status=command.status,
                )
            ]
        case AdjustPlace():
            if command.place not in state.regions and command.place not in state.cities:
                raise Rejected("lote.unknown_place", f"There is no region or city {command.place!r}.")
            return [
                PlaceAdjusted(
                    place=command.place,
                    reason=_reason(command.reason),
                    gpv=command.gpv,
                    pwb=command.pwb,
                    walls=command.walls,
                )
            ]


def decide_cancel_city(state: State, command: CancelCityFoundation) -> list[object]:
    project = state.projects.get(f"city:{command.name}")
    if project is None:
        raise Rejected("lote.unknown_city_project", f"No city {command.name!r} is being built this turn.")
    return [
        CityFoundationCancelled(
            nation=project.nation,
            name=command.name,
            gp=project.gp_paid,
            nfp=project.nfp_paid,
            reason=_reason(command.reason),
        )
    ]


def _check_parameter(command: SetNationParameter) -> None:
    name, value = command.parameter, command.value
    if name in PARAMETER_CODES:
        if value not in PARAMETER_CODES[name]:
            raise Rejected("lote.bad_value", f"{name} is one of {', '.join(PARAMETER_CODES[name])}.")
    elif name in PARAMETER_FLAGS:
        if value not in ("true", "false"):
            raise Rejected("lote.bad_value", f"{name} is 'true' or 'false'.")
    elif name in PARAMETER_NUMBERS:
        _decimal(value, name)
    elif whole_number(value, *((1, 8) if name == "tech_level" else (0, MAX_SAFE))) is None:
        raise Rejected("lote.bad_value", f"{name} is a whole number (a tech level runs from 1 to 8).")


def decide(state: State, command: Command, ctx: DecisionContext) -> Sequence[object]:
    if isinstance(command, FinanceOrder | DynastyOrder | IntelOrder | ReligionOrder):
        return decide_order(state, command, ctx)
    match command:
        case (
            SetTaxRate()
            | DeclareMassConscription()
            | MoveTreasury()
            | AssignFleet()
            | ConvertShipsToMSP()
            | BuildHeavyTransports()
            | Invest()
            | AgroToReserve()
            | ConvertAgro()
            | FreeformOrder()
            | BuildUnits()
            | BuildAlliedUnits()
            | BuildPublicWorks()
            | FoundCity()
            | ExpandCity()
            | BuildFortress()
            | BuildWallPoints()
            | BuildPortArea()
            | Demobilize()
            | Colonize()
            | PayMegalith()
            | BuildFerryPoints()
            | BidMercenaries()
            | GiveItinerary()
            | PayProjectSupportWithNFP()
            | WithdrawShips()
            | InitiateTradeRoute()
            | TradeWithAnyone()
            | CeaseTrade()
            | Diplomacy()
            | SecretDiplomacy()
            | ReduceControlStatus()
            | CedePlace()
            | GrantSatrapy()
        ):
            return decide_order(state, command, ctx)
        case WithdrawOrder():
            return decide_withdraw(state, command, ctx)
        case SubmitOrders():
            return decide_submit(state, ctx)
        case AdmitLateOrders():
            return decide_admit(state, command, ctx)
        case StrikeOrder():
            return decide_strike(state, command)
        case ConfirmAdjudication() | OverrideAdjudication():
            return decide_adjudication(state, command, ctx)
        case AdjustTreasury() | SetControlStatus() | SetNationParameter() | SetHarvest() | RecordTradeRoute():
            return decide_ruling(state, command)
        case CancelCityFoundation():
            return decide_cancel_city(state, command)
        case AdjustUnits() | MoveLeader() | AdjustPlace():
            return decide_force_ruling(state, command)
        case PrintNews() | ConcealNews() | AmendStatusReport() | AmendRanking():
            return decide_press(state, command)
        case GenerateLeader() | PromoteLeader():
            return decide_leader(state, command, ctx)
        case ConfirmLeaderDeath() | WoundLeader() | RecordSpy():
            return dynasty_steps.decide(state, command, ctx)
        case ResolveBattle():
            return decide_military(state, command, ctx)
        case (
            SettleIntelOperation()
            | RuleInfiltrationDecay()
            | ConcealFact()
            | PlantMisinformation()
            | FeedMisinformation()
        ):
            return intel.decide_intel(state, command)
        case _ if isinstance(command, ReligionCommand):
            return religion.decide_religion(state, command)
        case cc.RecordSharing() | cc.OccupyPlace() | cc.LiberatePlace() | cc.RecordSuccessorStates():
            return decide_control(state, command, ctx)
        case cc.FoundSuccessorState():
            return [*dynasty_steps.found(state, command, ctx)]
        case (
            SetTradeCondition()
            | SetBlockade()
            | SetSeaZoneClosed()
            | RecordPiracy()
            | TraceTradeRoute()
            | GrantTradePrivileges()
        ):
            return decide_trade(state, command)
        case _:
            assert_never(command)
