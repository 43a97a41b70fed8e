"""Campaign settings: every contradiction of the digest's Appendix A as a switch with the digest's default.

GMs vary rules between campaigns ([11.4 L10465] "Costs ... may vary from Campaign to Campaign"), so each
conflict the rulebook leaves open is a field here rather than a silent choice in code. Field names carry the
Appendix A number. Settings are plain JSON types (the engine decodes them without a Fraction hook): percentages
are integers, ratios are "n/d" strings parsed by `ratio()`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Count, Decimal, Quantity


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # A1 [L966-981 vs L14928-14945] Homeland tax multiple: Table 2-13 says 2.0, Table 13-3 says 1.0.
    a01_homeland_tax_multiple: Literal["2", "1"] = "2"
    # A2 [L5422-5431 vs L3439-3462] terrain entry AP: Tables 4-9/13-1 (agree) or Table 6-17.
    a02_terrain_entry_table: Literal["4-9", "6-17"] = "4-9"
    # A3 [§6.2.4 vs Table 6-21] leader action costs: the section text, except Military Conversion (the example).
    a03_leader_action_source: Literal["section_text", "table_6_21"] = "section_text"
    # A4 [L8048-8069 vs L7874-7899] Preach 8+ and Take Indulgences 6+ (text) or 6 and 5 (Table 8-9).
    a04_primate_costs_source: Literal["text", "table_8_9"] = "text"
    # A5 [§7.3 vs Table 7-1] intel op capacity types: the section text.
    a05_intel_capacity_source: Literal["section_text", "table_7_1"] = "section_text"
    # A6 [L567-592 vs L5081-5094] heirs and princes by government: Table 6-3.
    a06_heirs_princes_source: Literal["table_6_3", "section_text"] = "table_6_3"
    # A7 [L2019-2041; L4991-4993] feudal allies: counted in the TL+6 total with no separate cap.
    a07_feudal_ally_cap: Literal["total_only", "bl"] = "total_only"
    # A8 [L2111-2114 vs L1190-1194, L8283-8288] CCR adds the King's leadership only when he Rules.
    a08_ccr_leadership: Literal["only_when_ruling", "always"] = "only_when_ruling"
    # A9 [L1509-1519 vs L9614-9620] Action Range = TL/2 rounded down.
    a09_action_range_rounding: Literal["floor", "ceil"] = "floor"
    # A10 [L6739-6750; L7447-7450; L9580-9600] Action Range measured in AP for every kind of operation.
    a10_action_range_metric: Literal["ap", "regions"] = "ap"
    # A11 [L1707-1711 vs L4894-4912] cultivation megaliths need no project support.
    a11_cultivation_megaliths_supported: bool = False
    # A12 [L3746-3750 vs L15045] cavalry cargo from Table 13-5.
    a12_cavalry_cargo_source: Literal["table_13_5", "ferry_example"] = "table_13_5"
    # A13 the worked examples' arithmetic errors: tests pin the rule-derived values (no switch needed).
    # A14 [L2616-2617 vs L2555, L2625-2628] the city RV +1 counts once, and not for garrison size.
    a14_city_rv_bonus: Literal["once_not_for_garrison", "once", "per_attribute"] = "once_not_for_garrison"
    # A15 [L8505-8512 vs L11869-11919] Imperial Size from the §12.2 tables.
    a15_imperial_size_formula: Literal["section_12_2"] = "section_12_2"
    # A16 [L11971-11982] Table 12-5 has no Democracy or Anarchy row: GM parameters (digest suggestion).
    a16_is_government_democracy: Decimal = "1"
    a16_is_government_anarchy: Decimal = "2"
    # A17 [L1603-1616] Table 2-19 has no Oasis row: the GM's troop-support multiple for oases (desert row).
    a17_oasis_troop_support_row: Literal["d", "c", "w"] = "d"
    # A18 [L2007-2017] agro conversion bands [0,50), [50,100), [100,inf).
    a18_agro_bands: Literal["half_open"] = "half_open"
    # A19 [L1009-1011, L2677-2680 vs L1044-1046] internal-trade MSP: whole 20s for city income, fractions in ICT.
    a19_internal_trade_rounding: Literal["as_written", "whole_twenties_everywhere"] = "as_written"
    # A20 [L1573-1577 vs L4253-4256] troop support computed at the end of turn N for units held then, paid in N+1.
    a20_troop_support_timing: Literal["end_of_previous_turn"] = "end_of_previous_turn"
    # A21 [L10527-10530 vs L4678-4685] expansion tears walls down; rebuild at full GP (the rule example).
    a21_wall_rebuild_on_expansion: Literal["full_cost", "half_cost"] = "full_cost"
    # A22 [L5288-5291 vs L5297-5306] no cap on AP above the leader-alone capacity.
    a22_cap_ap_at_leader_alone: bool = False
    # A23 [Table 6-15] AP per year outside 2..12 is clamped and flagged to the GM.
    a23_impulse_clamp: Literal["clamp_and_flag"] = "clamp_and_flag"
    # A24 [L6080-6088 vs L7855-7861, L9634-9640] Primacy/Cult regions count as controlled for movement.
    a24_primacy_regions_for_movement: Literal["controlled", "uncontrolled"] = "controlled"
    # A25 [L9596-9599] the cult web needs regions held by the Cult (not the Primacy).
    a25_cult_web_holder: Literal["cult"] = "cult"
    # A26 [L4770-4772 vs L4783-4786] Postal Road: 0.5 x multiplier, no rounding.
    a26_postal_road_rounding: Literal["none", "round_up"] = "none"
    # A27 [L7953-7960] tithe: the nation loses (tithe - 4)% of tax rate; the Primacy receives tithe% of net.
    a27_tithe: Literal["rate_cut_and_payment"] = "rate_cut_and_payment"
    # A28 [L5732-5736] diplomacy may target c/hs/aw regions with GM penalties.
    a28_diplomacy_on_hostile: bool = True
    # A29 count words ("24 zones", "six codes", "six factors"): enumerate as listed (no switch needed).
    # A30 [L1634-1640] the In Garrison x1.5 applies to every garrison unit in a Pacified region.
    a30_garrison_multiplier: Literal["all_garrisons_in_p", "leader_armies_only"] = "all_garrisons_in_p"
    # A31 [L2257-2266 vs L8281-8292] CCR revolt checks apply to garrisoned P regions (with a strong modifier).
    a31_pacified_ccr_checks: bool = True
    # A32 [L1537-1555; L1866-1876] unrecoverable: the city-PWB divisor in city agro consumption (GM parameter).
    a32_city_pwb_agro_divisor: Count = 10
    # A33 [L4814-4817] which canals count as sea zones: scenario data (no switch).
    # A34 [L779-782; L15562] languages and maps: scenario data (no switch).
    # A35 [L2320-2321; §6.1.4] full-ally troops are paid by the nation.
    a35_full_ally_troops_paid: bool = True

    # Not in Appendix A, but open: [L8347-8352] the capital, and cities linked to it by Royal Road, "count fully
    # toward the ITV regardless of previous modifiers". "formula": the §2.3.2 CTV unchanged (the digest's open
    # question); "unmodified": their status, terrain and culture modifiers count as 1.0.
    capital_trade_value: Literal["formula", "unmodified"] = "formula"

    # [L1156-1168] NFP "are drawn from Friendly populations in regions and cities, and from high Public Works ...
    # (if you have an active Census)": no formula is given. "gm": the GM sets each nation's NFP income;
    # "friendly_gpv": the engine recomputes it at R8 from these coefficients (ratios as strings).
    nfp_rule: Literal["gm", "friendly_gpv"] = "gm"
    nfp_per_friendly_region_gpv: Decimal = "1"
    nfp_per_friendly_city_gpv: Decimal = "1"
    nfp_per_census_pwb: Decimal = "1/20"

    # House rules the rulebook leaves to the GM (§3.0 adjudication points), with their engine proposals.
    # [L4062-4072] "luck of the bones": the engine proposes a rise when pool x 2d6 / 7 >= cost x next level
    # (+ the BL penalty per Imperial Size point); the GM confirms or overrides every proposal.
    investment_gp_per_level: Count = 10
    investment_bl_is_penalty: Quantity = 5
    # [L5211-5213] "All of your leaders will eventually die of old age": no odds are given. From this age (at the
    # end of a turn) the engine raises a `leader_death` item for the GM to rule on; 0 turns the checks off.
    old_age_check_from: Annotated[int, msgspec.Meta(ge=0, le=200)] = 60
    # [L11562-11720] battles, sieges and assaults have no result table: "gm" leaves every one to the GM
    # (ResolveBattle, with the automatic resolver's proposal and dice shown); "auto" settles them at R6 with the
    # documented automatic resolver (`military/resolver.py`), the GM correcting by rollback if he disagrees.
    battle_resolution: Literal["gm", "auto"] = "gm"
    # [L2801-2802 vs L5629-5636] a blockaded port: Table 2-47's Blockaded Sea Trade (50% throughput, "bst") or
    # the Blockade action's "prevents any International trade from being traced by sea from that City" ("closed").
    trade_blockade: Literal["bst", "closed"] = "bst"
    # [L2849-2855] a closed route's duration "degrades" at a rate the rulebook does not give: years lost per year
    # the route is closed (or blocked by war).
    trade_decay_years_per_year: Annotated[int, msgspec.Meta(ge=0, le=10)] = 1
    # P2-B [L7082-7112] Rearrange Expenditures and Revise Orders are "(Optional Rule)": on unless the GM omits them
    p2b_rearrange_and_revise: bool = True
    # P2-D the Heir who is still a child: [L5064-5068] "the eldest son of the King's children will always be the
    # Imperial Heir" ("eldest_son"), or Table 6-1 [L5010-5011] "usually the eldest son or daughter" ("eldest_child")
    p2d_heir: Literal["eldest_son", "eldest_child"] = "eldest_son"
    # P2-D a Spy's death: [L5171-5172] "half of the subversion will be lost" ("half") or [L5251-5253] "the
    # Infiltration that he represents is lost" ("all")
    p2d_spy_death: Literal["half", "all"] = "half"
    # P2-D [L8940-8944] after a Dynastic Failure a region goes with a rebel "if his Charisma is strong, or if there
    # is not another loyal leader" near: the Charisma from which the engine proposes it goes with him anyway
    p2d_strong_charisma: Annotated[int, msgspec.Meta(ge=1, le=11)] = 9
    # P2-B [L7220-7223] "once the SI exceeds 10 then the infiltration carries over into the infiltrating country's
    # Intel Service sector": "excess" carries the levels past 10 into an infiltration of that sector; "level" gives
    # that infiltration the SI's whole level (`intel/infiltration.py`)
    p2b_si_carry_over: Literal["excess", "level"] = "excess"
    # P2-C [L1458-1462] "A given statistic can only increase by one point per turn": read as holding for the
    # Religious Strength too (a Raise Religious Strength or a monument adds at most one point a turn).
    p2c_rs_one_rise_per_turn: bool = True
    # P2-C [L4936-4941] a Religious Monument adds one RS per two levels, "The maximum boost to Religious Strength is
    # +1 per turn": "spread" pays the whole boost one point a turn; "once" gives at most one point per monument.
    p2c_monument_rs: Literal["spread", "once"] = "spread"
    # P2-C [L7541-7543] influence not maintained "is halved": an odd level rounds down ("floor") or up ("ceil").
    p2c_influence_halving: Literal["floor", "ceil"] = "floor"


def ratio(text: str) -> Fraction:
    """A settings ratio ("1", "3/2", "0.5") as an exact fraction."""
    return Fraction(text)
