"""The economy kernel (digest §3.1-3.12, §3.17): incomes, trade values, revenue, support, agriculture, size.

Pure functions of the state; every value is an exact `Fraction` and nothing is rounded unless the rule says so
(digest §3: "Decimals are normal ... round only where the text says so"). `assess()` builds the three sheets the
status report prints and the order form is checked against.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import ceil, isqrt

import msgspec

from domain.rulesets.lote.enums import at_least
from domain.rulesets.lote.scenario import CityRecord, RegionRecord
from domain.rulesets.lote.settings import ratio
from domain.rulesets.lote.state import Agro, Nation, Revenue, State, Support
from domain.rulesets.lote.tables import TABLES

ECON = TABLES.economy
R = msgspec.structs.replace
ROAD_CODES = frozenset({"r", "+", "#", "*"})
PORT_CODES = frozenset({"p", "+", "#"})
CAPITAL_OR_ROAD = frozenset({"c", "#", "*", "r", "+"})
# "#" (capital + port on road) and "*" (capital on road) are not in Table 2-5: use the best code they stand for.
_COMPOSITE = {"#": ("c", "+"), "*": ("c", "r")}


# --- lookups ------------------------------------------------------------------------------------------


def tax_multiple(state: State, status: str | None) -> Fraction:
    """Table 2-13 (L966-981); the Homeland row follows setting A1 (2.0 in the main text, 1.0 in Table 13-3)."""
    if status is None:
        return Fraction(0)
    if status == "hm":
        return ratio(state.settings.a01_homeland_tax_multiple)
    return ECON.status_tax.values.get(status, Fraction(0))


def held_regions(state: State, nation: str) -> Iterator[tuple[str, RegionRecord, str]]:
    for name, region in state.regions.items():
        status = region.statuses.get(nation)
        if status is not None:
            yield name, region, status


def held_cities(state: State, nation: str) -> Iterator[tuple[str, CityRecord, str]]:
    for name, city in state.cities.items():
        status = city.statuses.get(nation)
        if status is not None:
            yield name, city, status


def city_terrain(state: State, city: CityRecord) -> str:
    return state.regions[city.region].terrain


def msp_on(state: State, nation: str, activity: str) -> int:
    return sum(f.msp for f in state.fleets.values() if f.nation == nation and f.activity == activity)


def support_scale(state: State) -> Fraction:
    """[L1557-1565] every support cost scales with years per turn (5 years = 100%)."""
    return Fraction(state.years_per_turn, 5)


# --- trade values (§2.3.2) ----------------------------------------------------------------------------


def city_type_modifier(codes: list[str]) -> Fraction:
    """Table 2-5 (L877-893): the applicable code with the highest value (only one is printed, L2594-2598)."""
    expanded = [c for code in codes for c in _COMPOSITE.get(code, (code,))]
    return max((ECON.city_type_trade.values[c] for c in expanded), default=ECON.city_type_trade.values["/"])


def city_trade_value(state: State, nation: Nation, city: CityRecord, status: str) -> Fraction:
    """[L837-854] CTV = GPv/3 x type x status x terrain x culture (setting `capital_trade_value` for the capital)."""
    if state.settings.capital_trade_value == "unmodified" and CAPITAL_OR_ROAD.intersection(city.codes):
        return Fraction(max(city.gpv, 0), 3) * city_type_modifier(list(city.codes))
    return (
        Fraction(max(city.gpv, 0), 3)
        * city_type_modifier(list(city.codes))
        * ECON.city_status_trade.values.get(status, Fraction(0))
        * ECON.terrain_trade.values[city_terrain(state, city)]
        * ECON.culture_trade.values[nation.culture]
    )


def _trade_regions(state: State, nation: str) -> tuple[int, bool, bool]:
    """Trade centers, Silk Route and Fur Line regions held at Tributary or better ([L1034-1040])."""
    centers, silk, fur = 0, False, False
    for _, region, status in held_regions(state, nation):
        if not at_least(status, "t"):
            continue
        centers += region.trade_center is not None
        silk = silk or region.spacer == "s"
        fur = fur or region.spacer == "f"
    return centers, silk, fur


def international_trade_value(state: State, nation: Nation) -> Fraction:
    """[L828-870] ITV = sum of CTVs + 1 per trade center + 1 silk + 1 fur + internal trade + IS / size multiple."""
    total = sum((city_trade_value(state, nation, c, s) for _, c, s in held_cities(state, nation.id)), Fraction(0))
    centers, silk, fur = _trade_regions(state, nation.id)
    total += centers + int(silk) + int(fur)
    # [L866-868] each 20 MSP on internal trade is "the modified value of a 1 GPv City" (a port, Friendly, cultivated)
    virtual_port = Fraction(1, 3) * ECON.city_type_trade.values["p"] * ECON.culture_trade.values[nation.culture]
    total += msp_on(state, nation.id, "internal") // 20 * virtual_port
    return total + Fraction(nation.imperial_size, nation.size_divisor)


# --- incomes (§2.3.4-2.3.8) ---------------------------------------------------------------------------


def terrain_tax(terrain: str, culture: str) -> Fraction:
    return ECON.terrain_tax.values[terrain][culture]


def regional_income(state: State, nation: Nation) -> tuple[Fraction, Fraction]:
    """[L945-998] sum of GPv x status x terrain; and the Silk (+1 each) and Fur Line (+2 each) bonus."""
    income, bonus = Fraction(0), Fraction(0)
    for _, region, status in held_regions(state, nation.id):
        income += max(region.gpv, 0) * tax_multiple(state, status) * terrain_tax(region.terrain, nation.culture)
        if at_least(status, "t"):
            bonus += 1 if region.spacer == "s" else 2 if region.spacer == "f" else 0
    return income, bonus


def city_income(state: State, nation: Nation) -> Fraction:
    """[L1000-1012] sum of GPv x status x terrain, + 1 per whole 20 MSP on internal trade ([L2676-2680])."""
    total = sum(
        (
            max(c.gpv, 0) * tax_multiple(state, s) * terrain_tax(city_terrain(state, c), nation.culture)
            for _, c, s in held_cities(state, nation.id)
        ),
        Fraction(0),
    )
    return total + msp_on(state, nation.id, "internal") // 20


def inter_city_trade(state: State, nation: Nation) -> tuple[Fraction, Fraction]:
    """[L1013-1081] ICT subtotal and Royal Road Income.

    Taxable cities are held at Tributary or better with a GPv above 0 (a sacked city trades no more). The
    smallest city subtracted is the smallest real city (trade regions are only counted "as if" cities).
    RC counts taxable cities whose type code shows a Royal Road connection (r, +, #, *); SM is the size divisor.
    """
    taxable = [c for _, c, s in held_cities(state, nation.id) if at_least(s, "t") and c.gpv > 0]
    centers, silk, fur = _trade_regions(state, nation.id)
    subtotal = Fraction(sum(c.gpv for c in taxable) + 3 * centers + 3 * int(silk) + 3 * int(fur))
    # [L1044-1046] the internal-trade MSP/20 "includes fractional amounts of GP" (setting A19)
    internal = msp_on(state, nation.id, "internal")
    if state.settings.a19_internal_trade_rounding == "as_written":
        subtotal += Fraction(internal, 20)
    else:
        subtotal += internal // 20
    if taxable:
        subtotal -= min(c.gpv for c in taxable)
    roads = sum(1 for c in taxable if ROAD_CODES.intersection(c.codes))
    rri = Fraction((roads - 1) ** 2, nation.size_divisor) if roads >= 2 else Fraction(0)
    return subtotal, rri


def royal_road_income(cities_on_roads: int, size_multiple: int) -> Fraction:
    """[L1053-1064] RRI = (RC - 1)^2 / SM."""
    return Fraction((cities_on_roads - 1) ** 2, size_multiple) if cities_on_roads >= 2 else Fraction(0)


def public_works_bonus(state: State, nation: Nation) -> Fraction:
    """[L1082-1119; L4187-4190] each region's and city's PWB times its status *tax* multiple."""
    regions = sum((r.pwb * tax_multiple(state, s) for _, r, s in held_regions(state, nation.id)), Fraction(0))
    cities = sum((c.pwb * tax_multiple(state, s) for _, c, s in held_cities(state, nation.id)), Fraction(0))
    return regions + cities


# --- international trade (§12.1) ----------------------------------------------------------------------


def duration_modifier(years: int) -> Fraction:
    """[L11760-11765] D = sqrt(d/100), between 0.5 and 1.2.

    The root is irrational; it is truncated to two decimals, as the rulebook prints it (115 years -> 1.07).
    """
    d = Fraction(isqrt(years * 100), 100)
    return min(max(d, Fraction(1, 2)), Fraction(6, 5))


def effective_msp(msp: int, trade_range: Fraction, sea_zones: int) -> Fraction:
    """[L11770-11780] Ys = s x (R / L): not bounded."""
    if sea_zones <= 0:
        return Fraction(msp)
    return msp * trade_range / sea_zones


def shipping_modifier(yv: Fraction, tv: Fraction, ys: Fraction, ts: Fraction) -> Fraction:
    """[L11781-11800] C = Yv + Tv, widened by any over-allocation; M = (Ys + Ts/2) / C within 0..1.

    Truncated to two decimals as the rulebook prints it ((35 + 10/2) / 55 -> 0.72).
    """
    capacity = yv + tv
    over = (ys + ts) - capacity
    if over > 0:
        capacity += over
    if capacity <= 0:
        return Fraction(0)
    m = min(max((ys + ts / 2) / capacity, Fraction(0)), Fraction(1))
    return Fraction(int(m * 100), 100)


def route_income(
    yv: Fraction, tv: Fraction, nmv: Fraction, years: int, throughput: Fraction, shipping: Fraction
) -> Fraction:
    """[L11729-11732] GP = Yv x Tv x N x D x P x M."""
    return yv * tv * nmv * duration_modifier(years) * throughput * shipping


def route_msp(state: State, route_id: str, nation: str) -> int:
    return sum(
        f.msp for f in state.fleets.values() if f.nation == nation and f.activity == "sea_trade" and f.route == route_id
    )


def international_trade_income(state: State, nation: Nation, itvs: dict[str, Fraction]) -> Fraction:
    """[L1121-1142; §12.1] the sum over the nation's open routes (GM-maintained records, digest §7.2 P1-C)."""
    total = Fraction(0)
    for route_id, route in state.routes.items():
        # [L3806-3808] a new route trades from the turn after it opened (the sheets are assessed for turn + 1)
        if route.closed or nation.id not in (route.nation_a, route.nation_b) or route.opened_turn > state.turn + 1:
            continue
        partner = route.nation_b if route.nation_a == nation.id else route.nation_a
        if partner not in state.nations:
            continue
        yv, tv = itvs[nation.id], itvs[partner]
        throughput = ECON.route_throughput.values[route.status]
        if route.status == "NST":
            throughput = Fraction(route.nst_pct, 100)
        shipping = Fraction(1)
        if route.kind == "S":
            other = state.nations[partner]
            ys = effective_msp(
                route_msp(state, route_id, nation.id), ECON.trade_range.values[nation.culture], route.sea_zones
            )
            ts = effective_msp(
                route_msp(state, route_id, partner), ECON.trade_range.values[other.culture], route.sea_zones
            )
            shipping = shipping_modifier(yv, tv, ys, ts)
        total += route_income(yv, tv, nation.nmv, route.duration_years, throughput, shipping)
    return total


def new_shipping(
    ttv: Fraction, my_emsp: Fraction, their_emsp: Fraction, nmv: Fraction, my_msp: int, their_msp: int
) -> int:
    """[L2922-2966] free capacity x NMV x my share of the route's MSP, rounded to the nearest integer.

    TTV rounds up ([L2914-2916]); a route at or over capacity generates nothing. Halves round up.
    """
    free = ceil(ttv) - my_emsp - their_emsp
    if free <= 0 or my_msp + their_msp == 0:
        return 0
    value = free * nmv * Fraction(my_msp, my_msp + their_msp)
    return int(value + Fraction(1, 2))


# --- imperial size (§12.2) ----------------------------------------------------------------------------


def government_is_modifier(state: State, government: str) -> Fraction:
    """Table 12-5 (L11971-11982); Democracy and Anarchy are missing: setting A16."""
    if government == "democracy":
        return ratio(state.settings.a16_is_government_democracy)
    if government == "anarchy":
        return ratio(state.settings.a16_is_government_anarchy)
    return ECON.is_government.values[government]


def size_divisor(nation: Nation) -> int:
    """[L8526-8566] 4 in the CA, CH, JP and IN zones, 3 elsewhere; +1 while the GM grants the §9.2.1.1 bonus."""
    base = 4 if nation.geo_zone in ("CA", "CH", "JP", "IN") else 3
    return base + int(nation.size_divisor_bonus)


def imperial_size(state: State, nation: Nation) -> int:
    """[L11869-11984] IS = max(1, ceil((sum of region RIS + city RIS) / size divisor)); claims count 0."""
    gov = government_is_modifier(state, nation.government)
    total = Fraction(0)
    for _, region, status in held_regions(state, nation.id):
        total += ECON.is_terrain.values[region.terrain] * ECON.is_status.values.get(status, Fraction(0)) * gov
    for _, city, status in held_cities(state, nation.id):
        total += Fraction(max(city.gpv, 0), 10) * ECON.is_status.values.get(status, Fraction(0)) * gov
    return max(1, ceil(total / size_divisor(nation)))


# --- revenue and tax rate (§2.3.10, §2.4.6) -----------------------------------------------------------


def effective_tax_pct(state: State, nation: Nation, declared_pct: int | None = None) -> Fraction:
    """[L1338-1377] the declared rate (default: the base rate of Table 2-17), x1.10 with a Census.

    The tithe cuts 1 point per point above 4% ([L7956-7960], setting A27). Famine, thin government and the
    other reductions are GM rulings (tax status), not automated.
    """
    pct = Fraction(declared_pct if declared_pct is not None else nation.tax_rate_pct)
    if nation.census or nation.nation_type in ("primacy", "secret"):
        pct = pct * Fraction(11, 10)
    if nation.tithe_pct > 4:
        pct -= nation.tithe_pct - 4
    return max(pct, Fraction(0))


def max_tax_pct(state: State) -> int:
    """[L1361-1363] 150% for a five-year turn, scaled like the base rate for shorter turns."""
    return 150 * state.years_per_turn // 5


def net_revenue(nation: Nation, tax_pct: Fraction) -> Fraction:
    """[L1143-1150] net = raw x tax rate."""
    return nation.revenue.raw * tax_pct / 100


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
    production = sum((region_agro(state, n, r, s) for n, r, s in held_regions(state, nation.id)), Fraction(0))
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


# --- the whole sheet ----------------------------------------------------------------------------------


def assess(state: State) -> dict[str, Nation]:
    """Every nation's sheets for the coming turn: size first, then ITVs (partners need each other's), then revenue."""
    sized: dict[str, Nation] = {}
    for nid, nation in state.nations.items():
        sized[nid] = _with_size(state, nation)
    state_sized = _replace_nations(state, sized)
    itvs = {nid: international_trade_value(state_sized, n) for nid, n in sized.items()}
    result: dict[str, Nation] = {}
    for nid, nation in sized.items():
        regional, fur_silk = regional_income(state_sized, nation)
        ict, rri = inter_city_trade(state_sized, nation)
        pwb = public_works_bonus(state_sized, nation)
        revenue = Revenue(
            regional=regional + fur_silk,
            fur_silk=fur_silk,
            city=city_income(state_sized, nation),
            inter_city=ict + rri,
            royal_road=rri,
            public_works=pwb,
            international=international_trade_income(state_sized, nation, itvs),
            itv=itvs[nid],
        )
        result[nid] = R(
            _replace_sheets(
                nation, revenue, support(state_sized, nation, nation.imperial_size, pwb), agro(state_sized, nation)
            ),
            nfp_income=nfp_income(state_sized, nation),
        )
    return result


def _with_size(state: State, nation: Nation) -> Nation:
    nation = R(nation, size_divisor=size_divisor(nation))
    return R(nation, imperial_size=imperial_size(state, nation))


def _replace_nations(state: State, nations: dict[str, Nation]) -> State:
    return R(state, nations=nations)


def _replace_sheets(nation: Nation, revenue: Revenue, sup: Support, agr: Agro) -> Nation:
    return R(nation, revenue=revenue, support=sup, agro=agr)


def census_cost(friendly_regions: int, friendly_city_gpv: int) -> tuple[Fraction, int]:
    """[L8438-8467] 5 GP per Friendly region + 1/2 GP per Friendly city GPv; NFP = GP / 20 rounded up."""
    gp = 5 * friendly_regions + Fraction(friendly_city_gpv, 2)
    return gp, ceil(gp / 20)
