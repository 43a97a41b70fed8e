"""Command-control tracing (§9.1.1.1 [L8293-8339]) and the line of communication (§9.8 [L8915-8923]) raising
revolt checks for the GM; EX-40 and EX-41 of the digest."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.control.tracing import ccr, ccr_costs, in_range, loc_sea_zones
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import city, game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king


def russia(
    rule: bool = True, leaders: dict[str, Any] | None = None, borders: list[Any] | None = None, **extra_regions: Any
) -> Game:
    """EX-40's map: Novgorod (capital) - Livonia (wilderness) - the Dvina and Dnepr (river sections, sea zones,
    [L3372-3374]) - the Mare Negri - the Black Sea - Abasigia - Georgia (conquered)."""
    setup = scenario(
        nations={
            "rus": nation("Russia", bl=3, capital="Novgorod", saved_gp="500"),
            "byz": nation("Byzantium", religion="EO"),
        },
        regions={
            "Novgorod": region(3, statuses={"rus": "hm"}),
            "Livonia": region(2, "w", statuses={"rus": "f"}, coastal=True),
            "Abasigia": region(2, statuses={"rus": "f"}, coastal=True),
            "Georgia": region(2, statuses={"rus": "p"}, garrison={"rus": {"I": 5}}),
            "Thrace": region(3, statuses={"byz": "hm"}),
            **extra_regions,
        },
        cities={"Novgorod": city("Novgorod", 3, statuses={"rus": "hm"})},
        sea_zones={"Dvina": {}, "Dnepr": {}, "Mare Negri": {}, "Black Sea": {}},
        borders=[{"a": "Novgorod", "b": "Livonia"}, {"a": "Abasigia", "b": "Georgia"}, *(borders or [])],
        coasts=[{"region": "Livonia", "sea_zone": "Dvina"}, {"region": "Abasigia", "sea_zone": "Black Sea"}],
        sea_borders=[
            {"a": "Dvina", "b": "Dnepr"},
            {"a": "Dnepr", "b": "Mare Negri"},
            {"a": "Mare Negri", "b": "Black Sea"},
        ],
        leaders={"tsar": king("rus", "Novgorod", hidden=2), "basil": king("byz", "Thrace"), **(leaders or {})},
    )
    g = game(setup)
    if rule:  # §6.2.4.30: the Tsar Rules this turn, so his Administration counts ([L8286-8289])
        g.when(GiveItinerary(line="r", army="tsar", steps=[Step(kind="act", action="Rule")]), seat("rus"))
    return g


def _items(g: Game) -> dict[str, Any]:
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    return {e.item.subject: e.item for e in events if isinstance(e, m.AdjudicationRaised)}


def test_ex40_georgia_is_eight_ap_from_novgorod_beyond_the_tsars_ccr_of_five() -> None:
    """EX-40 [L8313-8326] "BL is 3 and the Tsar's Administration is 2. This gives a CCR of (2+3 = 5ap) ... through
    Livonia (2 Actions) to the Dvina River, south along the Dvina and Dnepr to the Mare Negri (3 Actions), then
    through the Black Sea to Abasigia (2 Actions). Finally into Georgia (1 Action) for a total of 8 Actions ... the
    Russian armies in Georgia are out of range and liable to revolt"."""
    g = russia()
    rus = g.rules.nations["rus"]
    assert ccr(g.rules, rus)[0] == 5
    costs = ccr_costs(g.rules, rus)
    assert (costs["Livonia"], costs["Mare Negri"], costs["Abasigia"], costs["Georgia"]) == (2, 5, 7, 8)
    assert not in_range(costs["Georgia"], 5)
    items = _items(g)
    georgia = items["region:Georgia"]
    assert (georgia.kind, georgia.nation, georgia.proposal) == ("revolt_check", "rus", "holds")
    for text in ("8 AP", "CCR = BL 3 + King's Administration 2 = 5", "status p", "RV 5"):
        assert text in georgia.explanation
    assert "region:Livonia" not in items  # 2 AP: within range


def test_without_the_king_ruling_the_ccr_is_the_bl_alone() -> None:
    """[L8286-8289] the Administration counts "if the King is Ruling"; setting A8 (default) keeps that condition."""
    g = russia(rule=False)
    assert ccr(g.rules, g.rules.nations["rus"]) == (3, "CCR = BL 3 (no King Ruling this turn)")
    assert "region:Livonia" not in _items(g)


