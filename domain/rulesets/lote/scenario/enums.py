"""The enumerations of the digest §2.1 as Literal types (codes exactly as the stat sheet prints them), the exact
amount type, and `dec`, how an exact amount prints in reports and messages (never through a float)."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Annotated, Literal

import msgspec

# An exact amount (GP, NFP, agro, modifiers): stored as the string "n/d" (events/codec.py) and documented as such.
Exact = Annotated[Fraction, msgspec.Meta(extra_json_schema={"type": "string", "pattern": "^-?[0-9]+(/[0-9]+)?$"})]

Culture = Literal["C", "B", "N", "S", "P"]
NationType = Literal["open", "primacy", "secret", "mercantile"]
Society = Literal["fanatical", "caste", "clan", "feudal", "open"]
Economy = Literal["slave", "agrarian", "guild", "free"]
Government = Literal[
    "tribal",
    "feudal_monarchy",
    "centralized_monarchy",
    "imperial",
    "constitutional_monarchy",
    "oligarchy",
    "democracy",
    "federal_democracy",
    "anarchy",
    "dictatorship",
    "theocracy",
]
# Table 2-1 L675-712 lists 25 zones (the text says 24); "MG" is the Madagascar zone named in §9.11.2.
GeoZone = Literal[
    "AMZ", "AU", "CA", "CH", "CNA", "EA", "EE", "ENA", "ESA", "IA", "IN", "JP", "ME", "MN", "NA", "PA", "PR",
    "SA", "SEA", "SI", "SSA", "WA", "WE", "WNA", "WSA", "MG",
]  # fmt: skip
Terrain = Literal["c2", "c", "w", "s", "j", "m", "d", "i", "t", "o"]
Spacer = Literal["/", "f", "h", "s"]
Status = Literal["aw", "hs", "un", "n", "oc", "c", "nt", "fa", "t", "pt", "ea", "a", "p", "f", "hm"]
TaxStatus = Literal["N", "C", "T", "F", "H", "R", "L"]
LeaderType = Literal["K", "Q", "H", "P", "L", "A", "B", "F", "S", "E", "M"]
ArmyStatus = Literal["M", "P", "E", "A", "N", "G", "C", "S", "B"]
CityCode = Literal["p", "c", "r", "/", "s", "$", "u", "h", "b", "i", "+", "#", "*"]
TradeCenter = Literal["A", "G", "M", "P", "S"]
RouteStatus = Literal["NST", "WAR", "BST", "LTD", "LTH", "LTO", "LTR", "LTS", "LTC"]
RouteCondition = Literal["", "war", "blockade"]  # the GM's ruling on a route: none, WAR or Blockaded (Table 2-47)
FleetActivity = Literal["sea_trade", "internal", "fishing"]
BorderKind = Literal["normal", "mountain1", "mountain2", "river", "great_wall", "tsetse", "caravan"]
SeaBorderKind = Literal["normal", "monsoon", "current", "island_arrow", "ocean_arrow"]
Rating = Literal[
    "bl", "infra", "cav_qr", "inf_qr", "warship_qr", "siege_qr", "oc", "ob", "ac", "ab", "roc", "rob", "university"
]

# ControlStatus order (§2.14.6 L2222-2236): aw < hs < {un, n, oc} < c < nt < fa < {t, pt} < ea < a < {p, f} < hm
STATUS_RANK: dict[str, int] = {
    "aw": 0, "hs": 1, "un": 2, "n": 2, "oc": 2, "c": 3, "nt": 4, "fa": 5, "t": 6, "pt": 6,
    "ea": 7, "a": 8, "p": 9, "f": 9, "hm": 10,
}  # fmt: skip


def at_least(status: str | None, floor: str) -> bool:
    """Whether `status` is `floor` or better in the control-status order."""
    return status is not None and STATUS_RANK[status] >= STATUS_RANK[floor]


def dec(x: Fraction) -> str:
    """A display figure: two decimal places, half away from zero, trailing zeros dropped ("12.5", "-3")."""
    cents = floor(abs(x) * 100 + Fraction(1, 2))
    whole, frac = divmod(cents, 100)
    text = f"{whole}.{frac:02d}".rstrip("0").rstrip(".")
    return f"-{text}" if x < 0 and cents else text
