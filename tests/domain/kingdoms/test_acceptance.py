"""The acceptance cases of the digest's C7 (seed 004), each through the decider: given a world, when orders are
given and the turn processed, then the recorded events say what the rule text says."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.dice import DiceRolled
from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from tests.domain.kingdoms.battles import A, battle_world, fight
from tests.domain.kingdoms.helpers import (
    army,
    character,
    game,
    kingdom,
    process,
    province,
    scenario,
    seat,
    unit,
)


def test_pbm01_defence_and_exploration_multiply_to_1_5625_not_1_625() -> None:
    """[004:59], [004:98]: Green Hvy Cavalry on Plains (home, +1) defending, own side 100% explored, enemy 0%:
    (4+1) x 1 = 5, times 1.25 x 1.25 = 1.5625 (the text's "1.625" is an erratum) = 7.8125."""
    g = battle_world([unit("a1", "LE")], [unit("d1", "HC")], explored={"d": 100, "a": 0})
    battle = fight(g)
    assert battle.defender.strength == Fraction(78125, 10000) == Fraction(125, 16)


def test_pbm04_a_garrison_defends_at_3_and_attacks_at_1() -> None:
    """[004:40], [004:59]: a Human Green Garrison in Plains, not the King's home province, equal exploration:
    defending 3 x 1 x 1.25 = 3.75; attacking 1 x 1 = 1."""
    battle = fight(battle_world([unit("a1", "GA")], [unit("d1", "GA")]))
    assert battle.defender.strength == Fraction(15, 4)
    assert battle.attacker.strength == 1


def test_pbm07_whales_off_the_sea_have_no_strength_and_retreat_to_the_sea_unharmed() -> None:
    """[004:75]: Elite Whales in Plains fight at 0; losing there, they retreat into a Sea province, not destroyed."""
    g = battle_world([unit("a1", "LE")], [unit("d1", "WH", quality="elite")])
    battle = fight(g)
    assert battle.defender.strength == 0
    assert battle.winner == "a"
    assert "d1" not in battle.destroyed
    assert ("darmy", "deep") in battle.retreats
    assert g.rules.armies["darmy"].province == "deep"
    assert not any(isinstance(r, DiceRolled) and r.purpose == "escape:d1" for r in g.events)


def test_pbm10_phantasmal_armies_of_a_level_3_caster_make_10_into_14_5() -> None:
    """[004:95]: +15% a level of the caster: a unit of strength 10 (Average Hvy Cavalry on its home Plains,
    attacking: (4+1) x 2) x 1.45 = 14.5."""
    mage = character("mage", "a", "camp", alignment="pagan", abilities={"illusory": 3})
    g = battle_world([unit("a1", "HC", quality="average")], [unit("d1", "GA")], more=[mage])
    g.when(o.CastActionSpell(character="mage", spell="phantasmal_armies", target="field"), A)
    battle = fight(g)
    assert battle.attacker.strength == Fraction(29, 2)


def test_pbm13_defence_tactical_and_nemesis_multiply_to_exactly_one() -> None:
    """[004:49], [004:57], [004:59], [004:98]: a defending Phalanx led by a Tactical 1 commander, facing its
    nemesis (Legion) on the front line: 1.25 x 1.2 x 2/3 = 1 exactly; (3+1) x 1 x 1 = 4."""
    g = battle_world([unit("a1", "LE")], [unit("d1", "PH")], dgen={"abilities": {"tactical": 1, "druid": 1}})
    battle = fight(g)
    assert battle.defender.strength == 4


def test_pbm16_a_phalanx_facing_a_legion_is_at_two_thirds_the_legion_is_not() -> None:
    """[004:21-22], [004:49]: the Phalanx's nemesis is the Legion; the Legion's is Hvy Cavalry."""
    battle = fight(battle_world([unit("a1", "LE")], [unit("d1", "PH")]))
    assert battle.defender.strength == Fraction(4) * Fraction(5, 4) * Fraction(2, 3)  # PH (3+1) on its Plains
    assert battle.attacker.strength == 4  # a Human Legion: 3 + 1, no nemesis in front of it


def _chain(n: int) -> list[dict[str, object]]:
    names = [f"p{i}" for i in range(n)]
    return [
        province(p, "plain", "k" if i == 0 else None, adjacent=[names[j] for j in (i - 1, i + 1) if 0 <= j < n])
        for i, p in enumerate(names)
    ]


def test_pbm19_pursuing_four_provinces_away_at_spy_1_is_25_percent_and_own_kingdom_100() -> None:
    """[004:207], [004:212]: Spy level 1 pursues at 100%, divided by a distance of 4: 25%; a character of the
    pursuer's own kingdom: 100%."""
    chars = [
        character("king", "k", "p0", alignment="good", abilities={"spy": 1}),  # no Spy aptitude: stays at 1
        character("friend", "k", "p4"),
        character("rival", "r", "p4"),
        character("rking", "r", "p4"),
        character("hunter", "k", "p0", alignment="good", abilities={"spy": 1}),
    ]
    kingdoms = [kingdom("k", "king", "p0"), kingdom("r", "rking", "p4")]
    g = game(scenario(kingdoms, _chain(5), chars))
    g.when(o.Pursue(character="king", target="rival"), seat("k"))
    g.when(o.Pursue(character="hunter", target="friend"), seat("k"))
    resolved = {ev.character: ev for ev in process(g) if isinstance(ev, e.PursuitResolved)}
    assert resolved["king"].chance == Fraction(1, 4)
    assert resolved["hunter"].chance == 1


def test_pbm22_march_levels_give_extra_moves_but_not_to_eagles() -> None:
    """[004:226-234]: March 3 with Speed 2: +1; with Speed 3: +2; March 1 with Speed 1: 0; Eagles with March 4: 0."""
    cases = [("LE", 3, 3), ("HC", 3, 5), ("GA", 1, 1), ("EA", 4, 5)]
    for kind, march, allowed in cases:
        chars = [character("king", "k", "p0"), character("gen", "k", "p0", abilities={"march": march})]
        g = game(
            scenario([kingdom("k", "king", "p0")], _chain(8), chars, [army("x", "k", "p0", "gen", [unit("u", kind)])])
        )
        path = [f"p{i}" for i in range(1, allowed + 2)]
        refused = g.rejects(o.Move(character="gen", path=path, with_army=True), seat("k"))
        assert refused.code == "kingdoms.too_far" and f"may move {allowed} " in refused.message, kind
        g.when(o.Move(character="gen", path=path[:allowed], with_army=True), seat("k"))


def test_pbm25_a_druid_2_leader_may_lead_trolls_but_lacks_a_level_for_eagles() -> None:
    """[004:246-247], [004:86]: Druid 2 leads Whales and Trolls; Eagles need Druid 3: the shortfall is recorded and
    costs the units a quality level in battle (the content's default for "-?")."""
    chars = [character("king", "k", "p0"), character("druid", "k", "p0", abilities={"druid": 2})]
    armies = [
        army("trolls", "k", "p0", front=[unit("t", "TR", None)]),
        army("eagles", "k", "p0", front=[unit("e", "EA")]),
    ]
    g = game(scenario([kingdom("k", "king", "p0")], _chain(2), chars, armies))
    assert g.when(c.AssignCommand(army="trolls", character="druid"), seat("k"))[-1].druid_shortfall == 0
    assert g.when(c.AssignCommand(army="eagles", character="druid"), seat("k"))[-1].druid_shortfall == 1


def test_pbm25_the_shortfall_costs_a_quality_level_in_battle() -> None:
    g = battle_world([unit("a1", "EA", quality="average")], [unit("d1", "GA")], agen={"abilities": {"druid": 2}})
    g.when(c.AssignCommand(army="aarmy", character="agen"), A)
    battle = fight(g)
    assert battle.attacker.strength == 4  # Eagles 4 x (Average 2 - 1)


def test_pbm25_a_leader_given_in_the_scenario_pays_the_shortfall_too() -> None:
    g = battle_world([unit("a1", "EA", quality="average")], [unit("d1", "GA")], agen={"abilities": {"druid": 2}})
    assert fight(g).attacker.strength == 4  # no AssignCommand: the shortfall is the leader's at the battle


def test_pbm34_werebeasts_bite_a_human_unit_but_never_a_fleet() -> None:
    """[004:71]: a Human unit defeated by Werebeasts turns into Werebeasts with about 40% after the gameturn;
    Fleets are never affected."""
    g = battle_world([unit("a1", "WE", quality="elite")], [unit("d1", "LE")])
    g.dice(1, sides=100, purpose="escape:d1").dice(1, sides=100, purpose="werebeast:d1")
    events_before = len(g.events)
    fight(g)
    assert any(isinstance(ev, e.UnitsConverted) and ev.units == ("d1",) for ev in g.events[events_before:])
    assert g.rules.armies["darmy"].front[0].type == "WE" and g.rules.armies["darmy"].front[0].race is None

    fleet = battle_world([unit("a1", "WE", quality="elite")], [unit("d1", "FL")], terrain="sea")
    fleet.dice(1, sides=100, purpose="escape:d1")
    fight(fleet)
    assert not any(isinstance(r, DiceRolled) and r.purpose.startswith("werebeast:") for r in fleet.events)
    assert fleet.rules.armies["darmy"].front[0].type == "FL"
