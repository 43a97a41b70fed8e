"""What a subverted sector gives its subvertor (§7.3.11 [L6945-6991]): a copy of the status report (Espionage
Service, Government, Royal Family), of the military stats (Military) or of the religious stats (Religion); nothing
for the Populace; a Tech Point a turn for a better University. The copy is its spymaster's alone."""

from __future__ import annotations

from typing import Any

from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.intel.subversion import MILITARY_KEYS, RELIGION_KEYS
from domain.rulesets.lote.model.orders import Diplomacy
from domain.rulesets.lote.reports.views import redact
from tests.domain.harness import Game
from tests.domain.lote.helpers import of, region, resolve, seat
from tests.domain.lote.intel.helpers import infiltrated, next_turn, sound

SWE, DEN, NOR = seat("swe"), seat("den"), seat("nor")


def maintain(*sectors: str) -> list[IntelOperation]:
    return [IntelOperation(line=f"mi-{s}", code="MI", target_nation="den", target=s) for s in sectors]


def published(g: Game, *sectors: str) -> list[Any]:
    """Sweden maintains its infiltrations of Denmark this turn; the GM confirms everything; the turn is published."""
    resolve(g, {"swe": maintain(*sectors)})
    start = len(g.events)
    confirm_maintenance(g)
    next_turn(g)
    return g.events[start:]


def confirm_maintenance(g: Game) -> None:
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None and item.subject.startswith("mi-"):
            g.when(m.ConfirmAdjudication(item_id=item.item_id))  # MI "always" succeeds (Table 7-1)


def test_a_subverted_government_gives_its_subvertor_a_copy_of_the_status_report_and_no_one_else() -> None:
    """[L6957-6960] "Government: Subvertor gets a copy of the subverted nation's status report": the report Denmark
    itself receives, from the first publication at which the sector stands at 10, seen by Sweden alone."""
    g = sound()
    infiltrated(g, "swe", "den", "government", 9)
    events = published(g, "government")
    assert of(events, m.IntelReportCopied) == []  # at 9, nothing
    resolve(g, {"swe": [*maintain("government"), IntelOperation(line="ie", code="IE", target_nation="den",
                                                                 target="government")]})  # fmt: skip
    g.when(
        m.SettleIntelOperation(item_id="t2-swe-intel-ie", result="success", detection="hidden", levels=1, reason="r")
    )
    assert g.view(SWE).intel.copies == {}  # subverted now; the copy comes with the reports
    start = len(g.events)
    confirm_maintenance(g)
    next_turn(g)
    (copied,) = of(g.events[start:], m.IntelReportCopied)
    assert (copied.nation, copied.received.nation, copied.received.turn, copied.received.sectors) == (
        "swe", "den", 2, ("government",)
    )  # fmt: skip
    copy = g.view(SWE).intel.copies["swe"]["den"]
    assert copy.report == g.view(DEN).report  # the whole report, as Denmark reads it
    for actor in (DEN, NOR):
        assert [e for e in (redact(x, actor) for x in g.events) if isinstance(e, m.IntelReportCopied)] == []
        assert g.view(actor).intel.copies == {}


def test_a_subverted_military_copies_the_military_stats_only() -> None:
    """[L6966-6968] "Military: The subvertor gets a copy of the Military stats of the country": its unit quality
    ratings and troop support, its leaders and armies (reading, `intel/subversion.py`), nothing else."""
    g = sound()
    infiltrated(g, "swe", "den", "military", 10)
    events = published(g, "military")
    (copied,) = of(events, m.IntelReportCopied)
    report = copied.received.report
    full = g.view(DEN).report
    assert set(report.sheet) == MILITARY_KEYS and report.sheet["inf_qr"] == full.sheet["inf_qr"]
    assert report.leaders == full.leaders and report.regions == {} and report.cities == {}
    assert report.intel == [] and report.finance == [] and "gp" not in report.sheet


def test_a_subverted_religious_base_shows_all_the_religious_stats() -> None:
    """[L6986-6989] "Religion: Subvertor gets to view all the religious stats of the nation"."""
    g = sound()
    infiltrated(g, "swe", "den", "religion", 11)
    (copied,) = of(published(g, "religion"), m.IntelReportCopied)
    sheet = copied.received.report.sheet
    assert set(sheet) == RELIGION_KEYS and sheet["religion"] == "RC" and copied.received.report.leaders == {}


def test_a_subverted_populace_sends_no_report() -> None:
    """[L6969-6970] "Populace: No status report is received" (its bonuses are the GM's, noted on the items)."""
    g = sound()
    infiltrated(g, "swe", "den", "populace", 10)
    assert of(published(g, "populace"), m.IntelReportCopied) == []
    resolve(g, {"swe": [IntelOperation(line="cu", code="CU", target_nation="den", target="Jylland")]})
    assert "swe's infiltration of den's populace: subverted" in g.rules.adjudications["t2-swe-intel-cu"].explanation


def test_a_subverted_university_of_a_higher_rating_gives_a_tech_point_a_turn() -> None:
    """[L6982-6984] "University: The subverting nation receives a extra Tech Point per turn if the subverted
    University is of a higher rating than their own"."""
    g = sound(den={"university_rating": 3}, swe={"university_rating": 1})
    infiltrated(g, "swe", "den", "university", 10)
    events = published(g, "university")
    (point,) = of(events, m.UniversityTechPointGained)
    assert (point.nation, point.subverted, point.turn) == ("swe", "den", 1)
    assert g.rules.nations["swe"].tech_points == 1
    assert [e for e in (redact(x, DEN) for x in g.events) if isinstance(e, m.UniversityTechPointGained)] == []
    lower = sound(den={"university_rating": 1}, swe={"university_rating": 1})
    infiltrated(lower, "swe", "den", "university", 10)
    assert of(published(lower, "university"), m.UniversityTechPointGained) == []


def test_a_subverted_populace_lets_diplomacy_treat_its_tributaries_as_uncontrolled_and_support_diplomacy_shows() -> (
    None
):
    """[L6971-6974] "Diplomatic efforts against Non-Paying Tributary, Tributary, Feudal Allied, Economic Allied and
    Full Ally regions controlled by the infiltrated nation are carried out as though the regions in question were
    not controlled by the infiltrated nation"; [L7252-7258] Support Diplomacy "will give a bonus to your roll". The
    diplomacy item lists both for the GM."""
    g = sound(regions={"Halland": region(1, "w", statuses={"den": "t"})})
    infiltrated(g, "swe", "den", "populace", 10)
    resolve(
        g,
        {
            "swe": [
                *maintain("populace"),
                IntelOperation(line="sd", code="SD", target="Halland"),
                Diplomacy(line="dp", leader="sl", target="Halland", ap=4),
            ]
        },
    )
    (item,) = [i for i in g.rules.adjudications.values() if i.kind == "diplomacy"]
    assert "den's Populace is subverted: treat Halland as not controlled by den [L6971-6974]" in item.explanation
    assert "SD t1-swe-intel-sd: a bonus if it succeeds [L7248-7258]" in item.explanation
