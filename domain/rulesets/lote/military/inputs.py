"""The inputs of a battle, siege or assault, computed in full for the GM (§6.2.4.1-6.2.4.10, §6.2.4.25; digest
§3.0 "Battle outcome", §3.20, §4 R6-R9).

The rulebook prints no combat table ([L11562-11720] "models (but does not simulate)"): the GM rules each result.
The engine gathers what he weighs, per side:

- the leaders (open Combat and the hidden fourth stat, GM only) and the combat leadership the side fights with:
  its best leader's Combat; a garrison without a leader fights with 0, or with the region's RV when the troops
  there reach 50 x the region's GPv ([L2440-2448]);
- the nation's QRs (§2.5 [L1378-1412]); the units (armies and the garrison);
- Defend (§6.2.4.10 [L5690-5719]): "defend" for a D action, "hasty" with Siege Engineers and 1 AP on it,
  "prepared" with Siege Engineers and 2 AP or more;
- field forts ([L4321-4328]: a bonus to armies defending with them, fighting with the Siege QR), wall points,
  a Great Wall crossed by the attacker ([L4881-4884]: it "doubles the combat value of the defending army that is
  behind it"), a Hostile Land region ([L3609-3619]: the defender gains a bonus);
- the Passive Siege values of Table 6-27 [L6226-6233] and whether the 2:1 ratio holds ([L6211-6213]).

`strength` is the automatic resolver's combat value (`resolver.py` documents it); the GM may ignore it.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

from domain.rulesets.lote.leaders.garrisons import unit_kind
from domain.rulesets.lote.model.battles import DefendKind, LeaderInputs, Side
from domain.rulesets.lote.model.state import Nation, State

# Table 6-27 [L6226-6233] Passive Siege 'Combat' Values
PSV_WALL, PSV_SIEGE, PSV_TROOP = 3, 2, 1
PSV_TROOP_KINDS = frozenset({"inf", "cav", "warship"})
# house rule of the automatic resolver (resolver.py): the multipliers for the rulebook's qualitative bonuses
DEFEND_MULTIPLE: dict[str, Fraction] = {
    "none": Fraction(1),
    "defend": Fraction(5, 4),
    "hasty": Fraction(3, 2),
    "prepared": Fraction(7, 4),
}
FORTS_MULTIPLE = Fraction(5, 4)
HOSTILE_LAND_MULTIPLE = Fraction(5, 4)
GREAT_WALL_MULTIPLE = Fraction(2)  # [L4881] "doubles the combat value of the defending army"
WALL_VALUE = 3  # a wall point weighs as three troops (Table 6-27's weight)


def passive_siege_value(units: dict[str, int], wall_points: int = 0) -> int:
    """Table 6-27: 3 per Wall Point, 2 per Siege Engineer, 1 per Infantry, Cavalry or Warship unit."""
    value = PSV_WALL * wall_points
    for unit, n in units.items():
        kind = unit_kind(unit)
        if kind == "siege":
            value += PSV_SIEGE * n
        elif kind == "wall":
            value += PSV_WALL * n
        elif kind in PSV_TROOP_KINDS:
            value += PSV_TROOP * n
    return value


def passive_siege_allowed(besiegers: int, defenders: int) -> bool:
    """[L6211-6213] "A Passive Siege requires that a ratio of two to one in Passive Siege points ... be
    maintained": the besiegers' value at least twice the defenders'."""
    return besiegers >= 2 * defenders


def defend_kind(has_defend: bool, defend_ap: int, siege_engineers: int) -> DefendKind:
    """§6.2.4.10 [L5699-5709]: engineers with 1 AP make a hasty defence, with 2 AP or more a prepared one."""
    if not has_defend:
        return "none"
    if siege_engineers <= 0:
        return "defend"
    return "prepared" if defend_ap >= 2 else "hasty"


def _qr(nation: Nation, kind: str | None, siege: bool) -> int:
    if siege and kind in ("inf", "cav", "siege", "fort", "warship"):
        return nation.siege_qr  # [L1406-1412] the Siege QR rates every kind of unit against fortified positions
    return {
        "cav": nation.cav_qr,
        "inf": nation.inf_qr,
        "siege": nation.siege_qr,
        "fort": nation.siege_qr,  # [L4328] "Field Forts fight using the Siege QR of the nation"
        "warship": nation.warship_qr,
    }.get(kind or "", 0)


