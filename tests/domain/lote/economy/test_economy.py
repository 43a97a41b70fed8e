"""The economy kernel (digest §3): the rulebook's worked examples EX-01..EX-10, EX-25, EX-30 and properties."""

from __future__ import annotations

from fractions import Fraction
from math import ceil

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from domain.rulesets.lote.economy import economy
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.lote.helpers import city, game, nation, region, scenario


def _one_city(status: str, codes: list[str], gpv: int = 8, culture: str = "C") -> Fraction:
    setup = scenario(
        nations={"d": nation("Delhi", culture=culture)},
        regions={"Gujarat": region(3, statuses={"d": "a"})},
        cities={"Bombay": city("Gujarat", gpv, codes=codes, statuses={"d": status})},
    )
    g = game(setup)
    n, c = g.rules.nations["d"], g.rules.cities["Bombay"]
    return economy.city_trade_value(g.rules, n, c, status)


def test_ex01_city_trade_value_of_a_friendly_port_is_3_2() -> None:
    """EX-01 [L851-854] Bombay (8/3) x 1.5 x 1.0 x 1.0 x 0.8 = 3.2 (the city itself Friendly)."""
    assert _one_city("f", ["p"]) == Fraction(16, 5)


def test_ex01_an_allied_city_trades_at_three_quarters_the_printed_value() -> None:
    """EX-01 is X: Table 2-7 gives an allied city 0.75, so 2.4; the example printed 1.0 (Appendix A13)."""
    assert _one_city("a", ["p"]) == Fraction(12, 5)


def test_only_the_best_city_code_counts_for_trade() -> None:
    """[L2594-2598] one code is printed: the one with the highest value (capital + port -> port 1.5)."""
    assert _one_city("f", ["c", "p"]) == _one_city("f", ["p"])
    assert _one_city("f", ["#"]) == _one_city("f", ["p"])  # capital and port on road: '+' 1.5


def _kanem(roads: int) -> tuple[Fraction, Fraction]:
    regions = {f"R{i}": region(1, statuses={"k": "f"}) for i in range(12)}
    sizes = [1, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4]  # smallest 1, the others 38
    cities = {
        f"C{i}": city(f"R{i}", gpv, codes=["r"] if i < roads else ["/"], statuses={"k": "f"})
        for i, gpv in enumerate(sizes)
    }
    g = game(scenario(nations={"k": nation("Kanem-Bornu", geo_zone="SSA")}, regions=regions, cities=cities))
    return economy.inter_city_trade(g.rules, g.rules.nations["k"])


def test_ex02_inter_city_trade_and_royal_road_income_is_43_3() -> None:
    """EX-02 [L1074-1079] 39 GPv - 1 (smallest) = 38; RRI (5-1)^2/3 = 5.3; total 43.3."""
    subtotal, rri = _kanem(roads=5)
    assert subtotal == 38 and rri == Fraction(16, 3)
    assert round(float(subtotal + rri), 1) == 43.3


def test_ex03_government_support_for_bl_10_infra_22_is_882() -> None:
    """EX-03 [L1681-1685] ((10 x 2) + 22)^2 / 2 = 882."""
    g = game(scenario(nations={"s": nation("Sweden-Russia", bl=10, infra=22)}, regions={"R": region(1)}))
    assert g.rules.nations["s"].support.government == 882


def test_support_scales_with_years_per_turn() -> None:
    """[L1557-1565] four-year turns pay 80% of the support."""
    setup = scenario(nations={"s": nation("S", bl=10, infra=22)}, regions={"R": region(1)}, start_year=1400)
    assert game(setup).rules.nations["s"].support.government == Fraction(882 * 4, 5)


def test_ex04_project_support_for_mali_is_139() -> None:
    """EX-04 [L1728-1734] (800 / ((8+2) x 10))^2 = 64, + 5 x 15 megalith levels = 139."""
    assert economy.pwb_upkeep(Fraction(800), 8) + 5 * 15 == 139


