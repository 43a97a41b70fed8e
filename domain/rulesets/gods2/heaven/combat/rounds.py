"""Combat rounds ([003:342-352]): a sealed, simultaneous choice of power, then of gesture.

Each choice is recorded sealed (only its chooser and the GM see it) and the pair is revealed together once both
sides have chosen. A defender may ask the attacker to announce first ([003:346]): the attacker's power is then
recorded unsealed and the defender chooses after it. Mana is spent when the powers are revealed.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.combat.end import after_round
from domain.rulesets.gods2.heaven.combat.events import (
    AnnouncementRequested,
    CombatArtifactChosen,
    CombatPowerChosen,
    CombatPowersRevealed,
    CombatPowerTookEffect,
    DuelSupportCast,
    FighterFell,
    GestureChosen,
    RoundFought,
)
from domain.rulesets.gods2.heaven.combat.fighters import my_fight
from domain.rulesets.gods2.heaven.combat.gestures import FORBIDDEN_BY, damage
from domain.rulesets.gods2.heaven.commands import (
    ChooseCombatArtifact,
    ChooseCombatPower,
    ChooseGesture,
    RequestAnnouncement,
    SupportDuelist,
)
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import character, me, power_def, reject, require_same_locale
from domain.rulesets.gods2.kernel.content import (
    AddHitPoints,
    DealDamage,
    ForceDisengage,
    ForceMutualEnd,
    GrantBlocks,
    GrantDisengage,
    GrantTricks,
    PowerDef,
    Ruling,
    WeaponOfObliteration,
    categories,
)
from domain.rulesets.gods2.kernel.mana import require_can_spend, spend
from domain.rulesets.gods2.kernel.model import Character, Combat, Fighter, Gesture, State


def payer(state: State, combat: Combat, fighter: Fighter) -> Character | None:
    """Who pays for a side's powers: the fighter, or a demesne's coordinator ([003:318])."""
    if fighter.demesne:
        return state.characters.get(combat.coordinator or "")
    return state.characters[fighter.id]


def coordinator_factor(state: State, combat: Combat, fighter: Fighter) -> int:
    """[003:318] unless you are an owner, combat powers cost twice the normal cost when coordinating."""
    if not fighter.demesne or combat.coordinator is None:
        return 1
    demesne = state.demesnes.get(fighter.id)
    return 1 if demesne is not None and combat.coordinator in demesne.owners else 2


def _round_begun(combat: Combat) -> bool:
    return combat.round > 1 or any(f.power_committed for f in (combat.attacker, combat.defender))


def combat_cost(power: PowerDef, from_artifact: bool, factor: int = 1) -> int:
    """The normal cost, or an Artifact power's own activation cost ([003:412]); never below 25% ([003:201])."""
    base = power.activation_cost if from_artifact and power.activation_cost is not None else power.cost
    return ledger.final_cost(base) * factor


def decide_support_duelist(state: State, command: SupportDuelist, ctx: DecisionContext) -> Sequence[object]:
    """[003:332] one Cd power per ally, on a voluntary duelist ([003:209]), before the first round; allies stand
    in the Hall of Doom behind their duelist."""
    ally = me(state, ctx)
    combat = state.combats.get(command.combat_id)
    if combat is None or combat.kind != "duel" or command.duelist not in (combat.attacker.id, combat.defender.id):
        raise reject("not_a_duel", "Support goes to a duelist of a duel about to begin.")
    if _round_begun(combat):
        raise reject("round_begun", "Once the first round has begun no outside power may help [003:332].")
    if ally.id in combat.supporters or ally.combat is not None or ally.id == command.duelist:
        raise reject("already_supported", "Each ally may cast one combat-duel power, from outside the combat.")
    if ally.life != "alive" or ally.void_dead:
        raise reject("dead", "The dead may not use powers [003:424].")
    require_same_locale(ally, character(state, command.duelist))
    power = power_def(state, command.power)
    if not ally.knows(command.power) or "Cd" not in power.categories:
        raise reject("not_a_duel_power", f"{command.power} is not a combat-duel (Cd) power you know.")
    cost = ledger.final_cost(power.cost)
    require_can_spend(ally, cost)
    effects = power.effects
    return [
        spend(ally, cost, f"duel support: {power.id}"),
        DuelSupportCast(
            combat_id=combat.id,
            ally=ally.id,
            duelist=command.duelist,
            power=power.id,
            tricks=sum(e.count for e in effects if isinstance(e, GrantTricks)),
            blocks=sum(e.count for e in effects if isinstance(e, GrantBlocks)),
            hit_points=sum(e.count for e in effects if isinstance(e, AddHitPoints)),
        ),
    ]


