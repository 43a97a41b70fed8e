"""Second Era events. Tags are permanent; add fields only with defaults.

Who sees what (views.py): orders, stockpiles, mana, spell designs and each god's report are private to that
god and the GM; what would be posted on the forum (moves, battles and their dice, new clans, heroes, monsters,
artefacts and structures, the victory race) is public.
"""

from __future__ import annotations

from domain.rulesets.second_era.commands import Order
from domain.rulesets.second_era.deal_events import (
    RazeBegun,
    RazeCountered,
    RazeResolved,
    TradeAccepted,
    TradeCarriedOut,
    TradeEnded,
    TradeFailed,
    TradeOffered,
    TravelBegun,
    TravelResisted,
    TravelResolved,
)
from domain.rulesets.second_era.era_events import (
    FaunaChanged,
    FirstEraActPerformed,
    LandAdded,
    LandAltered,
    LandsConnected,
    LandsDisconnected,
    StructurePlaced,
    StructureRemoved,
)
from domain.rulesets.second_era.event_base import EventBase as _Event
from domain.rulesets.second_era.fate_events import AdaptationUnpaid, TribeEmptied, TribeExtinct, TribeRelocated
from domain.rulesets.second_era.monster_events import (
    HoardChanged,
    HoardTransmuted,
    MonsterAte,
    MonsterCursesCast,
    MonsterDied,
    MonsterHealed,
    MonsterInstantCast,
    MonsterLevelled,
    MonsterManaTaken,
    MonsterMoved,
    MonsterRested,
    MonsterScavenged,
    MonsterSpellCast,
    MonsterSpellOrdersSet,
    MonsterSpellsCast,
    MonsterSpellStolen,
    MonsterTraded,
    MonsterWounded,
)
from domain.rulesets.second_era.state import Artefact, Hero, Monster, Spell, Structure
from domain.rulesets.second_era.values import ExactAmount, Resources

# --- orders (sealed) -------------------------------------------------------------------------------------


class OrderGiven(_Event, frozen=True, tag="OrderGiven"):
    god: str
    order_no: int
    order: Order


class OrderCancelled(_Event, frozen=True, tag="OrderCancelled"):
    god: str
    order_no: int


class OrderFailed(_Event, frozen=True, tag="OrderFailed"):
    """An order that could not be carried out at resolution; part of the god's report."""

    god: str
    order_no: int
    code: str
    reason: str


# --- acts ------------------------------------------------------------------------------------------------


class ManaSpent(_Event, frozen=True, tag="ManaSpent"):
    """A god paid for an act: `from_god` out of its own pool, `from_tribe` out of its tribe's stockpile."""

    god: str
    from_god: int
    from_tribe: int
    purpose: str


class HeroBorn(_Event, frozen=True, tag="HeroBorn"):
    hero: Hero


class HeroLevelled(_Event, frozen=True, tag="HeroLevelled"):
    hero: str
    ability: str
    cause: str  # "armed" or "victory"
    cost: Resources = Resources()


class HeroKilled(_Event, frozen=True, tag="HeroKilled"):
    hero: str


class MonsterSpawned(_Event, frozen=True, tag="MonsterSpawned"):
    monster: Monster


class SpellTaught(_Event, frozen=True, tag="SpellTaught"):
    """The tribe learns the spell, or the monster if `monster` is named."""

    god: str
    tribe: str
    spell: Spell
    monster: str | None = None


class ArtefactCreated(_Event, frozen=True, tag="ArtefactCreated"):
    artefact: Artefact


class ArtefactDestroyed(_Event, frozen=True, tag="ArtefactDestroyed"):
    """[002:82] the god whose tribe or monster held it redeems 80% of the creation cost in mana."""

    artefact: str
    god: str
    refund: int


class ArtefactTaken(_Event, frozen=True, tag="ArtefactTaken"):
    """[002:56] [002:80] an artefact stolen in battle; its bonuses now serve its new holder."""

    artefact: str
    to_holder: str


class SpellStolen(_Event, frozen=True, tag="SpellStolen"):
    """[002:56] [002:61] the victor learns one spell of the beaten tribe."""

    tribe: str
    spell: str


class TribeGrew(_Event, frozen=True, tag="TribeGrew"):
    tribe: str
    role: str
    cost: Resources


class ClanRolesSet(_Event, frozen=True, tag="ClanRolesSet"):
    tribe: str
    clans: dict[str, int]


class SpellOrdersSet(_Event, frozen=True, tag="SpellOrdersSet"):
    god: str
    tribe: str
    spells: tuple[str, ...] | None
    curses: dict[str, str] = {}


class RetreatSet(_Event, frozen=True, tag="RetreatSet"):
    god: str
    tribe: str
    to_land: str | None


class ChampionSet(_Event, frozen=True, tag="ChampionSet"):
    god: str
    tribe: str
    hero: str | None


class StructureBuilt(_Event, frozen=True, tag="StructureBuilt"):
    structure: Structure
    cost: Resources


# --- movement and battle ---------------------------------------------------------------------------------


