"""The private status report (§2; digest §1.5): the rulebook's line formats (EX-37 to EX-39), every stat-sheet
field, what stays hidden even from the owner, and publication to the owner alone."""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from domain.engine import PUBLIC
from domain.engine.game import redact
from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.model.state import Nation
from domain.rulesets.lote.reports.reports import city_line, city_rv, leader_line, region_line
from domain.rulesets.lote.scenario.enums import dec
from domain.rulesets.lote.scenario.scenario import CityRecord, LeaderRecord, Megalith, RegionRecord
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import example_setup, game, seat

BYZ, DAN = seat("byz"), seat("dan")


def _play_turn(g: Game) -> list[object]:
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        if item.kind == "freeform":
            g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="done", reason="ruled"))
        else:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def test_the_region_line_prints_in_the_rulebooks_format() -> None:
    """EX-38 [L2170] `Arcadia 1+2s5 (25) [10] p rc w 1 : 6i 30% : (G) Grail Fra`."""
    arcadia = RegionRecord(
        gpv=1, pwb=2, spacer="s", resistance=5, years_from_conquest=25, fortress_wp=10, statuses={"x": "p"},
        religion="RC", terrain="w", megaliths=[Megalith(kind="standing_stones", levels=1)],
        garrison={"x": {"I": 6}}, cultivation_pct=30, trade_center="G", notes="Grail", language="Fra",
        geo_zone="WE",
    )  # fmt: skip
    assert region_line("Arcadia", arcadia, "x") == "Arcadia 1+2s5 (25) [10] p rc w 1 : 6i 30% : (G) Grail Fra"


def test_years_since_conquest_print_only_while_the_region_is_pacified() -> None:
    """[L2146-2150] the years in parentheses show only for a Pacified or Pacified Tributary region or city."""
    friendly = RegionRecord(
        gpv=2, terrain="c", resistance=4, religion="RC", geo_zone="WE", years_from_conquest=25, statuses={"x": "f"}
    )
    assert region_line("Gaul", friendly, "x") == "Gaul 2+0/4 f rc c 0 : - 0% :"
    assert region_line("Gaul", friendly, "x", city_status="pt").startswith("Gaul 2+0/4 (25) f")


def test_the_city_line_prints_in_the_rulebooks_format() -> None:
    """EX-37 [L2555] `Orleanais [3+10p15] <9> f rc : 15i Notes Fra` (RV floor(15/2 + sqrt 3) = 9, no port +1)."""
    orleanais = CityRecord(
        region="Orleans", gpv=3, pwb=10, codes=["p"], walls=15, statuses={"x": "f"}, religion="RC",
        garrison={"x": {"I": 15}}, notes="Notes", language="Fra",
    )  # fmt: skip
    assert city_line("Orleanais", orleanais, "x") == "Orleanais [3+10p15] <9> f rc : 15i Notes Fra"


def test_the_leader_line_prints_in_the_rulebooks_format_without_the_hidden_stat() -> None:
    """EX-39 [L2045] `#1 KBBB King Arthur 24 100i,100c Avalon Normal`; ratings 10+ print as letters (KAA4, L15394)."""
    arthur = LeaderRecord(
        nation="x", army_no="1", type="K", name="King Arthur", age=24, combat=11, diplomacy=11, charisma=11,
        location="Avalon", hidden=3, units={"I": 100, "C": 100},
    )  # fmt: skip
    assert leader_line(arthur) == "#1 KBBB King Arthur 24 100i,100c Avalon Normal"
    drusus = msgspec.structs.replace(arthur, name="Claudius Drusus", combat=10, diplomacy=10, charisma=4, units={})
    assert leader_line(drusus) == "#1 KAA4 Claudius Drusus 24 - Avalon Normal"


def test_the_city_resistance_value_drops_fractions() -> None:
    """EX-36 [L2625-2628] Venice, 7 GPv and 12 wall points: 12/2 + sqrt 7 = 8.65, so 8."""
    assert city_rv(7, 12) == 8


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=80))
def test_the_city_resistance_value_is_the_floor_of_half_the_walls_plus_the_root_of_the_size(
    gpv: int, walls: int
) -> None:
    """[L2599-2612] RV = floor(WP/2 + sqrt(GPv)), computed without floats."""
    rv = city_rv(gpv, walls)
    # rv <= WP/2 + sqrt(g) < rv + 1, i.e. 2rv - WP <= 2 sqrt(g) < 2rv + 2 - WP
    low, high = 2 * rv - walls, 2 * rv + 2 - walls
    assert low <= 0 or low * low <= 4 * gpv
    assert high > 0 and high * high > 4 * gpv
    assert rv >= walls // 2 + isqrt(gpv) - 1


@given(st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1000))
def test_printed_figures_are_within_half_a_hundredth_of_the_exact_amount(x: Fraction) -> None:
    assert abs(Fraction(dec(x)) - x) <= Fraction(1, 200)


def test_the_report_prints_every_stat_sheet_field() -> None:
    """§2.3 of the digest: the whole stat sheet, including the revenue, support and agro blocks."""
    g = game(example_setup())
    g.when(m.SetNationParameter(nation="byz", parameter="msi", value="7.5", reason="assessed"))
    _play_turn(g)
    report = g.view(BYZ).report
    assert report is not None and report.nation == "byz" and (report.turn, report.year) == (1, 1005)
    fields = {f.name for f in msgspec.structs.fields(Nation)} - {"id"}
    assert all(any(key == f or key.startswith(f"{f}.") for key in report.sheet) for f in fields)
    byz = g.rules.nations["byz"]
    assert report.sheet["gp"] == dec(byz.gp) and report.sheet["msi"] == "7.5"
    assert report.sheet["revenue.raw"] == dec(byz.revenue.raw) and report.sheet["support.total"] == dec(
        byz.support.total
    )
    assert report.sheet["hbz"] == "2"  # [L1273-1299] ceil(BL 3 / 2)


