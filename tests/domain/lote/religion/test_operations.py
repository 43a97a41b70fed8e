"""R5: every religious operation becomes a `religious_op` item with its inputs and a recorded 2d6, settled by the
GM (§8.3 [L7434-7607]; Table 8-5 [L7455-7468] prints only qualitative odds), and what a success moves."""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.lote.helpers import of, resolve
from tests.domain.lote.religion.helpers import BYZ, balkans, close, confirm_the_rest


def op(line: str, code: str, **fields: Any) -> m.ReligiousOperation:
    return m.ReligiousOperation(line=line, code=code, **fields)


def settle(
    item_id: str, result: str = "success", detection: str = "hidden", **fields: Any
) -> m.SettleReligiousOperation:
    return m.SettleReligiousOperation(item_id=item_id, result=result, detection=detection, reason="ruled", **fields)


def test_each_operation_is_an_item_with_its_inputs_and_a_recorded_roll() -> None:
    """[L7434-7450] ROC, ROB, RS and the Action Range; [L7440-7444] "a nation should have a RS of at least 5 to
    consider success in many of these actions"; [L7573-7576] lowering another's RS "will be easier if your
    religious strength is higher". The dice are the GM's; the seat's item carries no explanation."""
    g = balkans()
    events = resolve(g, {"byz": [op("ls", "LS", bonus=2, target_nation="hun", location="Transylvania")]})
    (raised,) = of(events, m.ReligiousOperationRaised)
    o = raised.op
    assert (o.item_id, o.code, o.bonus, o.odds, o.rs, o.target_rs) == ("t1-byz-relop-ls", "LS", 2, "medium", 6, 5)
    assert (o.base, o.distance, o.action_range, len(o.rolls)) == ("Bulgaria", 3, 3, 2)
    item = g.rules.adjudications["t1-byz-relop-ls"]
    assert item.kind == "religious_op" and item.proposal == "ruling" and item.rolls == o.rolls
    assert "Hungary (RS 5): easier if your RS (6) is higher" in item.explanation
    assert "3 AP from Bulgaria, within Action Range 3" in item.explanation
    assert g.view(BYZ).adjudications[item.item_id].explanation == ""
    assert (
        g.view(BYZ).religion.ops[item.item_id].rolls == () and g.view(BYZ).religion.ops[item.item_id].target_rs is None
    )


def test_a_weak_faith_is_told_it_has_little_chance() -> None:
    """[L7440-7444] "a nation should have a RS of at least 5 to consider success in many of these actions"."""
    g = balkans(hun={"religious_strength": 4})
    resolve(g, {"hun": [op("rs", "RS", target_nation="hun")]})
    assert "RS 4 is below 5" in g.rules.adjudications["t1-hun-relop-rs"].explanation


def test_an_operation_needs_the_gms_ruling_except_maintain_influence() -> None:
    """Table 8-5: only Maintain Influence "automatically succeeds when used" ([L7559-7563]); the GM settles the
    others with SettleReligiousOperation (OverrideAdjudication is refused: the ruling has parts)."""
    g = balkans()
    resolve(g, {"byz": [op("rs", "RS", target_nation="byz")]})
    refused = g.rejects(m.ConfirmAdjudication(item_id="t1-byz-relop-rs"))
    assert refused.code == "lote.religion_needs_ruling"
    over = g.rejects(m.OverrideAdjudication(item_id="t1-byz-relop-rs", outcome="success", reason="x"))
    assert over.code == "lote.use_settle_religious"
    assert g.rejects(settle("nope")).code == "lote.unknown_item"
    blank = m.SettleReligiousOperation(item_id="t1-byz-relop-rs", result="success", detection="hidden", reason="  ")
    assert g.rejects(blank).code == "lote.reason_required"
    g.when(settle("t1-byz-relop-rs"))
    assert g.rejects(settle("t1-byz-relop-rs")).code == "lote.already_decided"


def test_raise_religious_strength_adds_one_point_a_turn() -> None:
    """[L7588-7596] Raise Religious Strength; [L1458-1462] "A given statistic can only increase by one point per
    turn" (setting `p2c_rs_one_rise_per_turn`): two successful RS on Byzantium in one turn raise it 6 -> 7."""
    g = balkans()
    resolve(g, {"byz": [op("a", "RS", target_nation="byz"), op("b", "RS", target_nation="byz")]})
    first = g.when(settle("t1-byz-relop-a", change=2))
    (up,) = of(first, m.ReligiousStrengthChanged)
    assert (up.strength, up.roc, up.rob, up.risen) == (7, 2, 2, True)
    assert of(g.when(settle("t1-byz-relop-b")), m.ReligiousStrengthChanged) == []
    assert g.rules.nations["byz"].religious_strength == 7
    free = balkans(Settings(p2c_rs_one_rise_per_turn=False))
    resolve(free, {"byz": [op("a", "RS", target_nation="byz")]})
    free.when(settle("t1-byz-relop-a", change=2))
    assert free.rules.nations["byz"].religious_strength == 8


