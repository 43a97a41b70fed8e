"""The Great Council ([003:478-504]) and the Judge of Heaven's sentences.

- A meeting begins at the time the summoner appointed and is led by him; he speaks first for three minutes and
  no one may interrupt ([003:480-482]). Chosen reading: it convenes only if the leader and at least seven
  greater gods are in the Hall of Doom then; otherwise it fails to convene.
- It ends when the leader dissolves it or fewer than seven greater gods are present ([003:480]): every command's
  events are checked (`quorum_check`).
- Binding acts need at least seven greater-god yes votes, whatever the number of greater gods ([003:484]); the
  Supreme Deity needs all greater gods in existence, in Era Omega ([003:476]).
- Shamed gods forfeit their vote at the next meeting ([003:330]); the forfeit is served when it ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext, Timer
from domain.engine.messages import TimerScheduled
from domain.rulesets.gods2.heaven.commands import (
    CloseMotion,
    DeclareOutlaw,
    DissolveCouncil,
    ProposeMotion,
    SummonGreatCouncil,
    Vote,
)
from domain.rulesets.gods2.heaven.council.events import (
    CouncilConvened,
    CouncilDissolved,
    CouncilFailedToConvene,
    CouncilSummoned,
    GreaterGodPromoted,
    LawAmended,
    LawPassed,
    LawRescinded,
    LeaderSpeechEnded,
    MotionFailed,
    MotionPassed,
    MotionProposed,
    OfficeAssigned,
    OfficeRevoked,
    OutlawDeclared,
    SupremeDeityChosen,
    VoteCast,
)
from domain.rulesets.gods2.heaven.evolve import folded
from domain.rulesets.gods2.heaven.powers.casting import may_cast
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    minutes,
    new_id,
    power_def,
    reject,
    require_alive,
    timer_id,
)
from domain.rulesets.gods2.kernel.mana import income_for_event, require_can_spend, spend
from domain.rulesets.gods2.kernel.model import Character, CouncilMeeting, Motion, State

QUORUM = 7  # [003:480], [003:484]: this number does not change even with fewer than twelve greater gods
COUNCIL = "council"
SPEECH = "council_speech"


def hall_of_doom(state: State) -> str:
    return next(lid for lid, loc in state.locales.items() if loc.kind == "hall_of_doom")


def present_greater_gods(state: State, hall: str) -> list[Character]:
    return [
        c
        for c in state.characters.values()
        if c.kind == "greater_god" and c.locale == hall and c.life == "alive" and not c.out_of_game
    ]


def decide_summon(state: State, command: SummonGreatCouncil, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    power_id = state.pack.summon_council_power
    if not c.knows(power_id):
        raise reject("cannot_summon", "Only a character with the power Summon Great Council may summon it [003:480].")
    may_cast(state, c, ctx)
    if state.council is not None or state.summons is not None:
        raise reject("council_pending", "A Council meeting is already in session or scheduled.")
    if command.minutes < 0:
        raise reject("bad_time", "Appoint a time from now on.")
    cost = ledger.final_cost(power_def(state, power_id).cost)
    require_can_spend(c, cost)
    at = ctx.now + minutes(command.minutes, state.settings)
    tid = timer_id(COUNCIL, c.id, at)
    return [
        spend(c, cost, f"power: {power_id}"),
        CouncilSummoned(leader=c.id, at=at, timer_id=tid),
        TimerScheduled(timer_id=tid, fire_at=at, purpose=COUNCIL, subject=c.id),
    ]


def on_council_timer(state: State, timer: Timer) -> list[object]:
    summons = state.summons
    if summons is None or summons.timer_id != timer.timer_id:
        return []
    hall = hall_of_doom(state)
    leader = state.characters[summons.leader]
    if leader.locale != hall or leader.life != "alive":
        return [CouncilFailedToConvene(leader=leader.id, reason="the leader is not in the Hall of Doom")]
    present = present_greater_gods(state, hall)
    if len(present) < QUORUM:
        return [CouncilFailedToConvene(leader=leader.id, reason="fewer than seven greater gods are present")]
    until = timer.fire_at + minutes(state.settings.council_speech_minutes, state.settings)
    tid = timer_id(SPEECH, leader.id, until)
    forfeited = sorted(c.id for c in state.characters.values() if c.kind == "greater_god" and c.shamed)
    return [
        CouncilConvened(
            leader=leader.id, hall=hall, at=timer.fire_at, speech_until=until, speech_timer=tid, forfeited=forfeited
        ),
        TimerScheduled(timer_id=tid, fire_at=until, purpose=SPEECH, subject=leader.id),
    ]


def on_speech_timer(state: State, timer: Timer) -> list[object]:
    if state.council is None or state.council.speech_timer != timer.timer_id:
        return []
    return [LeaderSpeechEnded(at=timer.fire_at)]


def _in_session(state: State, c: Character, ctx: DecisionContext) -> CouncilMeeting:
    council = state.council
    if council is None:
        raise reject("no_council", "The Great Council is not in session.")
    if c.locale != council.hall or c.life != "alive":
        raise reject("not_present", "Only those present in the Hall of Doom take part.")
    if c.id != council.leader and ctx.now < council.speech_until:
        raise reject("leader_speaking", "No one may interrupt the leader's three minutes [003:482].")
    return council


def decide_propose_motion(state: State, command: ProposeMotion, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    council = _in_session(state, c, ctx)
    if c.kind != "greater_god" and c.id != council.leader:
        raise reject("not_a_member", "The Great Council is made up of the greater gods [003:480].")
    _validate_motion(state, command.kind, command.text, command.subject, command.office, command.sphere, command.law)
    return [
        MotionProposed(
            motion_id=new_id(state, "motion"),
            kind=command.kind,
            text=command.text,
            proposer=c.id,
            subject=command.subject,
            office=command.office,
            sphere=command.sphere,
            law=command.law,
        )
    ]


def _validate_motion(
    state: State, kind: str, text: str, subject: str | None, office: str | None, sphere: str | None, law: int | None
) -> None:
    match kind:
        case "pass_law" | "amend_law" if not text.strip():
            raise reject("no_text", "Write the law [003:490].")
        case "amend_law" | "rescind_law" if law is None or not 0 <= law < len(state.laws):
            raise reject("unknown_law", f"Name a law by its number, 0 to {len(state.laws) - 1}.")
        case "assign_office":
            if office not in state.pack.offices or subject is None:
                raise reject("unknown_office", f"Name one of the offices {state.pack.offices} and its holder.")
            holder = character(state, subject)
            if holder.life == "obliterated":
                raise reject("gone", f"{holder.name} is gone.")
            if subject in state.offices.values():
                raise reject("one_office_each", "No character may hold multiple Council offices [003:504].")
        case "revoke_office" if office not in state.offices:
            raise reject("office_unfilled", f"{office} has no holder to revoke.")
        case "promote":
            _check_promotion(state, subject, sphere)
        case "supreme_deity":
            if state.era != "omega":
                raise reject("not_omega", "The Supreme Deity is chosen only in Era Omega [003:476].")
            if subject is None or character(state, subject).kind != "greater_god":
                raise reject("not_a_greater_god", "Name a greater god.")


def _check_promotion(state: State, subject: str | None, sphere: str | None) -> None:
    """[003:498-500] a vacancy by obliteration, never more than twelve; a lesser god not an archetype's minion."""
    if subject is None or not sphere:
        raise reject("name_candidate", "Name the candidate and the greater sphere card he takes.")
    candidate = character(state, subject)
    if candidate.kind != "lesser_god" or candidate.life == "obliterated":
        raise reject("not_a_candidate", "Only a lesser god may be promoted [003:500].")
    # [003:441] an archetypal lesser god becomes a greater god only by succeeding his archetype.
    if candidate.archetype or any(
        state.characters[lord].archetype for lord in candidate.lords if lord in state.characters
    ):
        raise reject("archetypes_minion", "A minion of an archetype is no candidate [003:500], [003:441].")
    greater = sum(1 for c in state.characters.values() if c.kind == "greater_god" and c.life != "obliterated")
    if greater >= 12 or not any(not v.archetype for v in state.vacancies):
        raise reject("no_vacancy", "A greater god is made only when an obliteration left a seat vacant [003:498].")


