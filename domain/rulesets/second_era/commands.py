"""Second Era commands. Tags are permanent.

Orders are sealed: during the orders phase a god's order is checked for what can be known then (the map, the
action count, names) and queued as `OrderGiven`; it is carried out when the phase closes, and what fails then
is an `OrderFailed` event in that god's report. `ACTION_ORDERS` each use one of the god's 3 Actions [002:5].
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Count, Delta, Index, Many, Name, Quantity, Reason, Table
from domain.rulesets.second_era.era_commands import (
    MAP_RULINGS,
    AddLand,
    AlterLand,
    ChangeFauna,
    ConnectLands,
    DisconnectLands,
    PerformFirstEraAct,
    PlaceStructure,
    RemoveStructure,
)
from domain.rulesets.second_era.values import Effect, ResourceName


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# --- orders that use an Action [002:5-14] ----------------------------------------------------------------


class MoveTribe(_Command, frozen=True, tag="MoveTribe"):
    """[002:6] Move the tribe one step: within its Continent, or to a connected Land of another Continent.

    `loot`: if this move ends on another tribe's Land and wins the battle, the resources to take first
    ([002:56] "of the victor's choice"); unnamed resources follow in the order food, production, gold,
    luxuries, mana. `take`: the single Artefact or the knowledge of a single Spell also taken; the dearest
    one of that kind, or of the other kind if the loser has none (chosen reading).
    """

    to_land: Name
    loot: Many[ResourceName] = []
    take: Literal["artefact", "spell"] = "artefact"
    slay: Name | None = None  # [002:58] the enemy hero to kill if its tribe loses 3 or more clans at once


class GrowTribe(_Command, frozen=True, tag="GrowTribe"):
    """[002:8] 6 Food and 6 Luxuries for one more Clan, which starts with `role`."""

    role: Name


class BuildStructure(_Command, frozen=True, tag="BuildStructure"):
    """[002:125-129] A Town, Shrine or Floor on the tribe's Land (one Action: digest B3, text silent)."""

    kind: Name


class BirthHero(_Command, frozen=True, tag="BirthHero"):
    """[002:10] 25 mana: a Hero of level 1 with one ability [002:84]."""

    name: Name
    ability: Name


class SpawnMonster(_Command, frozen=True, tag="SpawnMonster"):
    """[002:9] 25 mana: a Monster of one of the god's spheres, with its 2 starting abilities [002:100]."""

    sphere: Name
    name: Name
    abilities: Many[Name]
    land: Name | None = None  # where it appears: the tribe's Land (default) or a Land with fauna of its sphere


class TeachSpell(_Command, frozen=True, tag="TeachSpell"):
    """[002:12] 10 mana: the tribe learns a spell of the god's design ([002:62] effects and levels); or one
    of the god's monsters (`monster`), which casts from its own mana store [002:104]."""

    name: Name
    effects: Many[Effect]
    monster: Name | None = None


class CreateArtefact(_Command, frozen=True, tag="CreateArtefact"):
    """[002:11] [002:77-82] Five times the casting cost of its effects; `holder` is the tribe or a monster."""

    name: Name
    effects: Many[Effect]
    holder: Name | None = None


class RazeStructure(_Command, frozen=True, tag="RazeStructure"):
    """[002:14] bid mana to destroy a hostile Town, Shrine or Floor on the Land the tribe stands on at the end
    of the movement. The bid is sealed; the owner may counter-bid during the next turn (`CounterRaze`)."""

    structure: Name
    bid: Quantity


# --- monster orders: each monster moves 1 Land and takes 1 Action a turn [002:104] ---------------------


class MoveMonster(_Command, frozen=True, tag="MoveMonster"):
    """[002:104] move the monster 1 Land, to another connected Land (the tribes' rule of [002:6])."""

    monster: Name
    to_land: Name


