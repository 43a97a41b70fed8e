"""Earth events: every number a decision reached (growth, placement, rolls' consequences, losses) is written
here, so `evolve` applies them and never recomputes a rule."""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.rulesets.gods2.kernel.content import ExactFraction
from domain.rulesets.gods2.kernel.earth_content import Modifiers


class CenturyStarted(msgspec.Struct, frozen=True, tag="CenturyStarted", tag_field="type"):
    """`creation`: every mortal has died; this century is a second Creation under Era Aleph's rules [000:218]."""

    century: int
    creation: bool = False
    activated: dict[str, list[str]] = {}  # race -> Mc modifications now in effect [000:174]


class PopulationGrew(msgspec.Struct, frozen=True, tag="PopulationGrew", tag_field="type"):
    """[000:236] growth and its placement; `starved` units died over the limits ([000:107])."""

    race: str
    base: int
    grown: int
    placement: dict[str, int]
    starved: int


class PopulationPlaced(msgspec.Struct, frozen=True, tag="PopulationPlaced", tag_field="type"):
    race: str
    placement: dict[str, int]
    reason: str
    starved: int = 0  # units with nowhere to go after a limit fell ([000:107])


class MigrationSet(msgspec.Struct, frozen=True, tag="MigrationSet", tag_field="type"):
    race: str
    toward: str | None
    reason: str


class AggressionRolled(msgspec.Struct, frozen=True, tag="AggressionRolled", tag_field="type"):
    """[000:242-247] d6 + Aggression and the number of wars it declares."""

    race: str
    roll: int
    aggression: int
    wars: int


class WarDeclared(msgspec.Struct, frozen=True, tag="WarDeclared", tag_field="type"):
    """Posted publicly ([000:251])."""

    war: str
    attacker: str
    defender: str
    aggressive: bool
    century: int
    instigator: str | None = None
    reason: str = ""
    at: datetime | None = None


class WarsOrdered(msgspec.Struct, frozen=True, tag="WarsOrdered", tag_field="type"):
    """[000:251] wars the gods instigated first, then the races' own wars in random order."""

    order: list[str]


class DiplomacyAttempted(msgspec.Struct, frozen=True, tag="DiplomacyAttempted", tag_field="type"):
    war: str
    side: str
    roll: int
    total: int
    averted: bool


class WarFought(msgspec.Struct, frozen=True, tag="WarFought", tag_field="type"):
    """[000:276-280] `losses`: square -> units killed (both sides); `retreats`: square -> units arriving;
    `occupied`: square -> winning units moving in (taken from `moved_from`); cities destroyed or captured."""

    war: str
    attacker_population: int
    defender_population: int
    attacker_percent: int
    defender_percent: int
    attacker_losses: int
    defender_losses: int
    loser: str | None
    vacate: int
    losses: dict[str, int]
    vacated: list[str]
    retreats: dict[str, int]
    starved: int
    occupied: dict[str, int]
    moved_from: dict[str, int]
    cities_destroyed: list[str]
    cities_captured: list[str]
    reason: str = ""


class CityFounded(msgspec.Struct, frozen=True, tag="CityFounded", tag_field="type"):
    race: str
    square: str
    name: str
    great: bool = False


class CivilizationLost(msgspec.Struct, frozen=True, tag="CivilizationLost", tag_field="type"):
    """[000:118] the last city fell: the race reverts to barbarism and forgets every knowledge that needed
    Civilization (transitively, digest reading 7)."""

    race: str
    knowledges: list[str]


class ActivityPhaseClosed(msgspec.Struct, frozen=True, tag="ActivityPhaseClosed", tag_field="type"):
    century: int


class TurmoilRolled(msgspec.Struct, frozen=True, tag="TurmoilRolled", tag_field="type"):
    """[000:86-92] `picked`: the random member; `expelled` when decided at once; `chooser` must name one."""

    race: str
    roll: int
    picked: str | None = None
    expelled: str | None = None
    chooser: str | None = None


class MemberExpelled(msgspec.Struct, frozen=True, tag="MemberExpelled", tag_field="type"):
    race: str
    member: str
    by: str | None
    shares: dict[str, ExactFraction]
    turmoil_ended: bool


