"""Construction (§5.4-5.8; digest §3.18, §5.2): what each order line costs and where it may be built.

`cost_of` checks one line against the state (and the rest of the form where a rule is per turn) and returns its
`Cost`; it raises `Rejected` naming the line and the rule broken. The resolver re-uses the same costs.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import NamedTuple

from domain.engine import Rejected
from domain.rulesets.lote.model.orders import (
    BidMercenaries,
    BuildAlliedUnits,
    BuildFerryPoints,
    BuildFortress,
    BuildPortArea,
    BuildPublicWorks,
    BuildUnits,
    BuildWallPoints,
    Colonize,
    Demobilize,
    ExpandCity,
    FoundCity,
    Order,
    PayMegalith,
)
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement import hbz
from domain.rulesets.lote.scenario.enums import at_least
from domain.rulesets.lote.scenario.tables import TABLES

CON = TABLES.construction
FIXED = CON.fixed_costs.values
NATIONAL_BUILD = ("f", "hm")  # Table 13-3: only Friendly and Homeland locations build national units
LIGHT_SHIPS = frozenset({"LW", "LEW", "LT"})
ZERO = Fraction(0)


class Cost(NamedTuple):
    gp: Fraction = ZERO
    nfp: Fraction = ZERO
    troops: bool = False  # mass-conscription NFP may pay for it ([L4230-4233])
    place: str | None = None  # where locally demobilised NFP may pay for it ([L4379-4396])
    local_nfp: Fraction = ZERO  # NFP this line demobilises at `place`
    slave_nfp: Fraction = ZERO  # slave NFP standing in for national NFP ([L4650-4654])


def refuse(order: Order, reason: str, message: str) -> Rejected:
    return Rejected(f"lote.{reason}", f"line {order.line!r} ({type(order).__name__}): {message}")


def decimal(order: Order, field: str, text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise refuse(order, "bad_number", f"{field} {text!r} is not a number like '12.5'") from None
    if value < 0:
        raise refuse(order, "negative", f"{field} cannot be negative")
    return value


def _region_of(state: State, place: str) -> str | None:
    if place in state.regions:
        return place
    if place in state.cities:
        return state.cities[place].region
    return None


def status_at(state: State, nation: str, place: str) -> str | None:
    record = state.regions.get(place) or state.cities.get(place)
    return None if record is None else record.statuses.get(nation)


def _need_place(state: State, order: Order, place: str) -> str:
    region = _region_of(state, place)
    if region is None:
        raise refuse(order, "unknown_place", f"there is no region or city {place!r}")
    return region


def _need_build_status(state: State, nation: Nation, order: Order, place: str) -> None:
    status = status_at(state, nation.id, place)
    if status not in NATIONAL_BUILD:
        raise refuse(
            order, "not_friendly", f"{place!r} is held at {status or 'no status'}; national builds need f or hm"
        )


def unit_cost(order: Order, nation: Nation, unit: str) -> tuple[Fraction, Fraction]:
    row = TABLES.units.units.get(unit)
    if row is None:
        raise refuse(order, "unknown_unit", f"{unit!r} is not a unit code of Table 13-5")
    cost = row.by_culture.get(nation.culture)
    if cost is None:
        raise refuse(order, "unit_not_available", f"{row.name} cannot be built by a {nation.culture} nation")
    return cost.gp, cost.nfp


def _check_build_location(state: State, nation: Nation, order: BuildUnits) -> None:
    """Table 13-5 build codes (L15207-15220)."""
    row = TABLES.units.units[order.unit]
    place = order.location
    region_name = _need_place(state, order, place)
    region = state.regions[region_name]
    status = status_at(state, nation.id, place)
    is_city = place in state.cities
    inside = hbz.in_hbz(state, nation, region_name)
    ok = False
    for code in row.build:
        if code == "Hm":
            ok |= not is_city and status == "hm"
        elif code == "Fc":
            # [L3281-3283] nomads and barbarians may build at a controlled Trade Center as if it were a city
            center = not is_city and region.trade_center is not None and nation.culture in ("N", "B")
            ok |= (is_city or center) and status in NATIONAL_BUILD and inside
        elif code == "Csr":
            ok |= not is_city and region.terrain == "s" and status in NATIONAL_BUILD
        elif code == "Crh":
            ok |= not is_city and status in NATIONAL_BUILD and inside
        elif code == "Pa":
            port_area = region.port_area or (region.coastal and region.statuses.get(nation.id) == "hm")
            is_port = is_city and bool({"p", "+", "#"} & set(state.cities[place].codes))
            ok |= inside and status in NATIONAL_BUILD and ((not is_city and port_area) or is_port)
        elif code == "Pc":
            ok |= is_city and status in NATIONAL_BUILD and place in _shipyards(state, nation)
        elif code == "Cr":
            ok |= not is_city and at_least(status, "t")
    if not ok:
        raise refuse(
            order,
            "bad_build_location",
            f"{row.name} may be built only at {'/'.join(row.build)} (Table 13-5); {place!r} does not qualify",
        )


def _shipyards(state: State, nation: Nation) -> set[str]:
    """[L4265-4268] Friendly port cities inside the HBZ; if there are none, the nearest one (in AP) to the Homeland."""
    costs = hbz.ap_from_origin(state, nation)
    radius = hbz.hbz_radius(nation.bl)
    ports = {
        name: costs[c.region]
        for name, c in state.cities.items()
        if {"p", "+", "#"} & set(c.codes) and c.statuses.get(nation.id) in NATIONAL_BUILD and c.region in costs
    }
    inside = {name for name, ap in ports.items() if ap <= radius}
    if inside or not ports:
        return inside
    nearest = min(ports.values())
    return {name for name, ap in ports.items() if ap == nearest}


def _army(state: State, nation: Nation, order: Order, army: str | None, place: str | None = None) -> None:
    if army is None:
        return
    leader = state.leaders.get(army)
    if leader is None or leader.nation != nation.id:
        raise refuse(order, "unknown_army", f"{nation.name} has no leader {army!r}")
    if place is not None and _region_of(state, leader.location) != _region_of(state, place):
        raise refuse(order, "army_elsewhere", f"leader {army!r} is at {leader.location!r}, not at {place!r}")


def _units(state: State, nation: Nation, order: BuildUnits, form: list[Order]) -> Cost:
    if order.count <= 0:
        raise refuse(order, "bad_count", "build at least one unit")
    gp, nfp = unit_cost(order, nation, order.unit)
    _check_build_location(state, nation, order)
    _army(state, nation, order, order.army, order.location)
    if order.unit in LIGHT_SHIPS and order.location in state.regions:
        light = sum(
            o.count
            for o in form
            if isinstance(o, BuildUnits) and o.location == order.location and o.unit in LIGHT_SHIPS
        )
        if light > int(FIXED["port_area_light_ships_per_turn"]):
            raise refuse(order, "port_area_limit", "a Port Area builds at most 20 light ships per turn ([L4729-4733])")
    return Cost(gp * order.count, nfp * order.count, troops=True, place=order.location)


def _allied(state: State, nation: Nation, order: BuildAlliedUnits, form: list[Order]) -> Cost:
    """[L4428-4462] half NFP; at most 5 x the ally's region GPv per turn, counted in full NFP."""
    leader = state.leaders.get(order.ally)
    homeless = leader is None or (leader.home_region is None and leader.home_city is None)
    if leader is None or homeless or leader.nation != nation.id or leader.type != "A":
        raise refuse(order, "not_an_ally", f"{order.ally!r} is not a Full Ally leader of {nation.name} with a home")
    gp, nfp = unit_cost(order, nation, order.unit)
    # [L4443-4452] Build Limit = 5 x Region GPv; a Full Ally from a city: Build Limit = City GPv.
    if leader.home_city is not None:
        limit = max(state.cities[leader.home_city].gpv, 0)
    else:
        limit = 5 * max(state.regions[leader.home_region or ""].gpv, 0)
    used = sum(
        unit_cost(o, nation, o.unit)[1] * o.count
        for o in form
        if isinstance(o, BuildAlliedUnits) and o.ally == order.ally
    )
    if used > limit:
        raise refuse(order, "allied_limit", f"the ally may raise {limit} NFP of units per turn, not {used}")
    return Cost(gp * order.count, nfp * order.count / 2, troops=True)