def test_lower_religious_strength_takes_roc_and_rob_down_with_it() -> None:
    """[L7565-7576] Lower Religious Strength; [L1495-1507] "The ROC ranges from 0 to (Religious Strength)", and so
    does the ROB: Hungary at RS 2 with ROC 3 and ROB 3 loses a point of RS and both fall to 1."""
    g = balkans(hun={"religious_strength": 2, "roc": 2, "rob": 2})
    resolve(g, {"byz": [op("ls", "LS", target_nation="hun", location="Transylvania")]})
    (down,) = of(g.when(settle("t1-byz-relop-ls", change=1)), m.ReligiousStrengthChanged)
    assert (down.nation, down.strength, down.roc, down.rob) == ("hun", 1, 1, 1)
    hun = g.rules.nations["hun"]
    assert (hun.religious_strength, hun.roc, hun.rob) == (1, 1, 1)


def test_a_failure_or_a_code_without_a_number_moves_nothing() -> None:
    """Only a successful RS, LS, IR, II, DI or MW moves a number; Missionaries on a place need the share."""
    g = balkans()
    resolve(g, {"byz": [op("a", "RR"), op("b", "MW", target="Wallachia")]})
    assert g.rejects(settle("t1-byz-relop-a", change=1)).code == "lote.relop_no_change"
    assert g.rejects(settle("t1-byz-relop-b", result="failure", change=5)).code == "lote.relop_no_change"
    assert g.rejects(settle("t1-byz-relop-b")).code == "lote.relop_change_needed"


def test_ex_influence_religion_to_ten_makes_two_religions_tolerant_then_ripe() -> None:
    """[L7529-7540] "When an influence of 10 is achieved, the two religions are then considered tolerant of each
    other. The influence is set back to zero. If a tolerant religion is influenced again, then when a 10 is
    achieved there, that religion is ripe for mass conversion." Byzantium over Sunni Islam (hostile): 10 makes
    them tolerant (the garrison of Sunni Anatolia drops from x2 to x1.5), then 10 again makes Sunni ripe."""
    from domain.rulesets.lote.leaders.garrisons import region_requirement

    g = balkans()
    assert region_requirement(g.rules, "Anatolia", "byz").needed == 10
    resolve(g, {"byz": [op("ir", "IR", target="SN", location="Anatolia")]})
    (inf,) = of(g.when(settle("t1-byz-relop-ir", change=10)), m.InfluenceChanged)
    assert (inf.level, inf.stage, inf.tolerant) == (0, "conversion", True)
    assert g.rules.religion.tolerant == ("EO|SN",)
    assert region_requirement(g.rules, "Anatolia", "byz").needed == 15 / 2
    confirm_the_rest(g)
    close(g)
    g.when(AdvancePhase())  # the reports are published: turn 2
    resolve(g, {"byz": [op("ir", "IR", target="SN", location="Anatolia")]})
    (again,) = of(g.when(settle("t2-byz-relop-ir", change=10)), m.InfluenceChanged)
    assert (again.level, again.ripe) == (10, True) and g.rules.religion.ripe == ("SN>EO",)


def test_influence_not_maintained_is_halved_and_maintain_influence_always_succeeds() -> None:
    """[L7541-7543] "For every turn the influence is not maintained, the influence is halved"; [L7559-7563] MI
    "automatically succeeds when used" (ConfirmAdjudication settles it). Influence 7 kept by MI in turn 2, halved
    to 3 at the end of turn 3 (setting `p2c_influence_halving` floor; 4 with ceil)."""
    for halving, left in (("floor", 3), ("ceil", 4)):
        g = balkans(Settings(p2c_influence_halving=halving))
        resolve(g, {"byz": [op("ir", "IR", target="AP", location="Wallachia")]})
        g.when(settle("t1-byz-relop-ir", change=7))
        confirm_the_rest(g)
        close(g)
        assert g.rules.religion.influence["byz>AP"].level == 7  # maintained by the IR itself
        g.when(AdvancePhase())
        resolve(g, {"byz": [op("mi", "MI", target="AP", location="Wallachia")]})
        g.when(m.ConfirmAdjudication(item_id="t2-byz-relop-mi"))
        assert g.rules.adjudications["t2-byz-relop-mi"].outcome == "success"
        confirm_the_rest(g)
        close(g)
        assert g.rules.religion.influence["byz>AP"].level == 7
        g.when(AdvancePhase())
        resolve(g, {})
        confirm_the_rest(g)
        halved = of(close(g), m.InfluenceChanged)
        assert [i.level for i in halved] == [left]


