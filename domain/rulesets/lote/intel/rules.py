"""Table 7-1 [L6694-6726] and §7.3's entries as data, and the arithmetic of §2.6, §2.8 and §7.1-7.2.

Where Table 7-1 and the section text disagree on an operation's type (DIB, SGS, SJ, ST: digest Appendix A5), the
setting `a05_intel_capacity_source` picks one (the section text by default).
"""

from __future__ import annotations

from math import ceil, floor
from typing import Literal

from domain.rulesets.lote.model.state import Nation, State

Kind = Literal["oc", "ac", "either"]
Odds = Literal["always", "high", "medium", "low"]

# code: (Table 7-1 type, the §7.3 section's type, Table 7-1 odds, what `target` names)
TABLE_7_1: dict[str, tuple[Kind, Kind, Odds, str]] = {
    "AO": ("ac", "ac", "medium", "organization"),  # §7.3.1 [L6776-6787]
    "BA": ("oc", "oc", "high", "own_leader"),  # §7.3.2 [L6789-6800]
    "CA": ("either", "either", "high", "own_leader"),  # §7.3.3 [L6802-6811]
    "CI": ("oc", "oc", "high", "op_type"),  # §7.3.4 [L6813-6834]
    "CF": ("oc", "oc", "medium", "datum"),  # §7.3.5 [L6836-6849]
    "CR": ("ac", "ac", "medium", "revolt"),  # §7.3.6 [L6851-6870]
    "CM": ("oc", "oc", "low", "enemy_army"),  # §7.3.7 [L6872-6884]
    "CU": ("oc", "oc", "low", "enemy_place"),  # §7.3.8 [L6886-6900]
    "DAB": ("ac", "ac", "medium", "assassin_base"),  # §7.3.9 [L6902-6913]
    "DIB": ("oc", "ac", "medium", "intel_base"),  # §7.3.10 [L6915-6925] Type: Assassin
    "IE": ("oc", "oc", "medium", "enemy_sector"),  # §7.3.11 [L6927-6999]
    "JB": ("either", "either", "medium", "captured_leader"),  # §7.3.12 [L7001-7011]
    "KP": ("ac", "ac", "low", "enemy_leader"),  # §7.3.13 [L7012-7020]
    "KL": ("ac", "ac", "low", "enemy_leader"),  # §7.3.14 [L7022-7034]
    "KK": ("ac", "ac", "low", "enemy_ruler"),  # §7.3.15 [L7036-7048] "very low basic chance"
    "MI": ("oc", "oc", "always", "enemy_sector"),  # §7.3.16 [L7050-7063]
    "PI": ("ac", "ac", "high", "own_sector"),  # §7.3.17 [L7065-7080]
    "RE": ("oc", "oc", "low", "subverted"),  # §7.3.18 [L7082-7097] (optional rule)
    "RF": ("oc", "oc", "high", "fact"),  # §7.3.20 [L7114-7130]
    "RO": ("oc", "oc", "low", "subverted"),  # §7.3.19 [L7099-7112] (optional rule)
    "SO": ("either", "either", "always", "chain"),  # §7.3.21 [L7132-7159]
    "SGS": ("oc", "either", "low", "shipment"),  # §7.3.22 [L7161-7176] Type: Intel or Assassin
    "SJ": ("either", "ac", "medium", "object"),  # §7.3.23 [L7178-7188] Type: Assassin
    "SK": ("oc", "oc", "low", "enemy_nation"),  # §7.3.24 [L7190-7200]
    "ST": ("ac", "oc", "low", "treasury"),  # §7.3.25 [L7202-7214] Type: Intel
    "SI": ("oc", "oc", "medium", "enemy_infiltration"),  # §7.3.26 [L7216-7231]
    "SL": ("oc", "oc", "low", "enemy_leader"),  # §7.3.27 [L7233-7247]
    "SD": ("oc", "oc", "high", "diplomacy_place"),  # §7.3.28 [L7248-7258]
    "TA": ("ac", "ac", "medium", "location"),  # §7.3.29 [L7260-7295]
}
# operations aimed at another nation (the others serve the operator: BA, CA, CI, CF, CR, PI, SO)
HOSTILE_TARGETS = frozenset(
    {"organization", "enemy_army", "enemy_place", "assassin_base", "intel_base", "enemy_sector", "enemy_leader",
     "enemy_ruler", "subverted", "enemy_nation", "treasury", "enemy_infiltration", "shipment", "captured_leader"}
)  # fmt: skip
ASSASSIN_TARGETS = frozenset({"enemy_leader", "enemy_ruler"})  # [L6678-6683] no location: a negative modifier
SECTORS = ("government", "espionage", "military", "royal_family", "populace", "university", "religion")
ORGANIZATIONS = ("government", "religion")  # [L6776-6787] a government or a religious base
INTEL_BASE = ("oc", "ob")  # [L6915-6925]
ASSASSIN_BASE = ("ac", "ab")  # [L6902-6913]
ESPIONAGE_LEADERS = frozenset({"H", "P", "L", "B", "A"})  # [L5830-5836] Heir, Prince, Lieutenant, Bishop, Full Ally
ROYAL = frozenset({"K", "Q", "H"})  # [L7022-7048] KL takes non-royal leaders, KK the King or Heir
OPTIONAL = frozenset({"RE", "RO"})  # [L7082], [L7099] optional rules
COUNTER_OPS = frozenset({"CI", "CA", "CR"})  # [L6802-6870]
# [L6802-6811] Counter Assassination blocks "any attempts made against the protected leader": the operations the
# text says CA counters or resists (KP [L7018-7020], KL [L7030-7032], KK [L7044-7046])
CA_COUNTERS = frozenset({"KP", "KL", "KK"})
# [L6872-6900] Crush Revolt counters a Cause Mutiny or Cause Unrest "after" it occurs
CR_COUNTERS = frozenset({"CM", "CU"})
# [L6927-6999] a subverted sector's extra effects; RE needs a subverted Government, RO an Espionage Service
NEEDS_SUBVERTED = {"RE": "government", "RO": "espionage"}
SUBVERSION = 10  # [L6935-6936] "At level 10 and greater the sector is 'subverted'"
# the sector an operation works within, for the infiltration bonus noted on its item ([L6937-6940]: "a bonus to
# Operations directed against that sector, like more Infiltrate Enemy attempts, or Destroy Intel Base, or Cause
# Unrest"); the subverted sectors' named bonuses: Military to mutinies, army revolts and Subvert Leader, Populace to
# Cause Unrest ([L6968-6977])
OP_SECTOR = {
    "DIB": "espionage", "DAB": "espionage", "RO": "espionage", "RE": "government", "CU": "populace",
    "CM": "military", "SL": "military", "SK": "university", "KK": "royal_family",
}  # fmt: skip
# MI names a Subvert Infiltration it maintains as `si:<sector>` ([L7228-7231] "must be maintained by a MI")
SI_TARGETS = tuple(f"si:{s}" for s in ("government", "espionage", "military", "royal_family", "populace",
                                       "university", "religion"))  # fmt: skip


def kind_of(state: State, code: str) -> Kind:
    """The capacity an operation takes, as the setting A5 reads Table 7-1 against the section text."""
    table, text, _, _ = TABLE_7_1[code]
    return text if state.settings.a05_intel_capacity_source == "section_text" else table


def capacity_of(state: State, code: str, chosen: str | None) -> Literal["oc", "ac"]:
    """OC or AC: fixed by the operation, or the player's choice (`oc` if none) for those either may run."""
    kind = kind_of(state, code)
    if kind == "either":
        return "ac" if chosen == "ac" else "oc"
    return kind


def action_range(state: State, nation: Nation) -> int:
    """[L1509-1519] AR = Tech Level / 2, rounded down (setting A9 may round up). EX-34: TL 6 -> 3."""
    half = nation.tech_level / 2
    return floor(half) if state.settings.a09_action_range_rounding == "floor" else ceil(half)


def rating_cap(nation: Nation) -> int:
    """[L1424-1455] OC, OB, AC and AB each range from 0 to the Tech Level. EX-33: TL 6 -> at most 6."""
    return nation.tech_level