def pwb_cap(state: State, place: str) -> int:
    """Table 5-7 (L4169-4178)."""
    if place in state.cities:
        return state.cities[place].gpv * int(CON.pwb_cap.values["city"])
    region = state.regions[place]
    return max(region.gpv, 0) * int(CON.pwb_cap.values[region.terrain])


def _public_works(state: State, nation: Nation, order: BuildPublicWorks, form: list[Order]) -> Cost:
    """[L4139-4185] cost by terrain (cities 10 GP); 1 NFP stands for 2 GP; up to the Table 5-7 cap."""
    _need_place(state, order, order.location)
    if not at_least(status_at(state, nation.id, order.location), "t"):
        raise refuse(order, "not_controlled", f"{order.location!r} is not controlled by {nation.name}")
    record = state.cities.get(order.location) or state.regions[order.location]
    planned = sum(o.points for o in form if isinstance(o, BuildPublicWorks) and o.location == order.location)
    cap = pwb_cap(state, order.location)
    if order.points <= 0 or record.pwb + planned > cap:
        raise refuse(order, "pwb_cap", f"{order.location!r} has {record.pwb} PWB of at most {cap}")
    # Table 5-5 has no cost for terrain "o", but Table 5-7 caps "o" at 0 PWB, so the cap above refuses it first.
    key = "city" if order.location in state.cities else state.regions[order.location].terrain
    total = CON.pwb_cost.values[key] * order.points
    nfp = decimal(order, "nfp", order.nfp)
    if nfp * 2 > total:
        raise refuse(order, "too_much_nfp", f"the points cost {total} GP; at most {total / 2} NFP may stand in")
    return Cost(total - 2 * nfp, nfp, place=order.location)


