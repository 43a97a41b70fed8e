"""Figures the stat sheet derives from the state (HBZ, Action Range, ESI, caps) and the order form added up."""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

import msgspec

from domain.engine import Rejected
from domain.rulesets.lote.construction import budget
from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.movement.hbz import hbz_radius
from domain.rulesets.lote.scenario.enums import Exact


class Derived(msgspec.Struct, frozen=True):
    """Figures the stat sheet derives, and the current order form added up (sample form L15314-15390)."""

    hbz: int
    action_range: int
    capital_fixed: bool
    esi: Exact
    max_tax_pct: int
    rating_caps: dict[str, int]
    form_net: Exact
    form_gp_available: Exact
    form_gp_spent: Exact
    form_saved_gp: Exact
    form_nfp_available: Exact
    form_nfp_spent: Exact
    form_saved_nfp: Exact


RATINGS = ("bl", "infra", "cav_qr", "inf_qr", "warship_qr", "siege_qr", "oc", "ob", "ac", "ab", "roc", "rob")


def derive(state: State, nation: Nation) -> Derived:
    """HBZ = ceil(BL/2) ([L1273-1299]); Action Range = TL/2 rounded by setting A9 ([L1509-1519]); the capital is
    fixed once BL or Infra reach 2 ([L8361-8387])."""
    half = Fraction(nation.tech_level, 2)
    action_range = floor(half) if state.settings.a09_action_range_rounding == "floor" else ceil(half)
    caps = {r: c for r in RATINGS if (c := budget.rating_cap(state, nation, r)) is not None}
    form = list(state.forms[nation.id].lines.values()) if nation.id in state.forms else []
    try:
        t = budget.totals(state, nation, form)
    except Rejected:  # a line no longer holds (a GM ruling changed the state): show the form as empty
        t = budget.totals(state, nation, [])
    return Derived(
        hbz=hbz_radius(nation.bl),
        action_range=action_range,
        capital_fixed=nation.bl >= 2 or nation.infra >= 2,
        esi=nation.revenue.esi,
        max_tax_pct=economy.max_tax_pct(state),
        rating_caps=caps,
        form_net=t.net,
        form_gp_available=t.gp_available,
        form_gp_spent=t.gp_spent,
        form_saved_gp=t.saved_gp,
        form_nfp_available=t.nfp_available + t.conscription_extra,
        form_nfp_spent=t.nfp_spent,
        form_saved_nfp=t.saved_nfp,
    )