def test_megaliths_in_regions_that_began_as_c2_need_no_support() -> None:
    """[L1707-1711] original c2 regions are exempt; other regions pay 5 GP per level."""
    mega = [{"kind": "monolith", "levels": 2}]
    setup = scenario(
        nations={"m": nation("M")},
        regions={"Rich": region(2, "c2", statuses={"m": "f"}, megaliths=mega),
                 "Poor": region(2, "w", statuses={"m": "f"}, megaliths=mega)},
    )  # fmt: skip
    assert economy.supported_megalith_levels(game(setup).rules, game(setup).rules.nations["m"]) == 2


def test_ex05_training_support_of_the_seiwa_is_0_26() -> None:
    """EX-05 [L1777-1783] tQR 3, (3/2)^2 x 23.4 / 200 = 0.263 -> printed 0.26."""
    value = economy.training_support((9, 8, 7, 5), Fraction("23.4"))
    assert value == Fraction("52.65") / 200 and round(float(value), 2) == 0.26


def test_ex06_kwanto_produces_25_agro() -> None:
    """EX-06 [L1832-1837] (4 x 2 + 80/5 + 1 port) x 1 = 25."""
    setup = scenario(
        nations={"j": nation("Murashima", geo_zone="JP")},
        regions={"Kwanto": region(4, "c2", pwb=80, statuses={"j": "hm"})},
        cities={"Edo": city("Kwanto", 12, codes=["c", "p"], statuses={"j": "hm"})},
    )
    g = game(setup)
    assert economy.region_agro(g.rules, "Kwanto", g.rules.regions["Kwanto"], "hm") == 25


def test_ex07_a_shared_tributary_port_bases_50_msp_per_nation_and_100_in_all() -> None:
    """EX-07 [L2710-2712] Adulis 5 GPv held at t by Egypt and Axum: 5 x 20 x 0.5 = 50; total 100."""
    setup = scenario(
        nations={"e": nation("Egypt"), "x": nation("Axum")},
        regions={"Eritrea": region(2, statuses={"x": "f"})},
        cities={"Adulis": city("Eritrea", 5, codes=["p"], statuses={"e": "t", "x": "t"})},
    )
    from domain.rulesets.lote.construction.budget import port_limits

    g = game(setup)
    assert port_limits(g.rules, "e", "Adulis") == (50, 100) == port_limits(g.rules, "x", "Adulis")


def test_ex08_a_friendly_15_gpv_port_bases_300_msp_a_tributary_150() -> None:
    """EX-08 [L3944-3954]."""
    from domain.rulesets.lote.construction.budget import port_limits

    setup = scenario(
        nations={"a": nation("A"), "b": nation("B")},
        regions={"R": region(2, "c2")},
        cities={"P": city("R", 15, codes=["p"], statuses={"a": "f", "b": "t"})},
    )
    g = game(setup)
    assert port_limits(g.rules, "a", "P")[0] == 300 and port_limits(g.rules, "b", "P")[0] == 150


def test_ex09_six_msp_over_one_sea_zone_at_range_3_are_18_emsp_and_ttv_rounds_up_to_14() -> None:
    """EX-09 [L2912-2918] (X: three medium transports would be 9 MSP, 27 eMSP; the rule value for 6 MSP is 18)."""
    assert economy.effective_msp(6, Fraction(3), 1) == 18
    assert ceil(Fraction("4.5") + Fraction("9.2")) == 14


def test_ex10_automatic_shipping_gives_england_one_msp_and_spain_none() -> None:
    """EX-10 [L2957-2966] TTV 35, MSP 20 + 8; the printed free capacity 10 is X (the arithmetic gives 7).

    Both readings give England +1 (0.75 or 0.525 rounded) and Spain +0.
    """
    assert economy.new_shipping(Fraction(35), Fraction(20), Fraction(8), Fraction("0.105"), 20, 8) == 1
    assert economy.new_shipping(Fraction(35), Fraction(8), Fraction(20), Fraction("0.08"), 8, 20) == 0


def test_a_route_at_capacity_generates_no_new_shipping() -> None:
    assert economy.new_shipping(Fraction(20), Fraction(15), Fraction(5), Fraction("0.2"), 15, 5) == 0


