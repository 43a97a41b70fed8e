"""R6 turns hostile contacts and attack actions into battles, sieges and assaults with their inputs computed in
full (§6.2.4.1-6.2.4.10 [L5502-5719]; §6.2.4.25 [L6201-6248]; digest §3.20, §4 R6-R9); the GM settles each
with `ResolveBattle` (or confirms the automatic resolver's proposal); the results apply."""

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.military.inputs import passive_siege_allowed, passive_siege_value
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import GM, Game
from tests.domain.lote.helpers import example_setup, game, seat

BATTLE = "t1-battle-Kipchak@2.5"


def _march(g: Game, nation: str, army: str, regions: tuple[str, ...], *acts: Step) -> None:
    steps = [Step(kind="move", to=r) for r in regions] + list(acts)
    g.when(GiveItinerary(line=f"mv-{army}", army=army, steps=steps), seat(nation))


def _resolve(g: Game) -> list[object]:
    g.when(AdvancePhase())
    return g.when(AdvancePhase())


def _basil_attacks(settings: Settings | None = None) -> tuple[Game, list[object]]:
    g = game(example_setup(), settings)
    _march(g, "byz", "byz-1", ("Bulgaria", "Wallachia", "Kipchak"), Step(kind="act", action="A"))
    return g, _resolve(g)


def test_ex59_passive_siege_ratio_ashanti_cannot_besiege_timbuktu() -> None:
    """EX-59, [L6236-6247] and Table 6-27 [L6226-6233]: "They have an army of 45I (giving them a passive siege
    value of (45 x 1 = 45). Songhay has eight wall points and five siege engineers within the city. This gives
    Songhay ((8 x 3) + (5 x 2) = 34) ... the resulting ratio of siege points (45 to 34) is less than two to one."
    The source's arithmetic is right: 45 < 2 x 34 = 68."""
    ashanti = passive_siege_value({"I": 45})
    songhay = passive_siege_value({"S": 5}, wall_points=8)
    assert (ashanti, songhay) == (45, 34)
    assert not passive_siege_allowed(ashanti, songhay)
    assert passive_siege_allowed(68, 34)  # [L6211-6213] "a ratio of two to one": exactly 2:1 suffices


def test_an_attack_into_a_standing_army_is_a_battle_item_for_each_side_not_a_contact() -> None:
    """[L5583-5590] "an army will move to the designated region and invade it": Basil II's Attack to Pacify in
    Kipchak meets Bonyak Khan's army there (May of year 2): one battle, raised for Byzantium and the Kipchaks."""
    g, events = _basil_attacks()
    kinds = sorted((e.item.nation, e.item.kind) for e in events if isinstance(e, m.AdjudicationRaised))
    assert ("byz", "battle") in kinds and ("kip", "battle") in kinds
    assert not [k for k in kinds if k[1] == "contact"]
    battle = g.rules.battles[BATTLE]
    assert battle.attacker.nations == ("byz",) and battle.defender.nations == ("kip",)
    assert battle.attacker.leadership == 10 and battle.defender.leadership == 8  # the leaders' Combat
    assert battle.attacker.leaders[0].hidden == 9  # Basil's Leadership, for the GM
    assert (battle.attacker.cav_qr, battle.attacker.inf_qr, battle.defender.cav_qr) == (4, 4, 5)
    assert battle.attacker.units == {"HC": 10, "I": 20} and battle.defender.units == {"LC": 30}
    assert battle.attacker.actions == ("A",) and battle.terrain == "s" and battle.attacker_from == "Wallachia"
    assert battle.proposal is not None and len(battle.proposal.rolls) == 4


def test_armies_that_only_pass_stay_a_contact_for_the_gm() -> None:
    g = game(example_setup())
    _march(g, "byz", "byz-1", ("Bulgaria", "Wallachia", "Kipchak"))
    events = _resolve(g)
    assert {e.item.kind for e in events if isinstance(e, m.AdjudicationRaised) and e.item.nation == "byz"} >= {
        "contact"
    }
    assert g.rules.battles == {}


