"""Demesnes under attack ([003:312-318], [003:370-382]): attacking and defending them (building them and
admitting visitors: `heaven/locales/demesnes.py`).

Chosen readings:
- An attack on a demesne is not a sneak attack under the default law ([003:382]): it is recorded as lawful.
- A demesne defended by a bodyguard becomes a character combat like a sneak attack ([003:382]).
- A fallen attacker facing a demesne (which cannot accept a surrender) is settled by `EndCombatByRuling`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from domain.engine import DecisionContext
from domain.engine.messages import TimerScheduled
from domain.rulesets.gods2.heaven.combat.events import (
    AttackAnnounced,
    AttackLapsed,
    CombatStarted,
    DemesneDefenceCoordinated,
)
from domain.rulesets.gods2.heaven.combat.fighters import ATTACK_WINDOW, fighter_ready
from domain.rulesets.gods2.heaven.combat.rounds import choose_gesture, choose_power
from domain.rulesets.gods2.heaven.commands import AttackDemesne, CoordinateDemesneDefence, PlayDemesneDefence
from domain.rulesets.gods2.heaven.powers.effects import interrupt
from domain.rulesets.gods2.kernel.common import me, new_id, reject, require_free_agent, timer_id
from domain.rulesets.gods2.kernel.content import AddHitPoints, GrantBlocks, GrantTricks
from domain.rulesets.gods2.kernel.model import Demesne, PendingAttack, State


def decide_attack_demesne(state: State, command: AttackDemesne, ctx: DecisionContext) -> Sequence[object]:
    """[003:372], [003:382] announce; five seconds for a bodyguard; then the demesne fights."""
    c = me(state, ctx)
    require_free_agent(c, ctx.now, "attack")
    if c.labor_master is not None:
        raise reject("in_labor", "Under Surrender Labor you may not attack [003:294].")
    demesne = state.demesnes.get(command.demesne)
    if demesne is None:
        raise reject("unknown_demesne", f"There is no demesne {command.demesne!r}.")
    if c.locale not in (demesne.id, demesne.parent):
        raise reject("not_at_the_demesne", f"Attack {demesne.name} from inside it or from {demesne.parent}.")
    if any(cb.defender.id == demesne.id for cb in state.combats.values()) or any(
        a.locale == c.locale for a in state.attacks.values()
    ):
        raise reject("attack_window", "Another attack is under way here.")
    attack_id = new_id(state, "attack")
    ends = ctx.now + timedelta(seconds=state.settings.defender_window_seconds)
    tid = timer_id(ATTACK_WINDOW, attack_id, ends)
    return [
        AttackAnnounced(
            attack_id=attack_id,
            attacker=c.id,
            target=demesne.id,
            locale=c.locale,
            kind="demesne",
            lawful=True,
            window_ends=ends,
            timer_id=tid,
        ),
        TimerScheduled(timer_id=tid, fire_at=ends, purpose=ATTACK_WINDOW, subject=attack_id),
        *interrupt(state, demesne.id, ctx.now),
    ]


def demesne_stats(state: State, demesne: Demesne) -> tuple[int, int, int]:
    """[003:374] 10 hit points and 5 blocks, plus what demesne powers on its card add."""
    powers = {p.id: p for p in state.pack.powers}
    hp, blocks, tricks = 10, 5, 0
    for on_card in demesne.powers:
        for effect in powers[on_card.power].effects if on_card.power in powers else []:
            if isinstance(effect, AddHitPoints):
                hp += effect.count
            elif isinstance(effect, GrantBlocks):
                blocks += effect.count
            elif isinstance(effect, GrantTricks):
                tricks += effect.count
    return hp, blocks, tricks


def demesne_combat(state: State, attack: PendingAttack) -> list[object]:
    attacker = state.characters[attack.attacker]
    demesne = state.demesnes[attack.target]
    if not fighter_ready(state, attacker, attack.locale):
        return [AttackLapsed(attack_id=attack.id, reason="the attacker is no longer free to fight here")]
    hp, blocks, _ = demesne_stats(state, demesne)
    return [
        CombatStarted(
            combat_id=new_id(state, "combat"),
            kind="demesne",
            locale=attack.locale,
            attacker=attacker.id,
            defender=demesne.id,
            attacker_hp=attacker.permanent_hp,
            defender_hp=hp,
            defender_is_demesne=True,
            defender_blocks=blocks,
            from_inside=attack.locale == demesne.id,
        )
    ]


def decide_coordinate_defence(
    state: State, command: CoordinateDemesneDefence, ctx: DecisionContext
) -> Sequence[object]:
    """[003:314] whoever states it first coordinates, though an owner takes precedence over anyone else."""
    c = me(state, ctx)
    combat = state.combats.get(command.combat_id)
    if combat is None or not combat.defender.demesne:
        raise reject("no_demesne_combat", "That is not a demesne under attack.")
    demesne = state.demesnes[combat.defender.id]
    if c.locale != demesne.id or c.id == combat.attacker.id:
        raise reject("not_inside", f"Only a defender inside {demesne.name} may coordinate [003:314].")
    require_free_agent(c, ctx.now, "coordinate")
    current = combat.coordinator
    if current is not None and (current in demesne.owners or c.id not in demesne.owners):
        raise reject("already_coordinated", f"{current} coordinates this defence.")
    return [DemesneDefenceCoordinated(combat_id=combat.id, coordinator=c.id)]


def decide_play_demesne_defence(state: State, command: PlayDemesneDefence, ctx: DecisionContext) -> Sequence[object]:
    """[003:374] a referee plays a demesne no one coordinates; it uses no powers."""
    combat = state.combats.get(command.combat_id)
    if combat is None or not combat.defender.demesne:
        raise reject("no_demesne_combat", "That is not a demesne under attack.")
    if combat.coordinator is not None:
        raise reject("coordinated", f"{combat.coordinator} coordinates this defence.")
    if combat.step == "power":
        return choose_power(state, combat, combat.defender, None, None)
    if command.gesture is None:
        raise reject("name_the_gesture", "Choose the demesne's gesture.")
    return choose_gesture(state, combat, combat.defender, [], command.gesture, ctx)