def test_ex25_census_of_ming_costs_110_gp_and_6_nfp_and_taxes_at_110_percent() -> None:
    """EX-25 [L8456-8465] 19 x 5 + 30 x 1/2 = 110 GP; 110/20 = 5.5 -> 6 NFP; 100% x 1.1 = 110%."""
    assert economy.census_cost(19, 30) == (110, 6)
    g = game(scenario(nations={"m": nation("Ming", census=True, geo_zone="CH")}, regions={"R": region(1)}))
    assert economy.effective_tax_pct(g.rules, g.rules.nations["m"]) == 110


def test_ex30_england_earns_64_7_and_russia_32_5_on_their_route() -> None:
    """EX-30 [L11823-11865] D = sqrt(1.15) -> 1.07, M 0.72 and 0.50 (printed precision, truncated)."""
    d = economy.duration_modifier(115)
    assert d == Fraction(107, 100)
    ys, ts = economy.effective_msp(35, Fraction(3), 3), economy.effective_msp(10, Fraction(3), 3)
    m_eng = economy.shipping_modifier(Fraction(30), Fraction(25), ys, ts)
    m_rus = economy.shipping_modifier(Fraction(25), Fraction(30), ts, ys)
    assert (m_eng, m_rus) == (Fraction(72, 100), Fraction(50, 100))
    eng = economy.route_income(Fraction(30), Fraction(25), Fraction("0.112"), 115, Fraction(1), m_eng)
    rus = economy.route_income(Fraction(25), Fraction(30), Fraction("0.081"), 115, Fraction(1), m_rus)
    assert (round(float(eng), 1), round(float(rus), 1)) == (64.7, 32.5)


def test_a_sea_route_between_two_nations_pays_each_by_its_own_nmv() -> None:
    """[L11729-11732] GP = Yv x Tv x N x D x P x M, through the whole sheet (a GM-maintained route record)."""
    setup = scenario(
        nations={"e": nation("England", nmv="0.112"), "r": nation("Russia", nmv="0.081")},
        regions={"Kent": region(3, statuses={"e": "f"}), "Livonia": region(3, statuses={"r": "f"})},
        cities={"London": city("Kent", 6, codes=["p"], statuses={"e": "f"}),
                "Riga": city("Livonia", 6, codes=["p"], statuses={"r": "f"})},
        fleets={"ef": {"nation": "e", "base_port": "London", "activity": "sea_trade", "route": "X", "msp": 35},
                "rf": {"nation": "r", "base_port": "Riga", "activity": "sea_trade", "route": "X", "msp": 10}},
        trade_routes={"X": {"kind": "S", "nation_a": "e", "nation_b": "r", "sea_zones": 3, "duration_years": 115}},
    )  # fmt: skip
    g = game(setup)
    e, r = g.rules.nations["e"], g.rules.nations["r"]
    itvs = {"e": e.revenue.itv, "r": r.revenue.itv}
    assert e.revenue.international == economy.international_trade_income(g.rules, e, itvs) > 0
    assert e.revenue.international / r.revenue.international != 1


def test_homeland_regions_tax_double_by_default_and_single_under_setting_a1() -> None:
    """A1 [L966-981 vs L14928-14945]: Table 2-13 hm 2.0 by default; Table 13-3's 1.0 on request."""
    setup = scenario(nations={"h": nation("H")}, regions={"Home": region(4, statuses={"h": "hm"})})
    assert game(setup).rules.nations["h"].revenue.regional == 8
    single = game(setup, Settings(a01_homeland_tax_multiple="1"))
    assert single.rules.nations["h"].revenue.regional == 4


def test_silk_and_fur_regions_add_to_regional_income() -> None:
    """[L958-963] +1 per Silk Road region and +2 per Fur Line region controlled."""
    setup = scenario(
        nations={"n": nation("N", culture="N")},
        regions={"Silk": region(0, "s", spacer="s", statuses={"n": "f"}),
                 "Fur": region(0, "t", spacer="f", statuses={"n": "f"})},
    )  # fmt: skip
    rev = game(setup).rules.nations["n"].revenue
    assert (rev.regional, rev.fur_silk) == (3, 3)


