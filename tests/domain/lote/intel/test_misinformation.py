"""Conceal Fact and misinformation in the report layer (§7.3.5 [L6836-6849], §7.3.20 [L7114-7130], §7.3.26
[L7223-7226]): the GM's typed rulings, each with a reason; seats read what is printed, never the marks."""

from __future__ import annotations

from typing import Any

from domain.rulesets.lote import messages as m
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.reports.views import redact
from tests.domain.harness import Game
from tests.domain.lote.helpers import resolve, seat
from tests.domain.lote.intel.helpers import infiltrated, next_turn, sound

SWE, DEN, NOR = seat("swe"), seat("den"), seat("nor")
GM_ONLY = (m.FactConcealed, m.MisinformationPlanted, m.MisinformationFed)


def op(line: str, code: str, **fields: Any) -> IntelOperation:
    return IntelOperation(line=line, code=code, **fields)


def settle(item_id: str, result: str, detection: str = "hidden", **fields: Any) -> m.SettleIntelOperation:
    return m.SettleIntelOperation(item_id=item_id, result=result, detection=detection, reason="ruled", **fields)


def lines(g: Game, nid: str) -> list[str]:
    return next(n.lines for n in g.view(NOR).newsfax.nations if n.nation == nid)


def seen_by_seats(g: Game) -> list[Any]:
    return [e for actor in (SWE, DEN, NOR) for e in (redact(x, actor) for x in g.events) if isinstance(e, GM_ONLY)]


def blown_with_cover() -> Game:
    """Sweden's Kill Leader on the Danish Lieutenant is blown; Sweden's Conceal Fact covers it (both ruled)."""
    g = sound()
    kill = op("kl", "KL", target_nation="den", target="dl", location="Jylland")
    resolve(g, {"swe": [kill, op("cf", "CF", target="who killed the Lieutenant")]})
    g.when(settle("t1-swe-intel-kl", "success", "blown"))
    return g


def test_a_conceal_fact_keeps_the_datum_it_protects_out_of_the_newsfax() -> None:
    """[L6840-6845] "If successful the datum being protected ... will not be revealed in the Newsfax": the GM keeps
    the drafted lines out of print on the strength of the Conceal Fact he ruled a success (`ConcealFact`)."""
    g = blown_with_cover()
    drafted = {i.text: k for k, i in g.rules.press.items.items()}
    theirs = drafted["Intel: Kill Leader (KL) against dl at Jylland by Sweden succeeded."]
    ours = drafted["Intel blown: Kill Leader (KL) against dl at Jylland of Denmark succeeded."]
    conceal = m.ConcealFact(item_id="t1-swe-intel-cf", news_item=theirs, reason="the CF holds")
    assert g.rejects(conceal).code == "lote.intel_not_a_concealment"  # not ruled yet
    g.when(settle("t1-swe-intel-cf", "success"))
    assert g.rejects(m.ConcealFact(item_id="t1-swe-intel-kl", news_item=theirs, reason="r")).code == (
        "lote.intel_not_a_concealment"
    )
    assert g.rejects(m.ConcealFact(item_id="t1-swe-intel-cf", news_item="nope", reason="r")).code == "lote.unknown_news"
    g.when(conceal)
    assert g.rejects(conceal).code == "lote.intel_already_concealed"
    g.when(m.ConcealFact(item_id="t1-swe-intel-cf", news_item=ours, reason="ours too"))
    next_turn(g)
    assert lines(g, "den") == [] and lines(g, "swe") == []
    assert seen_by_seats(g) == []


def test_a_well_supported_conceal_fact_plants_phantom_news_and_a_faked_msi() -> None:
    """[L6845-6849] "A sufficiently well supported Conceal Fact can also produce misinformation - including, but not
    limited to - MSI manipulation, phantom armies and cities, and events that never occurred"."""
    g = blown_with_cover()
    g.when(settle("t1-swe-intel-cf", "success"))
    plant = m.PlantMisinformation(item_id="t1-swe-intel-cf", reason="well supported", nation="swe",
                                  text="A Swedish host of 20,000 gathers in Skane.", msi="99")  # fmt: skip
    empty = m.PlantMisinformation(item_id="t1-swe-intel-cf", reason="r")
    assert g.rejects(empty).code == "lote.intel_empty_misinformation"
    assert g.rejects(m.PlantMisinformation(item_id="t1-swe-intel-cf", reason="r", msi="lots")).code == "lote.bad_value"
    phantom = m.PlantMisinformation(item_id="t1-swe-intel-cf", reason="r", text="x", nation="atlantis")
    assert g.rejects(phantom).code == "lote.unknown_nation"
    g.when(plant)
    next_turn(g)
    assert "A Swedish host of 20,000 gathers in Skane." in lines(g, "swe")
    (sweden,) = [r for r in g.view(NOR).newsfax.rankings if r.nation == "swe"]
    assert sweden.msi == "99"
    assert seen_by_seats(g) == [] and g.view(NOR).news_items == {}


