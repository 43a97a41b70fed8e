"""The Earth half of the content pack: knowledges, attributes, terrain features and history powers.

The text defers the knowledge tree ([000:21], [000:155]), the racial attributes of Era Aleph ([000:17]), the
terrain features' effects ([000:100], [000:188]) and the power lists ([000:136-200]) to material it does not
include, so all of them are data. Every modifier is a plain integer change to a racial characteristic; the
resistance notation is the text's own ([000:29-35]), parsed by `earth.resistances`.

This module imports only msgspec, so `gods2.content` can embed `EarthContent` in the pack without a cycle.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Catalog, Delta, Name, Rows, Text

Terrain = Literal["plains", "forest", "desert", "mountains", "ice", "water"]
Level = Literal["primitive", "barbarian", "civilized"]
Element = Literal["F", "E", "N", "W", "A", "I"]
KnowledgeKind = Literal["Kc", "Ke", "Km", "Ks"]
# [000:172-184] the timing kinds of racial modifications.
ModKind = Literal["Mc", "Mv", "Mv+", "Mi", "Mp", "Mu", "Mn"]
# [000:29-35] e.g. "F-2", "W/2", "A+1", "X-1", "I-inf" (also "I-∞"); "W*2" doubles.
ResistanceText = Annotated[
    str, msgspec.Meta(pattern=r"^[FENWAIX]([-+]([0-9]{1,15}|inf|∞)|[/*][1-9][0-9]{0,14})$", max_length=20)
]
FractionText = Annotated[
    str, msgspec.Meta(pattern=r"^-?[0-9]{1,15}(/[1-9][0-9]{0,14})?$", max_length=32)
]  # at most 15 digits each


class Modifiers(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Changes to a race's characteristics ([000:37-45]), summed over everything the race has."""

    aggression: Delta = 0
    military: Delta = 0
    attack_military: Delta = 0  # [000:274] some modifiers to Military apply only to the attacker
    defence_military: Delta = 0  # ... or only to the defender
    diplomacy: Delta = 0
    wealth: Delta = 0
    movement: Delta = 0
    seafaring: Delta = 0
    growth_percent: Delta = 0  # [000:236] growth "is often modified by racial attributes or modifications"
    limits: Catalog[Terrain, Delta] = {}  # [000:100] population limits changed by knowledges (Fishing...)
    resistances: Rows[ResistanceText] = []


class KnowledgeDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Name
    name: Name
    prerequisites: Rows[Name] = []
    kind: KnowledgeKind | None = None
    modifiers: Modifiers = Modifiers()


class AttributeDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Name
    name: Name
    modifiers: Modifiers = Modifiers()


class FeatureDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A terrain feature: `limit` changes the square's population limit ([000:100]); `wealth` is given to the
    race occupying the square ([000:43]); `military` to the race occupying it ([000:39]); a `resistant` feature
    stops base terrain powers ([000:188])."""

    id: Name
    name: Name
    limit: Delta = 0
    wealth: Delta = 0
    military: Delta = 0
    resistant: bool = False


class Disaster(msgspec.Struct, frozen=True, tag="disaster", tag_field="kind", forbid_unknown_fields=True):
    """B: `deaths_per_square` units die in each target square of the race hit (before resistances, which apply
    to the race's whole loss [000:149]); `city_losses` removes cities; `all_units` kills everything there."""

    deaths_per_square: Delta = 0
    all_units: bool = False
    city_losses: Delta = 0
    # [000:151] population levels lowered in these terrains (all when empty) until the century ends.
    level_reduction: Delta = 0
    level_terrains: Rows[Terrain] = []


class TeachKnowledge(msgspec.Struct, frozen=True, tag="knowledge", tag_field="kind", forbid_unknown_fields=True):
    """K: the target race learns `knowledge` (its prerequisites must be known [000:21])."""

    knowledge: Name


class ModifyRace(msgspec.Struct, frozen=True, tag="modify", tag_field="kind", forbid_unknown_fields=True):
    """M: a racial modification; `trigger` names the event that fires an Mv/Mv+ or ends an Mp ([000:176-180])."""

    modifiers: Modifiers = Modifiers()
    centuries: Delta | None = None  # how long it lasts once in effect; None: until its trigger or a ruling
    trigger: Name | None = None


class Cult(msgspec.Struct, frozen=True, tag="cult", tag_field="kind", forbid_unknown_fields=True):
    """Mu: the caster's share (or `deity`'s: DIABOLISM for Void Gates, [000:255]) grows by `points`; the others
    shrink proportionally ([000:182])."""

    points: FractionText
    deity: Name | None = None


class Turmoil(msgspec.Struct, frozen=True, tag="turmoil", tag_field="kind", forbid_unknown_fields=True):
    """Starts religious turmoil in the target race ([000:84])."""


class ChangeTerrain(msgspec.Struct, frozen=True, tag="terrain", tag_field="kind", forbid_unknown_fields=True):
    """T: target squares become `to` (not squares with a resistant feature [000:188])."""

    to: Terrain


class AddFeature(msgspec.Struct, frozen=True, tag="feature", tag_field="kind", forbid_unknown_fields=True):
    """F: adds `feature` to the target squares ([000:192])."""

    feature: Name


class FoundCity(msgspec.Struct, frozen=True, tag="found_city", tag_field="kind", forbid_unknown_fields=True):
    """Fc: the target race builds a city (or a great city) under the six-squares rule ([000:112])."""

    great: bool = False


class EarthRuling(msgspec.Struct, frozen=True, tag="ruling", tag_field="kind", forbid_unknown_fields=True):
    """An effect the referees must judge ([000:259]); casting opens an Earth ruling with this question."""

    question: Text


HistoryEffect = (
    Disaster | TeachKnowledge | ModifyRace | Cult | Turmoil | ChangeTerrain | AddFeature | FoundCity | EarthRuling
)

HistoryCode = Literal[
    "B", "Bf", "Be", "Bn", "Bw", "Ba", "Bi",
    "K", "Kc", "Ke", "Km", "Ks",
    "G", "M", "Mc", "Mv", "Mv+", "Mi", "Mp", "Mu", "Mn",
    "T", "F", "Fc", "X",
]  # fmt: skip


class HistoryPowerDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A history power ([000:126-200]): `level` is the number of sphere cards needed, alone or combined
    ([000:130]); `codes` its categories; `min_wealth` a Wealth prerequisite ([000:43])."""

    id: Name
    name: Name
    sphere: Name
    level: Delta
    cost: Delta
    codes: Rows[HistoryCode]
    effects: Rows[HistoryEffect] = []
    min_wealth: Delta = 0
    great_city_percent: Delta = 0  # [000:116] great cities raise the cost of many disasters that affect them
    description: Text = ""


class CenturyEventDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A non-divine event at the start or the end of every century ([000:255]) for each race that has the
    knowledge, attribute or modification named: the effects of `power` strike the race (on its own squares)."""

    id: Name
    when: Literal["start", "end"]
    power: Name
    knowledge: Name | None = None
    attribute: Name | None = None
    modification: Name | None = None


class MapSourceDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A century-end or era-end mana source measured on the Earth map ([000:210] the Century-End Worksheet's
    sources): its quantity is the number of squares of base terrain `terrain` (any when None) that have the
    feature `feature` (any when None); `inhabited`: only squares with population units."""

    source: Name
    terrain: Terrain | None = None
    feature: Name | None = None
    inhabited: bool = False


class SpreadDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Spreading terrain ([000:255] "spreading deserts and glaciers"), a miscellaneous event at the start of each
    century: every square with `feature` turns up to `squares` of its neighbours whose base terrain is in `over`
    (any other terrain when empty) into `to`, as a base terrain change ([000:188], [000:196], [000:107]).
    `carried`: the new squares get the feature too, so the front moves on. The extent is the pack's."""

    id: Name
    feature: Name
    to: Terrain
    over: Rows[Terrain] = []
    squares: Delta = 1
    carried: bool = False


class EarthContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`worship_sources`: century-end mana sources paid per worshipper (a share of a race's effective
    population [000:66], [000:212]); a `demonic` one pays diabolists into the demonic pool ([000:68]).
    `death_events`: the death worksheet's boxes ([000:208]), as event names for the event mana sources."""

    knowledges: Rows[KnowledgeDef] = []
    attributes: Rows[AttributeDef] = []
    features: Rows[FeatureDef] = []
    history_powers: Rows[HistoryPowerDef] = []
    worship_sources: Rows[Name] = []
    civilization: Name = "civilization"
    century_events: Rows[CenturyEventDef] = []
    map_sources: Rows[MapSourceDef] = []  # century-end and era-end sources counted on the map (earth/sources.py)
    spreading: Rows[SpreadDef] = []  # spreading terrain (earth/spreading.py)
