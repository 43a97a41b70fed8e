"""Diplomacy (§6.2.4.11 [L5721-5771]) and Secret Diplomacy (§6.2.4.33 [L6420-6428]) as order lines raised for the
GM with the engine's inputs, and the maximum status of §2.14.12 [L2487-2522] (digest §3.14).

The digest maps EX-32, EX-40, EX-41 and EX-46 to chunk P1-H. EX-40 (CCR, Russia) and EX-41 (CCR with rivers and a
highway) are in `tests/domain/lote/control/test_tracing.py`, EX-46 (successor-state seizure) in
`tests/domain/lote/control/test_seizure.py`; EX-32 (the HBZ) is `test_ex32_...` in
`tests/domain/lote/construction/test_construction.py`. The rulebook prints
no worked example of a diplomacy result; cession, satrapies and sharing are in `test_cession.py`."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.diplomacy.attempts import max_status
from domain.rulesets.lote.model.orders import Diplomacy, SecretDiplomacy
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import game, nation, region, scenario, seat
from tests.domain.lote.leaders.test_generation import king


def envoys(rs: int = 1, bl: int = 2, culture: str = "C", **places: Any) -> Game:
    """Nation `o` (RC, religious strength `rs`) with its King `k` (Diplomacy 6), Lieutenant `lt` (Diplomacy 7) and
    Feudal Ally `fa`; nation `b` holds Dijon as its Homeland."""
    setup = scenario(
        nations={
            "o": nation("Occupier", religious_strength=rs, bl=bl, culture=culture, saved_gp="100"),
            "b": nation("Burgundy"),
        },
        regions={
            "Home": region(3, statuses={"o": "hm"}),
            "Dijon": region(3, statuses={"b": "hm"}),
            **places,
        },
        leaders={
            "k": king("o", "Home"),
            "lt": king("o", "Home", type="L", army_no="2", diplomacy=7),
            "fa": king("o", "Home", type="F", army_no="3"),
            "bk": king("b", "Dijon"),
        },
    )
    return game(setup)


def dp(target: str, line: str = "d1", *, ap: int = 8, helpers: tuple[str, ...] = (), leader: str = "k") -> Any:
    return Diplomacy(line=line, leader=leader, target=target, ap=ap, helpers=list(helpers))


def to_adjudication(g: Game) -> list[Any]:
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    return [e.item for e in events if isinstance(e, m.AdjudicationRaised) and "diplomacy" in e.item.kind]


def test_an_attempt_is_raised_for_the_gm_with_helpers_at_half_rating_and_the_cap() -> None:
    """[L5746-5748] "Each additional Leader only acts at one-half of their Diplomacy rating, rounded down": King 6 +
    Lieutenant 7//2 = 3 = 9. [L5725-5731] the result depends on the rating and the place's religion, terrain and
    resistance: all in the item, with the recorded 2d6; the engine proposes no change (no result table)."""
    g = envoys(Greek=region(2, resistance=4, religion="EO"))
    g.when(dp("Greek", helpers=("lt",)), seat("o"))
    g.dice(3, 5, purpose="diplomacy:o:Greek")
    (item,) = to_adjudication(g)
    assert (item.kind, item.subject, item.proposal, item.rolls) == ("diplomacy", "Greek", "unchanged", (3, 5))
    for text in ("lt 7//2 = 3", "total rating 9", "8 AP", "RV 4", "terrain c", "tolerant", "maximum status f"):
        assert text in item.explanation
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="t", reason="a fine embassy, 2d6 = 8"))
    events = g.when(AdvancePhase())
    (change,) = [e for e in events if isinstance(e, m.ControlStatusSet)]
    assert (change.place, change.nation, change.status, change.diplomacy) == ("Greek", "o", "t", True)
    assert g.rules.regions["Greek"].statuses["o"] == "t"
    assert "Greek(t)" in repr(g.view(GM).newsfax_draft)  # [L3036-3044] the public Diplomacy line


def test_confirming_the_proposal_leaves_the_status_unchanged() -> None:
    g = envoys(Greek=region(2, statuses={"o": "nt"}))
    g.when(dp("Greek"), seat("o"))
    (item,) = to_adjudication(g)
    g.when(m.ConfirmAdjudication(item_id=item.item_id))
    events = g.when(AdvancePhase())
    assert not [e for e in events if isinstance(e, m.ControlStatusSet)]
    assert g.rules.regions["Greek"].statuses["o"] == "nt"


def test_maximum_status_is_the_lower_of_tables_2_41_and_2_43() -> None:
    """§2.14.12 [L2487-2491] "the lower of the two statuses". Table 2-41 [L2493-2505] RS 1 same F, hostile A; RS
    6-7 tolerant EA; RS 10 hostile P/PT (PT: diplomacy does not pacify). Table 2-43 [L2507-2522] Civilized: c Hm,
    m FA, o T; Nomadic: o A. [L7370-7373] a hostile religion: "never ... any better than Economic Ally"."""
    places = {
        "Flat": region(2),
        "Hills": region(2, "m"),
        "Moor": region(2, religion="MA"),
        "Greek": region(2, religion="EO"),
        "Oasis": region(2, "o"),
    }
    rules = envoys(**places).rules
    o = rules.nations["o"]
    assert [max_status(rules, o, p) for p in places] == ["f", "fa", "ea", "f", "t"]
    rules = envoys(rs=6, **places).rules
    assert [max_status(rules, rules.nations["o"], p) for p in ("Greek", "Moor")] == ["ea", "t"]
    rules = envoys(rs=10, **places).rules
    assert max_status(rules, rules.nations["o"], "Moor") == "pt"
    rules = envoys(culture="N", **places).rules
    assert max_status(rules, rules.nations["o"], "Oasis") == "a"


def test_a_ruling_above_the_maximum_status_is_refused() -> None:
    """[L7370-7373] against a hostile religion the status "will never get any better than Economic Ally"."""
    g = envoys(Moor=region(2, religion="MA"))
    g.when(dp("Moor"), seat("o"))
    (item,) = to_adjudication(g)
    assert "maximum status ea" in item.explanation
    above = m.OverrideAdjudication(item_id=item.item_id, outcome="a", reason="gold")
    assert g.rejects(above).code == "lote.above_max_status"
    assert g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="hm", reason="x")).code == "lote.bad_outcome"
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="hs", reason="they took offence [L7372-7373]"))
    g.when(AdvancePhase())
    assert g.rules.regions["Moor"].statuses["o"] == "hs"


def test_an_allied_result_without_an_ally_slot_drops_to_economic_ally() -> None:
    """[L5750-5752] "If the diplomacy result was 'Allied' and there are no leader slots available, the result will
    drop back down to Economic Ally": at BL 0 there is no room for a Full Ally (BL Allies, [L2024-2029])."""
    g = envoys(bl=0, Greek=region(2))
    g.when(dp("Greek"), seat("o"))
    (item,) = to_adjudication(g)
    assert "Ally slot no (a -> ea)" in item.explanation
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="a", reason="a royal marriage"))
    events = g.when(AdvancePhase())
    (change,) = [e for e in events if isinstance(e, m.ControlStatusSet)]
    assert change.status == "ea" and "no Ally slot" in change.reason