def turned_and_subverted() -> Game:
    """Sweden holds Denmark's Government subverted; Denmark turned Sweden's infiltration of it (SI at 10)."""
    g = sound()
    infiltrated(g, "swe", "den", "government", 10, "detected")
    infiltrated(g, "den", "swe", "si:government", 10)
    return g


def test_a_turned_infiltration_feeds_the_spymaster_bad_information_in_its_copy() -> None:
    """[L7223-7226] "Once the targeted infiltration has been compromised, it can be used to feed 'bad' information
    back to the other nation": what Sweden's copy of Denmark's report prints (FeedMisinformation); Denmark's own
    report is the truth."""
    g = turned_and_subverted()
    resolve(g, {"swe": [op("mi", "MI", target_nation="den", target="government")]})
    feed = m.FeedMisinformation(recipient="swe", nation="den", key="gp", text="12.00", reason="look poor")
    assert g.rejects(m.FeedMisinformation(recipient="nor", nation="den", key="gp", text="1", reason="r")).code == (
        "lote.intel_no_copy"
    )
    assert g.rejects(m.FeedMisinformation(recipient="swe", nation="den", key="GP!", text="1", reason="r")).code == (
        "lote.unknown_report_field"
    )
    g.when(feed)
    g.when(m.FeedMisinformation(recipient="swe", nation="den", key="region:Atlantis", text="Atlantis 9+0", reason="r"))
    g.when(m.ConfirmAdjudication(item_id="t1-swe-intel-mi"))
    next_turn(g)
    copy = g.view(SWE).intel.copies["swe"]["den"].report
    truth = g.view(DEN).report
    assert copy.sheet["gp"] == "12.00" and truth.sheet["gp"] != "12.00"
    assert copy.regions["Atlantis"] == "Atlantis 9+0" and "Atlantis" not in truth.regions
    assert "gp: 12.00" in copy.text
    assert seen_by_seats(g) == []
    assert g.rules.intel.feeds == {}  # spent at the publication


def test_misinformation_needs_a_turned_infiltration_or_a_conceal_fact() -> None:
    """[L6845-6849], [L7223-7226]: without either, the copy is the truth."""
    g = sound()
    infiltrated(g, "swe", "den", "government", 10)
    feed = m.FeedMisinformation(recipient="swe", nation="den", key="gp", text="1", reason="r")
    assert g.rejects(feed).code == "lote.intel_no_channel"
    resolve(g, {"den": [op("cf", "CF", target="our treasury")]})
    g.when(settle("t1-den-intel-cf", "success"))
    (fed,) = g.when(feed)
    assert fed.source == "t1-den-intel-cf"


def test_a_reveal_fact_may_come_back_false_and_only_the_gm_knows_it() -> None:
    """[L7120-7127] "If successful, some degree of truth is revealed, though rarely the whole truth. A failed RF
    operation may return false information"; [L6840-6843] a Conceal Fact keeps its datum from an opposing RF (the
    RF's item lists the target's Conceal Facts in force)."""
    g = sound()
    resolve(
        g,
        {
            "swe": [
                op("rf", "RF", target="where the Danish fleet lies", target_nation="den"),
                op("x", "SD", target="Halland"),
            ],
            "den": [op("cf", "CF", target="the fleet's anchorage")],
        },
    )
    assert "Conceal Fact(s) in force (t1-den-intel-cf)" in g.rules.adjudications["t1-swe-intel-rf"].explanation
    assert g.rejects(settle("t1-swe-intel-x", "failure", misinformation=True)).code == "lote.intel_misinformation_rf"
    g.when(settle("t1-swe-intel-rf", "failure", effect="The Danish fleet lies at Bergen.", misinformation=True))
    assert g.rules.intel.ops["t1-swe-intel-rf"].misinformation is True
    mine = g.view(SWE).intel.ops["t1-swe-intel-rf"]
    assert (mine.effect, mine.misinformation) == ("The Danish fleet lies at Bergen.", False)
    (event,) = [e for e in (redact(x, SWE) for x in g.events) if isinstance(e, m.IntelOperationSettled)]
    assert event.misinformation is False and event.effect == "The Danish fleet lies at Bergen."