class TribeMoved(_Event, frozen=True, tag="TribeMoved"):
    tribe: str
    path: tuple[str, ...]


class BattleFought(_Event, frozen=True, tag="BattleFought"):
    """[002:53-57] war scores before dice, the d6 of each side, totals and the outcome."""

    land: str
    attacker: str
    defender: str
    attacker_score: int
    defender_score: int
    attacker_roll: int
    defender_roll: int
    outcome: str  # "draw", "attacker", "defender"
    attacker_spell_bonus: int = 0
    defender_spell_bonus: int = 0
    attacker_kind: str = "tribe"
    defender_kind: str = "tribe"


class BattleSpellCast(_Event, frozen=True, tag="BattleSpellCast"):
    """An instant spell cast in battle ([002:54], [002:67-68]), paid at once from the tribe's mana."""

    god: str
    tribe: str
    spell: str
    land: str
    mana: int
    war_bonus: int = 0
    healing: int = 0
    by_artefact: bool = False  # `spell` is then the artefact's id: its effect is constant and free [002:78]


class InstantCast(_Event, frozen=True, tag="InstantCast"):
    """[002:69-70] Travel (`to_land`) or Sacrifice (`role`, `clans` killed, `mana_gained`) cast by order."""

    god: str
    tribe: str
    spell: str
    mana: int
    to_land: str | None = None
    role: str | None = None
    clans: int = 0
    mana_gained: int = 0
    target: str | None = None  # a rival tribe: then `to_land` is where it would be sent, not the caster


class ClansHealed(_Event, frozen=True, tag="ClansHealed"):
    """[002:68] Healing: clans killed in the battle brought back."""

    tribe: str
    clans: dict[str, int]


class ClansLost(_Event, frozen=True, tag="ClansLost"):
    """Clans killed in battle (or absorbed by a Slaver's tribe, `to_tribe` [002:95])."""

    tribe: str
    clans: dict[str, int]
    to_tribe: str | None = None


class ResourcesTaken(_Event, frozen=True, tag="ResourcesTaken"):
    """Loot moving between stockpiles ([002:56]) or on-kill rewards ([002:96-97]; `from_tribe` None)."""

    to_tribe: str
    resources: Resources
    from_tribe: str | None = None
    reason: str = ""


class TribeDriven(_Event, frozen=True, tag="TribeDriven"):
    """A tribe pushed off a Land after a battle ([002:7])."""

    tribe: str
    to_land: str


# --- economy ---------------------------------------------------------------------------------------------


class SpellsCast(_Event, frozen=True, tag="SpellsCast"):
    """[002:62] continuous spells prepared this turn and their mana, deducted each turn."""

    god: str
    tribe: str
    spells: tuple[str, ...]
    mana: int
    lapsed: tuple[str, ...] = ()


class CursesCast(_Event, frozen=True, tag="CursesCast"):
    """[002:72] [002:75] curses cast this turn: (spell, target tribe) pairs, with the Counterspell surcharge,
    paid each turn. A cursed tribe notices: public."""

    god: str
    tribe: str
    curses: tuple[tuple[str, str], ...]
    mana: int
    lapsed: tuple[str, ...] = ()


class Transmuted(_Event, frozen=True, tag="Transmuted"):
    """[002:71] a transmutation spell turned `consumed` into `produced`."""

    god: str
    tribe: str
    spell: str
    consumed: Resources
    produced: Resources


class Harvested(_Event, frozen=True, tag="Harvested"):
    """[002:23-42] the harvest: `exact` before rounding, `gained` after rounding down [002:36]."""

    god: str
    tribe: str
    exact: dict[str, ExactAmount]
    gained: Resources


class UpkeepPaid(_Event, frozen=True, tag="UpkeepPaid"):
    """Upkeep due and paid; `shortfall` is what the stockpile could not cover (its effect is a GM ruling)."""

    god: str
    tribe: str
    due: Resources
    paid: Resources
    shortfall: Resources


class TurnResolved(_Event, frozen=True, tag="TurnResolved"):
    """The end of a turn's resolution: orders are cleared and each tribe's start Land is where it stands."""

    turn: int


class TurnReported(_Event, frozen=True, tag="TurnReported"):
    """A god's turn report: what its tribe holds after the turn and what happened to its orders."""

    god: str
    turn: int
    land: str
    clans: dict[str, int]
    stockpile: Resources
    god_mana: int
    notes: tuple[str, ...] = ()
    harvested: Resources = Resources()
    upkeep_shortfall: Resources = Resources()
    battles: int = 0


# --- victory ---------------------------------------------------------------------------------------------


class EdificeRaised(_Event, frozen=True, tag="EdificeRaised"):
    """Five parts on one Land at the end of a turn; they must stand at the end of the next ([002:125])."""

    land: str
    kind: str
    tribe: str


class EdificeFallen(_Event, frozen=True, tag="EdificeFallen"):
    land: str


class EraWon(_Event, frozen=True, tag="EraWon"):
    god: str
    tribe: str
    land: str
    edifice: str  # "city", "temple" or "tower"