def _city_costs(state: State, region: str) -> dict[str, Fraction]:
    return CON.city_costs.values[state.regions[region].terrain]


def _found_city(state: State, nation: Nation, order: FoundCity) -> Cost:
    """[L4632-4660] one city per region, none in an oasis; Table 5-11 costs by terrain."""
    region = state.regions.get(order.region)
    if region is None:
        raise refuse(order, "unknown_place", f"there is no region {order.region!r}")
    _need_build_status(state, nation, order, order.region)
    if region.terrain == "o" or any(c.region == order.region for c in state.cities.values()):
        raise refuse(order, "city_not_allowed", f"{order.region!r} already has a city or is an oasis")
    if order.name in state.cities or order.name in state.regions:
        raise refuse(order, "name_taken", f"the name {order.name!r} is already on the map")
    coasts = {c.sea_zone for c in state.coasts if c.region == order.region}
    for zone in order.port_sea_zones:
        if zone not in coasts:
            raise refuse(order, "not_coastal", f"{order.region!r} does not border the sea zone {zone!r}")
    costs = _city_costs(state, order.region)
    return _with_slaves(nation, order, Cost(costs["found_gp"], costs["found_nfp"], place=order.region))


def _expand_city(state: State, nation: Nation, order: ExpandCity, form: list[Order]) -> Cost:
    """[L4670-4704] +1 GPv per turn, up to Table 5-13, paid in full that turn."""
    city = state.cities.get(order.city)
    if city is None:
        raise refuse(order, "unknown_place", f"there is no city {order.city!r}")
    _need_build_status(state, nation, order, order.city)
    if sum(1 for o in form if isinstance(o, ExpandCity) and o.city == order.city) > 1:
        raise refuse(order, "one_level_per_turn", "a city can only expand one GPv per turn ([L4676-4677])")
    if city.gpv + 1 > CON.city_max_gpv.values[state.regions[city.region].terrain]:
        raise refuse(order, "city_max_size", f"{order.city!r} is already at the maximum size of its terrain")
    if city.sacked and city.gpv == 0:
        # [L4661-4668] the first GPv of a sacked (not burnt) city is rebuilt for 10 GP and 10 NFP
        return Cost(FIXED["rebuild_sacked_gp"], FIXED["rebuild_sacked_nfp"], place=order.city)
    costs = _city_costs(state, city.region)
    return _with_slaves(nation, order, Cost(costs["expand_gp"], costs["expand_nfp"], place=order.city))


