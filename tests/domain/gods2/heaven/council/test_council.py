"""The Great Council ([003:478-504]), its laws, offices, promotions and the Judge of Heaven."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2.heaven.combat.events import AttackLapsed, DuelNoShow, DuelPostponed, DuelTimeNamed
from domain.rulesets.gods2.heaven.commands import (
    CastPower,
    ChallengeDuel,
    CloseMotion,
    DeclareOutlaw,
    DissolveCouncil,
    ElectArchetypeSuccessor,
    KillCharacter,
    MoveToLocale,
    NameDuelTime,
    ObliterateCharacter,
    ProposeMotion,
    RecordManaEvent,
    SetClock,
    SneakAttack,
    SummonGreatCouncil,
    Vote,
)
from domain.rulesets.gods2.heaven.council.events import (
    CouncilConvened,
    CouncilDissolved,
    CouncilFailedToConvene,
    LawPassed,
    MotionFailed,
    OfficeAssigned,
)
from domain.rulesets.gods2.kernel.events import ManaCredited
from domain.rulesets.gods2.kernel.model import DEFAULT_LAW, CharacterSetup
from tests.domain.gods2.scenario import ARES, HERA, IRIS, SEATS, ZEUS, characters, game
from tests.domain.harness import Game, seat

OTHERS = [f"g{i}" for i in range(3, 9)]  # six more greater gods: eight in all
G = {name: seat(name) for name in OTHERS}


def council_game(**chars: dict[str, object]) -> Game:
    extra = [
        CharacterSetup(id=n, name=n.upper(), kind="greater_god", locale="hall", mana=10, spheres={"wisdom": 1})
        for n in OTHERS
    ]
    zeus = {"powers": ["summon_great_council", "sword_of_fire"], **chars.pop("zeus", {})}
    base = characters(zeus=zeus, **chars)  # type: ignore[arg-type]
    return game(characters=[*base, *extra], seats=[*SEATS, *OTHERS])


def convene(g: Game) -> None:
    g.when(SummonGreatCouncil(minutes=10), ZEUS)
    g.advance(10)
    g.when(FireDueTimers())
    g.advance(3)
    g.when(FireDueTimers())


def test_the_summoner_appoints_the_time_and_leads_the_meeting() -> None:
    """[003:480-482] the meeting begins at the appointed time; the summoner leads it."""
    g = council_game()
    g.when(SummonGreatCouncil(minutes=10), ZEUS)
    assert g.rules.characters["zeus"].mana == 18
    g.advance(10)
    convened = g.when(FireDueTimers())[1]
    assert isinstance(convened, CouncilConvened) and convened.leader == "zeus"


def test_no_one_interrupts_the_leaders_three_minutes() -> None:
    """[003:482] he may speak for up to three minutes; no one present may interrupt."""
    g = council_game()
    g.when(SummonGreatCouncil(minutes=0), ZEUS)
    g.when(FireDueTimers())
    assert g.rejects(ProposeMotion(kind="pass_law", text="x"), HERA).code == "gods2.leader_speaking"
    g.advance(3)
    g.when(FireDueTimers())
    g.when(ProposeMotion(kind="pass_law", text="Thou shalt not deal with demons."), HERA)


def test_a_council_without_seven_greater_gods_does_not_convene() -> None:
    """[003:480] fewer than seven greater gods present."""
    g = council_game()
    g.when(SummonGreatCouncil(minutes=5), ZEUS)
    g.when(MoveToLocale(locale="feasts"), G["g3"])
    g.when(MoveToLocale(locale="feasts"), G["g4"])
    g.advance(5)
    assert isinstance(g.when(FireDueTimers())[1], CouncilFailedToConvene)


def test_seven_yes_votes_pass_a_law() -> None:
    """[003:484] GODS-61: eight present, seven yes: passes."""
    g = council_game()
    convene(g)
    motion = g.when(ProposeMotion(kind="pass_law", text="Thou shalt not deal with demons."), ZEUS)[0].motion_id
    for voter in [ZEUS, HERA, *list(G.values())[:4]]:
        g.when(Vote(motion_id=motion, yes=True), voter)
    events = g.when(Vote(motion_id=motion, yes=True), G["g7"])
    assert LawPassed(text="Thou shalt not deal with demons.") in events
    assert g.rules.laws == (DEFAULT_LAW, "Thou shalt not deal with demons.")
    assert any(isinstance(e, ManaCredited) and e.source == "wisdom-laws" for e in events)


def test_six_yes_votes_fail_whatever_the_number_present() -> None:
    """[003:484] GODS-61: six yes and two abstentions: fails."""
    g = council_game()
    convene(g)
    motion = g.when(ProposeMotion(kind="pass_law", text="Hop like a bunny."), ZEUS)[0].motion_id
    for voter in [ZEUS, HERA, *list(G.values())[:4]]:
        g.when(Vote(motion_id=motion, yes=True), voter)
    assert g.when(CloseMotion(motion_id=motion), ZEUS) == [MotionFailed(motion_id=motion, yes=6)]
    assert g.rules.laws == (DEFAULT_LAW,)


def test_only_greater_gods_vote() -> None:
    g = council_game()
    convene(g)
    motion = g.when(ProposeMotion(kind="pass_law", text="x"), ZEUS)[0].motion_id
    assert g.rejects(Vote(motion_id=motion, yes=True), ARES).code == "gods2.no_vote"


def test_the_meeting_ends_when_fewer_than_seven_greater_gods_remain() -> None:
    """[003:480] it ends whenever there are less than seven greater gods present."""
    g = council_game()
    convene(g)
    g.when(MoveToLocale(locale="feasts"), G["g3"])
    events = g.when(MoveToLocale(locale="feasts"), G["g4"])
    assert isinstance(events[-1], CouncilDissolved) and g.rules.council is None


def test_the_leader_dissolves_the_meeting() -> None:
    g = council_game()
    convene(g)
    assert g.rejects(DissolveCouncil(), HERA).code == "gods2.not_the_leader"
    g.when(DissolveCouncil(), ZEUS)
    assert g.rules.council is None


def test_no_combat_in_the_hall_of_doom_while_the_council_sits() -> None:
    """[003:480] characters may neither challenge for a duel or sneak attack."""
    g = council_game()
    convene(g)
    assert g.rejects(SneakAttack(target="hera"), ZEUS).code == "gods2.council_in_session"
    assert g.rejects(ChallengeDuel(target="hera"), ZEUS).code == "gods2.council_in_session"


def test_a_shamed_god_forfeits_his_vote_at_the_next_meeting_only() -> None:
    """[003:330] shamed and forfeits the right to vote in the next Great Council meeting."""
    g = council_game()
    duel = g.when(ChallengeDuel(target="hera"), G["g3"])[0]
    g.when(NameDuelTime(duel_id=duel.duel_id, minutes=10), HERA)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.advance(10)
    g.when(FireDueTimers())
    g.when(MoveToLocale(locale="hall"), HERA)
    convene(g)
    motion = g.when(ProposeMotion(kind="pass_law", text="x"), ZEUS)[0].motion_id
    assert g.rejects(Vote(motion_id=motion, yes=True), HERA).code == "gods2.shamed"
    g.when(DissolveCouncil(), ZEUS)
    assert not g.rules.characters["hera"].shamed


def test_an_office_changes_hands_with_no_gap() -> None:
    """[003:504] GODS-64: the former holder loses and the new one gains the office at the same instant."""
    g = council_game()
    convene(g)
    motion = g.when(ProposeMotion(kind="assign_office", office="judge_of_heaven", subject="hera"), ZEUS)[0]
    for voter in [ZEUS, HERA, *list(G.values())[:4]]:
        g.when(Vote(motion_id=motion.motion_id, yes=True), voter)
    events = g.when(Vote(motion_id=motion.motion_id, yes=True), G["g8"])
    assert OfficeAssigned(office="judge_of_heaven", holder="hera", previous="iris") in events
    assert g.rules.offices == {"judge_of_heaven": "hera"}


def test_no_character_holds_two_offices() -> None:
    g = council_game()
    convene(g)
    cmd = ProposeMotion(kind="assign_office", office="herald_of_heaven", subject="iris")
    assert g.rejects(cmd, ZEUS).code == "gods2.one_office_each"


def test_a_lesser_god_is_promoted_only_into_a_vacancy() -> None:
    """[003:498-500] a vacancy through obliteration; the new greater god is no longer a minion."""
    g = council_game()
    convene(g)
    cmd = ProposeMotion(kind="promote", subject="ares", sphere="war")
    assert g.rejects(cmd, ZEUS).code == "gods2.no_vacancy"
    g.when(ObliterateCharacter(character="g8", reason="weapon of obliteration"))
    motion = g.when(cmd, ZEUS)[0].motion_id
    for voter in [ZEUS, HERA, *list(G.values())[:5]]:
        g.when(Vote(motion_id=motion, yes=True), voter)
    ares = g.rules.characters["ares"]
    assert (ares.kind, ares.greater_spheres, ares.lords) == ("greater_god", ("war",), ())


def test_a_primal_beings_seat_is_never_filled_again() -> None:
    """[003:443] her seat on the Great Council may never be filled again."""
    g = council_game()
    g.when(ObliterateCharacter(character="hera", reason="weapon of obliteration"))
    assert len(g.rules.vacancies) == 1
    g2 = council_game(hera={"primal_being": True})
    g2.when(ObliterateCharacter(character="hera", reason="weapon of obliteration"))
    assert g2.rules.vacancies == ()


def test_an_archetypes_minion_is_no_candidate() -> None:
    """[003:500] any lesser god who is not a minion of an archetype."""
    g = council_game(zeus={"archetype": True, "powers": ["summon_great_council"]})
    convene(g)
    g.when(ObliterateCharacter(character="g8", reason="x"))
    cmd = ProposeMotion(kind="promote", subject="ares", sphere="war")
    assert g.rejects(cmd, ZEUS).code == "gods2.archetypes_minion"


def test_the_judge_declares_outlaws_and_death_wipes_the_slate() -> None:
    """[003:490-492] GODS-67: an outlaw remains one until he dies."""
    g = council_game()
    assert g.rejects(DeclareOutlaw(character="ares", reason="law 0"), HERA).code == "gods2.not_the_judge"
    g.when(DeclareOutlaw(character="ares", reason="sneak attacked Hera in the Hall"), IRIS)
    assert g.rules.characters["ares"].outlaw
    assert g.when(SneakAttack(target="ares"), HERA)[0].lawful is True  # [003:494] unless the defender is an outlaw
    g2 = council_game()
    g2.when(DeclareOutlaw(character="ares", reason="x"), IRIS)
    g2.when(KillCharacter(character="ares", reason="test"))
    assert not g2.rules.characters["ares"].outlaw


def test_the_supreme_deity_is_chosen_only_in_era_omega_unanimously() -> None:
    """[003:476] only in Era Omega; a unanimous vote by all greater gods in existence."""
    g = council_game()
    convene(g)
    cmd = ProposeMotion(kind="supreme_deity", subject="zeus")
    assert g.rejects(cmd, ZEUS).code == "gods2.not_omega"
    g.when(SetClock(era="omega", in_transition=False, reason="Era Omega"))
    motion = g.when(cmd, ZEUS)[0].motion_id
    for voter in [ZEUS, HERA, *list(G.values())[:5]]:
        g.when(Vote(motion_id=motion, yes=True), voter)
    assert g.rules.supreme_deity is None  # seven of eight is not unanimous
    g.when(Vote(motion_id=motion, yes=True), G["g8"])
    assert g.rules.supreme_deity == "zeus"


def test_a_law_may_be_amended_or_rescinded() -> None:
    """[003:494] the Council is free to rescind or amend any previous laws."""
    g = council_game()
    convene(g)
    motion = g.when(ProposeMotion(kind="rescind_law", law=0), ZEUS)[0].motion_id
    for voter in [ZEUS, HERA, *list(G.values())[:5]]:
        g.when(Vote(motion_id=motion, yes=True), voter)
    assert g.rules.laws == ()
    assert g.rejects(ProposeMotion(kind="amend_law", law=0, text="y"), ZEUS).code == "gods2.unknown_law"


def test_an_archetypes_seat_is_filled_only_by_her_archetypal_lesser_gods_unanimously() -> None:
    """[003:441] all her former archetypal lesser gods unanimously elect one of their number, who becomes a
    greater god and archetype with five more archetypal cards; the others become his minions."""
    extra = {"kind": "lesser_god", "locale": "hall", "lords": ["hera"], "archetype": True}
    g2 = game(
        characters=[
            *characters(hera={"archetype": True, "greater_spheres": ["love"]}),
            CharacterSetup(id="eros", name="Eros", spheres={"love": 1}, **extra),  # type: ignore[arg-type]
            CharacterSetup(id="psyche", name="Psyche", **extra),  # type: ignore[arg-type]
        ],
        seats=[*SEATS, "eros", "psyche"],
    )
    g2.when(ObliterateCharacter(character="hera", reason="weapon of obliteration"))
    seat_ = g2.rules.vacancies[0]
    assert (seat_.archetype, seat_.electors) == (True, ("eros", "psyche"))
    g2.when(ElectArchetypeSuccessor(seat_of="hera", candidate="eros"), seat("eros"))
    assert g2.rules.characters["eros"].kind == "lesser_god"
    assert g2.rejects(ElectArchetypeSuccessor(seat_of="hera", candidate="eros"), ZEUS).code == "gods2.not_an_elector"
    g2.when(ElectArchetypeSuccessor(seat_of="hera", candidate="eros"), seat("psyche"))
    eros = g2.rules.characters["eros"]
    assert (eros.kind, eros.archetype, eros.spheres["love"]) == ("greater_god", True, 6)
    assert g2.rules.characters["psyche"].lords == ("eros",) and g2.rules.vacancies == ()


def test_an_archetype_with_no_archetypal_lesser_gods_leaves_an_ordinary_seat() -> None:
    """[003:441] her Council position may be re-filled by election."""
    g = council_game(hera={"archetype": True})
    g.when(ObliterateCharacter(character="hera", reason="weapon of obliteration"))
    assert g.rules.vacancies[0].archetype is False


def test_a_new_greater_gods_mana_sources_start_at_the_next_session() -> None:
    """[003:500] he may use the card's powers at once, but gains its mana sources only next session."""
    g = council_game()
    convene(g)
    g.when(ObliterateCharacter(character="g8", reason="weapon of obliteration"))
    motion = g.when(ProposeMotion(kind="promote", subject="ares", sphere="wisdom"), ZEUS)[0].motion_id
    for voter in [ZEUS, HERA, *list(G.values())[:5]]:
        g.when(Vote(motion_id=motion, yes=True), voter)
    g.when(DissolveCouncil(), ZEUS)

    def wisdom_income() -> list[ManaCredited]:
        events = g.when(RecordManaEvent(event="council.law_passed", reason="a law"))
        return [e for e in events if isinstance(e, ManaCredited) and e.character == "ares"]

    assert wisdom_income() == []
    g.when(SetClock(era="centrum", in_transition=True, reason="session ends"))
    g.when(SetClock(era="centrum", in_transition=False, reason="next session"))
    assert wisdom_income()[0].amount == Fraction(1, 2)