def test_internal_trade_counts_whole_20s_in_city_income_and_fractions_in_ict() -> None:
    """A19 [L1009-1011, L2676-2680 vs L1044-1046]: 30 MSP gives +1 city income and +1.5 ICT."""
    setup = scenario(
        nations={"v": nation("Venice")},
        regions={"Veneto": region(2, statuses={"v": "f"})},
        cities={"Venezia": city("Veneto", 5, codes=["p"], statuses={"v": "f"})},
        fleets={"f": {"nation": "v", "base_port": "Venezia", "activity": "internal", "msp": 30}},
    )
    g = game(setup)
    n = g.rules.nations["v"]
    assert economy.city_income(g.rules, n) == 5 + 1
    assert economy.inter_city_trade(g.rules, n)[0] == Fraction(3, 2)  # 5 + 1.5 - 5 (the smallest city)


def test_imperial_size_follows_section_12_2() -> None:
    """[L11869-11984] 6 cultivated Friendly regions x 1.0 x 1 (Imperial) = 6, + a 10 GPv city 1.0 -> 7 / 3 -> 3."""
    regions = {f"R{i}": region(1, statuses={"i": "f"}) for i in range(6)}
    setup = scenario(nations={"i": nation("I")}, regions=regions, cities={"C": city("R0", 10, statuses={"i": "f"})})
    assert game(setup).rules.nations["i"].imperial_size == 3


def test_the_size_divisor_is_4_in_china_and_3_elsewhere() -> None:
    """[L8526-8566] 4 in CA, CH, JP, IN; 3 elsewhere."""
    china = game(scenario(nations={"c": nation("C", geo_zone="CH")}, regions={"R": region(1)}))
    assert china.rules.nations["c"].size_divisor == 4


@given(bl=st.integers(0, 30), infra=st.integers(0, 60))
def test_government_support_is_half_the_square_of_twice_bl_plus_infra(bl: int, infra: int) -> None:
    """[L1656-1685] never negative, exact halves, growing in both ratings."""
    value = economy.government_support(bl, infra)
    assert value * 2 == (2 * bl + infra) ** 2
    assert economy.government_support(bl + 1, infra) > value


@given(years=st.integers(0, 1000))
def test_the_duration_modifier_stays_between_half_and_one_point_two(years: int) -> None:
    """[L11760-11765] limits 0.5 and 1.2."""
    d = economy.duration_modifier(years)
    assert Fraction(1, 2) <= d <= Fraction(6, 5)


@given(yv=st.integers(1, 60), tv=st.integers(1, 60), ys=st.integers(0, 200), ts=st.integers(0, 200))
def test_the_shipping_modifier_stays_between_0_and_1(yv: int, tv: int, ys: int, ts: int) -> None:
    """[L11795-11800] M is limited to 0..1."""
    m = economy.shipping_modifier(Fraction(yv), Fraction(tv), Fraction(ys), Fraction(ts))
    assert 0 <= m <= 1


def test_the_capital_can_count_fully_toward_the_itv_under_the_campaign_setting() -> None:
    """[L8347-8352] "counts fully ... regardless of previous modifiers": off by default (the §2.3.2 formula)."""
    setup = scenario(
        nations={"d": nation("Delhi", culture="N")},
        regions={"R": region(3, "w", statuses={"d": "hm"})},
        cities={"Cap": city("R", 6, codes=["c"], statuses={"d": "t"})},
    )
    g = game(setup)
    n, c = g.rules.nations["d"], g.rules.cities["Cap"]
    assert economy.city_trade_value(g.rules, n, c, "t") == Fraction(6, 3) * Fraction(5, 4) * Fraction(3, 4) * Fraction(
        3, 4
    ) * Fraction(3, 5)
    full = game(setup, Settings(capital_trade_value="unmodified"))
    assert economy.city_trade_value(full.rules, n, c, "t") == Fraction(6, 3) * Fraction(5, 4)


_BASE = game(scenario(nations={"a": nation("A", culture="B")}, regions={"R": region(1, "w", statuses={"a": "f"})}))