class MonsterAction(_Command, frozen=True, tag="MonsterAction"):
    """[002:105-108] the monster's one Action: scavenge, raid (`target`: a tribe or monster on the same or a
    neighbouring Land) or rest (5 Food from its hoard heal a hitpoint).

    A raid won against a tribe takes loot into the hoard ([002:56], [002:102]): `loot` names the resources to
    take first (the rest follow in the order food, production, gold, luxuries, mana), and `take` the single
    Artefact or the knowledge of a single Spell also taken (the monster learns it: [002:104] monsters learn
    spells as tribes do); the dearest of that kind, or of the other kind if the tribe has none."""

    monster: Name
    action: Literal["scavenge", "raid", "rest"]
    target: Name | None = None
    loot: Many[ResourceName] = []
    take: Literal["artefact", "spell"] = "artefact"


class FeedMonster(_Command, frozen=True, tag="FeedMonster"):
    """[002:101] gorge: 10 Food and the ability's 5 of another resource from the hoard, for a level and
    the ability."""

    monster: Name
    ability: Name


class ChooseMonsterAbility(_Command, frozen=True, tag="ChooseMonsterAbility"):
    """[002:100] the ability for a level the monster won in battle."""

    monster: Name
    ability: Name


class MonsterTrade(_Command, frozen=True, tag="MonsterTrade"):
    """[002:107] trade between the monster's hoard and its god's tribe on the same or an adjacent Land:
    `give` from the hoard to the tribe, `receive` from the tribe to the hoard (no mana, as [002:13])."""

    monster: Name
    give: Table[ResourceName, Quantity] = {}
    receive: Table[ResourceName, Quantity] = {}


class SetMonsterSpells(_Command, frozen=True, tag="SetMonsterSpells"):
    """[002:15] [002:104] the continuous spells the monster casts each turn (transmutations of its hoard
    included); `null`: it chooses for itself. `curses`: curse spell -> the tribe it is cast on each turn
    ([002:72], from the monster's mana store; a monster never curses on its own)."""

    monster: Name
    spells: Many[Name] | None
    curses: Table[Name, Name] = {}


class TakeMonsterMana(_Command, frozen=True, tag="TakeMonsterMana"):
    """[002:121] a monster with Mana Source: its patron takes mana from its mana supply."""

    monster: Name
    amount: Count


# --- free orders -----------------------------------------------------------------------------------------


class ArmHero(_Command, frozen=True, tag="ArmHero"):
    """[002:85] 10 Luxuries: the hero gains a level and the named ability."""

    hero: Name
    ability: Name


class CastInstant(_Command, frozen=True, tag="CastInstant"):
    """[002:69-70] cast an instant spell outside battle: Travel teleports the tribe to `to_land` on the same
    World, or with `target` a rival tribe, for which you also `bid` mana to overcome its resistance;
    Sacrifice kills clans of `role` for 15 mana each. Casting costs no action [002:109].

    `monster`: one of your monsters casts it, from its own spells, slots and mana store ([002:104]): Travel
    teleports the monster, or with `target` a rival tribe (the bid from its store). A monster cannot cast
    Sacrifice (chosen reading of [002:70] "only works on your own Tribe": a monster has no Clans)."""

    spell: Name
    to_land: Name | None = None
    role: Name | None = None
    target: Name | None = None
    bid: Quantity = 0
    monster: Name | None = None


class DestroyArtefact(_Command, frozen=True, tag="DestroyArtefact"):
    """[002:82] destroy an artefact your tribe or monster holds: 80% of its creation cost back as mana."""

    artefact: Name


class ChooseHeroAbility(_Command, frozen=True, tag="ChooseHeroAbility"):
    """[002:84] the ability for a level a hero won in battle [002:58]."""

    hero: Name
    ability: Name


class SetClanRoles(_Command, frozen=True, tag="SetClanRoles"):
    """[002:38] Set every clan's task; the counts must add up to the tribe's clans at resolution."""

    clans: Table[Name, Quantity]


