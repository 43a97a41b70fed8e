"""Reducing control status (§9.1.8 [L8481-8497]): an order line applied at the beginning of the turn (R0)."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import ReduceControlStatus
from tests.domain.lote.diplomacy.test_attempts import envoys
from tests.domain.lote.helpers import region, seat


def reduce(place: str, to: str, line: str = "r1") -> ReduceControlStatus:
    return ReduceControlStatus(line=line, place=place, to=to)  # type: ignore[arg-type]


def test_any_number_of_levels_at_the_start_of_the_turn() -> None:
    """[L8482-8485] "At the beginning of any turn, you may declare to reduce the control level ... Any number of
    control levels may be reduced": Allied to Tributary, and a Tributary given up (`un`)."""
    g = envoys(Ally=region(2, statuses={"o": "a"}), Trib=region(2, statuses={"o": "t"}))
    g.when(reduce("Ally", "t"), seat("o"))
    g.when(reduce("Trib", "un", "r2"), seat("o"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    changes = [(e.place, e.status) for e in events if isinstance(e, m.ControlStatusSet)]
    assert changes == [("Ally", "t"), ("Trib", None)]
    assert g.rules.regions["Ally"].statuses["o"] == "t" and "o" not in g.rules.regions["Trib"].statuses


def test_reductions_are_checked_when_given() -> None:
    """[L8489-8490] Pacified only to Pacified Tributary or Uncontrolled; [L8496-8497] Pacified Tributary only to
    Uncontrolled; a reduction must lower a status the nation holds."""
    g = envoys(
        Pac=region(2, statuses={"o": "p"}),
        PT=region(2, statuses={"o": "pt"}),
        Ally=region(2, statuses={"o": "a"}),
        Free=region(2),
    )
    o = seat("o")
    assert g.rejects(reduce("Atlantis", "un"), o).code == "lote.reduce_unknown_place"
    assert g.rejects(reduce("Free", "un"), o).code == "lote.reduce_not_held"
    assert g.rejects(reduce("Ally", "f"), o).code == "lote.reduce_not_lower"
    assert g.rejects(reduce("Ally", "a"), o).code == "lote.reduce_not_lower"
    assert g.rejects(reduce("Pac", "t"), o).code == "lote.reduce_not_allowed"
    assert g.rejects(reduce("PT", "nt"), o).code == "lote.reduce_not_allowed"
    g.when(reduce("PT", "un"), o)
    g.when(reduce("Pac", "pt", "r2"), o)


def test_a_pacified_place_keeps_its_status_while_the_garrison_is_there() -> None:
    """[L8490-8495] "You cannot degrade control of a Pacified region or city without actually removing the
    garrison": the line fails at R0 and the place stays Pacified; without a garrison it becomes PT."""
    g = envoys(Held=region(2, statuses={"o": "p"}, garrison={"o": {"I": 5}}), Empty=region(2, statuses={"o": "p"}))
    g.when(reduce("Held", "pt"), seat("o"))
    g.when(reduce("Empty", "pt", "r2"), seat("o"))
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    (failed,) = [e for e in events if isinstance(e, m.OrderFailed)]
    assert (failed.line, failed.code) == ("r1", "lote.reduce_garrison_present")
    assert g.rules.regions["Held"].statuses["o"] == "p" and g.rules.regions["Empty"].statuses["o"] == "pt"
