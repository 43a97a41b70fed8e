"""Importing a scenario: parse its decimals, check every cross-reference, and assess the first turn's sheets.

Errors name the record and the field: `Rejected("lote.scenario.unknown_region", "city 'Venice' field
'region': there is no region 'Veneto'")`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TypeVar

import msgspec

from domain.engine import Rejected
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement.mapcheck import check_map
from domain.rulesets.lote.scenario.scenario import (
    CityRecord,
    FerryArrow,
    FleetRecord,
    LeaderRecord,
    Loan,
    MercenaryPool,
    NationRecord,
    RegionRecord,
    Scenario,
    SeaZone,
    Setup,
    TradeRouteRecord,
)
from domain.rulesets.lote.scenario.settings import Settings
from domain.rulesets.lote.scenario.tables import TABLES

R = msgspec.structs.replace


def _bad(code: str, record: str, field: str, message: str) -> Rejected:
    return Rejected(f"lote.scenario.{code}", f"{record} field '{field}': {message}")


def decimal(text: str, record: str, field: str) -> Fraction:
    """A scenario decimal: its shape (`SignedDecimal`, domain/engine/bounds.py) was checked when the record was
    decoded, which names the record and the field of a malformed one (`lote.scenario.invalid`)."""
    return Fraction(text)


def years_for(year: int) -> tuple[int, int]:
    """Table 2-17 (L1369-1377): years per turn and base tax rate for a calendar year."""
    for row in TABLES.economy.years_per_turn.rows:
        if row.first_year <= year <= row.last_year:
            return row.years, row.base_tax_pct
    raise Rejected(
        "lote.scenario.bad_year",
        f"scenario field 'start_year': {year} is outside Table 2-17 (1000-1799); the rulebook gives no rate.",
    )


def _loan(where: str, index: int, loan: Loan) -> Loan:
    decimal(loan.principal, where, f"loans[{index}].principal")
    return loan


def _nation(nid: str, rec: NationRecord, base_tax: int) -> Nation:
    where = f"nation {nid!r}"
    if not 1 <= rec.tech_level <= 8:
        raise _bad("bad_value", where, "tech_level", f"{rec.tech_level} is outside 1..8")
    pools = {k: decimal(v, where, f"investments.{k}") for k, v in rec.investments.items()}
    return Nation(
        id=nid,
        name=rec.name,
        culture=rec.culture,
        government=rec.government,
        geo_zone=rec.geo_zone,
        tech_level=rec.tech_level,
        religion=rec.religion,
        native_name=rec.native_name,
        player=rec.player,
        nation_type=rec.nation_type,
        societal_base=rec.societal_base,
        economic_base=rec.economic_base,
        tech_points=decimal(rec.tech_points, where, "tech_points"),
        language=rec.language,
        msi=decimal(rec.msi, where, "msi"),
        hbz_origin=rec.hbz_origin or rec.capital,
        population=rec.population,
        friendly_population=rec.friendly_population,
        capital=rec.capital,
        treasury=rec.treasury or rec.capital,
        nmv=decimal(rec.nmv, where, "nmv"),
        gp=decimal(rec.saved_gp, where, "saved_gp"),
        nfp=decimal(rec.saved_nfp, where, "saved_nfp"),
        slave_nfp=decimal(rec.slave_nfp, where, "slave_nfp"),
        nfp_income=decimal(rec.nfp_income, where, "nfp_income"),
        mass_conscription_debt=decimal(rec.mass_conscription_debt, where, "mass_conscription_debt"),
        usury_restricted=rec.usury_restricted,
        loans=[_loan(where, i, loan) for i, loan in enumerate(rec.loans)],
        bl=rec.bl,
        infra=rec.infra,
        bl_granted=rec.bl_granted,
        infra_granted=rec.infra_granted,
        size_divisor_bonus=rec.size_divisor_bonus,
        tax_status=rec.tax_status,
        tax_rate_pct=rec.tax_rate_pct if rec.tax_rate_pct is not None else base_tax,
        census=rec.census,
        cav_qr=rec.cav_qr,
        inf_qr=rec.inf_qr,
        warship_qr=rec.warship_qr,
        siege_qr=rec.siege_qr,
        oc=rec.oc,
        ob=rec.ob,
        ac=rec.ac,
        ab=rec.ab,
        religious_strength=rec.religious_strength,
        roc=rec.roc,
        rob=rec.rob,
        excommunicated=rec.excommunicated,
        interdicted=rec.interdicted,
        tithe_pct=rec.tithe_pct,
        primate_influence=rec.primate_influence,
        university_investment=decimal(rec.university_investment, where, "university_investment"),
        university_years=rec.university_years,
        university_rating=rec.university_rating,
        pools=pools,
        agro_reserves=decimal(rec.agro_reserves, where, "agro_reserves"),
        agro_location=rec.agro_location,
        settled=rec.settled,
        credit_balance=decimal(rec.player.credit_balance, where, "player.credit_balance"),
    )


T = TypeVar("T")


def _records(raw: dict[str, msgspec.Raw], kind: type[T], what: str) -> dict[str, T]:
    decoded: dict[str, T] = {}
    for key, doc in raw.items():
        try:
            decoded[key] = msgspec.json.decode(doc, type=kind)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            text = str(exc)
            field = text.rsplit("- at `", 1)[1].rstrip("`") if "- at `" in text else "$"
            raise Rejected(
                "lote.scenario.invalid", f"{what} {key!r} field {field}: {text.split(' - at ')[0]}"
            ) from None
    return decoded


def decode_scenario(setup: Setup) -> Scenario:
    return Scenario(
        name=setup.name,
        start_year=setup.start_year,
        campaign_no=setup.campaign_no,
        nations=_records(setup.nations, NationRecord, "nation"),
        regions=_records(setup.regions, RegionRecord, "region"),
        cities=_records(setup.cities, CityRecord, "city"),
        sea_zones=_records(setup.sea_zones, SeaZone, "sea zone"),
        borders=setup.borders,
        coasts=setup.coasts,
        sea_borders=setup.sea_borders,
        ferries=_records(setup.ferries, FerryArrow, "ferry"),
        leaders=_records(setup.leaders, LeaderRecord, "leader"),
        royal_family=setup.royal_family,
        fleets=_records(setup.fleets, FleetRecord, "fleet"),
        trade_routes=_records(setup.trade_routes, TradeRouteRecord, "trade route"),
        mercenary_pools=_records(setup.mercenary_pools, MercenaryPool, "mercenary pool"),
        harvest_pct=setup.harvest_pct,
    )


def _check_refs(setup: Scenario) -> None:
    nations, regions, cities = setup.nations, setup.regions, setup.cities
    places = set(regions) | set(cities) | set(setup.sea_zones)

    def need(kind: str, name: str | None, pool: object, record: str, field: str) -> None:
        if name is not None and name not in pool:  # type: ignore[operator]
            raise _bad(f"unknown_{kind}", record, field, f"there is no {kind} {name!r}")

    for nid, n in nations.items():
        where = f"nation {nid!r}"
        need("place", n.capital, places, where, "capital")
        need("place", n.treasury, places, where, "treasury")
        need("place", n.hbz_origin, places, where, "hbz_origin")
    for name, r in regions.items():
        _check_statuses(f"region {name!r}", r.statuses, nations)
        for owner in r.garrison:
            need("nation", owner, nations, f"region {name!r}", f"garrison.{owner}")
            _check_units(f"region {name!r}", f"garrison.{owner}", r.garrison[owner])
    for name, c in cities.items():
        where = f"city {name!r}"
        need("region", c.region, regions, where, "region")
        _check_statuses(where, c.statuses, nations)
        for zone in c.port_sea_zones:
            need("sea_zone", zone, setup.sea_zones, where, "port_sea_zones")
        for owner in c.garrison:
            need("nation", owner, nations, where, f"garrison.{owner}")
            _check_units(where, f"garrison.{owner}", c.garrison[owner])
        if c.gpv > TABLES.construction.city_max_gpv.values[regions[c.region].terrain]:
            raise _bad("bad_value", where, "gpv", "is above the maximum city size for its terrain (Table 5-13)")
    for i, b in enumerate(setup.borders):
        need("region", b.a, regions, f"border #{i}", "a")
        need("region", b.b, regions, f"border #{i}", "b")
    for i, coast in enumerate(setup.coasts):
        need("region", coast.region, regions, f"coast #{i}", "region")
        need("sea_zone", coast.sea_zone, setup.sea_zones, f"coast #{i}", "sea_zone")
    for i, sb in enumerate(setup.sea_borders):
        need("sea_zone", sb.a, setup.sea_zones, f"sea border #{i}", "a")
        need("sea_zone", sb.b, setup.sea_zones, f"sea border #{i}", "b")
    for fid, f in setup.ferries.items():
        need("region", f.a, regions, f"ferry {fid!r}", "a")
        need("region", f.b, regions, f"ferry {fid!r}", "b")
        need("nation", f.owner, nations, f"ferry {fid!r}", "owner")
    for lid, leader in setup.leaders.items():
        where = f"leader {lid!r}"
        need("nation", leader.nation, nations, where, "nation")
        need("place", leader.location, places, where, "location")
        need("region", leader.home_region, regions, where, "home_region")
        need("city", leader.home_city, cities, where, "home_city")
        if leader.home_region is not None and leader.home_city is not None:
            raise _bad("two_homes", where, "home_city", "a Full Ally comes from a region or from a city, not both")
        for stat in ("combat", "diplomacy", "charisma", "hidden"):
            if not 1 <= getattr(leader, stat) <= 11:
                raise _bad("bad_value", where, stat, "ratings run from 1 to 11 ('A' = 10, 'B' = 11)")
        _check_units(where, "units", leader.units)
    for i, member in enumerate(setup.royal_family):
        need("nation", member.nation, nations, f"royal family member #{i} ({member.name})", "nation")
    for fid, fleet in setup.fleets.items():
        where = f"fleet {fid!r}"
        need("nation", fleet.nation, nations, where, "nation")
        need("city", fleet.base_port, cities, where, "base_port")
        if fleet.msp < 0:
            raise _bad("bad_value", where, "msp", "cannot be negative")
        if fleet.activity == "sea_trade":
            need("trade_route", fleet.route, setup.trade_routes, where, "route")
    for rid, route in setup.trade_routes.items():
        where = f"trade route {rid!r}"
        need("nation", route.nation_a, nations, where, "nation_a")
        need("nation", route.nation_b, nations, where, "nation_b")
        need("city", route.port_a, cities, where, "port_a")
        need("city", route.port_b, cities, where, "port_b")
        if route.kind not in ("L", "S"):
            raise _bad("bad_value", where, "kind", "must be 'L' (land) or 'S' (sea)")
    for pid, pool in setup.mercenary_pools.items():
        _check_units(f"mercenary pool {pid!r}", "units", pool.units)
    check_map(setup)


def _check_statuses(where: str, statuses: Mapping[str, str], nations: dict[str, NationRecord]) -> None:
    for owner in statuses:
        if owner not in nations:
            raise _bad("unknown_nation", where, f"statuses.{owner}", f"there is no nation {owner!r}")


def _check_units(where: str, field: str, units: dict[str, int]) -> None:
    for code, count in units.items():
        if code not in TABLES.units.units:
            raise _bad("unknown_unit", where, field, f"{code!r} is not a unit code of Table 13-5")
        if count < 0:
            raise _bad("bad_value", where, f"{field}.{code}", "a unit count cannot be negative")


def initial_state(document: Setup, settings: Settings) -> State:
    setup = decode_scenario(document)
    _check_refs(setup)
    years, base_tax = years_for(setup.start_year)
    # The terrain each region began the game with decides the c2 project-support exemption ([L1707-1711]).
    regions: dict[str, RegionRecord] = {
        name: r if r.original_terrain is not None else R(r, original_terrain=r.terrain)
        for name, r in setup.regions.items()
    }
    nations = {nid: _nation(nid, rec, base_tax) for nid, rec in setup.nations.items()}
    state = State(
        name=setup.name,
        campaign_no=setup.campaign_no,
        settings=settings,
        year=setup.start_year,
        years_per_turn=years,
        base_tax_pct=base_tax,
        nations=nations,
        regions=regions,
        cities=dict(setup.cities),
        sea_zones=dict(setup.sea_zones),
        borders=list(setup.borders),
        coasts=list(setup.coasts),
        sea_borders=list(setup.sea_borders),
        ferries=dict(setup.ferries),
        leaders=dict(setup.leaders),
        royal_family=list(setup.royal_family),
        fleets=dict(setup.fleets),
        routes=dict(setup.trade_routes),
        mercenary_pools=dict(setup.mercenary_pools),
        harvest_pct=dict(setup.harvest_pct),
    )
    return R(state, nations=economy.assess(state))
