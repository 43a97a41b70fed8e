"""Movement and invasions ([002:6-7], [002:52-58]).

All tribes move at once along their ordered paths. A tribe that ends the turn on another tribe's Land invades
it. On each such Land (taken in the order of their ids) the defender is the tribe that did not move there
this turn; if all moved in, the one that arrived in fewest moves, a d6 roll-off breaking a tie (chosen
reading: the text does not say). Invaders fight it one after another, fewest moves first, then by god
id; the winner holds the Land, the loser is driven off to a free Land (see `drive_off`).
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.second_era import content
from domain.rulesets.second_era.battle import clans_to_lose, has_ability, hero_kill_rewards, loot, outcome, war_score
from domain.rulesets.second_era.commands import MoveTribe
from domain.rulesets.second_era.events import (
    ArtefactTaken,
    BattleFought,
    ClansHealed,
    ClansLost,
    HeroKilled,
    HeroLevelled,
    ResourcesTaken,
    SpellStolen,
    TribeDriven,
    TribeMoved,
)
from domain.rulesets.second_era.magic import counterspell_level, habitable, spell_cost
from domain.rulesets.second_era.resolve.instants import cast_in_battle, resolve_instant_orders
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.state import State, Tribe
from domain.rulesets.second_era.values import Resources


def resolve_movement(log: Log, ctx: DecisionContext) -> None:
    """Each tribe walks its ordered steps; it stops before a Land its race cannot live on now [002:48-50]
    (its spell slots may have changed since the order was given), and that move fails in its report."""
    for god in sorted(log.state.orders):
        tribe = log.state.tribe_of(god)
        path: list[str] = []
        for q in log.state.orders[god]:
            if not isinstance(q.order, MoveTribe):
                continue
            if not habitable(log.state, tribe, q.order.to_land):
                log.fail(god, q.order_no, "needs_adaptation", f"Your tribe cannot live on {q.order.to_land} now.")
                break
            path.append(q.order.to_land)
        if path:
            log.emit(TribeMoved(tribe=tribe.id, path=tuple(path)))
    resolve_instant_orders(log, ctx)


def _moves(state: State, tribe: Tribe) -> int:
    return sum(1 for q in state.orders.get(tribe.god, ()) if isinstance(q.order, MoveTribe))


def _loot_priority(state: State, tribe: Tribe) -> list[str]:
    moves = [q.order for q in state.orders.get(tribe.god, ()) if isinstance(q.order, MoveTribe)]
    return list(moves[-1].loot) if moves else []


def resolve_invasions(log: Log, ctx: DecisionContext) -> None:
    lands = sorted({t.land for t in log.state.tribes.values() if not t.extinct})
    for land in lands:
        here = [t for t in log.state.tribes.values() if t.land == land and not t.extinct]
        if len(here) < 2:
            continue
        defender = _defender(log, ctx, here)
        invaders = sorted((t for t in here if t.id != defender.id), key=lambda t: (_moves(log.state, t), t.god))
        holder = defender.id
        for invader in invaders:
            holder = fight(log, ctx, invader.id, holder, land)


def _defender(log: Log, ctx: DecisionContext, here: list[Tribe]) -> Tribe:
    stayed = [t for t in here if _moves(log.state, t) == 0 and t.start_land == t.land]
    if stayed:
        return stayed[0]
    fewest = min(_moves(log.state, t) for t in here)
    tied = sorted((t for t in here if _moves(log.state, t) == fewest), key=lambda t: t.god)
    while len(tied) > 1:
        rolls = ctx.dice.roll(f"arrival:{tied[0].land}", len(tied), 6)
        best = max(rolls)
        tied = [t for t, r in zip(tied, rolls, strict=True) if r == best]
    return tied[0]


def fight(log: Log, ctx: DecisionContext, attacker_id: str, defender_id: str, land: str) -> str:
    """One battle between two tribes on `land`; returns the id of the tribe that holds the Land after it."""
    state = log.state
    attacker, defender = state.tribes[attacker_id], state.tribes[defender_id]
    a_score = war_score(state, attacker, "attacker")
    d_score = war_score(state, defender, "defender")
    # [002:54] both sides roll 1d6 and add it to their score (one roll: attacker's die, then defender's).
    a_roll, d_roll = ctx.dice.roll(f"battle:{land}:{attacker_id}:{defender_id}", 2, 6)
    # [002:54] spells from free slots add to the war score (rolled after the battle dice).
    a_bonus, a_heal = cast_in_battle(log, ctx, attacker_id, counterspell_level(state, defender), land)
    d_bonus, d_heal = cast_in_battle(log, ctx, defender_id, counterspell_level(state, attacker), land)
    result, a_loss, d_loss = outcome(a_score + a_roll + a_bonus, d_score + d_roll + d_bonus)
    log.emit(
        BattleFought(
            land=land,
            attacker=attacker_id,
            defender=defender_id,
            attacker_score=a_score,
            defender_score=d_score,
            attacker_roll=a_roll,
            defender_roll=d_roll,
            outcome=result,
            attacker_spell_bonus=a_bonus,
            defender_spell_bonus=d_bonus,
        )
    )
    winner = {"attacker": attacker_id, "defender": defender_id}.get(result)
    a_victor = winner if winner == defender_id else None
    d_victor = winner if winner == attacker_id else None
    heal(log, attacker_id, a_heal, lose_clans(log, attacker_id, a_loss, a_victor, enemy=defender_id))
    heal(log, defender_id, d_heal, lose_clans(log, defender_id, d_loss, d_victor, enemy=attacker_id))
    if result == "attacker":
        _plunder(log, attacker_id, defender_id)
    if winner is not None:
        hero_victory(log, winner)
    if result == "attacker":
        drive_off(log, defender_id, prefer=log.state.tribes[defender_id].retreat)
        return attacker_id
    # A draw or a repelled invasion: the invader falls back to where it came from, or the nearest free Land.
    drive_off(log, attacker_id, prefer=state.tribes[attacker_id].start_land)
    return defender_id


def heal(log: Log, tribe_id: str, healing: int, killed: dict[str, int]) -> None:
    """[002:68] Healing resurrects lost clans, one per level; clans a Slaver absorbed were not killed."""
    healed: dict[str, int] = {}
    for role, n in killed.items():
        take = min(n, healing - sum(healed.values()))
        if take > 0:
            healed[role] = take
    if healed:
        log.emit(ClansHealed(tribe=tribe_id, clans=healed))


def lose_clans(log: Log, tribe_id: str, count: int, victor: str | None, enemy: str | None = None) -> dict[str, int]:
    """The tribe loses `count` clans; returns the clans killed (not those a Slaver absorbed)."""
    tribe = log.state.tribes[tribe_id]
    lost = clans_to_lose(tribe, count)
    n = sum(lost.values())
    if not n:
        return {}
    winner = log.state.tribes[victor] if victor else None
    # [002:95] a Slaver's tribe absorbs the clans that would be killed; they are then not killed, so Pillager
    # and Sacrificial Priest (which reward clans "killed off") give nothing for them (chosen reading).
    slaver = winner is not None and has_ability(log.state, winner, "slaver")
    log.emit(ClansLost(tribe=tribe_id, clans=lost, to_tribe=victor if slaver else None))
    if winner is not None and not slaver:
        # [002:96] Pillager 5 Luxuries, [002:97] Sacrificial Priest 15 mana per clan killed.
        reward = hero_kill_rewards(log.state, winner, clans=n, monster_levels=0)
        if not reward.is_zero():
            log.emit(ResourcesTaken(to_tribe=winner.id, resources=reward, reason="clans killed"))
    if n >= content.acts().heroes_killed_at_clan_losses:
        _kill_a_hero(log, tribe_id, enemy)
    return {} if slaver else lost


def _kill_a_hero(log: Log, tribe_id: str, enemy: str | None) -> None:
    """[002:58] losing 3 or more clans at once kills a hero, the attacker's choice (digest #24: the side
    opposite the losing tribe): the hero an invader named in its move (`slay`), else the strongest (highest
    level, then the oldest)."""
    heroes = sorted(log.state.heroes_of(tribe_id), key=lambda h: (-h.level, int(h.id.split("-")[-1])))
    named = _slay_order(log.state, enemy)
    chosen = [h for h in heroes if h.id == named] or heroes
    if chosen:
        log.emit(HeroKilled(hero=chosen[0].id))


def _slay_order(state: State, enemy: str | None) -> str | None:
    tribe = state.tribes.get(enemy or "")
    if tribe is None:
        return None
    moves = [q.order for q in state.orders.get(tribe.god, ()) if isinstance(q.order, MoveTribe)]
    return moves[-1].slay if moves else None


def hero_victory(log: Log, tribe_id: str) -> None:
    """[002:58] the victor gains a level for a Hero: the champion its god named (`SetChampion`, digest B8 #10:
    the victor's choice), else its lowest-level hero (then the oldest). The god chooses the new ability later
    (`ChooseHeroAbility`)."""
    champion = log.state.tribes[tribe_id].champion
    if champion in log.state.heroes and log.state.heroes[champion].tribe == tribe_id:
        log.emit(HeroLevelled(hero=champion, ability="", cause="victory"))
        return
    heroes = sorted(log.state.heroes_of(tribe_id), key=lambda h: (h.level, int(h.id.split("-")[-1])))
    if heroes:
        log.emit(HeroLevelled(hero=heroes[0].id, ability="", cause="victory"))


def _plunder(log: Log, victor: str, loser: str) -> None:
    """[002:56] up to 12 resources of the victor's choice (its `loot` order, then a fixed order)."""
    state = log.state
    priority = _loot_priority(state, state.tribes[victor])
    taken = loot(state.tribes[loser].stockpile.as_dict(), priority, content.acts().loot_max_resources)
    if taken:
        log.emit(ResourcesTaken(to_tribe=victor, from_tribe=loser, resources=Resources.of(taken), reason="loot"))
    _take_artefact_or_spell(log, victor, loser)


def _take_artefact_or_spell(log: Log, victor: str, loser: str) -> None:
    """[002:56] plus a single Artefact or knowledge of a single Spell: the victor's `take` choice, the dearest
    of that kind (the other kind if there is none); a spell the victor already knows is not worth taking."""
    state = log.state
    moves = [q.order for q in state.orders.get(state.tribes[victor].god, ()) if isinstance(q.order, MoveTribe)]
    choice = moves[-1].take if moves else "artefact"
    artefacts = sorted(
        (a for a in state.artefacts.values() if a.holder == loser), key=lambda a: (-a.creation_cost, a.id)
    )
    known = state.tribes[victor].spells
    spells = sorted(
        (s for s in state.tribes[loser].spells if s not in known and s in state.spells),
        key=lambda s: (-spell_cost(state.spells[s].effects), s),
    )
    for kind in (choice, "spell" if choice == "artefact" else "artefact"):
        if kind == "artefact" and artefacts:
            log.emit(ArtefactTaken(artefact=artefacts[0].id, to_holder=victor))
            return
        if kind == "spell" and spells:
            log.emit(SpellStolen(tribe=victor, spell=spells[0]))
            return


def drive_off(log: Log, tribe_id: str, prefer: str | None) -> None:
    """[002:7] a beaten tribe is driven to another Land: `prefer` (its retreat order, or for a beaten invader
    the Land it started from) if free, else the first free Land of its continent, else the first free
    connected Land (by id), that its race can live on. If there is none it stays (and the GM may rule)."""
    state = log.state
    tribe = state.tribes[tribe_id]
    here = state.lands[tribe.land]
    same = sorted(k for k, v in state.lands.items() if v.continent == here.continent and k != here.id)
    candidates = ([prefer] if prefer in state.lands else []) + same + sorted(here.connections)
    for land in candidates:
        if land != here.id and state.tribe_on(land) is None and habitable(state, tribe, land):
            log.emit(TribeDriven(tribe=tribe_id, to_land=land))
            return
