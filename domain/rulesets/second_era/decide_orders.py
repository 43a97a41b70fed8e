"""Checks for a god's tribe orders, made when an order is given (what is knowable then)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import (
    check_new_ability,
    own_holders,
    reachable,
    reject,
)
from domain.rulesets.second_era.commands import (
    ArmHero,
    BirthHero,
    BuildStructure,
    CastInstant,
    ChooseHeroAbility,
    CounterRaze,
    CreateArtefact,
    DestroyArtefact,
    GrowTribe,
    MoveTribe,
    RazeStructure,
    ResistTravel,
    SetChampion,
    SetClanRoles,
    SetRetreat,
    SetSpellOrders,
    SpawnMonster,
    TeachSpell,
)
from domain.rulesets.second_era.decide_monsters import check_monster_instant
from domain.rulesets.second_era.magic import adaptation_slots, spell_slots
from domain.rulesets.second_era.state import State, Tribe
from domain.rulesets.second_era.values import Effect


def planned_land(state: State, god: str) -> str:
    """Where the god's tribe will stand after the moves it has already been ordered to make."""
    land = state.tribe_of(god).land
    for q in state.orders.get(god, ()):
        if isinstance(q.order, MoveTribe):
            land = q.order.to_land
    return land


def check_move(state: State, god: str, order: MoveTribe) -> None:
    if order.to_land not in state.lands:
        raise reject("unknown_land", f"There is no land {order.to_land!r}.")
    origin = planned_land(state, god)
    if not reachable(state, origin, order.to_land):
        raise reject(
            "not_reachable",
            f"{order.to_land} is neither in the continent of {origin} nor connected to it; go step by step.",
        )
    tribe = planned_tribe(state, god)
    needed = adaptation_slots(state, state.lands[order.to_land].habitat)
    if needed > spell_slots(state, tribe):
        # [002:48-50] a tribe needs free Spell Slots for Adaptation to live on an alien habitat.
        raise reject(
            "needs_adaptation",
            f"Living on {state.lands[order.to_land].habitat} takes {needed} spell slots of Adaptation; "
            f"your tribe has {spell_slots(state, tribe)}.",
        )


def planned_tribe(state: State, god: str) -> Tribe:
    """The god's tribe with the clan roles it has been ordered to take this turn (free orders resolve first)."""
    tribe = state.tribe_of(god)
    for q in state.orders.get(god, ()):
        if isinstance(q.order, SetClanRoles) and sum(q.order.clans.values()) == tribe.clan_count():
            tribe = msgspec.structs.replace(tribe, clans={k: v for k, v in q.order.clans.items() if v})
    return tribe


def check_role(role: str) -> None:
    if role not in content.clans().roles:
        raise reject("unknown_role", f"A clan's role is one of {sorted(content.clans().roles)}.")


def check_grow(state: State, god: str, order: GrowTribe) -> None:
    check_role(order.role)


def check_build(state: State, god: str, order: BuildStructure) -> None:
    kinds = content.acts().structures
    if order.kind not in kinds:
        raise reject("unknown_structure", f"Build one of {sorted(kinds)}.")


def check_birth_hero(state: State, god: str, order: BirthHero) -> None:
    check_new_ability("hero", (), order.ability)


def check_spawn_monster(state: State, god: str, order: SpawnMonster) -> None:
    if order.sphere not in state.gods[god].spheres:
        raise reject("not_your_sphere", f"Spawn a monster of one of your spheres: {state.gods[god].spheres}.")
    alive = any(m.god == god and m.sphere == order.sphere for m in state.monsters.values())
    queued = any(
        isinstance(q.order, SpawnMonster) and q.order.sphere == order.sphere for q in state.orders.get(god, ())
    )
    if alive or queued:
        # [002:9] only one Monster in play per sphere you control.
        raise reject("sphere_has_monster", f"You already have a monster of the sphere {order.sphere}.")
    rules = content.beings().monster
    if len(order.abilities) != rules.start_abilities:
        raise reject("start_abilities", f"A new monster starts with {rules.start_abilities} abilities [002:100].")
    taken: list[str] = []
    for ability in order.abilities:
        check_new_ability("monster", taken, ability)
        taken.append(ability)
    if order.land is not None and order.land not in state.lands:
        raise reject("unknown_land", f"There is no land {order.land!r}.")
    if order.land is not None and order.land != state.tribe_of(god).land:
        # [002:9] the monster is related to one of the fauna of your sphere. Chosen reading: it appears with
        # your tribe, or on a Land where fauna of its sphere live.
        if all(f.sphere != order.sphere for f in state.lands[order.land].fauna):
            raise reject("no_kin_here", f"No fauna of the sphere {order.sphere} live on {order.land}.")