def decide_vote(state: State, command: Vote, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    council = _in_session(state, c, ctx)
    motion = council.motions.get(command.motion_id)
    if motion is None:
        raise reject("no_such_motion", "No such motion is before the Council.")
    if c.kind != "greater_god":
        raise reject("no_vote", "Only greater gods vote; a lesser god or spirit leading the Council cannot [003:454].")
    if c.id in council.forfeited:
        raise reject("shamed", "Shamed, you forfeit your vote at this meeting [003:330].")
    if c.id in motion.yes or c.id in motion.no:
        raise reject("already_voted", "You have voted on this motion.")
    events: list[object] = [VoteCast(motion_id=motion.id, voter=c.id, yes=command.yes)]
    yes = len(motion.yes) + command.yes
    if yes >= _needed(state, motion):
        events += _passed(state, motion, yes)
    return events


def _needed(state: State, motion: Motion) -> int:
    if motion.kind == "supreme_deity":
        return sum(1 for c in state.characters.values() if c.kind == "greater_god" and c.life != "obliterated")
    return QUORUM


def _passed(state: State, motion: Motion, yes: int) -> list[object]:
    events: list[object] = [MotionPassed(motion_id=motion.id, yes=yes)]
    source = ""
    match motion.kind:
        case "pass_law":
            events.append(LawPassed(text=motion.text))
            source = "council.law_passed"
        case "amend_law":
            events.append(LawAmended(law=motion.law or 0, text=motion.text))
        case "rescind_law":
            events.append(LawRescinded(law=motion.law or 0))
        case "assign_office":
            assert motion.office is not None and motion.subject is not None
            previous = state.offices.get(motion.office)
            events.append(OfficeAssigned(office=motion.office, holder=motion.subject, previous=previous))
            source = "council.office_granted"
        case "revoke_office":
            assert motion.office is not None
            events.append(OfficeRevoked(office=motion.office, holder=state.offices.get(motion.office, "")))
        case "promote":
            assert motion.subject is not None and motion.sphere is not None
            _check_promotion(state, motion.subject, motion.sphere)
            seat = next(v for v in state.vacancies if not v.archetype)
            events.append(GreaterGodPromoted(character=motion.subject, sphere=motion.sphere, seat_of=seat.seat_of))
            source = "council.promotion"
        case "supreme_deity":
            assert motion.subject is not None
            events.append(SupremeDeityChosen(character=motion.subject))
    if source:
        events += income_for_event(state, source, 1, f"the Great Council: {motion.kind}")
    return events


def decide_close_motion(state: State, command: CloseMotion, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    council = _in_session(state, c, ctx)
    if c.id != council.leader:
        raise reject("not_the_leader", "Only the leader closes a vote.")
    motion = council.motions.get(command.motion_id)
    if motion is None:
        raise reject("no_such_motion", "No such motion is before the Council.")
    return [MotionFailed(motion_id=motion.id, yes=len(motion.yes))]


def decide_dissolve(state: State, command: DissolveCouncil, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    council = state.council
    if council is None or council.leader != c.id:
        raise reject("not_the_leader", "Only the leader of a Council in session dissolves it [003:480].")
    return [CouncilDissolved(reason="dissolved by its leader", forfeit_served=list(council.forfeited))]


def quorum_check(state: State, events: list[object]) -> list[object]:
    """Append the end of the meeting when `events` leave fewer than seven greater gods in the Hall ([003:480])."""
    if state.council is None or not events:
        return events
    after = folded(state, events)
    council = after.council
    if council is None or len(present_greater_gods(after, council.hall)) >= QUORUM:
        return events
    ended = CouncilDissolved(reason="fewer than seven greater gods present", forfeit_served=list(council.forfeited))
    return [*events, ended]


def decide_declare_outlaw(state: State, command: DeclareOutlaw, ctx: DecisionContext) -> Sequence[object]:
    """[003:490] the Judge of Heaven declares outlaws under the Council's laws; [003:492] until death."""
    judge = me(state, ctx)
    if state.offices.get(state.pack.judge_office) != judge.id:
        raise reject("not_the_judge", "Only the Judge of Heaven declares outlaws [003:490].")
    require_alive(judge, "pass sentence")
    if not command.reason.strip():
        raise reject("reason_required", "Name the law broken.")
    outlaw = character(state, command.character)
    if outlaw.life != "alive" or outlaw.outlaw:
        raise reject("cannot_outlaw", f"{outlaw.name} is dead or already an outlaw.")
    return [OutlawDeclared(character=outlaw.id, by=judge.id, reason=command.reason)]
