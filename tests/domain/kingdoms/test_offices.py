"""The Imperial Offices [004:265-371] and the monster merit of the Lord High Defender, through the decider."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import GameEnded
from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from tests.domain.kingdoms.helpers import GM, character, game, kingdom, process, province, scenario, seat

K = seat("k")


def _standing(events: list[object], office: str) -> object:
    awarded = next(ev for ev in events if isinstance(ev, e.OfficesAwarded))
    return next(s for s in awarded.standings if s.office == office)


def test_pbm28_lord_high_defender_slain_neutralized_and_agreements() -> None:
    """[004:332-335], [004:369]: slaying a 30-HP Demon: +30; neutralizing a 25-HP Giant by negotiation: half,
    +12.5; fulfilling an agreement (talking again to the neutralized Giant): +0. No alignment difference with the
    Emperor (all Neutral)."""
    provinces = [
        province("home", "plain", "k", adjacent=["lair"], tax_base=3),
        province("lair", "mountain", None, adjacent=["home"], monsters=[{"id": "demon", "kind": "demon"}]),
        province("hills", "mountain", None, monsters=[{"id": "giant", "kind": "giant"}]),
    ]
    hero = character("hero", "k", "lair", abilities={"melee": 4}, encounter_plan=["ME"])
    sage = character("sage", "k", "hills", abilities={"druid": 4})  # Druid 4 talks to all monsters [004:248]
    g = game(scenario([kingdom("k", "king", "home")], provinces, [character("king", "k", "home"), hero, sage]))
    g.when(o.Search(character="hero"), K)
    g.when(o.NegotiateWithMonster(character="sage", monster="giant"), K)
    g.dice(1, sides=100, purpose="encounter:hero").dice(1, sides=100, purpose="hit:hero")
    g.dice(6, 6, 6, 6, 6, sides=6, purpose="damage:hero")  # (Melee 4 + 1)d6 = 30: the Demon's 30 hit points
    g.dice(1, sides=100, purpose="negotiate:sage")  # the content's negotiation chance (80% at Druid 4)
    turn1 = process(g)
    slain = next(ev for ev in turn1 if isinstance(ev, e.EncounterResolved))
    assert (slain.outcome, slain.counted) == ("slain", 30)
    talk = next(ev for ev in turn1 if isinstance(ev, e.MonsterNegotiated))
    assert talk.neutralized and talk.counted == 25
    g.when(o.NegotiateWithMonster(character="sage", monster="giant"), K)
    g.dice(1, sides=100, purpose="negotiate:sage")
    agreement = next(ev for ev in process(g) if isinstance(ev, e.MonsterNegotiated))
    assert agreement.counted == 0
    defender = _standing(g.when(c.AwardOffices(reason="the game ends"), GM), "lord_high_defender")
    assert defender.holder == "hero"
    merit = {s.candidate: s.merit for s in defender.standings}
    assert merit["hero"] == 30 and merit["sage"] == Fraction(25, 2)


def _rivals(gold_a: int, gold_b: int, tax_a: int, tax_b: int) -> object:
    provinces = [province("pa", "plain", "a", tax_base=tax_a), province("pb", "plain", "b", tax_base=tax_b)]
    chars = [character("ka", "a", "pa"), character("kb", "b", "pb")]
    g = game(scenario([kingdom("a", "ka", "pa", treasury=gold_a), kingdom("b", "kb", "pb", treasury=gold_b)],
                      provinces, chars))  # fmt: skip
    for who in ("ka", "kb"):
        won = c.AdjustMerit(character=who, counter="land_won_enemy_units", count=3, reason="a battle won")
        g.when(won, GM)
    events = g.when(c.AwardOffices(reason="the game ends"), GM)
    assert any(isinstance(ev, GameEnded) for ev in events)
    return _standing(events, "grand_marshal")


def test_pbm31_a_tie_goes_to_more_gold_then_to_the_larger_tax_base_and_the_loser_ranks_second() -> None:
    """[004:371]: ties are broken by gold in treasury, then by tax base; the loser of the tie-break shows as #2."""
    richer = _rivals(gold_a=100, gold_b=50, tax_a=2, tax_b=9)
    assert richer.holder == "ka"
    assert [(s.rank, s.candidate, s.lost_tie_on) for s in richer.standings] == [(1, "ka", None), (2, "kb", "treasury")]
    larger = _rivals(gold_a=70, gold_b=70, tax_a=2, tax_b=9)
    assert larger.holder == "kb"
    assert [(s.rank, s.candidate, s.lost_tie_on) for s in larger.standings] == [(1, "kb", None), (2, "ka", "tax_base")]


def test_prize_percentages_follow_the_offices_and_the_artifacts() -> None:
    """[004:270-365]: World Emperor 20%, the other offices 10% each; an artifact is worth 1% to its owner."""
    provinces = [province("pa", "plain", "a", tax_base=9), province("pb", "plain", "b", tax_base=2)]
    chars = [character("ka", "a", "pa"), character("kb", "b", "pb", abilities={"spy": 3})]
    g = game(scenario([kingdom("a", "ka", "pa", treasury=5), kingdom("b", "kb", "pb", treasury=50)], provinces, chars))
    g.when(c.GiveItem(character="kb", item="excalibur", reason="pulled from the stone"), GM)
    awarded = next(ev for ev in g.when(c.AwardOffices(reason="end"), GM) if isinstance(ev, e.OfficesAwarded))
    kingdom_of = {"ka": "a", "kb": "b", None: None}
    holders = {s.office: kingdom_of[s.holder] for s in awarded.standings}
    assert holders["world_emperor"] == "a" and holders["imperial_treasurer"] == "b"
    assert holders["high_chancellor"] == "b"  # Spy 3 (a Neutral aptitude, doubled to 5 at the start)
    assert awarded.prizes["a"] == 20 and awarded.prizes["b"] == 10 + 10 + 1