def check_effects(effects: Sequence[Effect]) -> None:
    rules = content.magic().effects
    if not effects:
        raise reject("no_effects", "A spell needs at least one effect.")
    for e in effects:
        if e.effect not in rules:
            raise reject("unknown_effect", f"Spell effects are {sorted(rules)}.")
        if e.level < 1:
            raise reject("bad_level", "Effect levels start at 1.")
        if e.reverse and not rules[e.effect].curse:
            # [002:72] a Curse reverses only the first four effects.
            raise reject("not_a_curse", "Only Fertility, Farming, Mining and Crafting can be reversed as a Curse.")
        is_transmutation = e.effect == "transmutation"
        if is_transmutation != (e.source is not None and e.target is not None) or (
            is_transmutation and e.source == e.target
        ):
            # [002:71] each transmutation names one combination of two resources.
            raise reject("bad_transmutation", "A transmutation names a `source` and a different `target`.")
    if sum(1 for e in effects if e.effect == "transmutation") > 1:
        # [002:71] "A separate spell must be given for each transmutation combination" (levels go in `level`).
        raise reject(
            "one_transmutation_per_spell", "A spell holds one transmutation combination; teach each as its own spell."
        )
    if any(e.reverse for e in effects) and not all(e.reverse for e in effects):
        raise reject("mixed_curse", "A curse holds only reversed effects; teach the blessings as another spell.")


def check_teach_spell(state: State, god: str, order: TeachSpell) -> None:
    check_effects(order.effects)
    if order.monster is not None:
        monster = state.monsters.get(order.monster)
        if monster is None or monster.god != god:
            raise reject("unknown_monster", f"You have no monster {order.monster!r}.")


def check_create_artefact(state: State, god: str, order: CreateArtefact) -> None:
    check_effects(order.effects)
    if any(e.effect in ("travel", "sacrifice") or e.reverse for e in order.effects):
        # [002:78] an artefact's effect is constant at its location: a Travel, a Sacrifice or a Curse cannot be.
        raise reject("not_constant", "An artefact cannot hold Travel, Sacrifice or a Curse; its effect is constant.")
    if order.holder is not None and order.holder not in own_holders(state, god):
        raise reject("bad_holder", "Grant the artefact to your tribe or one of your monsters [002:11].")


def check_cast_instant(state: State, god: str, order: CastInstant) -> None:
    if order.monster is not None:
        check_monster_instant(state, god, order)
        return
    tribe = state.tribe_of(god)
    if order.spell not in tribe.spells:
        raise reject("unknown_spell", f"Your tribe does not know the spell {order.spell!r}.")
    effects = {e.effect for e in state.spells[order.spell].effects}
    if "travel" in effects:
        if order.to_land not in state.lands:
            raise reject("unknown_land", "Name the Land to travel to (`to_land`).")
        moved = tribe if order.target is None else state.tribes.get(order.target)
        if moved is None or moved.extinct or (moved.id == tribe.id and order.target is not None):
            raise reject("bad_target", "A hostile Travel targets another tribe.")
        if state.lands[order.to_land].world != state.lands[moved.land].world:
            # [002:69] to another Land on the same World.
            raise reject("other_world", "Travel reaches only Lands of the same World.")
        if order.target is not None and order.bid < 1:
            # [002:69] against a rival tribe you must bid mana to overcome resistance.
            raise reject("bad_bid", "Bid at least 1 mana to overcome the rival tribe's resistance.")
    elif "sacrifice" in effects:
        if order.role is None or tribe.n(order.role) < 1:
            raise reject("bad_role", "Name the role of the clans to sacrifice (`role`); your tribe must have one.")
    else:
        raise reject("not_castable", "Only Travel and Sacrifice are cast by order; battle spells are cast in battle.")