def test_a_duel_due_while_the_council_sits_waits_for_the_meeting_to_end() -> None:
    """[003:58] while a Great Council meeting is in session, no combat may be held in the Hall of Doom."""
    g = council_game()
    duel = g.when(ChallengeDuel(target="ares"), HERA)[0].duel_id
    g.when(NameDuelTime(duel_id=duel, minutes=10), ARES)
    g.when(SummonGreatCouncil(minutes=5), ZEUS)
    g.advance(5)
    g.when(FireDueTimers())
    g.advance(5)
    fired = g.when(FireDueTimers())
    assert DuelPostponed(duel_id=duel, reason="the Great Council is in session in the Hall of Doom [003:58]") in fired
    assert g.rules.combats == {} and g.rules.characters["hera"].shamed is False
    g.advance(2)
    ended = g.when(DissolveCouncil(), ZEUS)
    resumed = ended[-2]
    assert isinstance(resumed, DuelTimeNamed) and resumed.at == g.now
    started = g.when(FireDueTimers())
    assert [c.kind for c in g.rules.combats.values()] == ["duel"] and len(started) == 2


def test_a_postponed_duel_shames_whoever_is_absent_when_the_meeting_ends() -> None:
    """[003:330] failing to appear at the duel's time shames; [003:58] that time is the end of the meeting."""
    g = council_game()
    duel = g.when(ChallengeDuel(target="hera"), G["g3"])[0].duel_id
    g.when(NameDuelTime(duel_id=duel, minutes=10), HERA)
    g.when(SummonGreatCouncil(minutes=5), ZEUS)
    g.advance(5)
    g.when(FireDueTimers())
    g.advance(5)
    assert isinstance(g.when(FireDueTimers())[-1], DuelPostponed)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.when(DissolveCouncil(), ZEUS)
    no_show = g.when(FireDueTimers())[1]
    assert isinstance(no_show, DuelNoShow) and no_show.absent == ["hera"] and no_show.shamed == ["hera"]


