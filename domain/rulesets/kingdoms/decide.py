"""`decide`: orders (sealed until the turn is processed), standing choices and the GM's rulings.

An order names a character of the acting kingdom; its shape is checked now (the character is alive, the path runs
through adjacent provinces within its moves, the army is there), what it meets is decided when the turn is
processed. A GM may give orders for any kingdom (orders by mail).
"""

from __future__ import annotations

from fractions import Fraction
from typing import NoReturn, assert_never

from domain.engine import DecisionContext, Rejected
from domain.rulesets.kingdoms import commands as c
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.characters.druid import druid_shortfall
from domain.rulesets.kingdoms.messages import Command, Event
from domain.rulesets.kingdoms.offices import award_offices
from domain.rulesets.kingdoms.setup import quality_level
from domain.rulesets.kingdoms.state import Character, Kingdom, Ruling, State, Unit
from domain.rulesets.kingdoms.turn.movement import moves_allowed


def reject(reason: str, message: str, status: int = 422) -> NoReturn:
    raise Rejected(f"kingdoms.{reason}", message, status=status)


def _own_character(state: State, cid: str, ctx: DecisionContext) -> Character:
    character = state.characters.get(cid)
    actor = ctx.actor
    if character is None or (not actor.is_gm and character.kingdom != actor.controls):
        # the same answer for a rival's character as for none: ids of others are not confirmed
        reject("unknown_character", f"{cid!r} is not one of your kingdom's characters.", 404)
    if not character.alive:
        reject("character_dead", f"{character.name} is dead and can take no action.", 409)
    return character


def _order(state: State, order: o.Order, ctx: DecisionContext) -> list[Event]:
    character = _own_character(state, order.character, ctx)
    match order:
        case o.Move() | o.Invade():
            _check_path(state, character, order)
        case o.Pursue() | o.Trail():
            # Any other id is taken: refusing an unknown one would confirm which rival characters exist. A target
            # that is not there is lost when the turn is processed.
            if order.target == character.id:
                reject("unknown_target", f"{character.name} cannot follow himself; name another character.")
        case o.PickUpArmy() | o.LeaveArmy():
            army = state.armies.get(order.army)
            if army is None or army.kingdom != character.kingdom or army.province != character.location:
                reject("army_not_here", f"{order.army!r} is not an army of yours in {character.location}.")
        case o.Recruit():
            codes = sorted(a.code for a in state.content.army_types)
            if order.unit_type not in codes:
                reject("unknown_unit_type", f"{order.unit_type!r} is not an army type of {codes}.")
        case o.CastActionSpell():
            if order.spell == "illusory_terrain" and order.illusion is None:
                reject("illusion_needed", "Illusory Terrain needs `illusion`: the terrain the province will show.")
        case o.Spy():
            if order.target not in state.kingdoms or order.target == character.kingdom:
                reject("unknown_kingdom", f"{order.target!r} is not another kingdom.")
        case o.NegotiateWithMonster():
            province = state.provinces[character.location]
            if all(m.id != order.monster for m in province.monsters):
                reject("no_such_monster", f"No monster {order.monster!r} is known in {province.name}.")
        case o.Explore() | o.Search() | o.Hire():
            pass
        case _:
            assert_never(order)
    return [e.OrderGiven(kingdom=character.kingdom, order=order)]


def _check_path(state: State, character: Character, order: o.Move | o.Invade) -> None:
    with_army = isinstance(order, o.Invade) or order.with_army
    army = next((a for a in state.armies.values() if a.leader == character.id), None)
    if with_army and army is None:
        reject("no_army", f"{character.name} leads no army; pick one up first (PickUpArmy) or AssignCommand.")
    here = character.location
    for step in order.path:
        province = state.provinces.get(step)
        if province is None or step not in state.provinces[here].adjacent:
            reject("not_adjacent", f"{step!r} is not a province adjacent to {here!r}; give the path step by step.")
        here = step
    allowed = moves_allowed(state, character, army if with_army else None)
    if len(order.path) > allowed:
        reject("too_far", f"{character.name} may move {allowed} province(s) this turn, not {len(order.path)}.")


