"""Visibility (digest §1.6): a nation sees its own stat sheet, regions, cities, leaders, fleets, routes and orders.

What even the owner may not see stays hidden: the King's Leadership and every leader's Loyalty (`hidden`,
[L2111-2117]), Hostile and At War statuses ([L2227-2230]), the dice behind the GM's adjudications and his reasons.
Observers see only what the Newsfax would print: nation names, the calendar and the mercenary pools, and the last
published Newsfax. A nation reads its own last published status report (never another's); the GM's edits to the
report layer (concealments, misinformation, amendments) are never shown as such to anyone but the GM.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine import Actor
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.control import failure, revolts
from domain.rulesets.lote.intel.records import IntelRecords
from domain.rulesets.lote.intel.visibility import redact_intel, seat_records
from domain.rulesets.lote.military.pillage_report import PILLAGE_EVENTS, redact_pillage
from domain.rulesets.lote.military.visibility import filtered, seat_battle
from domain.rulesets.lote.model.battles import Battle
from domain.rulesets.lote.model.report_types import Newsfax, NewsItem, StatusReport
from domain.rulesets.lote.model.state import (
    Adjudication,
    ControlRecords,
    DynastyRecords,
    Nation,
    OrderForm,
    Project,
    State,
)
from domain.rulesets.lote.religion.records import ReligionRecords
from domain.rulesets.lote.religion.visibility import redact_religion
from domain.rulesets.lote.religion.visibility import seat_records as religion_records
from domain.rulesets.lote.reports.derived import Derived, derive
from domain.rulesets.lote.reports.newsfax import build_newsfax
from domain.rulesets.lote.reports.reports import build_report
from domain.rulesets.lote.scenario.scenario import (
    CityRecord,
    FamilyMember,
    FerryArrow,
    FleetRecord,
    LeaderRecord,
    MercenaryPool,
    RegionRecord,
    TradeRouteRecord,
)
from domain.rulesets.lote.trade.report import redact_trade

R = msgspec.structs.replace
GM_ONLY_STATUSES = frozenset({"aw", "hs"})


class LeaderView(msgspec.Struct, frozen=True):
    """A leader line without the hidden fourth stat (Leadership or Loyalty)."""

    nation: str
    army_no: str
    type: str
    name: str
    age: int
    combat: int
    diplomacy: int
    charisma: int
    location: str
    status: str
    units: dict[str, int]
    home_region: str | None = None
    hidden: int | None = None
    home_city: str | None = None


class View(msgspec.Struct, frozen=True):
    turn: int
    year: int
    years_per_turn: int
    nation_names: dict[str, str]
    mercenary_pools: dict[str, MercenaryPool]
    nations: dict[str, Nation] = {}
    regions: dict[str, RegionRecord] = {}
    cities: dict[str, CityRecord] = {}
    leaders: dict[str, LeaderView] = {}
    fleets: dict[str, FleetRecord] = {}
    routes: dict[str, TradeRouteRecord] = {}
    forms: dict[str, OrderForm] = {}
    adjudications: dict[str, Adjudication] = {}
    projects: dict[str, Project] = {}
    royal_family: list[FamilyMember] = []
    derived: dict[str, Derived] = {}
    # the report layer: a nation reads its own last status report and the last Newsfax; the GM also reads the
    # drafts he is editing, with every drafted line (concealed or fabricated ones marked)
    report: StatusReport | None = None
    newsfax: Newsfax | None = None
    report_drafts: dict[str, StatusReport] = {}
    newsfax_draft: Newsfax | None = None
    news_items: dict[str, NewsItem] = {}
    # §4.7 [L3696-3770] ferry arrows (with their ferry points) touching a region the viewer sees, or its own
    ferries: dict[str, FerryArrow] = {}
    # P1-G: the GM sees every battle's inputs; a participant its own side and the result (`military/visibility.py`)
    battles: dict[str, Battle] = {}
    # P1-H records: the GM's all; a seat's only where it is the owner, occupier, sharer, grantor or successor
    control: ControlRecords = ControlRecords()
    # P2-B: the GM's every operation; a seat its own, and those against it the GM ruled detected (`intel/`)
    intel: IntelRecords = IntelRecords()
    # P2-D: the GM's all; a seat its regency, wounds and Dynastic Failure, and the Spies it runs (never those
    # that spy on it)
    dynasty: DynastyRecords = DynastyRecords()
    # P2-C: the GM's all; a seat its own operations and those against it ruled detected, the minorities of its
    # places and its converts abroad, its influence, every sanction in force (`religion/visibility.py`)
    religion: ReligionRecords = ReligionRecords()


def _strip(statuses: dict[str, Any], gm: bool) -> dict[str, Any]:
    return dict(statuses) if gm else {k: v for k, v in statuses.items() if v not in GM_ONLY_STATUSES}


def _leader(x: LeaderRecord, gm: bool) -> LeaderView:
    return LeaderView(
        nation=x.nation,
        army_no=x.army_no,
        type=x.type,
        name=x.name,
        age=x.age,
        combat=x.combat,
        diplomacy=x.diplomacy,
        charisma=x.charisma,
        location=x.location,
        status=x.status,
        units=dict(x.units),
        home_region=x.home_region,
        hidden=x.hidden if gm else None,
        home_city=x.home_city,
    )


def view_for(state: State, viewer: Actor) -> View:
    gm = viewer.is_gm
    mine: set[str] = set(state.nations) if gm else {n for n in state.nations if n == viewer.controls}
    regions = {
        name: R(r, statuses=_strip(r.statuses, gm))
        for name, r in state.regions.items()
        if gm or any(n in r.statuses and r.statuses[n] not in GM_ONLY_STATUSES for n in mine)
    }
    cities = {
        name: R(c, statuses=_strip(c.statuses, gm))
        for name, c in state.cities.items()
        if gm or any(n in c.statuses and c.statuses[n] not in GM_ONLY_STATUSES for n in mine)
    }
    # [L5175-5183] a loaned army shows on both sheets: the borrower's, and the lender's who owns the units
    leaders = {lid: _leader(x, gm) for lid, x in state.leaders.items() if x.nation in mine or x.loaned_from in mine}
    if not gm:  # [L5168-5171] a Spy shows on his master's sheet as a Spy; his own nation reads him in his post
        for lid, spy in state.dynasty.spies.items():
            if spy.master in mine and lid in state.leaders:
                leaders[lid] = R(_leader(state.leaders[lid], gm), type="S")
    items = {
        k: (v if gm else R(v, rolls=(), explanation="", proposal="", reason=""))
        for k, v in state.adjudications.items()
        if v.nation in mine and (gm or _seat_sees(v.item_id, v.outcome))
    }
    return View(
        turn=state.turn,
        year=state.year,
        years_per_turn=state.years_per_turn,
        nation_names={k: v.name for k, v in state.nations.items()},
        mercenary_pools=dict(state.mercenary_pools),
        nations={k: v for k, v in state.nations.items() if k in mine},
        regions=regions,
        cities=cities,
        leaders=leaders,
        fleets={k: f for k, f in state.fleets.items() if f.nation in mine},
        routes={k: r for k, r in state.routes.items() if r.nation_a in mine or r.nation_b in mine},
        forms={k: f for k, f in state.forms.items() if k in mine},
        adjudications=items,
        projects={k: p for k, p in state.projects.items() if p.nation in mine},
        royal_family=[f for f in state.royal_family if f.nation in mine],
        derived={nid: derive(state, state.nations[nid]) for nid in sorted(mine)},
        report=state.press.published_reports.get(viewer.controls or "") if not gm else None,
        newsfax=state.press.newsfax,
        ferries={k: f for k, f in state.ferries.items() if gm or f.owner in mine or f.a in regions or f.b in regions},
        battles=_battles(state, viewer),
        control=state.control if gm else _control(state, viewer.controls or ""),
        intel=state.intel if gm else seat_records(state.intel, viewer.controls),
        dynasty=state.dynasty if gm else _dynasty(state, viewer.controls or ""),
        religion=state.religion
        if gm
        else religion_records(
            state.religion,
            viewer.controls,
            {*regions, *cities},
            {k for k, x in state.leaders.items() if x.nation in mine},
        ),
        **(_drafts(state) if gm else {}),
    )


def _control(state: State, me: str) -> ControlRecords:
    records = state.control
    return ControlRecords(
        occupations={k: v for k, v in records.occupations.items() if me in (v.owner, v.occupier)},
        shares={k: v for k, v in records.shares.items() if me in v},
        satrapies={k: v for k, v in records.satrapies.items() if v == me},
        successors={k: v for k, v in records.successors.items() if me in v[0]},
    )


def _seat_sees(item_id: str, outcome: str | None) -> bool:
    """Items a seat does not see until they go against it: revolt checks, a leader's Dynastic Failure check."""
    return revolts.seat_sees(item_id, outcome) and failure.seat_sees(item_id, outcome)


