"""Actions of the turn that move nothing: treaties, picking up and leaving armies, recruiting and hiring requests
(the GM rules their cost and grants units with `RaiseUnits`), and action spells."""

from __future__ import annotations

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.turn.context import Turn


def treaties(t: Turn) -> None:
    """A treaty holds when both kingdoms offered it this turn (the treaty chapter is lost)."""
    for kid in sorted(t.state.kingdoms):
        kingdom = t.state.kingdoms[kid]
        for other in kingdom.offers:
            if kid < other and kid in t.state.kingdoms[other].offers:
                t.emit(e.TreatyMade((kid, other)))
                t.publish([f"{kingdom.name} and {t.state.kingdoms[other].name} made a treaty."])


def actions(t: Turn) -> None:
    treaties(t)
    for cid, order in sorted(t.state.orders.items()):
        character = t.state.characters[cid]
        kid = character.kingdom
        match order:
            case o.PickUpArmy() | o.LeaveArmy():
                army = t.state.armies.get(order.army)
                if army is None or army.province != character.location or army.kingdom != kid:
                    t.emit(e.OrderFailed(kid, cid, "PickUpArmy", "the army is no longer there"))
                    continue
                leader = cid if isinstance(order, o.PickUpArmy) else None
                t.emit(e.ArmyTaken(kid, army.id, leader, cid))
                naval = bool(army.units) and all(t.state.content.army_type(u.type).naval for u in army.units)
                verb_id = "pick_up" if leader else "leave"
                t.gain(cid, f"{verb_id}_naval" if naval else f"{verb_id}_army")
                verb = "took command of" if leader else "left"
                t.report(kid, f"{character.name} {verb} army {army.id}.")
            case o.Recruit() | o.Hire():
                what = order.note if isinstance(order, o.Hire) else f"{order.count} x {order.unit_type} ({order.race})"
                t.emit(e.RecruitRequested(kid, cid, character.location, what or "a character"))
                t.gain(cid, "recruit" if isinstance(order, o.Recruit) else "hire")
                t.report(kid, f"{character.name} seeks recruits in {character.location}: {what}; the GM rules.")
            case o.CastActionSpell():
                ability = t.state.content.spell(order.spell).ability
                level = character.abilities.get(ability, 0)
                if level == 0:
                    t.emit(e.OrderFailed(kid, cid, "CastActionSpell", f"{character.name} has no {ability} magic"))
                    continue
                province = order.target if order.target in t.state.provinces else character.location
                t.emit(e.SpellCast(kid, cid, order.spell, province, level, order.illusion))
                t.spells.append((kid, province, order.spell, level, order.illusion))
                t.gain(cid, "cast_action_spell", ability)
                t.report(kid, f"{character.name} cast {order.spell.replace('_', ' ')} at level {level} in {province}.")