def check_champion(state: State, god: str, order: SetChampion) -> None:
    if order.hero is not None:
        own_hero(state, god, order.hero)


def check_retreat(state: State, god: str, order: SetRetreat) -> None:
    if order.to_land is not None and order.to_land not in state.lands:
        raise reject("unknown_land", f"There is no land {order.to_land!r}.")


def check_resist_travel(state: State, god: str, order: ResistTravel) -> None:
    travel = state.travels.get(order.travel)
    if travel is None or travel.target != state.gods[god].tribe:
        raise reject("unknown_travel", "There is no Travel under way against your tribe by that id.")
    if travel.counter_bid is not None:
        raise reject("already_countered", "Your resistance against that Travel is already in.")
    if order.bid < 0:
        raise reject("bad_bid", "A bid cannot be negative.")


def check_destroy_artefact(state: State, god: str, order: DestroyArtefact) -> None:
    artefact = state.artefacts.get(order.artefact)
    if artefact is None or artefact.holder not in own_holders(state, god):
        raise reject("unknown_artefact", "Your tribe and monsters hold no artefact by that id.")


def own_hero(state: State, god: str, hero: str) -> Tribe:
    tribe = state.tribe_of(god)
    if hero not in state.heroes or state.heroes[hero].tribe != tribe.id:
        raise reject("unknown_hero", f"Your tribe has no hero {hero!r}.")
    return tribe


def check_arm_hero(state: State, god: str, order: ArmHero) -> None:
    own_hero(state, god, order.hero)
    check_new_ability("hero", state.heroes[order.hero].abilities, order.ability)


def check_choose_hero_ability(state: State, god: str, order: ChooseHeroAbility) -> None:
    own_hero(state, god, order.hero)
    if state.heroes[order.hero].unchosen < 1:
        raise reject("no_level_to_spend", "That hero has no level won in battle without an ability.")
    check_new_ability("hero", state.heroes[order.hero].abilities, order.ability)


def check_clan_roles(state: State, god: str, order: SetClanRoles) -> None:
    for role, n in order.clans.items():
        check_role(role)
        if n < 0:
            raise reject("bad_clans", "Clan counts cannot be negative.")


def check_spell_orders(state: State, god: str, order: SetSpellOrders) -> None:
    tribe = state.tribe_of(god)
    for spell in [*(order.spells or ()), *order.curses]:
        if spell not in tribe.spells:
            raise reject("unknown_spell", f"Your tribe does not know the spell {spell!r}.")
    for spell, target in order.curses.items():
        if not all(e.reverse for e in state.spells[spell].effects):
            raise reject("not_a_curse", f"{spell} is not a curse.")
        if target not in state.tribes or target == tribe.id:
            raise reject("bad_target", "Curse another tribe [002:72].")


def check_raze(state: State, god: str, order: RazeStructure) -> None:
    structure = state.structures.get(order.structure)
    if structure is None:
        raise reject("unknown_structure", f"There is no structure {order.structure!r}.")
    if structure.tribe == state.gods[god].tribe:
        # [002:14] only hostile Towns, Floors or Shrines are razed.
        raise reject("own_structure", "You cannot raze your own tribe's structure.")
    if order.bid < 1:
        raise reject("bad_bid", "Bid at least 1 mana.")


def check_counter_raze(state: State, god: str, order: CounterRaze) -> None:
    raze = state.razes.get(order.raze)
    structure = state.structures.get(raze.structure) if raze else None
    if raze is None or structure is None or structure.tribe != state.gods[god].tribe:
        raise reject("unknown_raze", "There is no raze under way against your tribe's structure by that id.")
    if raze.counter_bid is not None:
        raise reject("already_countered", "Your counter-bid against that raze is already in.")
    if order.bid < 0:
        raise reject("bad_bid", "A bid cannot be negative.")