def test_the_report_lists_the_nations_regions_cities_and_leaders_in_line_format() -> None:
    g = game(example_setup())
    _play_turn(g)
    report = g.view(BYZ).report
    assert report is not None
    assert set(report.regions) == {"Thrace", "Bithynia", "Bulgaria"}
    # [L2400-2406] the Years from Conquest grow by the turn's 5 years while the region is Pacified
    assert report.regions["Bulgaria"] == "Bulgaria 3+0/3 (10) [2] p eo m 0 : 6i 0% :"
    assert report.cities["Constantinople"].startswith("Constantinople [10+40cp5] <5> hm eo")
    # [L2057-2058] the age as of the end of the turn the report closes: 42 + 5 years
    assert report.leaders["byz-1"] == "#1 KA78 Basil II 47 10hc,20i Constantinople Normal"
    assert "    Constantinople [10+40cp5]" in report.text and "Bulgaria 3+0/3 (10) [2]" in report.text


def test_hostile_and_uncontrolled_places_and_hidden_stats_stay_off_the_report() -> None:
    """[L2111-2117] Leadership and Loyalty never print; [L2222-2230] At War, Hostile and Uncontrolled regions are
    not listed, and another nation's Hostile status is not shown in the notation."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Khazar", nation="byz", status="hs", reason="raids"))
    g.when(m.SetControlStatus(place="Bulgaria", nation="kip", status="aw", reason="war"))
    g.when(m.SetControlStatus(place="Perm", nation="byz", status="un", reason="lost"))
    _play_turn(g)
    report = g.view(BYZ).report
    assert report is not None
    assert "Khazar" not in report.regions and "Perm" not in report.regions
    assert "kip" not in report.regions["Bulgaria"]
    assert "9" not in report.leaders["byz-1"].split()[1]  # Basil's hidden Leadership 9 is not among KA78


def test_each_nation_receives_only_its_own_report_and_everyone_the_newsfax() -> None:
    """Digest §1.6: a nation sees only its own report and the Newsfax."""
    g = game(example_setup())
    events = _play_turn(g)
    reports = [e for e in events if isinstance(e, m.StatusReportPublished)]
    assert {e.nation for e in reports} == {"byz", "dan", "kip", "rus"}
    for e in reports:
        assert redact(ruleset, e, seat(e.nation)) == e
        assert all(redact(ruleset, e, seat(o)) is None for o in ("byz", "dan", "kip", "rus") if o != e.nation)
        assert redact(ruleset, e, PUBLIC) is None
    paper = next(e for e in events if isinstance(e, m.NewsfaxPublished))
    assert redact(ruleset, paper, DAN) == paper and redact(ruleset, paper, PUBLIC) == paper
    view = g.view(DAN)
    assert view.report is not None and view.report.nation == "dan" and view.report_drafts == {}
    assert g.view(PUBLIC).report is None and g.view(PUBLIC).newsfax == paper.newsfax


def test_the_gm_can_misprint_a_report_figure_without_changing_the_truth() -> None:
    """[L6836-6849] misinformation lives in the report layer; the stat sheet in the state is untouched."""
    g = game(example_setup())
    before = g.rules
    g.when(m.AmendStatusReport(nation="byz", key="gp", text="999", reason="subverted copy"))
    g.when(m.AmendStatusReport(nation="byz", key="city:Phantom", text="Phantom [5+0/0] <2> f eo : -", reason="ruse"))
    g.when(m.AmendStatusReport(nation="byz", key="leader:byz-2", text="", reason="hidden"))
    assert msgspec.structs.replace(g.rules, press=before.press) == before
    _play_turn(g)
    report = g.view(BYZ).report
    assert report is not None and report.sheet["gp"] == "999" and "Phantom" in report.cities
    assert "byz-2" not in report.leaders and "byz-2" in g.rules.leaders
    assert g.rules.nations["byz"].gp != 999


def test_an_amendment_names_a_field_of_the_report() -> None:
    g = game(example_setup())
    code = g.rejects(m.AmendStatusReport(nation="byz", key="gold", text="1", reason="x")).code
    assert code == "lote.unknown_report_field"
    assert g.rejects(m.AmendStatusReport(nation="byz", key="gp", text="1", reason=" ")).code == "lote.reason_required"


def test_amendments_are_seen_by_the_gm_only_until_published() -> None:
    g = game(example_setup())
    (amended,) = g.when(m.AmendStatusReport(nation="byz", key="gp", text="1", reason="ruse"))
    assert redact(ruleset, amended, BYZ) is None
    assert g.view(GM).report_drafts["byz"].sheet["gp"] == "1"
    assert g.view(BYZ).report is None


def test_a_line_shows_the_other_nations_holding_a_status_there() -> None:
    """[L2166-2167] the region line notes other nations with a control status in the region."""
    g = game(example_setup())
    _play_turn(g)
    rus = g.view(seat("rus")).report
    kip = g.view(seat("kip")).report
    assert rus is not None and kip is not None
    assert rus.regions["Pereyaslavl"] == "Pereyaslavl 2+0/6 f eo w 0 : - 0% : / kip(nt)"
    assert kip.regions["Pereyaslavl"] == "Pereyaslavl 2+0/6 nt eo w 0 : - 0% : / rus(f)"
