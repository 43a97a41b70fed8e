"""The economy kernel (digest §3.1-3.8, §3.12, §3.17): incomes, trade values, revenue, tax rate, imperial size.

Support, agriculture and NFP live in `upkeep` (re-exported here); the shared lookups in `holdings`.

Pure functions of the state; every value is an exact `Fraction` and nothing is rounded unless the rule says so
(digest §3: "Decimals are normal ... round only where the text says so"). `assess()` builds the three sheets the
status report prints and the order form is checked against.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, isqrt

import msgspec

from domain.rulesets.lote.economy.holdings import (
    city_terrain as city_terrain,
)
from domain.rulesets.lote.economy.holdings import (
    held_cities as held_cities,
)
from domain.rulesets.lote.economy.holdings import (
    held_regions as held_regions,
)
from domain.rulesets.lote.economy.holdings import (
    msp_on as msp_on,
)
from domain.rulesets.lote.economy.holdings import (
    support_scale as support_scale,
)
from domain.rulesets.lote.economy.holdings import (
    tax_multiple as tax_multiple,
)
from domain.rulesets.lote.economy.upkeep import (
    agro as agro,
)
from domain.rulesets.lote.economy.upkeep import (
    government_support as government_support,
)
from domain.rulesets.lote.economy.upkeep import (
    nfp_income as nfp_income,
)
from domain.rulesets.lote.economy.upkeep import (
    pwb_upkeep as pwb_upkeep,
)
from domain.rulesets.lote.economy.upkeep import (
    region_agro as region_agro,
)
from domain.rulesets.lote.economy.upkeep import (
    support as support,
)
from domain.rulesets.lote.economy.upkeep import (
    supported_megalith_levels as supported_megalith_levels,
)
from domain.rulesets.lote.economy.upkeep import (
    training_support as training_support,
)
from domain.rulesets.lote.model.state import Agro, Nation, Revenue, State, Support
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.scenario import CityRecord
from domain.rulesets.lote.scenario.settings import ratio
from domain.rulesets.lote.scenario.tables import TABLES

ECON = TABLES.economy
R = msgspec.structs.replace
ROAD_CODES = frozenset({"r", "+", "#", "*"})
PORT_CODES = frozenset({"p", "+", "#"})
CAPITAL_OR_ROAD = frozenset({"c", "#", "*", "r", "+"})
# "#" (capital + port on road) and "*" (capital on road) are not in Table 2-5: use the best code they stand for.
_COMPOSITE = {"#": ("c", "+"), "*": ("c", "r")}


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
        silk = silk or (region.spacer == "s" and not state.trade.silk_route_ended)  # [L3308-3311]
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
    """[L945-998] sum of GPv x status x terrain; and the Silk (+1 each) and Fur Line (+2 each) bonus. A region
    Looted in the turn being assessed yields nothing on the next ([L6003-6006])."""
    income, bonus = Fraction(0), Fraction(0)
    for name, region, status in held_regions(state, nation.id):
        if state.looted.get(name) == state.turn:
            continue  # [L6003-6006] Looted this turn: no regional income on the next
        income += max(region.gpv, 0) * tax_multiple(state, status) * terrain_tax(region.terrain, nation.culture)
        if at_least(status, "t"):
            silk = region.spacer == "s" and not state.trade.silk_route_ended  # [L3308-3311] until it ends
            bonus += 1 if silk else 2 if region.spacer == "f" else 0
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
        # [L2800-2805] the GM's war or blockade ruling on the route outranks its traced status (`trade/`)
        status = {"war": "WAR", "blockade": "BST"}.get(route.condition, route.status)
        throughput = ECON.route_throughput.values[status]
        if status == "NST":
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
