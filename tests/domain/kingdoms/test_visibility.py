"""Visibility (C6): a kingdom sees its own figures exactly and others' only through perturbed spy reports and
public news; being noticed is news to the target [004:200-210]."""

from __future__ import annotations

from domain.engine import Actor
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.spies.reports import perturbed
from tests.domain.kingdoms.helpers import GM, N, S, process, two_kingdoms

OBSERVER = Actor(principal="obs", role="observer", seat_id="seat-obs")


def test_a_kingdom_sees_its_own_figures_and_not_its_rivals() -> None:
    g = two_kingdoms()
    north, south = g.view(N), g.view(S)
    assert north.kingdom is not None and north.kingdom.treasury == 50
    assert set(north.characters) == {"nking", "ngen"} and set(north.armies) == {"narmy"}
    assert north.provinces["north"].tax_base == 6 and north.provinces["south"].tax_base is None
    assert set(south.characters) == {"sking", "sspy"} and south.armies == {}
    assert north.truth is None and g.view(GM).truth == g.rules
    watcher = g.view(OBSERVER)
    assert watcher.kingdom is None and watcher.characters == {} and watcher.armies == {}


def test_a_spy_report_is_off_by_the_drawn_error_within_the_margin() -> None:
    """[004:206-210]: Spy 1 has a 55% margin of error; the error is drawn on 1d111 (-55% .. +55%)."""
    g = two_kingdoms()
    g.when(o.Move(character="sspy", path=["march"]), S)
    process(g)
    g.when(o.Move(character="sspy", path=["north"]), S)
    process(g)
    g.when(o.Spy(character="sspy", target="n"), S)
    g.dice(1, sides=100, purpose="notice:sspy")  # noticed (50% at Spy 1)
    g.dice(111, sides=111, purpose="spy-error:sspy")  # treasury: +55%
    g.dice(1, sides=111, purpose="spy-error:sspy")  # tax base: -55%
    g.dice(56, sides=111, purpose="spy-error:sspy")  # the army: exact
    events = process(g)
    report = next(ev for ev in events if isinstance(ev, e.SpyReported)).report
    assert report.margin == 55
    assert report.figures == {"treasury": perturbed(50, 111, 55), "tax_base": perturbed(6, 1, 55),
                              "army:narmy:units": 1}  # fmt: skip
    assert report.figures["treasury"] == 78 and report.figures["tax_base"] == 3  # 77.5 rounds up; 2.7 rounds to 3
    assert g.view(S).spy_reports == (report,) and g.view(N).spy_reports == ()
    noticed = next(ev for ev in events if isinstance(ev, e.SpyNoticed))
    assert (noticed.kingdom, noticed.spy_kingdom) == ("n", "s")
    assert g.ruleset.redact(noticed, N) == noticed and g.ruleset.redact(noticed, OBSERVER) is None
    assert any("spy of s" in line for line in g.view(N).report)
