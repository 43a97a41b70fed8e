"""Upkeep (digest §3.9-3.10): support costs, agriculture and NFP income, exact and unrounded."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from domain.rulesets.lote.economy.holdings import city_terrain, held_cities, held_regions, msp_on, support_scale
from domain.rulesets.lote.model.state import Agro, Nation, State, Support
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.scenario import CityRecord, RegionRecord
from domain.rulesets.lote.scenario.settings import ratio
from domain.rulesets.lote.scenario.tables import TABLES

ECON = TABLES.economy

PORT_CODES = frozenset({"p", "+", "#"})


# --- support (§2.10) ----------------------------------------------------------------------------------


def troop_terrain_multiple(state: State, terrain: str, culture: str) -> Fraction:
    """Table 2-19 (L1603-1616); it has no Oasis row: setting A17 names the row used."""
    rows = TABLES.support.troop_terrain.values
    row = rows.get(terrain) or rows[state.settings.a17_oasis_troop_support_row]
    return row[culture]


def unit_gp_cost(unit: str, culture: str) -> Fraction:
    row = TABLES.units.units.get(unit)
    if row is None:
        return Fraction(0)
    cost = row.by_culture.get(culture) or row.by_culture.get("C")  # type: ignore[call-overload]
    return cost.gp if cost is not None else Fraction(0)


def stack_support(units: dict[str, int], culture: str) -> Fraction:
    """[L1584-1585] TSC = one tenth of the unit's GP cost (Table 13-5)."""
    return sum((n * unit_gp_cost(u, culture) / 10 for u, n in units.items()), Fraction(0))


def location_terrain(state: State, location: str) -> str | None:
    if location in state.regions:
        return state.regions[location].terrain
    if location in state.cities:
        return city_terrain(state, state.cities[location])
    return None


def army_supports(state: State, nation: Nation) -> Iterator[tuple[Fraction, str | None]]:
    """Each force's unscaled troop support and terrain: leaders' armies and garrisons ([L1567-1641])."""
    asm = TABLES.support.army_status.values
    for leader in state.leaders.values():
        if leader.nation != nation.id or not leader.units:
            continue
        # [L2320-2321] feudal allied troops support themselves; setting A35 for full allies' troops
        if leader.type == "F" or (leader.type == "A" and not state.settings.a35_full_ally_troops_paid):
            continue
        terrain = location_terrain(state, leader.location)
        tsm = troop_terrain_multiple(state, terrain, nation.culture) if terrain else Fraction(1)
        yield stack_support(leader.units, nation.culture) * tsm * asm[leader.status], terrain
    for places in (state.regions, state.cities):
        for record in places.values():
            units = record.garrison.get(nation.id)
            if not units:
                continue
            terrain = record.terrain if isinstance(record, RegionRecord) else city_terrain(state, record)
            # setting A30: "In Garrison" x1.5 for every garrison of a Pacified region or city
            status = "G" if record.statuses.get(nation.id) == "p" else "N"
            tsm = troop_terrain_multiple(state, terrain, nation.culture)
            yield stack_support(units, nation.culture) * tsm * asm[status], terrain


def troop_support(state: State, nation: Nation) -> Fraction:
    """[L1567-1641] TSC x TSM x ASM over units held at the end of the turn (setting A20); hordes pay none."""
    if not nation.settled:
        return Fraction(0)
    return sum((s for s, _ in army_supports(state, nation)), Fraction(0)) * support_scale(state)


def government_support(bl: int, infra: int) -> Fraction:
    """[L1656-1685] ((BL x 2) + Infra)^2 / 2, granted points included ([L8114-8118])."""
    return Fraction((bl * 2 + infra) ** 2, 2)


def pwb_upkeep(pwb: Fraction, size: int) -> Fraction:
    """[L1717-1727] (PWB / ((IS + 2) x 10))^2."""
    return (pwb / ((size + 2) * 10)) ** 2


def supported_megalith_levels(state: State, nation: Nation) -> int:
    """[L1687-1716] levels in regions held at NT or better, except regions that began the game as c2 and
    (setting A11) cultivation megaliths."""
    levels = 0
    for _, region, status in held_regions(state, nation.id):
        if not at_least(status, "nt") or region.original_terrain == "c2":
            continue
        for m in region.megaliths:
            if m.cultivation and not state.settings.a11_cultivation_megaliths_supported:
                continue
            levels += m.levels
    return levels


def intel_support(oc: int, ob: int, ac: int, ab: int) -> Fraction:
    """[L1738-1755] (OC + OB + AC + AB)^2 / 4."""
    return Fraction((oc + ob + ac + ab) ** 2, 4)


def religious_support(roc: int, rob: int) -> Fraction:
    """[L1756-1768] (ROC + ROB)^2."""
    return Fraction((roc + rob) ** 2)


