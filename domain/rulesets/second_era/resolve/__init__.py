"""The resolution of a turn, run when the orders phase closes: one table, read top to bottom.

Every god's orders were sealed until now; they take effect together, step by step, each step seeing the
state the previous steps left. Within a step gods go in the order of their ids, orders in the order given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.engine import DecisionContext
from domain.rulesets.second_era.resolve.acts import resolve_divine_acts, resolve_free_orders, resolve_works
from domain.rulesets.second_era.resolve.battles import resolve_invasions, resolve_movement
from domain.rulesets.second_era.resolve.economy import resolve_harvest, resolve_spells, resolve_upkeep
from domain.rulesets.second_era.resolve.first_era import resolve_first_era_acts
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.resolve.monster_magic import resolve_monster_spells
from domain.rulesets.second_era.resolve.monsters import resolve_hunger, resolve_monsters, resolve_scavenging
from domain.rulesets.second_era.resolve.raze import resolve_razes
from domain.rulesets.second_era.resolve.trade import resolve_trades
from domain.rulesets.second_era.resolve.travel import resolve_hostile_travels
from domain.rulesets.second_era.resolve.victory import resolve_reports, resolve_victory
from domain.rulesets.second_era.state import State

Step = Callable[[Log, DecisionContext], None]

RESOLUTION_ORDER: tuple[tuple[str, str, Step], ...] = (
    ("free orders", "clan roles, spell orders, hero abilities, arming heroes", resolve_free_orders),
    ("trades", "agreed trades and standing agreements carried out", resolve_trades),
    ("divine acts", "birth hero, spawn monster, teach spell, create artefact (mana)", resolve_divine_acts),
    (
        "first-era acts",
        "actions of the previous Era at their old cost [002:5] (mana, resources)",
        resolve_first_era_acts,
    ),
    ("works", "grow tribe, build Town / Shrine / Floor (stockpile)", resolve_works),
    ("movement", "every tribe walks its ordered path at once; Travel and Sacrifice", resolve_movement),
    ("invasions", "tribes sharing a Land fight; loot, levels, heroes killed, driven off", resolve_invasions),
    ("monsters", "monsters' free orders, moves, rests and raids", resolve_monsters),
    ("razes", "counter-bids and sealed bids settled; new razes begun", resolve_razes),
    ("hostile travel", "resistance bids and sealed bids of Travel cast on rivals settled", resolve_hostile_travels),
    ("spells", "continuous spells cast and paid, transmutations", resolve_spells),
    ("monster spells", "monsters' continuous spells and curses from their own mana stores", resolve_monster_spells),
    ("harvest", "from the Land each tribe started on; bonuses, then round down", resolve_harvest),
    ("scavenging", "scavenging monsters fill their hoards; Mana Source", resolve_scavenging),
    ("upkeep", "clans, heroes and adaptation; shortfalls recorded for the GM", resolve_upkeep),
    ("hunger", "monsters eat 1 Food per level from their hoard or starve", resolve_hunger),
    ("victory", "edifices raised, fallen or completed: City, Temple, Tower", resolve_victory),
    ("reports", "a report for each god; the turn closes", resolve_reports),
)


def resolve_turn(state: State, ctx: DecisionContext) -> Sequence[object]:
    log = Log(state)
    for _name, _what, step in RESOLUTION_ORDER:
        step(log, ctx)
    return log.events
