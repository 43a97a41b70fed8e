"""Leader types and limits (§2.12 [L2019-2044], §6.0 [L4979-4997], Table 6-3 [L5081-5094]; digest §3.13).

A nation has at most TL + 6 leaders, counting Kings, Heirs, Princes, Allies, Feudal Allies, Bishops and
Lieutenants ([L2020-2023]); Spies, Regents and Mercenary commanders are not in that list and are not counted
([L2040-2041] "no limit to the number of ... Mercenary Leaders"). A Queen is the King's title and shares his
single place.
"""

from __future__ import annotations

from math import ceil

from domain.engine import Rejected
from domain.rulesets.lote.model.state import Nation, State

COUNTED = frozenset({"K", "Q", "H", "P", "L", "A", "B", "F"})
RULERS = frozenset({"K", "Q"})
NAMES = {
    "K": "King", "Q": "Queen", "H": "Heir", "P": "Prince", "L": "Lieutenant", "A": "Full Ally", "B": "Bishop",
    "F": "Feudal Ally", "S": "Spy", "E": "Regent", "M": "Mercenary commander",
}  # fmt: skip

_MONARCHY = frozenset("KQHPLBFA")
# §2.2.4.1-2.2.4.11: the leader types each government may have (Spies, Regents and Mercenaries come from
# events, not from the government). Heirs and Princes are then taken from Table 6-3 (setting A6).
GOVERNMENT_TYPES: dict[str, frozenset[str]] = {
    "tribal": frozenset("KQHFA"),  # [L474-475]
    "feudal_monarchy": _MONARCHY,  # [L506-507]
    "centralized_monarchy": _MONARCHY,  # [L528-529]
    "imperial": _MONARCHY,  # [L546-547]
    "constitutional_monarchy": _MONARCHY,  # [L567-568]
    "oligarchy": frozenset("KQHLBFA"),  # [L591-592]
    "democracy": frozenset("KQLBFA"),  # [L609-610]
    "federal_democracy": frozenset("KQLBFA"),  # [L627-628]
    "anarchy": frozenset("KQ"),  # [L641-642]
    "dictatorship": frozenset("KQLBFA"),  # [L659-660]
    "theocracy": frozenset("KQLFA"),  # [L671-673] "Rarely they may have Feudal Allied and Allied leaders"
}
# Table 6-3 [L5081-5094]: (Heirs?, Princes?)
HEIRS_PRINCES: dict[str, tuple[bool, bool]] = {
    "tribal": (True, False),
    "feudal_monarchy": (True, True),
    "centralized_monarchy": (True, True),
    "imperial": (True, True),
    "constitutional_monarchy": (True, False),
    "oligarchy": (False, True),
    "democracy": (False, False),
    "federal_democracy": (False, False),
    "anarchy": (False, False),
    "dictatorship": (False, False),
    "theocracy": (False, False),
}


def allowed_types(state: State, nation: Nation) -> frozenset[str]:
    types = set(GOVERNMENT_TYPES[nation.government]) | {"S", "E", "M"}
    if state.settings.a06_heirs_princes_source == "table_6_3":
        heirs, princes = HEIRS_PRINCES[nation.government]
        types = {t for t in types if t not in "HP"} | ({"H"} if heirs else set()) | ({"P"} if princes else set())
    return frozenset(types)


def caps(state: State, nation: Nation) -> dict[str, int]:
    """The per-type caps of [L2024-2029] and [L4982-4997]: one King, one Heir, BL Lieutenants, ceil(BL/2)
    Princes, BL Allies, Bishops up to 2 x native BL; Feudal Allies only under the total (setting A7)."""
    bl = nation.bl
    out = {"K": 1, "H": 1, "L": bl, "P": ceil(bl / 2), "A": bl, "B": 2 * bl}
    if state.settings.a07_feudal_ally_cap == "bl":
        out["F"] = bl
    return out


def total_cap(nation: Nation) -> int:
    """[L2020] at most Tech Level + 6 leaders in total."""
    return nation.tech_level + 6


def counts(state: State, nation: str, *, without: str | None = None) -> dict[str, int]:
    out: dict[str, int] = {}
    for lid, leader in state.leaders.items():
        if leader.nation == nation and lid != without:
            kind = "K" if leader.type in RULERS else leader.type
            out[kind] = out.get(kind, 0) + 1
    return out


def check_room(state: State, nation: Nation, leader_type: str, *, without: str | None = None) -> None:
    """Refuse a leader of `leader_type` the government does not allow or the limits have no room for.

    `without` leaves one leader out of the count (the one being promoted)."""
    if leader_type not in allowed_types(state, nation):
        raise Rejected(
            "lote.leader_type_not_allowed",
            f"A {nation.government.replace('_', ' ')} government may not have a {NAMES[leader_type]} "
            "(§2.2.4; Table 6-3).",
        )
    have = counts(state, nation.id, without=without)
    kind = "K" if leader_type in RULERS else leader_type
    cap = caps(state, nation).get(kind)
    if cap is not None and have.get(kind, 0) >= cap:
        raise Rejected(
            "lote.leader_limit",
            f"{nation.name} already has {have.get(kind, 0)} {NAMES[kind]}(s), the most allowed "
            f"({cap} at BL {nation.bl}, [L2024-2029]). Dismiss or promote one first.",
        )
    total = sum(n for t, n in have.items() if t in COUNTED)
    if leader_type in COUNTED and total >= total_cap(nation):
        raise Rejected(
            "lote.leader_limit",
            f"{nation.name} already has {total} leaders, the most Tech Level {nation.tech_level} allows "
            f"(TL + 6 = {total_cap(nation)}, [L2020-2023]).",
        )