def training_support(qrs: tuple[int, ...], troop: Fraction) -> Fraction:
    """[L1769-1783] (tQR / 2)^2 x troop support / 200, tQR = sum of QR points above 7 (rebuilt from Seiwa).

    It is proportional to the (already scaled) troop support, so it is not scaled a second time.
    """
    tqr = sum(max(0, q - 7) for q in qrs)
    return Fraction(tqr, 2) ** 2 * troop / 200


def support(state: State, nation: Nation, size: int, pwb: Fraction) -> Support:
    scale = support_scale(state)
    troop = troop_support(state, nation)
    return Support(
        troop=troop,
        government=government_support(nation.bl + nation.bl_granted, nation.infra + nation.infra_granted) * scale,
        project=(5 * supported_megalith_levels(state, nation) + pwb_upkeep(pwb, size)) * scale,
        intel=intel_support(nation.oc, nation.ob, nation.ac, nation.ab) * scale,
        religious=religious_support(nation.roc, nation.rob) * scale,
        training=training_support((nation.cav_qr, nation.inf_qr, nation.warship_qr, nation.siege_qr), troop),
    )


# --- agriculture (§2.11) ------------------------------------------------------------------------------


def region_agro(state: State, name: str, region: RegionRecord, status: str) -> Fraction:
    """[L1797-1837] (GPv x Pm + PWB/5 + 1 if a port city) x Sm (the equation rebuilt from the Kwanto example)."""
    port = any(c.region == name and PORT_CODES.intersection(c.codes) for c in state.cities.values())
    base = max(region.gpv, 0) * ECON.agro_production.values[region.terrain] + Fraction(region.pwb, 5) + int(port)
    return base * ECON.agro_status.values.get(status, Fraction(0))


def harvest_multiple(state: State, nation: Nation) -> Fraction:
    """[L1848-1862] the harvest of the zone of the capital (or homeland), a GM parameter per turn."""
    zone = nation.geo_zone
    capital = nation.capital
    if capital is not None:
        region = state.cities[capital].region if capital in state.cities else capital
        if region in state.regions:
            zone = state.regions[region].geo_zone
    return Fraction(state.harvest_pct.get(zone, 100), 100)


def city_consumption(state: State, city: CityRecord, status: str) -> Fraction:
    """[L1866-1933] (GPv + PWB/K) x T x C x S; K is unrecoverable in the text (setting A32)."""
    codes = set(city.codes)
    c_mult = ECON.consumption_city_type.values["b" if "b" in codes else "p" if PORT_CODES & codes else "/"]
    return (
        (max(city.gpv, 0) + Fraction(city.pwb, state.settings.a32_city_pwb_agro_divisor))
        * ECON.consumption_terrain.values[city_terrain(state, city)]
        * c_mult
        * ECON.consumption_status.values.get(status, Fraction(0))
    )


def agro(state: State, nation: Nation) -> Agro:
    """[L1790-1948] production x harvest; cities' and armies' consumption (troop support / 25 x TSM)."""
    held = [(n, r, s) for n, r, s in held_regions(state, nation.id) if state.looted.get(n) != state.turn]  # [L6005]
    production = sum((region_agro(state, n, r, s) for n, r, s in held), Fraction(0))
    production = (production + Fraction(msp_on(state, nation.id, "fishing"), 20)) * harvest_multiple(state, nation)
    cities = sum((city_consumption(state, c, s) for _, c, s in held_cities(state, nation.id)), Fraction(0))
    armies = Fraction(0)
    if nation.settled:
        for troop, terrain in army_supports(state, nation):
            tsm = troop_terrain_multiple(state, terrain, nation.culture) if terrain else Fraction(1)
            armies += troop * support_scale(state) / 25 * tsm
    return Agro(production=production, cities=cities, armies=armies)


# --- NFP (§2.3.12) -------------------------------------------------------------------------------------


def nfp_income(state: State, nation: Nation) -> Fraction:
    """[L1156-1168] the GM's figure, or (setting `nfp_rule`) a linear rule over Friendly and Homeland GPv, plus the
    Friendly Public Works while a Census is active."""
    settings = state.settings
    if settings.nfp_rule == "gm":
        return nation.nfp_income
    friendly = ("f", "hm")
    regions = sum(max(r.gpv, 0) for _, r, s in held_regions(state, nation.id) if s in friendly)
    cities = sum(max(c.gpv, 0) for _, c, s in held_cities(state, nation.id) if s in friendly)
    total = regions * ratio(settings.nfp_per_friendly_region_gpv) + cities * ratio(settings.nfp_per_friendly_city_gpv)
    if nation.census:
        pwb = sum(r.pwb for _, r, s in held_regions(state, nation.id) if s in friendly)
        pwb += sum(c.pwb for _, c, s in held_cities(state, nation.id) if s in friendly)
        total += pwb * ratio(settings.nfp_per_census_pwb)
    return total