def decide_choose_combat_artifact(
    state: State, command: ChooseCombatArtifact, ctx: DecisionContext
) -> Sequence[object]:
    """[003:408] one artifact per combat, chosen at the beginning, before the first round."""
    c, combat, fighter = my_fight(state, ctx)
    if _round_begun(combat):
        raise reject("round_begun", "The artifact is chosen before the first round [003:408].")
    if fighter.artifact is not None:
        raise reject("artifact_chosen", f"You already chose {fighter.artifact} for this combat.")
    artifact = state.artifacts.get(command.artifact)
    if artifact is None or artifact.holder != c.id:
        raise reject("not_your_artifact", f"You do not possess {command.artifact}.")
    return [CombatArtifactChosen(combat_id=combat.id, fighter=c.id, artifact=artifact.id)]


def decide_request_announcement(state: State, command: RequestAnnouncement, ctx: DecisionContext) -> Sequence[object]:
    _, combat, fighter = my_fight(state, ctx)
    if combat.defender.id != fighter.id:
        raise reject("not_the_defender", "Only the defender may ask the attacker to announce first [003:346].")
    if combat.step != "power" or combat.announce_first or fighter.power_committed:
        raise reject("too_late", "Ask before choosing your own power, once per round.")
    if combat.attacker.power_committed:
        # The attacker already chose: the request reveals that sealed choice now.
        return [
            AnnouncementRequested(combat_id=combat.id, round=combat.round),
            CombatPowerChosen(
                combat_id=combat.id,
                fighter=combat.attacker.id,
                power=combat.attacker.sealed_power,
                sealed=False,
            ),
        ]
    return [AnnouncementRequested(combat_id=combat.id, round=combat.round)]


def _usable_power(state: State, c: Character, fighter: Fighter, power_id: str) -> tuple[PowerDef, bool]:
    power = power_def(state, power_id)
    from_artifact = False
    if not c.knows(power_id):
        artifact = state.artifacts.get(fighter.artifact or "")
        if artifact is None or power_id not in artifact.powers or artifact.holder != c.id:
            raise reject("not_your_power", f"You know no power {power_id} and your combat artifact holds none.")
        from_artifact = True
    codes = categories(power)
    if "C" not in codes and "Ac" not in codes:
        raise reject("not_a_combat_power", "Only combat powers may be used in combat [003:207].")
    if "Cs" in codes:
        raise reject("end_of_combat_power", "Cs powers are used only at the end of a combat [003:211].")
    if power_id in fighter.used_powers:
        raise reject("power_used", f"{power.name} was already used in this combat [003:346].")
    return power, from_artifact


def decide_choose_combat_power(state: State, command: ChooseCombatPower, ctx: DecisionContext) -> Sequence[object]:
    c, combat, fighter = my_fight(state, ctx)
    return choose_power(state, combat, fighter, c, command.power)


def choose_power(
    state: State, combat: Combat, fighter: Fighter, c: Character | None, power_id: str | None
) -> list[object]:
    """`c` chooses for `fighter` (itself, or a demesne it coordinates; None: the referee plays a demesne, which
    uses no powers [003:374], so its only caller then passes no `power_id`)."""
    if combat.step != "power" or fighter.power_committed:
        raise reject("not_choosing_powers", "This is not the moment to choose a power in this round.")
    is_attacker = combat.attacker.id == fighter.id
    if combat.announce_first and not is_attacker and not combat.attacker.power_committed:
        raise reject("wait_for_announcement", "You asked the attacker to announce first; wait for it [003:346].")
    if c is not None and power_id is not None:
        power, from_artifact = _usable_power(state, c, fighter, power_id)
        if fighter.demesne and any(isinstance(e, GrantDisengage) for e in power.effects):
            # [003:374] demesnes cannot disengage: a coordinator's disengage power would end the demesne's fight.
            raise reject("demesne_cannot_disengage", f"Demesnes cannot disengage [003:374]; {power.name} would.")
        require_can_spend(c, combat_cost(power, from_artifact, coordinator_factor(state, combat, fighter)))
    sealed = not (combat.announce_first and is_attacker)
    chosen = CombatPowerChosen(combat_id=combat.id, fighter=fighter.id, power=power_id, sealed=sealed)
    other = combat.opponent(fighter.id)
    if not other.power_committed:
        return [chosen]
    powers = {fighter.id: power_id, other.id: other.sealed_power}
    return [chosen, *reveal_powers(state, combat, powers)]


