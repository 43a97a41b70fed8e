"""The Second Era across eras: what the next era starts from, and the First-Era actions at their old cost.

- [002:123] "They also start the next era with the edifice they have constructed." `carry_over` builds the next
  era's scenario from the finished one (the `Ruleset.carry_over` hook behind `POST /v1/games/{id}/successor`):
  the winners' edifices, and those carried before, stand on their Lands. Readings where the text is silent
  (the GM amends any of them with the successor's `scenario_patch`): the map (Lands, fauna, connections) and the
  gods with their spheres and mana pools carry over; each tribe starts again with the 3 Clans of [002:38] on the
  Land it ended on, its roles shared out in proportion to the clans it ended with (largest remainders, ties to
  the roles `clans.loss_order` loses last; a tribe with no clans: Farmers); stockpiles, heroes, monsters,
  spells, artefacts and structures do not carry over (the edifice is what the text names).
- A carried edifice is not a structure: it cannot be razed and raises no edifice in the new era (so no one
  wins an era with the last one's victory); while its builder tribe is in residence it grants the bonuses of
  its five parts ([002:125-129] each part +25%, stacking), as the parts did.
- [002:5] "All Actions from the previous Era are permitted at their old cost": `PerformFirstEraAct` orders, at the
  cost the GM sets in the game's catalogue (the scenario's `first_era_acts` or a content pack's `acts`).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import msgspec

from domain.engine.bounds import Rows, Text
from domain.engine.content import decode_pack, inconsistent
from domain.rulesets.second_era import content
from domain.rulesets.second_era.checks import reject
from domain.rulesets.second_era.era_commands import PerformFirstEraAct
from domain.rulesets.second_era.era_values import Edifice, FirstEraAct
from domain.rulesets.second_era.scenario import (
    ConnectionSpec,
    ContinentSpec,
    GodSpec,
    LandSpec,
    Setup,
    StockpileSpec,
    TribeSpec,
    WorldSpec,
)
from domain.rulesets.second_era.settings import Settings
from domain.rulesets.second_era.state import State, Tribe

R = msgspec.structs.replace


# --- the edifice that won -------------------------------------------------------------------------------


def edifice_won(state: State, god: str, tribe: str, land: str, edifice: str) -> Edifice:
    """The edifice of an `EraWon`, as the next era will start with it."""
    kind = next((k for k, rule in content.acts().structures.items() if rule.edifice == edifice), "")
    return Edifice(land=land, edifice=edifice, kind=kind, god=god, tribe=tribe, era=state.title)


def edifice_parts(state: State, tribe: Tribe, land: str) -> dict[str, int]:
    """Carried edifices on `land` built by `tribe`: structure kind -> parts (five per edifice)."""
    parts = content.acts().parts_per_edifice
    out: dict[str, int] = {}
    for edifice in state.edifices.values():
        if edifice.land == land and edifice.tribe == tribe.id:
            out[edifice.kind] = out.get(edifice.kind, 0) + parts
    return out


# --- First-Era actions ----------------------------------------------------------------------------------


def check_first_era_act(state: State, god: str, order: PerformFirstEraAct) -> None:
    if order.act not in state.first_era_acts:
        known = sorted(state.first_era_acts) or "none (the GM sets them: scenario or content pack)"
        raise reject("unknown_first_era_act", f"No First-Era action {order.act!r} in this game; known: {known}.")


# --- the next era ---------------------------------------------------------------------------------------


def carry_over(state: State, settings: Settings) -> Setup:
    """The next era's scenario from this one's end [002:123]; see the module docstring for what carries."""
    lands = sorted(state.lands.values(), key=lambda land: land.id)
    worlds = sorted({land.world for land in lands})
    continents = sorted({(land.continent, land.world) for land in lands})
    links = sorted({tuple(sorted((land.id, other))) for land in lands for other in land.connections})
    edifices = {**state.edifices, **{e.land: e for e in state.won}}
    return Setup(
        nature=state.nature,
        worlds=[WorldSpec(id=w) for w in worlds],
        continents=[ContinentSpec(id=c, world=w) for c, w in continents],
        lands=[
            LandSpec(
                id=land.id,
                continent=land.continent,
                element=land.element,
                habitat=land.habitat,
                fauna=list(land.fauna),
                name=land.name,
            )
            for land in lands
        ],
        gods=[
            GodSpec(id=g.id, spheres=list(g.spheres), name=g.name, mana=g.mana)
            for g in sorted(state.gods.values(), key=lambda g: g.id)
        ],
        tribes=[_next_tribe(state.tribes[g.tribe]) for g in sorted(state.gods.values(), key=lambda g: g.id)],
        connections=[ConnectionSpec(a=a, b=b) for a, b in links],
        title=state.title,
        edifices=[edifices[land] for land in sorted(edifices)],
        first_era_acts=[state.first_era_acts[a] for a in sorted(state.first_era_acts)],
    )


def _next_tribe(tribe: Tribe) -> TribeSpec:
    return TribeSpec(
        id=tribe.id,
        god=tribe.god,
        land=tribe.land,
        clans=start_clans(tribe.clans),
        name=tribe.name,
        stockpile=StockpileSpec(),
    )


def start_clans(clans: dict[str, int]) -> dict[str, int]:
    """[002:38] 3 Clans, shared in proportion to `clans` by largest remainders; ties go to the roles that
    `clans.loss_order` loses last. No clans at all: Farmers."""
    table = content.clans()
    total = sum(clans.values())
    if total <= 0:
        return {next(iter(table.roles)): table.start_clans}
    keep_rank = {role: i for i, role in enumerate(reversed(table.loss_order))}
    shares = {role: Fraction(n * table.start_clans, total) for role, n in clans.items() if n > 0}
    out = Counter({role: int(share) for role, share in shares.items()})
    left = table.start_clans - sum(out.values())
    by_remainder = sorted(shares, key=lambda r: (-(shares[r] - int(shares[r])), keep_rank.get(r, len(keep_rank))))
    for role in by_remainder[:left]:
        out[role] += 1
    return {role: n for role, n in sorted(out.items()) if n}


# --- content packs --------------------------------------------------------------------------------------


class FirstEraActsPack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Second Era content pack: the First-Era actions and their old costs [002:5]
    (sample: `content/first-era-acts-sample.json`)."""

    acts: Rows[FirstEraAct]
    title: Text = ""


def validate_pack(document: bytes) -> FirstEraActsPack:
    pack = decode_pack(document, FirstEraActsPack)
    twice = sorted(i for i, n in Counter(a.id for a in pack.acts).items() if n > 1)
    if twice:
        raise inconsistent([f"acts[].id {act!r} is given twice" for act in twice])
    return pack


def pin_pack(setup: Setup, pack: FirstEraActsPack) -> Setup:
    """The pack's acts replace the scenario's (a game plays with the pack it pinned)."""
    return R(setup, first_era_acts=list(pack.acts))