def unit_strength(units: dict[str, int], nation: Nation, siege: bool) -> Fraction:
    """The resolver's troop value: each fighting unit counts 1 + QR/2 (transports and ferry points nothing)."""
    total = Fraction(0)
    for unit, n in units.items():
        kind = unit_kind(unit)
        if kind in ("transport", "ferry", None, "wall"):
            continue
        total += n * (1 + Fraction(_qr(nation, kind, siege), 2))
    return total


def count(units: dict[str, int], kind: str) -> int:
    return sum(n for u, n in units.items() if unit_kind(u) == kind)


def add(*tables: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for table in tables:
        for unit, n in table.items():
            if n:
                out[unit] = out.get(unit, 0) + n
    return out


def leadership(state: State, region: str, leaders: list[LeaderInputs], troops: int) -> tuple[int, str]:
    """The side's combat leadership: the best leader's Combat; without a leader 0, or the region's RV when the
    troops reach 50 x GPv ([L2440-2448])."""
    if leaders:
        best = max(leaders, key=lambda x: (x.combat, x.leader_id))
        return best.combat, f"{best.name} (Combat {best.combat})"
    record = state.regions.get(region)
    if record is not None and record.gpv > 0 and troops >= 50 * record.gpv:
        return record.resistance, f"no leader; {troops} troops >= 50 x {record.gpv} GPv: the region's RV [L2445-2448]"
    return 0, "no leader: a garrison fights with combat leadership 0 [L2440-2443]"


def build_side(
    state: State,
    *,
    nations: tuple[str, ...],
    armies: tuple[str, ...],
    garrison: dict[str, int],
    region: str,
    actions: tuple[str, ...] = (),
    defend_ap: int = 0,
    defending: bool = False,
    wall_points: int = 0,
    great_wall: bool = False,
    siege: bool = False,
) -> Side:
    """One side's inputs; `nations[0]` leads (its QRs are the side's)."""
    leaders = [
        LeaderInputs(a, state.leaders[a].name, state.leaders[a].type, state.leaders[a].combat, state.leaders[a].hidden)
        for a in armies
    ]
    units = add(garrison, *(dict(state.leaders[a].units) for a in armies))
    troops = sum(n for u, n in units.items() if unit_kind(u) in ("inf", "cav", "fort", "siege"))
    lead, why = leadership(state, region, leaders, troops)
    nation = state.nations[nations[0]]
    engineers, forts = count(units, "siege"), count(units, "fort")
    defend = defend_kind("D" in actions, defend_ap, engineers)
    hostile = defending and bool(state.regions.get(region) and state.regions[region].hostile_land)
    strength = unit_strength(units, nation, siege) + WALL_VALUE * wall_points * (1 + Fraction(nation.siege_qr, 2))
    modifiers: list[str] = []
    for applies, multiple, text in (
        (defend != "none", DEFEND_MULTIPLE[defend], f"Defend ({defend}) [L5690-5719]"),
        (defending and forts > 0, FORTS_MULTIPLE, "defending with field forts [L4321-4324]"),
        (hostile, HOSTILE_LAND_MULTIPLE, "defending in a Hostile Land region [L3609-3619]"),
        (defending and great_wall, GREAT_WALL_MULTIPLE, "behind a Great Wall x2 [L4881-4884]"),
    ):
        if applies:
            strength *= multiple
            modifiers.append(f"x{multiple} {text}")
    return Side(
        nations=nations,
        armies=armies,
        leaders=tuple(leaders),
        units=units,
        garrison={u: n for u, n in garrison.items() if n},
        leadership=lead,
        leadership_why=why,
        cav_qr=nation.cav_qr,
        inf_qr=nation.inf_qr,
        warship_qr=nation.warship_qr,
        siege_qr=nation.siege_qr,
        actions=actions,
        defend=defend,
        siege_engineers=engineers,
        field_forts=forts,
        wall_points=wall_points,
        great_wall=defending and great_wall,
        hostile_land=hostile,
        passive_siege_value=passive_siege_value(units, wall_points),
        strength=strength,
        modifiers=tuple(modifiers),
    )


def garrison_units_needed(needed: Fraction) -> int:
    """A requirement of `needed` troops (a fraction) is met by ceil(needed) units."""
    return max(ceil(needed), 0)
