"""Spying and pursuit (see `spies.reports` for the rules and the draws)."""

from __future__ import annotations

from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms import orders as o
from domain.rulesets.kingdoms.rules.draws import chance_sides, succeeds
from domain.rulesets.kingdoms.rules.spies import margin, noticed_chance
from domain.rulesets.kingdoms.spies.reports import perturbed, pursue_chance
from domain.rulesets.kingdoms.state import Character, SpyReport
from domain.rulesets.kingdoms.turn.context import GM_ONLY, Turn
from domain.rulesets.kingdoms.turn.movement import distance


def _true_figures(t: Turn, target: str, province: str) -> dict[str, int]:
    kingdom = t.state.kingdoms[target]
    figures = {"treasury": kingdom.treasury, "tax_base": sum(
        p.tax_base for p in t.state.provinces.values() if p.kingdom == target
    )}  # fmt: skip
    for army in sorted(t.state.armies.values(), key=lambda a: a.id):
        if army.kingdom == target and army.province == province:
            figures[f"army:{army.id}:units"] = len(army.units)
    return figures


def spy(t: Turn, character: Character, order: o.Spy) -> None:
    cid, level, pack = character.id, character.abilities.get("spy", 0), t.state.content
    chance, error = noticed_chance(pack, level), margin(pack, level)
    noticed = chance >= 1
    if 0 < chance < 1:
        noticed = succeeds(chance, t.ctx.dice.roll(f"notice:{cid}", 1, chance_sides(chance), visible_to=GM_ONLY)[0])
    figures = {}
    for name, true in _true_figures(t, order.target, character.location).items():
        face = t.ctx.dice.roll(f"spy-error:{cid}", 1, 2 * error + 1, visible_to=GM_ONLY)[0]
        figures[name] = perturbed(true, face, error)
    report = SpyReport(t.state.turn, cid, character.location, order.target, error, figures, noticed)
    t.emit(e.SpyReported(character.kingdom, report))
    shown = ", ".join(f"{k} ~{v}" for k, v in figures.items())
    t.report(character.kingdom, f"{character.name} spied on {order.target} (margin of error {error}%): {shown}.")
    if noticed:
        t.emit(e.SpyNoticed(order.target, character.location, character.name, character.kingdom))
        t.report(order.target, f"A spy of {character.kingdom} ({character.name}) was noticed in {character.location}.")
        t.report(character.kingdom, f"{character.name} was noticed.")
    t.gain(cid, "spy")


def pursue(t: Turn, character: Character, order: o.Pursue | o.Trail) -> None:
    target = t.state.characters.get(order.target)
    if target is None:
        t.emit(e.OrderFailed(character.kingdom, character.id, type(order).__name__, "no trace of the target"))
        t.report(character.kingdom, f"{character.name} found no trace of {order.target}.")
        t.gain(character.id, "trail" if isinstance(order, o.Trail) else "pursue")
        return
    apart = distance(t.state, character.location, target.location)
    leads = any(a.leader == target.id for a in t.state.armies.values())
    same = target.kingdom == character.kingdom
    trail = isinstance(order, o.Trail)
    level = character.abilities.get("spy", 0)
    chance = pursue_chance(t.state.content, level, leads, apart if apart is not None else 99, same, trail)
    succeeded = chance >= 1
    if 0 < chance < 1:
        face = t.ctx.dice.roll(f"pursue:{character.id}", 1, chance_sides(chance), visible_to=GM_ONLY)[0]
        succeeded = succeeds(chance, face)
    succeeded = succeeded and apart is not None and target.alive
    location = target.location if succeeded else None
    t.emit(e.PursuitResolved(character.kingdom, character.id, target.id, trail, chance, succeeded, location))
    verb = "trailed" if trail else "pursued"
    where = f" to {location}" if succeeded else ""
    t.report(character.kingdom, f"{character.name} {verb} {target.name}{where}: {'success' if succeeded else 'lost'}.")
    t.gain(character.id, "trail" if trail else "pursue")


def spying(t: Turn) -> None:
    for cid, order in sorted(t.state.orders.items()):
        character = t.state.characters[cid]
        if not character.alive:
            continue
        if isinstance(order, o.Spy):
            spy(t, character, order)
        elif isinstance(order, o.Pursue | o.Trail):
            pursue(t, character, order)