def _with_slaves(nation: Nation, order: FoundCity | ExpandCity, cost: Cost) -> Cost:
    """[L4650-4654] only a Slave economy may pay a city's NFP in slave NFP."""
    if not order.slave_nfp:
        return cost
    if nation.economic_base != "slave":
        raise refuse(order, "not_a_slave_economy", "only a Slave economy may build cities with slave NFP")
    if not 0 < order.slave_nfp <= cost.nfp:
        raise refuse(order, "too_many_slaves", f"the city needs {cost.nfp} NFP; slaves can pay at most that")
    return cost._replace(nfp=cost.nfp - order.slave_nfp, slave_nfp=Fraction(order.slave_nfp))


def city_pacified(cost: Cost) -> bool:
    """[L4652-4654] more than 50% of the NFP cost in slave NFP: the city is Pacified."""
    return cost.slave_nfp * 2 > cost.nfp + cost.slave_nfp


def _fortress(state: State, nation: Nation, order: BuildFortress) -> Cost:
    """[L4414-4427] 10 GP + 10 NFP: a foundation and one wall point; one fortress per region."""
    if order.region not in state.regions:
        raise refuse(order, "unknown_place", f"there is no region {order.region!r}")
    _need_build_status(state, nation, order, order.region)
    if state.regions[order.region].fortress_wp is not None:
        raise refuse(order, "fortress_exists", f"{order.region!r} already has a fortress")
    return Cost(FIXED["fortress_gp"], FIXED["fortress_nfp"], place=order.region)


def current_walls(state: State, place: str, form: list[Order]) -> int:
    """Wall points now, after the form's expansions (which tear the walls down) and demobilisations."""
    if any(isinstance(o, ExpandCity) and o.city == place for o in form):
        return 0
    walls = state.cities[place].walls if place in state.cities else state.regions[place].fortress_wp or 0
    fortress_pending = place in state.regions and state.regions[place].fortress_wp is None
    if fortress_pending and any(isinstance(o, BuildFortress) and o.region == place for o in form):
        walls += 1  # [L4414-4427] the new fortress's own wall point, until the fortress stands
    return walls - sum(o.units.get("WP", 0) for o in form if isinstance(o, Demobilize) and o.location == place)


def _walls(state: State, nation: Nation, order: BuildWallPoints, form: list[Order]) -> Cost:
    """[L4706-4721] the total may not exceed the builder's Siege QR (captured excess is kept, never rebuilt)."""
    _need_place(state, order, order.location)
    _need_build_status(state, nation, order, order.location)
    has_fort = order.location in state.cities or state.regions[order.location].fortress_wp is not None
    if not has_fort and not any(isinstance(o, BuildFortress) and o.region == order.location for o in form):
        raise refuse(order, "no_fortress", f"{order.location!r} has no city or fortress to wall")
    earlier = 0
    for o in form:
        if o is order:
            break
        if isinstance(o, BuildWallPoints) and o.location == order.location:
            earlier += o.count
    now = current_walls(state, order.location, form) + earlier
    if order.count <= 0 or now + order.count > nation.siege_qr:
        raise refuse(
            order,
            "siege_qr_cap",
            f"{order.location!r} would have {now + order.count} WP; Siege QR is {nation.siege_qr}",
        )
    gp, nfp = unit_cost(order, nation, "WP")
    return Cost(gp * order.count, nfp * order.count, troops=True, place=order.location)


def _port_area(state: State, nation: Nation, order: BuildPortArea) -> Cost:
    region = state.regions.get(order.region)
    if region is None:
        raise refuse(order, "unknown_place", f"there is no region {order.region!r}")
    _need_build_status(state, nation, order, order.region)
    if not region.coastal or region.port_area:
        raise refuse(order, "port_area_not_allowed", f"{order.region!r} is inland or already has a Port Area")
    return Cost(FIXED["port_area_gp"], FIXED["port_area_nfp"], place=order.region)


def _demobilize(state: State, nation: Nation, order: Demobilize) -> Cost:
    """[L4379-4396] 1 NFP per unit, usable only at that location this turn."""
    region = _need_place(state, order, order.location)
    if order.army is not None:
        _army(state, nation, order, order.army, order.location)
        held = state.leaders[order.army].units
    else:
        city = state.cities.get(order.location)
        record = city or state.regions[region]
        held = dict(record.garrison.get(nation.id, {}))
        walls = city.walls if city is not None else state.regions[region].fortress_wp
        held["WP"] = walls or 0
    for unit, count in order.units.items():
        if count <= 0 or held.get(unit, 0) < count:
            raise refuse(order, "not_enough_units", f"there are {held.get(unit, 0)} {unit} to demobilise")
    return Cost(local_nfp=Fraction(sum(order.units.values())), place=order.location)