def test_a_sneak_attack_whose_window_ends_after_the_council_convenes_lapses() -> None:
    """[003:58] while a Great Council meeting is in session, no combat may be held in the Hall of Doom."""
    g = council_game()
    g.when(SummonGreatCouncil(minutes=0), ZEUS)
    attack = g.when(SneakAttack(target="ares"), HERA)[0].attack_id
    g.now += timedelta(seconds=5)
    fired = g.when(FireDueTimers())
    assert isinstance(fired[1], CouncilConvened)
    assert AttackLapsed(attack_id=attack, reason="the Great Council is in session here [003:58]") in fired
    assert g.rules.combats == {} and g.rules.characters["ares"].combat is None


def test_no_one_present_begins_a_persuasion_during_the_leaders_three_minutes() -> None:
    """[003:482] no one present may interrupt or speak during this time; a persuasion is a conversation [003:219]."""
    g = council_game()
    g.when(SummonGreatCouncil(minutes=0), ZEUS)
    g.when(FireDueTimers())
    words = CastPower(power="sweet_words", targets=["ares"])
    assert g.rejects(words, HERA).code == "gods2.leader_speaking"
    g.advance(3)
    g.when(FireDueTimers())
    assert g.when(words, HERA)[0].amount == 4


def test_council_motions_are_refused_with_their_codes() -> None:
    """[003:480-504] one meeting at a time, at a time from now; laws have text; offices are the pack's; a
    promotion names a lesser god and his sphere; the Supreme Deity is a greater god; one vote each; those absent
    from the Hall of Doom take no part."""
    g = council_game()
    assert g.rejects(SummonGreatCouncil(minutes=-1), ZEUS).code == "gods2.bad_time"
    convene(g)
    assert g.rejects(SummonGreatCouncil(minutes=5), ZEUS).code == "gods2.council_pending"
    assert g.rejects(ProposeMotion(kind="pass_law", text=" "), ZEUS).code == "gods2.no_text"
    assert g.rejects(ProposeMotion(kind="assign_office", office="jester", subject="hera"), ZEUS).code == (
        "gods2.unknown_office"
    )
    revoke = ProposeMotion(kind="revoke_office", office="keeper_of_keys")
    assert g.rejects(revoke, ZEUS).code == "gods2.office_unfilled"
    assert g.rejects(ProposeMotion(kind="promote"), ZEUS).code == "gods2.name_candidate"
    assert g.rejects(ProposeMotion(kind="promote", subject="hera", sphere="war"), ZEUS).code == (
        "gods2.not_a_candidate"
    )
    assert g.rejects(Vote(motion_id="motion-none", yes=True), ZEUS).code == "gods2.no_such_motion"
    motion = g.when(ProposeMotion(kind="pass_law", text="Thou shalt not deal with demons."), ZEUS)[0].motion_id
    g.when(Vote(motion_id=motion, yes=True), ZEUS)
    assert g.rejects(Vote(motion_id=motion, yes=False), ZEUS).code == "gods2.already_voted"
    g.when(MoveToLocale(locale="feasts"), HERA)
    assert g.rejects(Vote(motion_id=motion, yes=True), HERA).code == "gods2.not_present"
    g.when(SetClock(era="omega", in_transition=False, reason="Era Omega"))
    assert g.rejects(ProposeMotion(kind="supreme_deity", subject="ares"), ZEUS).code == "gods2.not_a_greater_god"