def test_attempts_are_checked_when_given() -> None:
    """[L5744-5745] one attempt per region or city per turn; [L5735-5736] no effect on Pacified, Friendly or
    Homeland places; BAC 4+ for DP [L5723] and 6+ for SD [L6422]; the leader must be the nation's own."""
    g = envoys(Greek=region(2), Frank=region(2))
    o = seat("o")
    assert g.rejects(dp("Atlantis"), o).code == "lote.diplomacy_unknown_target"
    assert g.rejects(dp("Greek", leader="bk"), o).code == "lote.diplomacy_unknown_leader"
    assert g.rejects(dp("Greek", helpers=("k",)), o).code == "lote.diplomacy_unknown_leader"
    assert g.rejects(dp("Greek", leader="fa"), o).code == "lote.diplomacy_leader_type"
    assert g.rejects(dp("Home"), o).code == "lote.diplomacy_no_effect"
    assert g.rejects(dp("Greek", ap=3), o).code == "lote.diplomacy_too_few_ap"
    secret = SecretDiplomacy(line="s1", leader="lt", target="Frank", ap=5)
    assert g.rejects(secret, o).code == "lote.diplomacy_too_few_ap"
    g.when(dp("Greek"), o)
    assert g.rejects(dp("Greek", "d2", leader="lt"), o).code == "lote.diplomacy_one_attempt"
    assert g.rejects(dp("Frank", "d2"), o).code == "lote.diplomacy_leader_busy"
    g.when(dp("Greek"), o)  # revising the same line is no second attempt
    g.when(dp("Frank", "d2", leader="lt"), o)


def test_a_secret_attempt_is_seen_by_no_other_nation_and_stays_out_of_the_newsfax() -> None:
    """[L6424-6427] Secret Diplomacy is "conducted in total secrecy and the results of the action are not reported
    in the Newsfax": Burgundy, whose region it targets, sees neither the line, nor the item, nor the result."""
    g = envoys(Greek=region(2, statuses={"b": "t"}))
    g.when(SecretDiplomacy(line="s1", leader="k", target="Greek", ap=6), seat("o"))
    (item,) = to_adjudication(g)
    assert item.kind == "secret_diplomacy"
    g.when(m.OverrideAdjudication(item_id=item.item_id, outcome="nt", reason="quiet gold"))
    g.when(AdvancePhase())
    assert g.rules.regions["Greek"].statuses["o"] == "nt"
    burgundy = seat("b")
    assert [e for e in g.events if redact(e, burgundy) is not None and "s1" in repr(e)] == []
    assert [e for e in g.events if redact(e, burgundy) is not None and "secret_diplomacy" in repr(e)] == []
    assert [e for e in g.events if isinstance(e, m.ControlStatusSet) and redact(e, burgundy) is not None] == []
    (change,) = [e for e in g.events if isinstance(e, m.ControlStatusSet)]
    assert change.diplomacy is False
    view = g.view(burgundy)
    assert "o" not in view.forms and not any("diplomacy" in i.kind for i in view.adjudications.values())
    assert "Greek(nt)" not in repr(g.view(GM).newsfax_draft)
    assert redact(change, seat("o")) is not None