class SetSpellOrders(_Command, frozen=True, tag="SetSpellOrders"):
    """[002:15] [002:61] The continuous spells the tribe casts each turn; `null`: let it choose. `curses`:
    curse spell -> the tribe it is cast on each turn ([002:72]; a tribe never curses on its own)."""

    spells: Many[Name] | None
    curses: Table[Name, Name] = {}


class SetRetreat(_Command, frozen=True, tag="SetRetreat"):
    """[002:7] where the tribe falls back when it is beaten and driven off its Land (digest B8 #9: the beaten
    tribe's choice); `null`: the first free Land. Kept from turn to turn."""

    to_land: Name | None


class SetChampion(_Command, frozen=True, tag="SetChampion"):
    """[002:58] the hero who gains the level when the tribe wins a battle (digest B8 #10: the victor's choice);
    `null`: the lowest-level hero. Kept from turn to turn."""

    hero: Name | None


class CounterRaze(_Command, frozen=True, tag="CounterRaze"):
    """[002:14] the owner's counter-bid of mana against a raze under way."""

    raze: Name
    bid: Quantity


class OfferTrade(_Command, frozen=True, tag="OfferTrade"):
    """[002:13] a free action: offer another god's tribe in the same World resources (not mana), spell
    knowledge and artefacts ([002:80]) for theirs; `standing`: repeat it every turn until either side ends it.

    [002:107] a monster trades with a friendly tribe on its Land or a neighbouring one: `from_monster` makes one
    of your monsters the offering side (its hoard, spells and artefacts), `to_monster` makes the other god's
    monster the receiving side. Chosen reading: another god's tribe is "friendly" when its god agrees to the
    trade (`AcceptTrade`); a monster trades with a tribe, never with another monster."""

    to_god: Name
    give: Table[ResourceName, Quantity] = {}
    receive: Table[ResourceName, Quantity] = {}
    give_spells: Many[Name] = []
    receive_spells: Many[Name] = []
    give_artefacts: Many[Name] = []
    receive_artefacts: Many[Name] = []
    standing: bool = False
    from_monster: Name | None = None
    to_monster: Name | None = None


class AcceptTrade(_Command, frozen=True, tag="AcceptTrade"):
    trade: Name


class EndTrade(_Command, frozen=True, tag="EndTrade"):
    """Withdraw an offer, decline it, or end a standing agreement (either side)."""

    trade: Name


class ResistTravel(_Command, frozen=True, tag="ResistTravel"):
    """[002:69] the target's counter-bid of mana against a hostile Travel."""

    travel: Name
    bid: Quantity


class RuleTravel(_Command, frozen=True, tag="RuleTravel"):
    """A ruling (setting `raze_bids` = "gm"): whether a hostile Travel whose bids are in succeeds."""

    travel: Name
    succeeded: bool
    reason: Reason


class CancelOrder(_Command, frozen=True, tag="CancelOrder"):
    order_no: Index


# --- GM rulings ------------------------------------------------------------------------------------------


class AdjustStockpile(_Command, frozen=True, tag="AdjustStockpile"):
    """A ruling: add (or with negative numbers take) resources, e.g. the effect of a shortfall [002:18]."""

    tribe: Name
    delta: Table[ResourceName, Delta]
    reason: Reason


class RuleRaze(_Command, frozen=True, tag="RuleRaze"):
    """A ruling (setting `raze_bids` = "gm"): whether a raze whose bids are in succeeds."""

    raze: Name
    succeeded: bool
    reason: Reason


class RemoveClans(_Command, frozen=True, tag="RemoveClans"):
    """A ruling: remove clans, e.g. starvation ("starvation happens" [002:18] without saying what)."""

    tribe: Name
    role: Name
    count: Count
    reason: Reason