def _assign(state: State, command: c.AssignCommand, ctx: DecisionContext) -> list[Event]:
    character = _own_character(state, command.character, ctx)
    army = state.armies.get(command.army)
    if army is None or army.kingdom != character.kingdom:
        reject("unknown_army", f"{command.army!r} is not one of your armies.", 404)
    if army.province != character.location:
        reject("army_not_here", f"{character.name} is in {character.location}, the army in {army.province}.")
    shortfall = druid_shortfall(state.content, character, army)
    return [e.CommandAssigned(character.kingdom, army.id, character.id, shortfall)]


def _treaty(state: State, command: c.OfferTreaty | c.BreakTreaty, ctx: DecisionContext) -> list[Event]:
    mine = ctx.actor.controls
    if mine not in state.kingdoms:
        reject("not_a_kingdom", "Only a kingdom's seat offers or breaks treaties.", 403)
    if command.kingdom not in state.kingdoms or command.kingdom == mine:
        reject("unknown_kingdom", f"{command.kingdom!r} is not another kingdom.")
    if isinstance(command, c.OfferTreaty):
        if command.kingdom in state.kingdoms[mine].treaties:
            reject("treaty_exists", f"You already have a treaty with {command.kingdom}.", 409)
        return [e.TreatyOffered(mine, command.kingdom)]
    if command.kingdom not in state.kingdoms[mine].treaties:
        reject("no_treaty", f"You have no treaty with {command.kingdom} to break.", 409)
    return [e.TreatyBroken(mine, command.kingdom)]


def _exact(text: str) -> Fraction:
    return Fraction(text)  # the `SignedDecimal` pattern was checked when the command was decoded


def _gm(state: State, command: c.Command, ctx: DecisionContext) -> list[object]:
    match command:
        case c.AdjustTreasury():
            kingdom = _kingdom(state, command.kingdom)
            total = kingdom.treasury + command.gold
            if total < 0:
                reject("treasury_negative", f"{kingdom.name} holds {kingdom.treasury} gold; it cannot go below 0.")
            return [e.TreasuryAdjusted(kingdom.id, command.gold, total, command.reason)]
        case c.RaiseUnits():
            _kingdom(state, command.kingdom)
            army = state.armies.get(command.army)
            if army is not None and (army.kingdom != command.kingdom or army.province != command.province):
                reject(
                    "army_elsewhere", f"Army {command.army!r} is not {command.kingdom}'s army in {command.province}."
                )
            if command.province not in state.provinces:
                reject("unknown_province", f"{command.province!r} is not a province.")
            codes = sorted(a.code for a in state.content.army_types)
            if command.unit_type not in codes:
                reject("unknown_unit_type", f"{command.unit_type!r} is not an army type of {codes}.")
            races = sorted(r.id for r in state.content.races)
            if command.race is not None and command.race not in races:
                reject("unknown_race", f"{command.race!r} is not a race of {races} (or null, for creatures).")
            taken = {u.id for a in state.armies.values() for u in a.units}
            ids: list[str] = []
            n = state.serials.get(f"raised-{command.army}", 0)
            while len(ids) < command.count:  # raised units are counted per army, never reusing a lost unit's id
                n += 1
                if f"{command.army}-r{n}" not in taken:
                    ids.append(f"{command.army}-r{n}")
            quality = quality_level(state.content, command.quality)
            units = tuple(Unit(uid, command.unit_type, command.race, quality) for uid in ids)
            return [
                e.UnitsRaised(command.kingdom, command.army, command.province, units, command.behind, command.reason)
            ]
        case c.SetExplored():
            _kingdom(state, command.kingdom)
            if command.province not in state.provinces:
                reject("unknown_province", f"{command.province!r} is not a province.")
            return [e.ExploredSet(command.kingdom, command.province, command.percent, command.reason)]
        case c.RuleRandomEvent():
            _kingdom(state, command.kingdom)
            factor = _exact(command.factor)
            if not 0 <= factor <= 2:
                reject("bad_factor", "A random event multiplies a force by at most 2 (and never below 0) [004:61].")
            ruling = Ruling(command.province, command.kingdom, factor, command.column, command.reason)
            return [e.RandomEventRuled(ruling)]
        case c.SetAbility():
            character = _own_character(state, command.character, ctx)
            abilities = sorted(a.id for a in state.content.abilities)
            if command.ability not in abilities:
                reject("unknown_ability", f"{command.ability!r} is not one of {abilities}.")
            return [e.AbilitySet(character.kingdom, character.id, command.ability, command.level, command.reason)]
        case c.AdjustMerit():
            character = _own_character(state, command.character, ctx)
            counters = {line.counter for office in state.content.offices for line in office.merit}
            if command.counter not in counters:
                reject("unknown_counter", f"{command.counter!r} is not a merit line of {sorted(counters)}.")
            return [e.MeritAdjusted(character.kingdom, character.id, command.counter, command.count, command.reason)]
        case c.GiveItem():
            character = _own_character(state, command.character, ctx)
            if not command.take and all(i.id != command.item for i in state.content.items):
                reject("unknown_item", f"{command.item!r} is not an item of the content pack.")
            if command.take and command.item not in character.items:
                reject("no_such_item", f"{character.name} does not hold {command.item!r}.")
            return [e.ItemGiven(character.kingdom, character.id, command.item, command.take, command.reason)]
        case c.PlaceForce():
            return [_place(state, command)]
        case c.RuleTreaty():
            a, b = sorted(command.kingdoms)
            _kingdom(state, a)
            _kingdom(state, b)
            if a == b:
                reject("same_kingdom", "A treaty needs two different kingdoms.")
            if command.made:
                return [e.TreatyMade((a, b), command.reason)]
            return [e.TreatyBroken(a, b, command.reason)]
        case c.AwardOffices():
            return award_offices(state, command.reason, ctx.now)
        case c.CancelOrder() | c.SetEncounterPlan() | c.AssignCommand() | c.OfferTreaty() | c.BreakTreaty():
            raise AssertionError("not a ruling")  # `decide` routes only rulings here
        case _:
            assert_never(command)


