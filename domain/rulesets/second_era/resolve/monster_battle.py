"""Raids: a monster attacks a tribe or another monster ([002:53-58], [002:102], [002:106], [002:115-120]).

A monster's war score is its Might ([002:103]); a tribe's is its usual score with Monster Hunter counting
([002:94]) and its battle spells. Hitpoints stand in for clans. A raid takes no Land: the beaten tribe stays
(chosen reading: [002:7] drives off tribes beaten by an invading tribe). A monster at 0 hitpoints dies and its
hoard goes to its slayer ([002:102]).
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.second_era import content
from domain.rulesets.second_era.battle import hero_kill_rewards, loot, monster_kill_rewards, outcome, war_score
from domain.rulesets.second_era.commands import MonsterAction
from domain.rulesets.second_era.events import (
    ArtefactTaken,
    BattleFought,
    HoardChanged,
    MonsterDied,
    MonsterHealed,
    MonsterLevelled,
    MonsterSpellStolen,
    MonsterWounded,
    ResourcesTaken,
)
from domain.rulesets.second_era.magic import counterspell_level, spell_cost
from domain.rulesets.second_era.monsters import monster_counterspell, monster_war_score
from domain.rulesets.second_era.resolve.battles import heal, hero_victory, lose_clans
from domain.rulesets.second_era.resolve.instants import cast_in_battle, monster_cast_in_battle
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import Monster
from domain.rulesets.second_era.values import Resources


def raid(log: Log, ctx: DecisionContext, monster_id: str, target_id: str, order: MonsterAction | None = None) -> None:
    """The raid ordered by `order` (its loot choice) of the monster on the target."""
    state = log.state
    attacker = state.monsters[monster_id]
    if target_id in state.monsters:
        defender = state.monsters[target_id]
        a_score = monster_war_score(attacker, "attacker", vs_monster=True)
        d_score = monster_war_score(defender, "defender", vs_monster=True)
        land = defender.land
    else:
        tribe = state.tribes[target_id]
        a_score = monster_war_score(attacker, "attacker", vs_monster=False)
        d_score = war_score(state, tribe, "defender", vs_monster=True)
        land = tribe.land
    a_roll, d_roll = ctx.dice.roll(f"raid:{land}:{monster_id}:{target_id}", 2, 6)
    # [002:54] [002:104] spells from free slots on both sides; a tribe pays the monster's Counterspell Level.
    if target_id in state.tribes:
        target_counterspell = counterspell_level(state, state.tribes[target_id])
        a_bonus, a_heal = monster_cast_in_battle(log, ctx, monster_id, target_counterspell, land)
        d_bonus, d_heal = cast_in_battle(log, ctx, target_id, monster_counterspell(state, attacker), land)
    else:
        target_counterspell = monster_counterspell(state, state.monsters[target_id])
        a_bonus, a_heal = monster_cast_in_battle(log, ctx, monster_id, target_counterspell, land)
        d_bonus, d_heal = monster_cast_in_battle(log, ctx, target_id, monster_counterspell(state, attacker), land)
    result, a_loss, d_loss = outcome(a_score + a_roll + a_bonus, d_score + d_roll + d_bonus)
    log.emit(
        BattleFought(
            land=land,
            attacker=monster_id,
            defender=target_id,
            attacker_score=a_score,
            defender_score=d_score,
            attacker_roll=a_roll,
            defender_roll=d_roll,
            outcome=result,
            attacker_spell_bonus=a_bonus,
            defender_spell_bonus=d_bonus,
            attacker_kind="monster",
            defender_kind="monster" if target_id in state.monsters else "tribe",
        )
    )
    winner = {"attacker": monster_id, "defender": target_id}.get(result)
    _wound(log, monster_id, a_loss, slayer=target_id, healing=a_heal)
    if target_id in log.state.monsters:
        _wound(log, target_id, d_loss, slayer=monster_id, healing=d_heal)
    elif target_id in log.state.tribes:
        killed = lose_clans(log, target_id, d_loss, victor=None)
        heal(log, target_id, d_heal, killed)
        if winner == monster_id and killed and monster_id in log.state.monsters:
            _on_kill_clans(log, log.state.monsters[monster_id], sum(killed.values()))
    _victory(log, winner, monster_id, target_id, order)


def _wound(log: Log, monster_id: str, hitpoints: int, slayer: str, healing: int = 0) -> None:
    """[002:55-57] a monster loses hitpoints; [002:58] at 0 it dies and its slayer takes its hoard; if it
    lives, its Healing gives back hitpoints lost in this raid."""
    monster = log.state.monsters.get(monster_id)
    if monster is None or hitpoints <= 0:
        return
    log.emit(MonsterWounded(monster=monster_id, hitpoints=hitpoints))
    if monster.hp - hitpoints > 0:
        if healing:
            log.emit(MonsterHealed(monster=monster_id, hitpoints=min(healing, hitpoints)))
        return
    heir = slayer if slayer in log.state.monsters or slayer in log.state.tribes else None
    log.emit(MonsterDied(monster=monster_id, cause="slain", hoard_to=heir))
    _on_kill_monster(log, slayer, monster)


def _on_kill_monster(log: Log, slayer: str, dead: Monster) -> None:
    """Rewards for killing a monster: a tribe's Sacrificial Priest 10 mana per level [002:97]; a monster's
    Devourer 5 Food per level [002:118], Horror 10 mana per level [002:120]."""
    state = log.state
    if slayer in state.tribes:
        reward = hero_kill_rewards(state, state.tribes[slayer], clans=0, monster_levels=dead.level)
        if not reward.is_zero():
            log.emit(ResourcesTaken(to_tribe=slayer, resources=reward, reason="monster killed"))
        return
    killer = state.monsters.get(slayer)
    if killer is None:
        return
    reward = monster_kill_rewards(killer.abilities, clans=0, monster_levels=dead.level)
    if not reward.is_zero():
        log.emit(HoardChanged(god=killer.god, monster=killer.id, delta=reward, reason="monster killed"))


def _on_kill_clans(log: Log, monster: Monster, clans: int) -> None:
    """[002:118-120] Devourer 5 Food, Raider 5 Luxuries, Horror 15 mana per clan killed, to the hoard."""
    reward = monster_kill_rewards(monster.abilities, clans=clans, monster_levels=0)
    if not reward.is_zero():
        log.emit(HoardChanged(god=monster.god, monster=monster.id, delta=reward, reason="clans killed"))


def _victory(log: Log, winner: str | None, monster_id: str, target_id: str, order: MonsterAction | None) -> None:
    """[002:58] the victor gains a level (a monster free of the feeding cost [002:101]; a tribe a hero's);
    a raiding monster that wins takes up to 12 resources and one artefact or spell [002:56] into its hoard,
    from the tribe or the monster it beat (if that one still lives: a slain monster's whole hoard is already
    the victor's [002:102])."""
    state = log.state
    if winner is None:
        return
    if winner in state.monsters:
        log.emit(MonsterLevelled(monster=winner, ability="", cause="victory"))
        if winner == monster_id and (target_id in state.tribes or target_id in state.monsters):
            _plunder(log, state.monsters[winner], target_id, order)
    elif winner in state.tribes:
        hero_victory(log, winner)


def _plunder(log: Log, monster: Monster, loser: str, order: MonsterAction | None) -> None:
    """[002:56] up to 12 resources of the victor's choice (the raid's `loot` order first), plus a single
    Artefact or the knowledge of a single Spell (its `take`; the other kind if the loser has none of it)."""
    state = log.state
    tribe, beast = state.tribes.get(loser), state.monsters.get(loser)
    stock = tribe.stockpile if tribe is not None else beast.hoard if beast is not None else Resources()
    known = tribe.spells if tribe is not None else beast.spells if beast is not None else ()
    priority = [str(r) for r in order.loot] if order is not None else []
    taken = loot(stock.as_dict(), priority, content.acts().loot_max_resources)
    if taken:
        source = {"from_tribe": loser} if tribe is not None else {"from_monster": loser}
        delta = Resources.of(taken)
        log.emit(HoardChanged(god=monster.god, monster=monster.id, delta=delta, reason="loot", **source))
    artefacts = sorted(
        (a for a in state.artefacts.values() if a.holder == loser), key=lambda a: (-a.creation_cost, a.id)
    )
    spells = sorted(
        (s for s in known if s not in monster.spells and s in state.spells),
        key=lambda s: (-spell_cost(state.spells[s].effects), s),
    )
    choice = order.take if order is not None else "artefact"
    for kind in (choice, "spell" if choice == "artefact" else "artefact"):
        if kind == "artefact" and artefacts:
            log.emit(ArtefactTaken(artefact=artefacts[0].id, to_holder=monster.id))
            return
        if kind == "spell" and spells:
            log.emit(MonsterSpellStolen(god=monster.god, monster=monster.id, spell=spells[0], source=loser))
            return
