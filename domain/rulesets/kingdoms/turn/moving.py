"""Movement: characters and armies follow their paths; invasions are noted for the battles.

A path was checked when the order was given; a step that is no longer possible (the army was lost) fails the
order as a fact of the report."""

from __future__ import annotations

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.turn.context import Turn


def movement(t: Turn) -> None:
    for cid, order in sorted(t.state.orders.items()):
        character = t.state.characters[cid]
        if not character.alive:
            continue
        match order:
            case o.Move() | o.Invade():
                with_army = isinstance(order, o.Invade) or order.with_army
                army = next((a for a in t.state.armies.values() if a.leader == cid), None) if with_army else None
                if with_army and (army is None or army.province != character.location):
                    t.emit(e.OrderFailed(character.kingdom, cid, type(order).__name__, "no army to lead"))
                    continue
                origin = character.location
                t.emit(e.CharacterMoved(character.kingdom, cid, tuple(order.path), army.id if army else None))
                target = t.state.provinces[order.path[-1]]
                t.report(character.kingdom, f"{character.name} moved to {target.name}.")
                if army is None:
                    t.exposed.append((cid, "move"))
                    continue
                naval = bool(army.units) and all(t.state.content.army_type(u.type).naval for u in army.units)
                t.gain(cid, "move_sea_fleet" if naval else "move_land_army")
                if isinstance(order, o.Invade):
                    t.invasions.append((army.id, origin, target.id))
            case o.Pursue():
                army_led = any(a.leader == cid for a in t.state.armies.values())
                if not army_led:
                    t.exposed.append((cid, "pursue"))  # no encounters when pursuing with an army [004:116]
            case o.Trail():
                t.exposed.append((cid, "trail"))
            case o.Explore():
                t.exposed.append((cid, "explore"))
            case o.Search():
                t.exposed.append((cid, "search"))
            case _:
                pass