def colony_cost(state: State, nation: Nation, order: Colonize) -> tuple[Fraction, Fraction]:
    """Cost per step: unsettled 15/15 per GPv, depopulated 10/10 per GPv, populated 15 x GPv or 5 x GPv."""
    if order.kind == "unsettled":
        return FIXED["colony_unsettled_gp"], FIXED["colony_unsettled_nfp"]
    if order.kind == "depopulated":
        return FIXED["colony_depopulated_gp"], FIXED["colony_depopulated_nfp"]
    if order.kind == "populated_region":
        each = FIXED["colony_populated_region_per_gpv"] * state.regions[order.target].gpv
    else:
        each = FIXED["colony_populated_city_per_gpv"] * state.cities[order.target].gpv
    return each, each


def _colonize(state: State, nation: Nation, order: Colonize) -> Cost:
    """[L4532-4630] the four kinds of colonisation (Table 5-9 caps for unsettled regions)."""
    gp, nfp = decimal(order, "gp", order.gp), decimal(order, "nfp", order.nfp)
    if order.kind == "populated_city":
        if order.target not in state.cities:
            raise refuse(order, "unknown_place", f"there is no city {order.target!r}")
        if status_at(state, nation.id, order.target) != "p":
            raise refuse(order, "not_pacified", "only a Pacified city can be colonised to Friendly")
        return Cost(gp, nfp, place=order.target)
    region = state.regions.get(order.target)
    if region is None:
        raise refuse(order, "unknown_place", f"there is no region {order.target!r}")
    if order.kind == "populated_region" and region.statuses.get(nation.id) != "p":
        raise refuse(order, "not_pacified", "only a Pacified region can be colonised to Friendly")
    if order.kind == "unsettled":
        if not region.colonizable:
            raise refuse(order, "not_colonizable", f"{order.target!r} is not a colonisable (-/-) region")
        cap = CON.colony_cap.values[region.terrain]
        if region.gpv >= cap:
            raise refuse(order, "colony_cap", f"{order.target!r} is at the Table 5-9 maximum of {cap} GPv")
        if not _adjacent_to_held(state, nation, order.target):
            raise refuse(
                order,
                "needs_colonize_action",
                "the region is not adjacent to a controlled land region: a leader must carry the gold with the "
                "Colonize action (send it as a FreeformOrder for the GM)",
            )
    if order.kind == "depopulated":
        if not region.depopulated or region.gpv >= (region.base_gpv or 0):
            raise refuse(order, "not_depopulated", f"{order.target!r} is not below its original map GPv")
    return Cost(gp, nfp, place=order.target)


def _adjacent_to_held(state: State, nation: Nation, region: str) -> bool:
    for b in state.borders:
        other = b.b if b.a == region else b.a if b.b == region else None
        if other is not None and at_least(state.regions[other].statuses.get(nation.id), "t"):
            return True
    return False


def megalith_levels(state: State, nation: Nation, order: PayMegalith, base: Fraction) -> Fraction:
    """[L4783-4797] level = base x the dearest Table 5-17 multiple of its regions, fractions rounded up.

    Postal roads keep their half level unrounded (setting A26).
    """
    mults = CON.megalith_multiple.values[nation.culture]
    multiple = max(mults.get(state.regions[r].terrain, Fraction(3)) for r in order.regions)
    level = base * multiple
    if order.kind == "postal_road" and state.settings.a26_postal_road_rounding == "none":
        return level
    return Fraction(ceil(level))