def _dynasty(state: State, me: str) -> DynastyRecords:
    records = state.dynasty
    mine = {lid for lid, x in state.leaders.items() if x.nation == me}
    return DynastyRecords(
        regencies={k: v for k, v in records.regencies.items() if k == me},
        spies={k: v for k, v in records.spies.items() if v.master == me},
        failures={k: v for k, v in records.failures.items() if k == me or me in v.successors},
        wounded={k: v for k, v in records.wounded.items() if k in mine},
    )


def _battles(state: State, viewer: Actor) -> dict[str, Battle]:
    if viewer.is_gm:
        return dict(state.battles)
    seen = {k: seat_battle(b, viewer.controls) for k, b in state.battles.items()}
    return {k: b for k, b in seen.items() if b is not None}


def _drafts(state: State) -> dict[str, Any]:
    year = state.year + state.years_per_turn
    return {
        "report_drafts": {nid: build_report(state, nid, state.turn, year) for nid in state.nations},
        "newsfax_draft": build_newsfax(state, state.turn, None),
        "news_items": dict(state.press.items),
    }


def redact(event: m.Event, viewer: Actor) -> m.Event | None:
    """Seats see their own nation's events, with the GM's dice, proposals and reasons removed.

    Even facts the Newsfax usually prints (new cities, fortresses, megaliths: [L3050-3061]) stay with their
    nation here: publication belongs to the report layer, where the GM may conceal them ([L6836-6849]).
    """
    if viewer.is_gm:
        return event
    me = viewer.controls
    if isinstance(event, m.FinanceEvent):
        return event if me in m.parties(event) else None  # both sides of a dealing, no one else (finance/)
    if isinstance(event, m.ChildPromoted):
        # [L2111-2117] the new Heir's or Prince's hidden stat is the GM's, even for his own nation: 0
        return R(event, leader=R(event.leader, hidden=0), reason="") if event.nation == me else None
    if isinstance(event, m.TradeEvent):
        return redact_trade(event, me)  # a route's events are its partners' (`trade/report.py`)
    if isinstance(event, m.RegentAppointed):
        # a new Regent's hidden stat is the GM's, even for his own nation: 0
        leader = R(event.leader, hidden=0) if event.leader is not None else None
        return R(event, leader=leader, reason="") if event.nation == me else None
    if isinstance(event, m.LeaderRebelled):
        # the Spy's own nation sees its leader revolt, never for whom he spied
        return event if me == event.spy_master else R(event, spy_master="") if me == event.nation else None
    if isinstance(event, m.LeaderWounded | m.SpyRecruited):
        return R(event, reason="") if me in m.dynasty_parties(event) else None  # the GM's reason
    if isinstance(event, m.DynastyEvent):
        return event if me in m.dynasty_parties(event) else None
    if isinstance(event, m.IntelEvent):
        return redact_intel(event, me)
    if isinstance(event, m.ReligionEvent):
        return redact_religion(event, me)
    match event:
        case m.ReportsDrafted() | m.TurnPublished() | m.NewsfaxPublished():
            return event
        case m.StatusReportPublished():
            return event if event.nation == me else None
        case m.NewsPrinted() | m.NewsConcealed() | m.StatusReportAmended() | m.RankingAmended():
            return None  # the GM's edits show only in what is published
        case m.ControlStatusSet():
            return R(event, reason="") if event.nation == me else None
        case m.OrdersLocked():
            return R(event, without_orders=tuple(n for n in event.without_orders if n == me))
        case m.HarvestSet():
            return R(event, reason="")
        case m.ResistanceSet() | m.PlaceAdjusted():
            return None
        case m.LeadersAged():
            return event
        case m.LeaderGenerated():
            # [L2111-2117] the hidden fourth stat is the GM's, even on the seat's own leader: 0, which no roll gives
            return R(event, leader=R(event.leader, hidden=0), reason="") if event.nation == me else None
        case m.LeaderDied() | m.LeaderPromoted() | m.GarrisonRevolted() | m.DynasticFailureBegan():
            return R(event, reason="") if event.nation == me else None
        case m.PlaceCeded():
            return event if me == event.nation else R(event, line="") if me == event.to else None
        case m.PlaceOccupied() | m.PlaceLiberated() | m.OccupationEnded():
            return R(event, reason="") if me in (event.owner, event.occupier) else None
        case m.SharingRecorded():
            return R(event, reason="") if me in event.nations else None
        case m.SuccessorStatesRecorded():
            return R(event, reason="") if me in event.successors else None
        case m.DynasticFailureAdvanced():
            return R(event, reason="") if event.nation == me else None
        case m.SuccessorStateFounded() | m.RegionAccreted() | m.DynastyAwarded():
            return R(event, reason="") if me in (event.original, event.nation) else None
        case m.RegionSeized():
            return R(event, reason="") if me in (event.nation, event.previous) else None
        case m.PlaceRevolted() | m.PlaceAssimilated():
            return R(event, reason="") if event.nation == me else None
        case m.TradeRouteRecorded():
            return R(event, reason="") if me in (event.route.nation_a, event.route.nation_b) else None
        case m.TradeRouteClosed():
            return event if me is not None and me in (event.by, event.partner) else None
        case m.BattleJoined():
            battle = seat_battle(event.battle, me)
            return None if battle is None else R(event, battle=battle)
        case m.BattleResolved():
            if me is None or me not in event.nations:
                return None
            result = filtered(event.result, event.own.get(me, ()), me in event.attackers)
            return R(event, result=result, own={me: event.own.get(me, ())})
        case m.TreasuryCaptured():
            return event if me in (event.nation, event.captor) else None
        case m.AdjudicationRaised():
            if event.item.nation != me or not _seat_sees(event.item.item_id, None):
                return None
            return R(event, item=R(event.item, rolls=(), explanation="", proposal=""))
        case m.AdjudicationDecided():
            visible = event.nation == me and _seat_sees(event.item_id, event.outcome)
            return R(event, reason="") if visible else None
        case m.LateOrdersAdmitted() | m.OrderStruck():
            return R(event, reason="") if event.nation == me else None
        case (
            m.TreasuryAdjusted()
            | m.NationParameterSet()
            | m.CityFoundationCancelled()
            | m.UnitsAdjusted()
            | m.LeaderMoved()
        ):
            return R(event, reason="") if event.nation == me else None
        case _ if isinstance(event, PILLAGE_EVENTS):
            return redact_pillage(event, me)
        case _:
            nation = getattr(event, "nation", None)
            return event if nation is not None and nation == me else None