def test_nations_at_war_fight_when_they_meet_without_an_attack_order() -> None:
    """§2.14.6: a place of one nation At War ("aw") with the other: their armies fight where they meet."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kipchak", nation="byz", status="aw", reason="war declared"))
    _march(g, "byz", "byz-1", ("Bulgaria", "Wallachia", "Kipchak"))
    _resolve(g)
    assert list(g.rules.battles) == [BATTLE]


def test_the_gm_resolves_a_battle_losses_retreat_and_the_items_are_decided() -> None:
    g, _ = _basil_attacks()
    g.when(
        m.ResolveBattle(
            battle_id=BATTLE,
            winner="defender",
            losses={"byz-1": {"I": 5}, "kip-1": {"LC": 10}},
            retreats={"byz-1": "Wallachia"},
            reason="the Kipchak horse archers wore the Byzantines down",
        )
    )
    s = g.rules
    assert s.leaders["byz-1"].units == {"HC": 10, "I": 15} and s.leaders["kip-1"].units == {"LC": 20}
    assert s.leaders["byz-1"].location == "Wallachia"
    assert {(i.outcome, i.overridden) for i in s.adjudications.values() if i.kind == "battle"} == {("defender", True)}
    assert s.battles[BATTLE].result is not None and s.battles[BATTLE].result.winner == "defender"
    again = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="attacker", reason="again"))
    assert again.code == "lote.battle_decided"


def test_an_attack_to_pacify_won_short_of_the_garrison_gives_pt_and_occupies_the_homeland() -> None:
    """[L5595-5600] "A sufficient number of troop points must remain after the campaign to satisfy the garrison
    requirements of the region or the Action will be converted into an AT action ... Pacified Tributary";
    [L2371-2377] a Homeland seized by another nation is Occupied for its owner. Kipchak (steppe, RV 4) needs
    4 x 2c (Table 2-37, civilized) x 3/2 (tolerant religion, Table 2-39) = 12 cavalry or 24 infantry: Basil's
    10 HC and 20 I meet neither."""
    g, _ = _basil_attacks()
    g.when(
        m.ResolveBattle(
            battle_id=BATTLE,
            winner="attacker",
            losses={"kip-1": {"LC": 30}},
            reason="Basil's cataphracts broke the horde",
        )
    )
    s = g.rules
    assert s.regions["Kipchak"].statuses["byz"] == "pt" and s.regions["Kipchak"].statuses["kip"] == "oc"
    assert "byz" not in s.regions["Kipchak"].garrison and s.leaders["byz-1"].units == {"HC": 10, "I": 20}
    assert s.leaders["kip-1"].units == {}


def test_bad_results_are_refused_with_a_reason() -> None:
    g, _ = _basil_attacks()
    bad = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="attacker", losses={"kip-1": {"LC": 31}}, reason="x"))
    assert bad.code == "lote.battle_bad_losses"
    bad = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="attacker", losses={"rus-1": {"I": 1}}, reason="x"))
    assert bad.code == "lote.battle_bad_losses"
    bad = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="defender", retreats={"byz-1": "Kiev"}, reason="x"))
    assert bad.code == "lote.battle_bad_retreat"
    bad = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="defender", control="p", reason="x"))
    assert bad.code == "lote.battle_bad_control"
    bad = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="attacker", control="liberate", reason="x"))
    assert bad.code == "lote.battle_bad_control"
    bad = g.rejects(m.ResolveBattle(battle_id=BATTLE, winner="attacker", walls_left=2, reason="x"))
    assert bad.code == "lote.battle_bad_walls"
    item = next(i for i in g.rules.adjudications.values() if i.kind == "battle")
    bad = g.rejects(m.OverrideAdjudication(item_id=item.item_id, outcome="attacker", reason="x"))
    assert bad.code == "lote.use_resolve_battle"


def test_confirming_a_battle_item_applies_the_automatic_proposal_to_the_whole_battle() -> None:
    g, _ = _basil_attacks()
    proposal = g.rules.battles[BATTLE].proposal
    item = next(i for i in g.rules.adjudications.values() if i.kind == "battle")
    g.when(m.ConfirmAdjudication(item_id=item.item_id, reason="as rolled"))
    items = [i for i in g.rules.adjudications.values() if i.kind == "battle"]
    assert all(i.outcome is not None and not i.overridden for i in items)
    assert g.rules.battles[BATTLE].result.winner == proposal.winner


def test_in_auto_mode_the_resolver_settles_the_battle_at_r6_with_its_dice() -> None:
    g, events = _basil_attacks(Settings(battle_resolution="auto"))
    resolved = [e for e in events if isinstance(e, m.BattleResolved)]
    assert len(resolved) == 1 and resolved[0].result.by == "auto" and len(resolved[0].result.rolls) == 4
    assert all(i.outcome is not None for i in g.rules.adjudications.values() if i.kind == "battle")


def test_a_participant_sees_its_own_side_and_the_result_a_third_nation_nothing() -> None:
    g, events = _basil_attacks()
    kip, rus = seat("kip"), seat("rus")
    (joined,) = [x for x in (redact(e, kip) for e in events) if isinstance(x, m.BattleJoined)]  # type: ignore[arg-type]
    assert joined.battle.attacker.units == {} and joined.battle.attacker.leaders == ()
    assert joined.battle.defender.units == {"LC": 30} and joined.battle.defender.leaders[0].hidden == 0
    assert joined.battle.proposal is None
    assert not [x for x in (redact(e, rus) for e in events) if isinstance(x, m.BattleJoined)]  # type: ignore[arg-type]
    assert g.view(rus).battles == {}
    resolved = g.when(
        m.ResolveBattle(
            battle_id=BATTLE, winner="defender", losses={"byz-1": {"I": 7}, "kip-1": {"LC": 3}}, reason="held"
        )
    )
    seen = g.view(kip).battles[BATTLE]
    assert seen.result is not None and seen.result.winner == "defender" and seen.result.reason == ""
    assert seen.result.losses == {"kip-1": {"LC": 3}}  # never the attacker's losses
    (event,) = [x for x in (redact(e, kip) for e in resolved) if isinstance(x, m.BattleResolved)]  # type: ignore[arg-type]
    assert event.result.losses == {"kip-1": {"LC": 3}} and event.result.retreats == {}
    assert not [x for x in (redact(e, rus) for e in resolved) if x is not None]  # type: ignore[arg-type]


def test_an_active_siege_of_a_walled_city_counts_its_walls_and_takes_the_city() -> None:
    """[L5502-5527] an Active Siege of Kiev (2 wall points): a successful one destroys the walls and the city
    becomes Pacified; Table 6-27 values recorded for the GM."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test: Basil stands before Kiev"))
    g.when(GiveItinerary(line="s", army="byz-1", steps=[Step(kind="act", action="S", to="Kiev")]), seat("byz"))
    _resolve(g)
    siege = next(b for b in g.rules.battles.values() if b.kind == "siege")
    assert siege.city == "Kiev" and siege.defender.wall_points == 2 and siege.defender.nations == ("rus",)
    too_many = m.ResolveBattle(
        battle_id=siege.battle_id, winner="attacker", control="p", garrison={"HC": 11}, reason="x"
    )
    assert g.rejects(too_many).code == "lote.battle_bad_garrison"
    g.when(m.ResolveBattle(battle_id=siege.battle_id, winner="attacker", walls_left=0, reason="the walls fell"))
    assert g.rules.cities["Kiev"].walls == 0 and g.rules.cities["Kiev"].statuses["byz"] == "p"
    assert g.rules.leaders["rus-1"].units == {"I": 12, "C": 4}  # the GM named no losses
    assert g.rules.cities["Kiev"].statuses["rus"] == "oc"
    # [L2599-2619] Kiev's RV floor(2/2 + sqrt 4) = 3, same religion: the three cheapest units stay as garrison
    assert g.rules.cities["Kiev"].garrison["byz"] == {"I": 3} and g.rules.leaders["byz-1"].units == {"HC": 10, "I": 17}


