"""Visibility (digest §1.6): a nation sees its own stat sheet, regions, cities, leaders, fleets, routes and orders.

What even the owner may not see stays hidden: the King's Leadership and every leader's Loyalty (`hidden`,
[L2111-2117]), Hostile and At War statuses ([L2227-2230]), the dice behind the GM's adjudications and his reasons.
Observers see only what the Newsfax would print: nation names, the calendar and the mercenary pools.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor
from typing import Any

import msgspec

from domain.engine import Actor, Rejected
from domain.rulesets.lote import budget, economy
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.enums import Exact
from domain.rulesets.lote.hbz import hbz_radius
from domain.rulesets.lote.scenario import (
    CityRecord,
    FamilyMember,
    FleetRecord,
    LeaderRecord,
    MercenaryPool,
    RegionRecord,
    TradeRouteRecord,
)
from domain.rulesets.lote.state import Adjudication, Nation, OrderForm, Project, State

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


class Derived(msgspec.Struct, frozen=True):
    """Figures the stat sheet derives, and the current order form added up (sample form L15314-15390)."""

    hbz: int
    action_range: int
    capital_fixed: bool
    esi: Exact
    max_tax_pct: int
    rating_caps: dict[str, int]
    form_net: Exact
    form_gp_available: Exact
    form_gp_spent: Exact
    form_saved_gp: Exact
    form_nfp_available: Exact
    form_nfp_spent: Exact
    form_saved_nfp: Exact


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


def _strip(statuses: dict[str, Any], gm: bool) -> dict[str, Any]:
    return dict(statuses) if gm else {k: v for k, v in statuses.items() if v not in GM_ONLY_STATUSES}


RATINGS = ("bl", "infra", "cav_qr", "inf_qr", "warship_qr", "siege_qr", "oc", "ob", "ac", "ab", "roc", "rob")


def derive(state: State, nation: Nation) -> Derived:
    """HBZ = ceil(BL/2) ([L1273-1299]); Action Range = TL/2 rounded by setting A9 ([L1509-1519]); the capital is
    fixed once BL or Infra reach 2 ([L8361-8387])."""
    half = Fraction(nation.tech_level, 2)
    action_range = floor(half) if state.settings.a09_action_range_rounding == "floor" else ceil(half)
    caps = {r: c for r in RATINGS if (c := budget.rating_cap(state, nation, r)) is not None}
    form = list(state.forms[nation.id].lines.values()) if nation.id in state.forms else []
    try:
        t = budget.totals(state, nation, form)
    except Rejected:  # a line no longer holds (a GM ruling changed the state): show the form as empty
        t = budget.totals(state, nation, [])
    return Derived(
        hbz=hbz_radius(nation.bl),
        action_range=action_range,
        capital_fixed=nation.bl >= 2 or nation.infra >= 2,
        esi=nation.revenue.esi,
        max_tax_pct=economy.max_tax_pct(state),
        rating_caps=caps,
        form_net=t.net,
        form_gp_available=t.gp_available,
        form_gp_spent=t.gp_spent,
        form_saved_gp=t.saved_gp,
        form_nfp_available=t.nfp_available + t.conscription_extra,
        form_nfp_spent=t.nfp_spent,
        form_saved_nfp=t.saved_nfp,
    )


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
    leaders = {lid: _leader(x, gm) for lid, x in state.leaders.items() if x.nation in mine}
    items = {
        k: (v if gm else R(v, rolls=(), explanation="", proposal="", reason=""))
        for k, v in state.adjudications.items()
        if v.nation in mine
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
    )


def redact(event: m.Event, viewer: Actor) -> m.Event | None:
    """Seats see their own nation's events, with the GM's dice, proposals and reasons removed.

    Even facts the Newsfax usually prints (new cities, fortresses, megaliths: [L3050-3061]) stay with their
    nation here: publication belongs to the report layer, where the GM may conceal them ([L6836-6849]).
    """
    if viewer.is_gm:
        return event
    me = viewer.controls
    match event:
        case m.ReportsDrafted() | m.TurnPublished():
            return event
        case m.OrdersLocked():
            return R(event, without_orders=tuple(n for n in event.without_orders if n == me))
        case m.HarvestSet():
            return R(event, reason="")
        case m.ResistanceSet() | m.PlaceAdjusted():
            return None
        case m.TradeRouteRecorded():
            return R(event, reason="") if me in (event.route.nation_a, event.route.nation_b) else None
        case m.AdjudicationRaised():
            if event.item.nation != me:
                return None
            return R(event, item=R(event.item, rolls=(), explanation="", proposal=""))
        case m.AdjudicationDecided() | m.LateOrdersAdmitted() | m.OrderStruck():
            return R(event, reason="") if event.nation == me else None
        case (
            m.TreasuryAdjusted()
            | m.ControlStatusSet()
            | m.NationParameterSet()
            | m.CityFoundationCancelled()
            | m.UnitsAdjusted()
            | m.LeaderMoved()
        ):
            return R(event, reason="") if event.nation == me else None
        case _:
            nation = getattr(event, "nation", None)
            return event if nation is not None and nation == me else None