def test_ex41_rivers_and_a_highway_from_dakota_to_mohawk_cost_6_ap() -> None:
    """EX-41 [L8328-8334] "the messenger boards a courier boat on the Missouri (1ap), which takes him to the Middle
    Great Snake (1ap), then up the Ohio (1ap) to Wenro (1ap). A highway runs from Wenro, through Cayuga (0.5ap)
    and Iroquois (0.5ap) to Mohawk (0.5 AP) for a total of 5.5 (rounded up to 6) ap"."""
    road = {"royal_road": True}
    setup = scenario(
        nations={"hid": nation("Hideyoshi", bl=6, capital="Igashi")},
        regions={
            name: region(2, statuses={"hid": "hm" if name == "Dakota" else "f"}, coastal=True)
            for name in ("Dakota", "Wenro", "Cayuga", "Iroquois", "Mohawk")
        },
        cities={"Igashi": city("Dakota", 4, statuses={"hid": "hm"})},
        sea_zones={"Missouri": {}, "Middle Great Snake": {}, "Ohio": {}},
        borders=[
            {"a": "Wenro", "b": "Cayuga", **road},
            {"a": "Cayuga", "b": "Iroquois", **road},
            {"a": "Iroquois", "b": "Mohawk", **road},
        ],
        coasts=[{"region": "Dakota", "sea_zone": "Missouri"}, {"region": "Wenro", "sea_zone": "Ohio"}],
        sea_borders=[{"a": "Missouri", "b": "Middle Great Snake"}, {"a": "Middle Great Snake", "b": "Ohio"}],
        leaders={"shogun": king("hid", "Igashi")},
    )
    state = game(setup).rules
    costs = ccr_costs(state, state.nations["hid"])
    assert (costs["Wenro"], costs["Mohawk"]) == (4, Fraction(11, 2))
    assert in_range(costs["Mohawk"], 6) and not in_range(costs["Mohawk"], 5)  # 5.5 rounded up to 6


def test_ex41_the_all_highway_route_is_fourteen_raw_ap_halved_to_7() -> None:
    """EX-41 [L8335-8337] "Using the highway network from Igashi to Mohawk would be eleven regions, one bridged
    river (the Missouri), one unbridged river (the Middle Snake), and 14 raw ap, halved for the Road, = 7ap".

    The text does not give the regions' terrain: eleven entries of 1 and one unbridged river make 12, not 14. Two
    wilderness regions (Civilized entry 2, Table 4-9) give the printed 14 raw AP. A Postal Road halves the same way
    for CCR tracing ([L4849-4852]), so the last stretch is one."""
    names = ["Dakota", *(f"R{i}" for i in range(1, 11)), "Mohawk"]  # Dakota and the eleven regions entered
    terrain = {"R3": "w", "R7": "w"}
    borders = []
    for i, (a, b) in enumerate(itertools.pairwise(names)):
        border = {"a": a, "b": b, "royal_road": i < 9, "postal_road": i >= 9}
        if i == 2:
            border |= {"kind": "river", "bridged": True}  # the Missouri
        if i == 5:
            border |= {"kind": "river"}  # the Middle Snake, unbridged: +1
        borders.append(border)
    setup = scenario(
        nations={"hid": nation("Hideyoshi", bl=7, capital="Dakota")},
        regions={n: region(2, terrain.get(n, "c"), statuses={"hid": "hm" if n == "Dakota" else "f"}) for n in names},
        borders=borders,
        leaders={"shogun": king("hid", "Dakota")},
    )
    state = game(setup).rules
    assert ccr_costs(state, state.nations["hid"])["Mohawk"] == 7  # 14 raw AP halved


def test_uncontrolled_regions_are_deadly_and_a_region_with_no_line_of_communication_gets_an_extra_check() -> None:
    """[L8305-8306] "uncontrolled regions are deadly" (+1 AP, Table 6-25); [L8918-8923] a controlled region that
    cannot trace "via controlled contiguous land regions and/or no more than three non-Hostile, non-Blockaded Sea
    Zones to the Capital" makes an extra revolt check. Georgia's line runs through four sea zones."""
    g = russia()
    rus = g.rules.nations["rus"]
    seas = loc_sea_zones(g.rules, rus)
    assert (seas["Livonia"], seas["Abasigia"], seas["Georgia"]) == (0, 4, 4)
    items = _items(g)
    assert "loc: no line of communication within 3 sea zones (4 sea zones)" in items["region:Georgia"].explanation
    assert "loc:" in items["region:Abasigia"].explanation


