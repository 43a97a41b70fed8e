"""The scenario document of `kingdoms`: kingdoms and their player-Kings, provinces (terrain, tax base, explored %
per kingdom, features, adjacency, monsters), characters (alignment, temper, hit points, abilities 0-5, encounter
plan) and armies of typed units (race, quality) in a front line and behind it.

Abilities are the character's starting aptitudes as written on the sheet; `initial_state` doubles those of the
alignment's aptitudes, up to level 5 ([004:166]).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Catalog, Name, Quantity, Rows, Text
from domain.rulesets.kingdoms.content import CampaignAddition, ContentPack

Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]
Level = Annotated[int, msgspec.Meta(ge=0, le=5, description="An ability level, 0 to 5 [004:166].")]
HitPoints = Annotated[int, msgspec.Meta(ge=1, le=1_000)]
Gold = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Id = Annotated[str, msgspec.Meta(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9_-]*$")]

AlignmentName = Literal["divine", "good", "druidic", "neutral", "pagan", "evil", "undead"]
TemperName = Literal["berserk", "brave", "cautious", "cowardly"]
TerrainName = Literal["plain", "desert", "jungle", "forest", "mountain", "sea"]
Tactic = Literal["TA", "FI", "ME", "CA", "ST", "FL"]
QualityName = Literal["sub_depleted", "depleted", "green", "average", "veteran", "crack", "elite", "super_elite"]
Plan = Annotated[list[Tactic], msgspec.Meta(max_length=12)]


class KingdomSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    name: Name
    alignment: AlignmentName
    king: Id  # the player-King's character id
    home_province: Id  # the King's starting home province [004:55]
    treasury: Gold = 0


class FeatureSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    name: Name
    kind: Literal["feature", "invention"] = "feature"


class MonsterSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    kind: Name  # a monster of the table [004:256-262]
    hit_points: HitPoints | None = None  # the table's average when absent
    hostile: bool = True


class ProvinceSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    name: Name
    terrain: TerrainName
    tax_base: Quantity = 0
    kingdom: Id | None = None  # whose boundaries it lies within
    explored: Catalog[Id, Percent] = {}  # % explored per kingdom [004:59]
    features: Rows[FeatureSetup] = []
    adjacent: Rows[Id] = []
    monsters: Rows[MonsterSetup] = []


class CharacterSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    name: Name
    kingdom: Id
    location: Id
    alignment: AlignmentName
    temper: TemperName
    hit_points: HitPoints
    abilities: Catalog[Name, Level] = {}
    encounter_plan: Plan = []
    refusal: Percent | None = None  # the character's refusal % within the temper's range [004:178-183]
    items: Rows[Name] = []


class UnitSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    type: Name  # an army type code of the content pack (GA, BO, ... [004:18-36])
    race: Name | None = None  # a race of the content pack; none for creatures (Trolls, Ents...)
    quality: QualityName = "green"


class ArmySetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Id
    kingdom: Id
    province: Id
    leader: Id | None = None
    front: Rows[UnitSetup] = []
    behind: Rows[UnitSetup] = []


class Scenario(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A kingdoms scenario: see the module docstring. Ids are lowercase (`[a-z0-9_-]`)."""

    title: Name
    kingdoms: Rows[KingdomSetup]
    provinces: Rows[ProvinceSetup]
    characters: Rows[CharacterSetup] = []
    armies: Rows[ArmySetup] = []
    character_moves: Annotated[int, msgspec.Meta(ge=1, le=20)] = 2  # the movement chapter is lost: a default
    notes: Text = ""
    # The game's content pack (`ContentPack`, e.g. examples/kingdoms/content.json; default: the built-in one from the
    # tables) and what a campaign adds to it (`CampaignAddition`: spells, items, random events, races, monsters).
    # Both are typed (the schema documents them) and checked by `content.validate` / `extend`, whose refusals name
    # the record and the field (`kingdoms.content_invalid`).
    content: ContentPack | None = None
    campaign: CampaignAddition | None = None