def _megalith(state: State, nation: Nation, order: PayMegalith) -> Cost:
    """[L4742-4760] regions held at NT or better; base level at most TL - 1; paid over turns."""
    gp, nfp = decimal(order, "gp", order.gp), decimal(order, "nfp", order.nfp)
    base = decimal(order, "base_level", order.base_level)
    if not order.regions:
        raise refuse(order, "no_regions", "name the region(s) of the construct")
    for r in order.regions:
        if r not in state.regions:
            raise refuse(order, "unknown_place", f"there is no region {r!r}")
        if not at_least(state.regions[r].statuses.get(nation.id), "nt"):
            raise refuse(order, "not_controlled", f"{r!r} must be held at NT or better")
    if base <= 0 or base > nation.tech_level - 1:
        raise refuse(order, "base_level", f"base level {base} is outside 0..TL-1 = {nation.tech_level - 1}")
    project = state.projects.get(order.project)
    if project is not None and project.nation != nation.id:
        raise refuse(order, "project_taken", f"project {order.project!r} belongs to another nation")
    levels = megalith_levels(state, nation, order, base)
    gp_due = project.gp_due - project.gp_paid if project else levels * FIXED["megalith_level_gp"]
    nfp_due = project.nfp_due - project.nfp_paid if project else levels * FIXED["megalith_level_nfp"]
    if gp > gp_due or nfp > nfp_due:
        raise refuse(order, "overpaid", f"the construct still needs {gp_due} GP and {nfp_due} NFP")
    return Cost(gp, nfp, place=order.regions[0])


def _ferry(state: State, nation: Nation, order: BuildFerryPoints) -> Cost:
    """[L3709-3722] 1 GP + 0.5 NFP per ferry point; the builder holds at least one side."""
    ferry = state.ferries.get(order.ferry)
    if ferry is None:
        raise refuse(order, "unknown_ferry", f"there is no ferry arrow {order.ferry!r}")
    if not any(at_least(state.regions[side].statuses.get(nation.id), "t") for side in (ferry.a, ferry.b)):
        raise refuse(order, "not_controlled", "hold at least one side of the ferry arrow")
    gp, nfp = unit_cost(order, nation, "FP")
    return Cost(gp * order.count, nfp * order.count)


def _mercenaries(state: State, nation: Nation, order: BidMercenaries) -> Cost:
    """[L4476-4504] a bid of at least 0.5 GP per unit, reserved until the auction."""
    pool = state.mercenary_pools.get(order.pool)
    if pool is None or pool.units.get(order.unit, 0) < order.count or order.count <= 0:
        raise refuse(order, "not_in_pool", f"pool {order.pool!r} has no {order.count} {order.unit}")
    price = decimal(order, "price", order.price)
    if price < FIXED["mercenary_min_bid"]:
        raise refuse(order, "bid_too_low", "the minimum bid is 0.5 GP per unit ([L4489-4493])")
    _check_hiring_place(state, nation, order, pool.world_region)
    _army(state, nation, order, order.army, order.location)
    return Cost(price * order.count)


def _check_hiring_place(state: State, nation: Nation, order: BidMercenaries, zone: str) -> None:
    """[L4505-4510] a controlled city in the mercenaries' region, or the Homeland if there is no such city."""
    cities = [
        name
        for name, c in state.cities.items()
        if at_least(c.statuses.get(nation.id), "t") and state.regions[c.region].geo_zone == zone
    ]
    place = order.location
    if place in cities:
        return
    region = state.regions.get(place)
    if not cities and region is not None and region.geo_zone == zone and region.statuses.get(nation.id) == "hm":
        return
    raise refuse(
        order,
        "bad_hiring_place",
        f"mercenaries of region {zone} are hired at a controlled city there ({', '.join(sorted(cities)) or 'none'})"
        " or, without one, in the Homeland",
    )


def cost_of(state: State, nation: Nation, order: Order, form: list[Order]) -> Cost | None:
    """The cost of a construction line, or None when the line is not construction."""
    match order:
        case BuildUnits():
            return _units(state, nation, order, form)
        case BuildAlliedUnits():
            return _allied(state, nation, order, form)
        case BuildPublicWorks():
            return _public_works(state, nation, order, form)
        case FoundCity():
            return _found_city(state, nation, order)
        case ExpandCity():
            return _expand_city(state, nation, order, form)
        case BuildFortress():
            return _fortress(state, nation, order)
        case BuildWallPoints():
            return _walls(state, nation, order, form)
        case BuildPortArea():
            return _port_area(state, nation, order)
        case Demobilize():
            return _demobilize(state, nation, order)
        case Colonize():
            return _colonize(state, nation, order)
        case PayMegalith():
            return _megalith(state, nation, order)
        case BuildFerryPoints():
            return _ferry(state, nation, order)
        case BidMercenaries():
            return _mercenaries(state, nation, order)
        case _:
            return None