class TurmoilStarted(msgspec.Struct, frozen=True, tag="TurmoilStarted", tag_field="type"):
    race: str
    by: str


class PantheonChangeProposed(msgspec.Struct, frozen=True, tag="PantheonChangeProposed", tag_field="type"):
    """A written order between the pantheon's `members` and the referees until it applies ([000:78])."""

    order: str
    race: str
    shares: dict[str, ExactFraction]
    by: str
    members: list[str] = []


class PantheonChangeSigned(msgspec.Struct, frozen=True, tag="PantheonChangeSigned", tag_field="type"):
    order: str
    by: str
    members: list[str] = []


class PantheonChanged(msgspec.Struct, frozen=True, tag="PantheonChanged", tag_field="type"):
    """[000:72] unanimous; it also ends turmoil ([000:94]). `cause`: order id, cult power or obliteration."""

    race: str
    shares: dict[str, ExactFraction]
    cause: str
    ends_turmoil: bool = False
    order: str | None = None


class PantheonChangeVetoed(msgspec.Struct, frozen=True, tag="PantheonChangeVetoed", tag_field="type"):
    order: str
    race: str
    vetoed_by: list[str]


class PantheonChangeLapsed(msgspec.Struct, frozen=True, tag="PantheonChangeLapsed", tag_field="type"):
    """A pantheon change order that not every god member signed by the end of the century it waited in: null,
    like a vetoed one ([000:72] all members must agree; the century's worship is paid on the pantheon as it
    stands, [000:66]). Seen by the members, like the order itself."""

    order: str
    race: str
    members: list[str] = []


class RaceCreated(msgspec.Struct, frozen=True, tag="RaceCreated", tag_field="type"):
    """A race created in a period of Creation ([000:13], [000:218]), with Movement Range 1 and Sea-faring Range 0
    ([000:45]) and its attributes, fixed from now on ([000:17]); `placement`: square -> units."""

    race: str
    name: str
    level: str
    placement: dict[str, int]
    pantheon: dict[str, ExactFraction]
    reason: str
    attributes: list[str] = []


class MapSourcesCounted(msgspec.Struct, frozen=True, tag="MapSourcesCounted", tag_field="type"):
    """The Century-End Worksheet's map lines ([000:210]): source -> squares the engine counted on the map, and
    the referee's replacements (`counts`, with `reason`); `era_end`: the era-end sources were counted too."""

    century: int
    measured: dict[str, int]
    counts: dict[str, int] = {}
    reason: str | None = None
    era_end: bool = False


class TerrainSpread(msgspec.Struct, frozen=True, tag="TerrainSpread", tag_field="type"):
    """Spreading terrain at the start of a century ([000:255]): `spread` (the pack's id) from `square` into
    `squares`; the terrain change itself follows as `TerrainChanged` (power = the spread's id). `carried`: the
    spreading feature was added to the new squares."""

    spread: str
    square: str
    squares: list[str]
    feature: str
    carried: bool = False


class CenturyEnded(msgspec.Struct, frozen=True, tag="CenturyEnded", tag_field="type"):
    """Clears the century's flags ([000:107], [000:82]) and counts down modifications; `expired` by race."""

    century: int
    expired: dict[str, list[str]] = {}


class TicketTaken(msgspec.Struct, frozen=True, tag="TicketTaken", tag_field="type"):
    number: int
    holder: str


class TicketCalled(msgspec.Struct, frozen=True, tag="TicketCalled", tag_field="type"):
    """`number` is now served (None: the queue is empty); `skipped` lost its turn ([003:191])."""

    number: int | None
    skipped: int | None = None


class HistoryRecorded(msgspec.Struct, frozen=True, tag="HistoryRecorded", tag_field="type"):
    century: int
    text: str
    names: dict[str, str] = {}
    author: str | None = None
    signed: bool = False


class CoCastingProposed(msgspec.Struct, frozen=True, tag="CoCastingProposed", tag_field="type"):
    """A combined history power awaiting its payers' signatures ([000:130]); seen by its parties and the GM."""

    casting: str
    by: str
    power: str
    payments: dict[str, int]
    race: str | None = None
    squares: list[str] = []
    text: str = ""
    signed: bool = False


