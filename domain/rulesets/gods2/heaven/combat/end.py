"""How combat ends ([003:356-368]): mutual agreement, disengagement, surrender with its terms, or death.

All but a mutual end are reported, and the Heaven event sources `combat.disengage`, `combat.surrender` and
`combat.death` pay at once ([003:368]). Chosen readings:
- A fighter at 0 hit points after the same round in which he disengages must still surrender or die.
- Both fighters at 0 hit points at once: the text is silent; the combat waits for `EndCombatByRuling`.
- Artifacts dropped by a fighter who dies lie on the floor of the combat's locale ([003:410]); the winner,
  standing there, may pick them up first.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.engine import DecisionContext
from domain.engine.messages import TimerScheduled
from domain.rulesets.gods2.heaven.combat.demesne_fall import demesne_fell
from domain.rulesets.gods2.heaven.combat.events import (
    ArtifactClaimable,
    ArtifactHandedOver,
    CombatEnded,
    CombatPowerTookEffect,
    Disengaged,
    FighterFell,
    LaborImposed,
    MutilationInflicted,
    MutualEndProposed,
    RoundFought,
    SurrenderAccepted,
    SurrenderOffered,
)
from domain.rulesets.gods2.heaven.combat.fighters import my_fight
from domain.rulesets.gods2.heaven.commands import (
    AcceptSurrender,
    EndCombatByRuling,
    IgnoreSurrender,
    OfferSurrender,
    ProposeMutualEnd,
    RefuseToSurrender,
    UseEndOfCombatPower,
)
from domain.rulesets.gods2.heaven.evolve import folded
from domain.rulesets.gods2.heaven.life import held_artifacts, kill
from domain.rulesets.gods2.heaven.powers.events import RulingRequested
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import minutes, power_def, reject, require_reason, timer_id
from domain.rulesets.gods2.kernel.content import Ruling
from domain.rulesets.gods2.kernel.mana import income_for_event, require_can_spend, spend, transfer
from domain.rulesets.gods2.kernel.model import Combat, State


def reported(state: State, events: list[object], outcome: str) -> list[object]:
    """Append the event-source income of a reported combat, computed on the state after `events`."""
    after = folded(state, events)
    return events + income_for_event(after, f"combat.{outcome}", 1, f"combat ended by {outcome} [003:368]")


def after_round(state: State, combat: Combat, fought: RoundFought, now: datetime) -> list[object]:
    hp = {combat.attacker.id: fought.attacker_hp, combat.defender.id: fought.defender_hp}
    fallen = [f for f, points in hp.items() if points <= 0]
    if combat.defender.demesne and combat.defender.id in fallen:
        return demesne_fell(state, combat)
    if fallen:
        return [FighterFell(combat_id=combat.id, fighters=fallen)]
    if combat.forced_end:
        # [003:360] a power forced both to agree: the combat is ignored, unreported, and pays no mana.
        return [CombatEnded(combat_id=combat.id, outcome="mutual")]
    leaving = next((f for f in (combat.attacker, combat.defender) if f.disengaging), None)
    if leaving is None:
        return []
    # [003:362] disengagement happens at the end of the round: leave, and stay away ten minutes.
    until = now + minutes(state.settings.disengage_minutes, state.settings)
    tid = timer_id("keep_away", leaving.id, until)
    opponent = combat.opponent(leaving.id).id
    events: list[object] = [
        CombatEnded(combat_id=combat.id, outcome="disengage", winner=opponent, loser=leaving.id),
        Disengaged(character=leaving.id, opponent=opponent, locale=combat.locale, until=until, timer_id=tid),
        TimerScheduled(timer_id=tid, fire_at=until, purpose="keep_away", subject=leaving.id),
    ]
    return reported(state, events, "disengage")


def decide_propose_mutual_end(state: State, command: ProposeMutualEnd, ctx: DecisionContext) -> Sequence[object]:
    """[003:360] both may agree to end at any point; it is not reported and pays no mana."""
    _, combat, fighter = my_fight(state, ctx)
    if fighter.id in combat.mutual_end:
        raise reject("already_proposed", "You already proposed to end this combat; wait for your opponent.")
    events: list[object] = [MutualEndProposed(combat_id=combat.id, fighter=fighter.id)]
    if combat.opponent(fighter.id).id in combat.mutual_end:
        events.append(CombatEnded(combat_id=combat.id, outcome="mutual"))
    return events


def _fallen(state: State, ctx: DecisionContext) -> tuple[str, Combat]:
    c, combat, fighter = my_fight(state, ctx)
    if fighter.demesne:
        raise reject("demesnes_do_not_surrender", "Demesnes cannot disengage or surrender [003:374].")
    if combat.step != "surrender" or combat.fallen != (c.id,):
        raise reject("not_at_zero", "Only a fighter at 0 hit points chooses between surrender and death [003:364].")
    return c.id, combat


def decide_offer_surrender(state: State, command: OfferSurrender, ctx: DecisionContext) -> Sequence[object]:
    loser, combat = _fallen(state, ctx)
    if combat.surrender_offered:
        raise reject("already_offered", "Your surrender is offered; your opponent must answer.")
    return [SurrenderOffered(combat_id=combat.id, fighter=loser)]


def _death(state: State, combat: Combat, loser: str, ctx: DecisionContext, cause: str) -> list[object]:
    winner = combat.opponent(loser).id
    events: list[object] = [CombatEnded(combat_id=combat.id, outcome="death", winner=winner, loser=loser)]
    events += kill(folded(state, events), state.characters[loser], ctx.now, cause)
    # [003:410] what he drops as a result of combat, his opponent may take at its end.
    events += [ArtifactClaimable(artifact=a, claimant=winner) for a in held_artifacts(state, state.characters[loser])]
    return reported(state, events, "death")


def decide_refuse_to_surrender(state: State, command: RefuseToSurrender, ctx: DecisionContext) -> Sequence[object]:
    """[003:366] not surrendering at 0 hit points is death."""
    loser, combat = _fallen(state, ctx)
    return _death(state, combat, loser, ctx, "chose death over surrender [003:366]")


def _winner(state: State, ctx: DecisionContext) -> tuple[str, str, Combat]:
    c, combat, fighter = my_fight(state, ctx)
    if fighter.demesne:
        raise reject("demesne_surrender", "A surrender to a demesne is settled by the referee (EndCombatByRuling).")
    if combat.step != "surrender" or len(combat.fallen) != 1 or combat.fallen[0] == c.id:
        raise reject("nothing_to_answer", "There is no surrender for you to answer.")
    if not combat.surrender_offered:
        raise reject("not_offered", "Your opponent has not offered to surrender yet.")
    return c.id, combat.fallen[0], combat


def decide_ignore_surrender(state: State, command: IgnoreSurrender, ctx: DecisionContext) -> Sequence[object]:
    """[003:364] gods and celestial spirits must accept in Aleph and Centrum; in Omega, or as a demon, one may
    ignore the surrender and kill."""
    winner, loser, combat = _winner(state, ctx)
    if state.characters[winner].kind != "demon" and state.era != "omega":
        raise reject("must_accept", "Outside Era Omega a god or celestial spirit must accept a surrender [003:364].")
    return _death(state, combat, loser, ctx, "surrender ignored [003:364]")


def decide_accept_surrender(state: State, command: AcceptSurrender, ctx: DecisionContext) -> Sequence[object]:
    winner_id, loser_id, combat = _winner(state, ctx)
    winner, loser = state.characters[winner_id], state.characters[loser_id]
    events: list[object] = [
        SurrenderAccepted(
            combat_id=combat.id,
            winner=winner_id,
            loser=loser_id,
            term=command.term,
            artifact=command.artifact,
            race=command.race,
            oath=command.oath,
        )
    ]
    match command.term:
        case "item":  # [003:286]
            artifact = state.artifacts.get(command.artifact or "")
            if artifact is None or artifact.holder != loser_id:
                raise reject("not_their_artifact", "Name an artifact your opponent possesses [003:286].")
            events.append(ArtifactHandedOver(artifact=artifact.id, giver=loser_id, receiver=winner_id))
        case "mana":  # [003:288]
            gross = ledger.surrender_mana(loser.total_mana, state.settings.halves_round_up)
            if gross > 0:
                events.append(transfer(loser, winner, gross, purpose="surrender mana"))
        case "earthly_influence":  # [003:290] enforced by the Earth half
            if not command.race:
                raise reject("name_a_race", "Name the race your opponent may not influence this era [003:290].")
        case "will":  # [003:292]
            events += _witness_oath(state, winner_id, command.oath)
        case "labor":  # [003:294]
            until = ctx.now + minutes(state.settings.labor_minutes, state.settings)
            tid = timer_id("labor", loser_id, until)
            events += [
                LaborImposed(character=loser_id, master=winner_id, until=until, timer_id=tid),
                TimerScheduled(timer_id=tid, fire_at=until, purpose="labor", subject=loser_id),
            ]
    events += _mutilation(state, combat, winner_id, loser_id, command)
    events.append(CombatEnded(combat_id=combat.id, outcome="surrender", winner=winner_id, loser=loser_id))
    after = folded(state, events)
    if after.characters[loser_id].permanent_hp <= 0:
        # [003:280] at 0 permanent hit points you are permanently dead.
        events += kill(after, after.characters[loser_id], ctx.now, "no permanent hit points left [003:280]")
    return reported(state, events, "surrender")


def _witness_oath(state: State, winner_id: str, oath: str | None) -> list[object]:
    """Only a character able to witness a divine oath may choose Will, and pays the witness cost ([003:292])."""
    winner = state.characters[winner_id]
    if not oath:
        raise reject("name_the_oath", "Write the oath your opponent must swear [003:292].")
    witness = next((p for p in state.pack.oath_witness_powers if winner.knows(p)), None)
    if witness is None:
        raise reject("cannot_witness", "Only a character who can witness a divine oath may impose Will [003:292].")
    cost = ledger.final_cost(power_def(state, witness).cost)
    require_can_spend(winner, cost)
    return [spend(winner, cost, f"witness oath: {witness}")]


def _mutilation(state: State, combat: Combat, winner_id: str, loser_id: str, command: AcceptSurrender) -> list[object]:
    """[003:300] a surrender to a weapon of obliteration also costs a mutilation, chosen by the winner."""
    if not combat.side(winner_id).obliteration_weapon:
        if command.mutilation is not None:
            raise reject("no_mutilation", "A mutilation follows only a surrender to a weapon of obliteration.")
        return []
    m = command.mutilation
    loser = state.characters[loser_id]
    if m is None:
        raise reject("choose_mutilation", "Choose lame, lost_hand, lost_eye or internal_weakness [003:300-308].")
    if m == "other":
        approved = state.characters[winner_id].approved_mutilation
        if approved is None:
            raise reject("not_approved", "An Other mutilation must be approved by the GMs in advance [003:310].")
        return [MutilationInflicted(character=loser_id, mutilation=m, by=winner_id, description=approved)]
    if m == "internal_weakness" and m in loser.mutilations:
        raise reject("already_weakened", "Internal Weakness cannot be received again unless healed [003:308].")
    lost = 2 if m == "internal_weakness" else 0
    return [MutilationInflicted(character=loser_id, mutilation=m, by=winner_id, hit_points_lost=lost)]


def decide_end_combat_by_ruling(state: State, command: EndCombatByRuling, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    combat = state.combats.get(command.combat_id)
    if combat is None:
        raise reject("no_such_combat", f"There is no combat {command.combat_id!r} in progress.")
    fighters = {combat.attacker.id, combat.defender.id}
    if not set(command.dead) <= fighters:
        raise reject("not_a_fighter", "Only the fighters of this combat can die in it.")
    events: list[object] = [CombatEnded(combat_id=combat.id, outcome="death" if command.dead else "ruling")]
    for dead in sorted(command.dead):
        after = folded(state, events)
        events += kill(after, after.characters[dead], ctx.now, command.reason)
    return reported(state, events, "death") if command.dead else events


def decide_use_end_of_combat_power(
    state: State, command: UseEndOfCombatPower, ctx: DecisionContext
) -> Sequence[object]:
    """[003:211] Cs powers only at the end of a combat, just before it is complete: here, once a fighter is at
    0 hit points and before the surrender or death is settled. Their effects are ruled by the GM."""
    c, combat, fighter = my_fight(state, ctx)
    if combat.step != "surrender" or fighter.demesne:
        raise reject("not_the_end", "End-of-combat (Cs) powers wait for the end of the combat [003:211].")
    power = power_def(state, command.power)
    if not c.knows(command.power) or "Cs" not in power.categories:
        raise reject("not_an_end_power", f"{command.power} is not an end-of-combat (Cs) power you know.")
    if command.power in fighter.used_powers:
        raise reject("power_used", "Each combat power is used once per combat [003:346].")
    cost = ledger.final_cost(power.cost)
    require_can_spend(c, cost)
    question = "; ".join(e.question for e in power.effects if isinstance(e, Ruling)) or power.description
    cast_id = f"{combat.id}:{power.id}"
    return [
        spend(c, cost, f"combat power: {power.id}"),
        CombatPowerTookEffect(combat_id=combat.id, fighter=fighter.id, power=power.id, cost=cost, ruling=question),
        RulingRequested(
            cast_id=cast_id, power=power.id, caster=c.id, targets=[combat.opponent(fighter.id).id], question=question
        ),
    ]