def test_a_revolt_the_gm_rules_loses_the_region_and_its_garrison_and_the_seat_learns_of_the_check_only_then() -> None:
    """[L8289-8291] out-of-range regions "may revolt": the GM rules it (a reason), the nation's status and its
    garrison there are gone. The check is the GM's alone until it revolts: the CCR counts the King's hidden
    Administration ([L2111-2117], "which the owner never sees"), so the seat sees neither the item nor its inputs
    while it is pending; once ruled "revolts" it sees the ruling (without the GM's reason) and the revolt."""
    g = russia()
    g.when(AdvancePhase())
    g.dice(6, 6, purpose="revolt:rus:Georgia")
    events = g.when(AdvancePhase())
    (raised,) = [e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.subject == "region:Georgia"]
    assert raised.item.rolls == (6, 6)
    assert redact(raised, seat("rus")) is None and redact(raised, seat("byz")) is None
    assert raised.item.item_id not in g.view(seat("rus")).adjudications
    assert g.rejects(m.OverrideAdjudication(item_id=raised.item.item_id, outcome="burns", reason="x")).code == (
        "lote.bad_outcome"
    )
    for item in list(g.rules.adjudications.values()):
        if item.subject == "region:Georgia":
            g.when(
                m.OverrideAdjudication(item_id=item.item_id, outcome="revolts", reason="2d6 = 12, far from Novgorod")
            )
        else:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    (ruled,) = [e for e in g.events if isinstance(e, m.AdjudicationDecided) and e.item_id == raised.item.item_id]
    seen = redact(ruled, seat("rus"))
    assert isinstance(seen, m.AdjudicationDecided) and seen.outcome == "revolts" and seen.reason == ""
    assert g.view(seat("rus")).adjudications[raised.item.item_id].explanation == ""
    events = g.when(AdvancePhase())
    (revolt,) = [e for e in events if isinstance(e, m.PlaceRevolted)]
    assert (revolt.place, revolt.nation, revolt.units) == ("Georgia", "rus", {"I": 5})
    assert "rus" not in g.rules.regions["Georgia"].statuses and not g.rules.regions["Georgia"].garrison
    assert redact(revolt, seat("byz")) is None
    assert "Georgia" in repr(g.view(GM).newsfax_draft)


def test_a_check_that_holds_leaves_no_trace_for_the_seat() -> None:
    """A check the GM rules "holds" is never shown to the owner (item, ruling or status-report line): which places
    are checked would tell him his King's hidden Administration ([L2111-2117])."""
    g = russia()
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    checks = [e for e in events if isinstance(e, m.AdjudicationRaised) and e.item.kind == "revolt_check"]
    assert checks and all(redact(e, seat("rus")) is None for e in checks)
    for item in list(g.rules.adjudications.values()):
        g.when(m.ConfirmAdjudication(item_id=item.item_id))
    decided = [e for e in g.events if isinstance(e, m.AdjudicationDecided) and "revolt_check" in e.item_id]
    assert decided and all(redact(e, seat("rus")) is None for e in decided)
    assert all(i.kind != "revolt_check" for i in g.view(seat("rus")).adjudications.values())
    g.when(AdvancePhase())
    assert "Revolt check" not in repr(g.view(seat("rus")))


def test_leaders_beyond_the_ccr_are_checked_too() -> None:
    """[L8915-8917] "If any of your regions or leaders fall outside your King's Command Control Radius, they may
    revolt"; the item carries the leader's Loyalty (GM only)."""
    lieutenant = king("rus", "Georgia", type="L", army_no="2", hidden=3, units={"I": 2})
    item = _items(russia(rule=False, leaders={"lt": lieutenant}))["leader:lt"]
    assert "Loyalty 3" in item.explanation and "leader at Georgia" in item.explanation


def test_a_place_won_in_the_adjudication_phase_is_checked_at_the_end_of_the_turn_and_waits_for_the_next() -> None:
    """EX-40 [L8316-8317] Georgia was conquered "in the most recent turn": a battle the GM rules in the adjudication
    phase comes after the checks raised when validation closed, so the end of the turn raises the check it calls
    for; the item waits for the next adjudication phase, and is not raised twice."""
    g = russia(rule=False, borders=[{"a": "Georgia", "b": "Kartli"}], Kartli=region(2))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assert "t1-rus-revolt_check-region:Kartli" not in g.rules.adjudications
    g.when(m.SetControlStatus(place="Kartli", nation="rus", status="p", reason="the battle of Kartli"))
    g.when(m.AdjustUnits(nation="rus", units={"I": 9}, place="Kartli", reason="the victors' garrison"))
    for item in [i for i in g.rules.adjudications.values() if i.outcome is None]:
        g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    late = g.rules.adjudications["t1-rus-revolt_check-region:Kartli"]
    assert late.outcome is None and "courier cost 9 AP" in late.explanation  # Georgia's 8, then Kartli 1
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    raised = [e.item.kind for e in events if isinstance(e, m.AdjudicationRaised) and "Kartli" in e.item.subject]
    assert raised == ["assimilation"]  # five years on; the pending revolt check of turn 1 stands for turn 2's