@given(gpv=st.integers(0, 20), status=st.sampled_from(["t", "pt", "ea", "a", "p", "f", "hm"]))
def test_regional_income_grows_with_gpv_and_never_goes_negative(gpv: int, status: str) -> None:
    """[L945-998] GPv x status x terrain: a bigger region never yields less (Barbarian wilderness, x1.0)."""
    state = _BASE.rules

    def income(value: int) -> Fraction:
        region_ = msgspec.structs.replace(state.regions["R"], gpv=value, statuses={"a": status})
        changed = msgspec.structs.replace(state, regions={"R": region_})
        return economy.regional_income(changed, changed.nations["a"])[0]

    assert 0 <= income(gpv) <= income(gpv + 1)
    assert income(gpv) == gpv * economy.tax_multiple(state, status)


@given(pwb=st.integers(0, 2000), size=st.integers(1, 30))
def test_pwb_upkeep_falls_as_imperial_size_grows(pwb: int, size: int) -> None:
    """[L1717-1727] (PWB / ((IS + 2) x 10))^2: a larger empire carries the same works more cheaply."""
    assert economy.pwb_upkeep(Fraction(pwb), size + 1) <= economy.pwb_upkeep(Fraction(pwb), size)


def _allies(settings: Settings | None = None) -> Fraction:
    leader = {
        "nation": "a",
        "army_no": "1",
        "type": "K",
        "name": "K",
        "age": 30,
        "combat": 6,
        "diplomacy": 6,
        "charisma": 6,
        "location": "R",
        "units": {"I": 10},
    }
    setup = scenario(
        nations={"a": nation("A")},
        regions={"R": region(2, statuses={"a": "hm"}), "Fief": region(2, statuses={"a": "fa"}),
                 "Ally": region(2, statuses={"a": "a"})},
        leaders={"k": leader, "f": {**leader, "type": "F", "location": "Fief", "home_region": "Fief"},
                 "x": {**leader, "type": "A", "location": "Ally", "home_region": "Ally"}},
    )  # fmt: skip
    return game(setup, settings).rules.nations["a"].support.troop


def test_feudal_allies_support_their_own_troops_and_full_allies_are_paid_by_setting_a35() -> None:
    """[L2320-2321] feudal allied troops pay their own; A35: full allies' troops are paid by the nation by default.

    10 Civilized infantry: 10 x 3/10 x 1.0 (cultivated) x 1.0 (Normal) = 3 GP per army.
    """
    assert _allies() == 6
    assert _allies(Settings(a35_full_ally_troops_paid=False)) == 3


def test_nfp_income_follows_the_gm_or_the_friendly_gpv_rule() -> None:
    """[L1156-1168] no formula in the text: the GM's figure by default, or a linear rule over Friendly GPv."""
    setup = scenario(
        nations={"a": nation("A", nfp_income="7", census=True)},
        regions={"Home": region(4, pwb=40, statuses={"a": "hm"}), "Trib": region(3, statuses={"a": "t"})},
        cities={"C": city("Home", 5, statuses={"a": "f"})},
    )
    assert game(setup).rules.nations["a"].nfp_income == 7
    rule = game(setup, Settings(nfp_rule="friendly_gpv")).rules.nations["a"]
    assert rule.nfp_income == 4 + 5 + 2  # region GPv 4 + city GPv 5 + 40 PWB / 20 under the Census


def test_a_tithe_cuts_the_tax_rate_one_point_per_point_above_four_percent() -> None:
    """[L7959-7962] "Tithe to a Primate at less than 4% has no effect ... The national tax rate is reduced 1%
    for every percentage point over 4% tithe": at 100%, tithes of 3, 4, 5 and 9 give 100, 100, 99 and 95."""

    def taxed_at(tithe: int) -> Fraction:
        g = game(scenario(nations={"m": nation("Ming", tithe_pct=tithe, geo_zone="CH")}, regions={"R": region(1)}))
        return economy.effective_tax_pct(g.rules, g.rules.nations["m"], 100)

    assert [taxed_at(t) for t in (3, 4, 5, 9)] == [100, 100, 99, 95]
