"""The turn cycle of C2: one sealed order per character, processed in the documented order, then the post-turn
effects and the reports."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.dice import DiceRolled
from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.turn.resolve import STEPS
from tests.domain.kingdoms.battles import A, D, battle_world, fight
from tests.domain.kingdoms.helpers import N, S, process, two_kingdoms, unit


def test_processing_follows_the_documented_order() -> None:
    """C2: movement, random encounters, contingent unification, battles, spying and pursuit, experience, then the
    post-turn effects."""
    names = [name for name, _ in STEPS]
    order = ["movement", "encounters", "unification", "battles", "spying", "experience", "post-turn"]
    assert [n for n in names if n in order] == order


def test_a_new_order_replaces_the_last_and_cancelling_clears_it() -> None:
    g = two_kingdoms()
    g.when(o.Explore(character="nking"), N)
    g.when(o.Search(character="nking"), N)
    assert isinstance(g.rules.orders["nking"], o.Search)
    g.when(c.CancelOrder(character="nking"), N)
    assert "nking" not in g.rules.orders


def test_orders_are_sealed_from_other_kingdoms_until_processed() -> None:
    g = two_kingdoms()
    given = g.when(o.Move(character="nking", path=["march"]), N)
    assert g.ruleset.redact(given[-1], S) is None and g.ruleset.redact(given[-1], N) == given[-1]
    assert g.view(S).orders == {} and "nking" in g.view(N).orders
    events = process(g)
    moved = next(ev for ev in events if isinstance(ev, e.CharacterMoved))
    assert g.ruleset.redact(moved, S) is None
    assert g.rules.characters["nking"].location == "march" and g.rules.orders == {} and g.rules.turn == 2


def test_each_kingdom_gets_its_report_and_everyone_the_news() -> None:
    g = two_kingdoms()
    g.when(o.Move(character="nking", path=["march"]), N)
    events = process(g)
    reports = {ev.kingdom: ev for ev in events if isinstance(ev, e.TurnReported)}
    assert set(reports) == {"n", "s"}
    assert any("moved to March" in line for line in reports["n"].lines)
    assert reports["s"].lines == ("A quiet turn: nothing to report.",)
    processed = next(ev for ev in events if isinstance(ev, e.TurnProcessed))
    assert g.ruleset.redact(processed, S) == processed


def test_every_roll_of_processing_is_hidden_from_the_players() -> None:
    """C6: "Hidden from players: random rolls"."""
    g = battle_world([unit("a1", "LE")], [unit("d1", "PH")])
    fight(g, no_random_event=False)
    rolls = [ev for ev in g.events if isinstance(ev, DiceRolled)]
    assert rolls and all(r.visible_to == () for r in rolls)
    assert any(r.purpose == "random-event:field" for r in rolls)  # the content's table, without a ruling


def test_trolls_that_die_regenerate_one_step_lower_as_mercenaries() -> None:
    """[004:73]: they crawl back together, reduced 1 step in quality, and become mercenaries."""
    g = battle_world(
        [unit("a1", "DR", quality="elite")],
        [unit("d1", "TR", None, quality="veteran")],
        agen={"abilities": {"druid": 4}},  # Dragons need Druid 4, Trolls 2 [004:246-248]
        dgen={"abilities": {"druid": 2}},
    )
    g.dice(100, sides=100, purpose="escape:d1")  # the Trolls do not escape
    battle = fight(g)
    assert "d1" in battle.destroyed and battle.regenerating == ("d1",)
    (mercenaries,) = [a for a in g.rules.armies.values() if a.kingdom is None]
    assert mercenaries.province == "field" and mercenaries.front[0].quality == 2  # Veteran (3) - 1


def test_treaties_hold_when_both_offer_and_armies_under_treaty_do_not_fight() -> None:
    g = battle_world([unit("a1", "LE")], [unit("d1", "PH")])
    g.when(c.OfferTreaty(kingdom="d"), A)
    g.when(c.OfferTreaty(kingdom="a"), D)
    g.when(o.Invade(character="agen", path=["field"]), A)
    events = process(g)
    assert any(isinstance(ev, e.TreatyMade) for ev in events)
    assert not any(isinstance(ev, e.BattleFought) for ev in events)
    g.when(c.BreakTreaty(kingdom="d"), A)
    assert g.rules.kingdoms["a"].treaties == () and g.rules.kingdoms["d"].treaties == ()


def test_moving_with_an_army_takes_the_army_along_and_may_improve_march() -> None:
    """[004:122]: moving on land with armies: 10% Forced March."""
    g = two_kingdoms()
    g.when(o.Move(character="ngen", path=["march"], with_army=True), N)
    g.dice(1, sides=100, purpose="experience:ngen:move_land_army")
    events = process(g)
    assert g.rules.armies["narmy"].province == "march"
    gained = next(ev for ev in events if isinstance(ev, e.ExperienceGained))
    assert (gained.ability, gained.level) == ("march", 2)


def test_the_gm_rules_movement_and_treaties_with_a_reason() -> None:
    """The movement and treaty chapters are lost: the GM places forces and makes or ends treaties."""
    g = two_kingdoms()
    placed = g.when(c.PlaceForce(province="march", army="narmy", reason="a forced march by night"))[-1]
    assert (placed.army, placed.character) == ("narmy", "ngen")  # the leader goes with his army
    assert g.rules.armies["narmy"].province == "march" and g.rules.characters["ngen"].location == "march"
    assert g.ruleset.redact(placed, S) is None and g.ruleset.redact(placed, N) == placed
    made = g.when(c.RuleTreaty(kingdoms=["s", "n"], made=True, reason="the Druids' automatic treaty"))[-1]
    assert made == e.TreatyMade(("n", "s"), "the Druids' automatic treaty")
    assert g.rules.kingdoms["n"].treaties == ("s",)
    g.when(c.RuleTreaty(kingdoms=["n", "s"], made=False, reason="an Evil kingdom's automatic break"))
    assert g.rules.kingdoms["s"].treaties == ()


def test_a_recruit_is_a_request_the_gm_grants_with_units_that_never_reuse_an_id() -> None:
    """The recruitment chapter is lost: `Recruit` asks (5% Druid experience [004:125]), `RaiseUnits` grants."""
    g = two_kingdoms()
    g.when(o.Recruit(character="ngen", unit_type="LE", count=2), N)
    requested = next(ev for ev in process(g) if isinstance(ev, e.RecruitRequested))
    assert requested.what == "2 x LE (human)"
    grant = c.RaiseUnits(kingdom="n", army="narmy", province="north", unit_type="LE", race="human",
                         quality="green", count=2, reason="20 gold paid")  # fmt: skip
    first = g.when(grant)[-1].units
    assert [u.id for u in first] == ["narmy-r1", "narmy-r2"]
    g.given(e.BattleFought("north", "plain", 5, *[e.SideReport("s", (), 0, Fraction(0), None)] * 2, "s",
                           ("narmy-r2",), (), (), (), (), ()))  # fmt: skip
    again = g.when(grant)[-1].units
    assert [u.id for u in again] == ["narmy-r3", "narmy-r4"]