def test_primate_influence_rises_by_ii_and_falls_by_di() -> None:
    """[L7517-7527] Increase Influence raises a Primate's influence in a nation; [L7481-7487] Destroy Influence
    lowers it (0 to 10)."""
    g = balkans(byz={"nation_type": "primacy"}, hun={"primate_influence": 3})
    resolve(
        g,
        {
            "byz": [op("ii", "II", target_nation="hun", location="Transylvania")],
            "hun": [op("di", "DI", target_nation="hun")],
        },
    )
    assert "0 of 7 GPv of its lands are EO" in g.rules.adjudications["t1-byz-relop-ii"].explanation
    g.when(settle("t1-byz-relop-ii", change=9))
    assert g.rules.nations["hun"].primate_influence == 10
    g.when(settle("t1-hun-relop-di", change=4))
    assert g.rules.nations["hun"].primate_influence == 6


def test_missionaries_convert_a_share_of_a_place_or_a_leader() -> None:
    """[L7578-7586] Missionaries "attempt to either convert either a region or any specifically targeted leader";
    the share converted is the GM's (100% converts the place, [L7634-7636]). A leader who does not exist is
    found by the GM: the operation was never run."""
    g = balkans()
    resolve(
        g,
        {
            "byz": [
                op("w", "MW", target="Wallachia"),
                op("l", "MW", target="hun-l", target_nation="hun", location="Transylvania"),
            ]
        },
    )
    assert (
        "Wallachia is AP (hostile to EO; a hostile religion is twice as hard"
        in g.rules.adjudications["t1-byz-relop-w"].explanation
    )
    g.when(settle("t1-byz-relop-w", change=40))
    (found,) = g.rules.religion.minorities["Wallachia"]
    assert (found.religion, found.origin, found.pct, found.nation) == ("EO", "converts", 40, "byz")
    (converted,) = of(g.when(settle("t1-byz-relop-l")), m.LeaderConverted)
    assert (converted.leader, converted.religion, converted.by) == ("hun-l", "EO", "byz")
    assert g.rules.religion.leaders == {"hun-l": "EO"}
    ghost = balkans()
    resolve(ghost, {"byz": [op("l", "MW", target="ghost", target_nation="hun", location="Transylvania")]})
    assert "has no leader 'ghost'" in ghost.rules.adjudications["t1-byz-relop-l"].explanation
    assert ghost.rejects(settle("t1-byz-relop-l")).code == "lote.relop_no_such_leader"
    ghost.when(settle("t1-byz-relop-l", result="not_run"))


def test_a_holy_war_item_counts_the_monarchs_calling_it() -> None:
    """[L7509-7513] three or more monarchs of RS 8 or more may call a Crusade without the Primate: the item lists
    those calling one against the same religion this turn; a success is the GM's to write (the crusade's troops,
    §8.9, are his)."""
    g = balkans(byz={"religious_strength": 8})
    resolve(g, {"byz": [op("hw", "IW", target="SN", location="Anatolia", detail="Manzikert")]})
    text = g.rules.adjudications["t1-byz-relop-hw"].explanation
    assert "pretext: Manzikert" in text and "this turn: byz" in text
    g.when(settle("t1-byz-relop-hw", effect="the Orthodox call a holy war on the Seljuks"))
    assert g.rules.religion.ops["t1-byz-relop-hw"].effect == "the Orthodox call a holy war on the Seljuks"


def test_a_line_that_no_longer_holds_at_resolution_fails() -> None:
    """The range is traced again at resolution: Bulgaria lost before R5 (the GM's ruling) takes Byzantium's only
    base near Transylvania away, and the line fails (an OrderFailed, not a refusal)."""
    g = balkans()
    g.when(op("ls", "LS", target_nation="hun", location="Transylvania"), BYZ)
    g.when(m.SetControlStatus(place="Bulgaria", nation="byz", status="n", reason="lost to rebels"))
    events = resolve(g, {})
    (failed,) = of(events, m.OrderFailed)
    assert failed.code == "lote.relop_out_of_range" and of(events, m.ReligiousOperationRaised) == []