def reveal_powers(state: State, combat: Combat, powers: dict[str, str | None]) -> list[object]:
    """Both powers occur simultaneously ([003:346]); each is paid and takes effect, then gestures follow."""
    events: list[object] = [
        CombatPowersRevealed(
            combat_id=combat.id,
            round=combat.round,
            attacker_power=powers[combat.attacker.id],
            defender_power=powers[combat.defender.id],
        )
    ]
    hp = {combat.attacker.id: combat.attacker.hp, combat.defender.id: combat.defender.hp}
    for fighter in (combat.attacker, combat.defender):
        power_id = powers[fighter.id]
        if power_id is None:
            continue
        c = payer(state, combat, fighter)
        if c is None:
            continue
        power = power_def(state, power_id)
        from_artifact = not c.knows(power_id)
        cost = combat_cost(power, from_artifact, coordinator_factor(state, combat, fighter))
        if c.debt > 0 or c.total_mana < cost:
            continue  # a GM debit since the choice left too little: the power fails unpaid
        effect = _effect(combat, fighter, power, cost, from_artifact)
        events += [spend(c, cost, f"combat power: {power_id}"), effect]
        other = combat.opponent(fighter.id).id
        hp[fighter.id] += effect.hit_points
        hp[other] -= effect.damage
    fallen = [f for f in (combat.attacker.id, combat.defender.id) if hp[f] <= 0]
    if fallen:
        events.append(FighterFell(combat_id=combat.id, fighters=fallen))
    return events


def _effect(combat: Combat, fighter: Fighter, power: PowerDef, cost: int, from_artifact: bool) -> CombatPowerTookEffect:
    effects = power.effects
    return CombatPowerTookEffect(
        combat_id=combat.id,
        fighter=fighter.id,
        power=power.id,
        cost=cost,
        artifact=fighter.artifact if from_artifact else None,
        ruling="; ".join(e.question for e in effects if isinstance(e, Ruling)),
        tricks=sum(e.count for e in effects if isinstance(e, GrantTricks)),
        blocks=sum(e.count for e in effects if isinstance(e, GrantBlocks)),
        hit_points=sum(e.count for e in effects if isinstance(e, AddHitPoints)),
        damage=sum(e.count for e in effects if isinstance(e, DealDamage)),
        disengage=any(isinstance(e, GrantDisengage) for e in effects),
        forces_disengage=any(isinstance(e, ForceDisengage) for e in effects),
        forces_mutual_end=any(isinstance(e, ForceMutualEnd) for e in effects),
        obliteration_weapon=any(isinstance(e, WeaponOfObliteration) for e in effects),
    )


def decide_choose_gesture(state: State, command: ChooseGesture, ctx: DecisionContext) -> Sequence[object]:
    c, combat, fighter = my_fight(state, ctx)
    mutilations: list[str] = [] if fighter.demesne else list(c.mutilations)
    return choose_gesture(state, combat, fighter, mutilations, command.gesture, ctx)


def choose_gesture(
    state: State, combat: Combat, fighter: Fighter, mutilations: Sequence[str], g: Gesture, ctx: DecisionContext
) -> list[object]:
    if combat.step != "gesture" or fighter.sealed_gesture is not None:
        raise reject("not_choosing_gestures", "Choose a gesture once per round, after the powers.")
    if (g == "trick" and fighter.tricks <= 0) or (g == "block" and fighter.blocks <= 0):
        raise reject("none_left", f"You have no {g}s left; only powers grant them [003:352].")
    for mutilation, forbidden in FORBIDDEN_BY.items():
        if g == forbidden and mutilation in mutilations:
            raise reject("mutilated", f"Being {mutilation.replace('_', ' ')}, you may never use {g} [003:302-306].")
    chosen = GestureChosen(combat_id=combat.id, fighter=fighter.id, gesture=g)
    other = combat.opponent(fighter.id)
    if other.sealed_gesture is None:
        return [chosen]
    gestures: dict[str, Gesture] = {fighter.id: g, other.id: other.sealed_gesture}
    return [chosen, *fight_round(state, combat, gestures, ctx.now)]


def fight_round(state: State, combat: Combat, gestures: dict[str, Gesture], now: datetime) -> list[object]:
    a, d = combat.attacker, combat.defender
    ga, gd = gestures[a.id], gestures[d.id]
    hurt_a, hurt_d = damage(ga, gd)
    fought = RoundFought(
        combat_id=combat.id,
        round=combat.round,
        attacker_gesture=ga,
        defender_gesture=gd,
        attacker_damage=hurt_a,
        defender_damage=hurt_d,
        attacker_hp=a.hp - hurt_a,
        defender_hp=d.hp - hurt_d,
    )
    return [fought, *after_round(state, combat, fought, now)]