# --- GM rulings ------------------------------------------------------------------------------------------


class StockpileAdjusted(_Event, frozen=True, tag="StockpileAdjusted"):
    god: str
    tribe: str
    delta: Resources
    reason: str


class ClansRemoved(_Event, frozen=True, tag="ClansRemoved"):
    tribe: str
    role: str
    count: int
    reason: str


class ClansAdded(_Event, frozen=True, tag="ClansAdded"):
    tribe: str
    role: str
    count: int
    reason: str


class GodManaAdjusted(_Event, frozen=True, tag="GodManaAdjusted"):
    god: str
    delta: int
    reason: str


Event = (
    OrderGiven
    | OrderCancelled
    | OrderFailed
    | ManaSpent
    | HeroBorn
    | HeroLevelled
    | HeroKilled
    | MonsterSpawned
    | SpellTaught
    | ArtefactCreated
    | ArtefactDestroyed
    | ArtefactTaken
    | SpellStolen
    | TribeGrew
    | ClanRolesSet
    | SpellOrdersSet
    | RetreatSet
    | ChampionSet
    | StructureBuilt
    | TribeMoved
    | BattleFought
    | BattleSpellCast
    | ClansHealed
    | InstantCast
    | ClansLost
    | MonsterMoved
    | MonsterLevelled
    | MonsterWounded
    | MonsterRested
    | MonsterDied
    | HoardChanged
    | MonsterScavenged
    | MonsterAte
    | MonsterTraded
    | MonsterManaTaken
    | MonsterSpellsCast
    | MonsterSpellOrdersSet
    | MonsterSpellCast
    | MonsterHealed
    | MonsterSpellStolen
    | MonsterCursesCast
    | MonsterInstantCast
    | HoardTransmuted
    | ResourcesTaken
    | TribeDriven
    | RazeBegun
    | RazeCountered
    | RazeResolved
    | TravelBegun
    | TravelResisted
    | TravelResolved
    | TradeOffered
    | TradeAccepted
    | TradeEnded
    | TradeCarriedOut
    | TradeFailed
    | SpellsCast
    | Transmuted
    | CursesCast
    | Harvested
    | UpkeepPaid
    | TurnResolved
    | TurnReported
    | EdificeRaised
    | EdificeFallen
    | EraWon
    | StockpileAdjusted
    | ClansRemoved
    | ClansAdded
    | GodManaAdjusted
    | TribeEmptied
    | TribeExtinct
    | AdaptationUnpaid
    | TribeRelocated
    | FirstEraActPerformed
    | FaunaChanged
    | LandAdded
    | LandAltered
    | LandsConnected
    | LandsDisconnected
    | StructurePlaced
    | StructureRemoved
)

__all__ = [
    "AdaptationUnpaid",
    "ArtefactCreated",
    "ArtefactDestroyed",
    "ArtefactTaken",
    "BattleFought",
    "BattleSpellCast",
    "ChampionSet",
    "ClanRolesSet",
    "ClansAdded",
    "ClansHealed",
    "ClansLost",
    "ClansRemoved",
    "CursesCast",
    "EdificeFallen",
    "EdificeRaised",
    "EraWon",
    "Event",
    "FaunaChanged",
    "FirstEraActPerformed",
    "GodManaAdjusted",
    "Harvested",
    "HeroBorn",
    "HeroKilled",
    "HeroLevelled",
    "HoardChanged",
    "HoardTransmuted",
    "InstantCast",
    "LandAdded",
    "LandAltered",
    "LandsConnected",
    "LandsDisconnected",
    "ManaSpent",
    "MonsterAte",
    "MonsterCursesCast",
    "MonsterDied",
    "MonsterHealed",
    "MonsterInstantCast",
    "MonsterLevelled",
    "MonsterManaTaken",
    "MonsterMoved",
    "MonsterRested",
    "MonsterScavenged",
    "MonsterSpawned",
    "MonsterSpellCast",
    "MonsterSpellOrdersSet",
    "MonsterSpellStolen",
    "MonsterSpellsCast",
    "MonsterTraded",
    "MonsterWounded",
    "OrderCancelled",
    "OrderFailed",
    "OrderGiven",
    "RazeBegun",
    "RazeCountered",
    "RazeResolved",
    "ResourcesTaken",
    "RetreatSet",
    "SpellOrdersSet",
    "SpellStolen",
    "SpellTaught",
    "SpellsCast",
    "StockpileAdjusted",
    "StructureBuilt",
    "StructurePlaced",
    "StructureRemoved",
    "TradeAccepted",
    "TradeCarriedOut",
    "TradeEnded",
    "TradeFailed",
    "TradeOffered",
    "Transmuted",
    "TravelBegun",
    "TravelResisted",
    "TravelResolved",
    "TribeDriven",
    "TribeEmptied",
    "TribeExtinct",
    "TribeGrew",
    "TribeMoved",
    "TribeRelocated",
    "TurnReported",
    "TurnResolved",
    "UpkeepPaid",
]