class AddClans(_Command, frozen=True, tag="AddClans"):
    """A ruling: add clans, e.g. an effect of a First-Era action the text keeps "at their old cost" [002:5]."""

    tribe: Name
    role: Name
    count: Count
    reason: Reason


class AdjustGodMana(_Command, frozen=True, tag="AdjustGodMana"):
    """A ruling: add to (or take from) a god's own mana pool, e.g. the cost of a First-Era action [002:5] or a
    new source of mana [002:3] the text leaves open."""

    god: Name
    delta: Delta
    reason: Reason


class DeclareTribeExtinct(_Command, frozen=True, tag="DeclareTribeExtinct"):
    """A ruling on a tribe left with no Clans (the text never says what becomes of it): it is gone. Its heroes
    die, the artefacts it held and its stockpile are lost, it leaves its Land and takes no more orders; its
    structures stand (they raise no edifice) and its god keeps its monsters. The other ruling is `AddClans`
    (survivors regroup)."""

    tribe: Name
    reason: Reason


class RelocateTribe(_Command, frozen=True, tag="RelocateTribe"):
    """A ruling that moves a tribe to a free Land its race can live on: e.g. when its Adaptation mana went
    unpaid ([002:48-50]: the text does not say what happens then) or when a beaten tribe has no free Land to be
    driven to ([002:7])."""

    tribe: Name
    to_land: Name
    reason: Reason


Order = (
    MoveTribe
    | GrowTribe
    | BuildStructure
    | BirthHero
    | SpawnMonster
    | TeachSpell
    | CreateArtefact
    | ArmHero
    | ChooseHeroAbility
    | SetClanRoles
    | SetSpellOrders
    | RazeStructure
    | CounterRaze
    | SetRetreat
    | SetChampion
    | ResistTravel
    | DestroyArtefact
    | CastInstant
    | MoveMonster
    | MonsterAction
    | FeedMonster
    | ChooseMonsterAbility
    | MonsterTrade
    | TakeMonsterMana
    | SetMonsterSpells
    | PerformFirstEraAct
)
Command = (
    Order
    | OfferTrade
    | AcceptTrade
    | EndTrade
    | CancelOrder
    | AdjustStockpile
    | RemoveClans
    | AddClans
    | AdjustGodMana
    | RuleRaze
    | RuleTravel
    | DeclareTribeExtinct
    | RelocateTribe
    | ChangeFauna
    | AddLand
    | AlterLand
    | ConnectLands
    | DisconnectLands
    | PlaceStructure
    | RemoveStructure
)

ACTION_ORDERS = frozenset(
    {
        "MoveTribe",
        "GrowTribe",
        "BuildStructure",
        "BirthHero",
        "SpawnMonster",
        "TeachSpell",
        "CreateArtefact",
        "RazeStructure",
        "PerformFirstEraAct",
    }
)
FREE_ORDERS = frozenset(
    {
        "ArmHero",
        "ChooseHeroAbility",
        "SetClanRoles",
        "SetSpellOrders",
        "CounterRaze",
        "DestroyArtefact",
        "CastInstant",
        "ResistTravel",
        "SetRetreat",
        "SetChampion",
    }
)
MONSTER_ORDERS = frozenset(
    {
        "MoveMonster",
        "MonsterAction",
        "FeedMonster",
        "ChooseMonsterAbility",
        "MonsterTrade",
        "TakeMonsterMana",
        "SetMonsterSpells",
    }
)
GM_COMMANDS = frozenset(
    {
        "AdjustStockpile",
        "RemoveClans",
        "AddClans",
        "AdjustGodMana",
        "RuleRaze",
        "RuleTravel",
        "DeclareTribeExtinct",
        "RelocateTribe",
        *MAP_RULINGS,
    }
)
SEAT_COMMANDS = ACTION_ORDERS | FREE_ORDERS | MONSTER_ORDERS | {"CancelOrder", "OfferTrade", "AcceptTrade", "EndTrade"}