def _place(state: State, command: c.PlaceForce) -> e.ForcePlaced:
    if command.province not in state.provinces:
        reject("unknown_province", f"{command.province!r} is not a province.")
    character = state.characters.get(command.character or "")
    army = state.armies.get(command.army or "")
    if command.character is not None and character is None:
        reject("unknown_character", f"{command.character!r} is not a character.", 404)
    if command.army is not None and army is None:
        reject("unknown_army", f"{command.army!r} is not an army.", 404)
    if character is None and army is None:
        reject("nothing_to_place", "Name the `character` or the `army` to place.")
    if character is not None and army is None:
        army = next((a for a in state.armies.values() if a.leader == character.id), None)
    if army is not None and character is None:
        character = state.characters.get(army.leader or "")  # the leader goes with his army
    kingdom = character.kingdom if character is not None else (army.kingdom if army else None)
    return e.ForcePlaced(
        kingdom=kingdom or "",
        province=command.province,
        reason=command.reason,
        character=character.id if character is not None else None,
        army=army.id if army is not None else None,
    )


def _kingdom(state: State, kid: str) -> Kingdom:
    kingdom = state.kingdoms.get(kid)
    if kingdom is None:
        reject("unknown_kingdom", f"{kid!r} is not a kingdom of {sorted(state.kingdoms)}.")
    return kingdom


def decide(state: State, command: Command, ctx: DecisionContext) -> list[object]:
    match command:
        case c.CancelOrder():
            character = _own_character(state, command.character, ctx)
            if character.id not in state.orders:
                reject("no_order", f"{character.name} has no order this turn.", 409)
            return [e.OrderCancelled(character.kingdom, character.id)]
        case c.SetEncounterPlan():
            character = _own_character(state, command.character, ctx)
            return [e.EncounterPlanSet(character.kingdom, character.id, tuple(command.plan))]
        case c.AssignCommand():
            return list(_assign(state, command, ctx))
        case c.OfferTreaty() | c.BreakTreaty():
            return list(_treaty(state, command, ctx))
        case (
            c.AdjustTreasury() | c.RaiseUnits() | c.SetExplored() | c.RuleRandomEvent() | c.SetAbility()
            | c.AdjustMerit() | c.GiveItem() | c.PlaceForce() | c.RuleTreaty() | c.AwardOffices()
        ):  # fmt: skip
            return list(_gm(state, command, ctx))
        case _:
            return list(_order(state, command, ctx))