def test_the_fall_of_a_capital_captures_the_treasury_and_its_destruction_halves_the_government() -> None:
    """§9.1.5 [L8423-8428] "If this location falls to an enemy, and the Treasury has not been moved elsewhere, the
    GP are captured as well"; §9.1.4 [L8388-8403] a destroyed Capital loses one-half (rounding up) of BL and
    Infrastructure and of the intel and religious capabilities. Bulgaria is no capital: refused there."""
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.AdjustTreasury(nation="rus", gp="50", nfp="0", reason="test: saved gold"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test: Basil stands before Kiev"))
    g.when(GiveItinerary(line="s", army="byz-1", steps=[Step(kind="act", action="AS", to="Kiev")]), seat("byz"))
    _resolve(g)
    before = g.rules.nations["rus"]
    byz_gp = g.rules.nations["byz"].gp
    assault = next(b for b in g.rules.battles.values() if b.kind == "assault")
    g.when(m.ResolveBattle(battle_id=assault.battle_id, winner="attacker", capital_destroyed=True, reason="sacked"))
    after = g.rules.nations["rus"]
    assert after.gp == 0 and g.rules.nations["byz"].gp == byz_gp + before.gp
    assert after.bl == before.bl - (before.bl + 1) // 2 and after.infra == before.infra - (before.infra + 1) // 2

    g = game(example_setup())
    g.when(m.SetControlStatus(place="Bulgaria", nation="kip", status="aw", reason="war"))
    _march(g, "kip", "kip-1", ("Wallachia", "Bulgaria"), Step(kind="act", action="A"))
    _resolve(g)
    (battle,) = g.rules.battles.values()
    bad = g.rejects(m.ResolveBattle(battle_id=battle.battle_id, winner="attacker", capital_destroyed=True, reason="x"))
    assert bad.code == "lote.battle_not_capital"


def test_a_resolved_battle_prints_in_the_newsfax_and_in_the_participants_status_reports() -> None:
    """[L3050-3058] "Hostile Military Actions against Other Nations" are always reported in the Newsfax; the
    status report shows a nation its own side and the result, never the other side's forces."""
    g, _ = _basil_attacks()
    g.when(
        m.ResolveBattle(
            battle_id=BATTLE,
            winner="defender",
            losses={"byz-1": {"I": 5}, "kip-1": {"LC": 10}},
            retreats={"byz-1": "Wallachia"},
            reason="held",
        )
    )
    gm = g.view(GM)
    paper = gm.newsfax_draft
    byz = next(n for n in paper.nations if n.nation == "byz")
    assert any(line.startswith("Battle of Kipchak:") and "threw back" in line for line in byz.lines)
    kip_report = gm.report_drafts["kip"]
    assert kip_report.battles and "defending" in kip_report.battles[0] and "30lc" in kip_report.battles[0]
    assert "lost 10lc" in kip_report.battles[0] and "20i" not in kip_report.battles[0]
    assert "BATTLES AND SIEGES" in kip_report.text
    assert gm.report_drafts["rus"].battles == []