class CoCastingSigned(msgspec.Struct, frozen=True, tag="CoCastingSigned", tag_field="type"):
    casting: str
    by: str
    parties: list[str] = []


class CoCastingWithdrawn(msgspec.Struct, frozen=True, tag="CoCastingWithdrawn", tag_field="type"):
    casting: str
    by: str
    parties: list[str] = []


class HistoryPowerCast(msgspec.Struct, frozen=True, tag="HistoryPowerCast", tag_field="type"):
    """A history power used at the Earth map; its casters' numbers are used up. `ruling`: what the referees must
    still judge ([000:259])."""

    cast_id: str
    power: str
    casters: list[str]
    payments: dict[str, int]
    tickets: list[int]
    century: int
    race: str | None = None
    squares: list[str] = []
    ruling: str | None = None
    signed: bool = False  # digest A6: an unsigned casting does not name its casters to other gods


class DisasterStruck(msgspec.Struct, frozen=True, tag="DisasterStruck", tag_field="type"):
    """[000:149] `base` deaths before resistances, `deaths` after, taken from `losses` (square -> units);
    `box`: the death worksheet's box ([000:208])."""

    power: str
    race: str
    base: int
    deaths: int
    losses: dict[str, int]
    box: str
    cities_destroyed: list[str] = []


class LimitsReduced(msgspec.Struct, frozen=True, tag="LimitsReduced", tag_field="type"):
    """[000:151] a disaster lowers the race's population levels (in `terrains`, all when empty) by `amount`,
    after its resistances, until the end of the century (the text says only "temporarily")."""

    race: str
    terrains: list[str]
    amount: int
    power: str


class KnowledgeLearned(msgspec.Struct, frozen=True, tag="KnowledgeLearned", tag_field="type"):
    """[000:19] a knowledge adds to the others; Civilization makes the race civilized ([000:112])."""

    race: str
    knowledge: str
    civilized: bool = False


class RaceModified(msgspec.Struct, frozen=True, tag="RaceModified", tag_field="type"):
    """[000:172-184] a racial modification; `active` unless it waits for the next century (Mc) or a trigger (Mv)."""

    race: str
    modification: str
    power: str
    kinds: list[str]
    modifiers: Modifiers
    active: bool
    trigger: str | None = None
    centuries: int | None = None


class ModificationsEnded(msgspec.Struct, frozen=True, tag="ModificationsEnded", tag_field="type"):
    """Racial modifications used up or ended ([000:176-180]); `fired` took effect now (Mv/Mv+)."""

    race: str
    ended: list[str]
    fired: list[str]
    reason: str


class TerrainChanged(msgspec.Struct, frozen=True, tag="TerrainChanged", tag_field="type"):
    """[000:188] base terrain changed; [000:196] cities on new water or ice are destroyed. Units over the new
    limits follow as `PopulationPlaced` events ([000:107]: only those who would starve move)."""

    power: str
    squares: list[str]
    to: str
    cities_destroyed: list[str] = []


class FeatureAdded(msgspec.Struct, frozen=True, tag="FeatureAdded", tag_field="type"):
    power: str
    squares: list[str]
    feature: str


EarthEvent = (
    CenturyStarted
    | PopulationGrew
    | PopulationPlaced
    | MigrationSet
    | AggressionRolled
    | WarDeclared
    | WarsOrdered
    | DiplomacyAttempted
    | WarFought
    | CityFounded
    | CivilizationLost
    | ActivityPhaseClosed
    | TurmoilRolled
    | MemberExpelled
    | TurmoilStarted
    | PantheonChangeProposed
    | PantheonChangeSigned
    | PantheonChanged
    | PantheonChangeVetoed
    | PantheonChangeLapsed
    | MapSourcesCounted
    | RaceCreated
    | TerrainSpread
    | CenturyEnded
    | TicketTaken
    | TicketCalled
    | HistoryRecorded
    | HistoryPowerCast
    | CoCastingProposed
    | CoCastingSigned
    | CoCastingWithdrawn
    | DisasterStruck
    | KnowledgeLearned
    | LimitsReduced
    | RaceModified
    | ModificationsEnded
    | TerrainChanged
    | FeatureAdded
)
