"""The state of a Gods II game (Heaven half): scenario, settings and the folded state.

Heaven runs in real time ([000:222]); every clock here is a `datetime` that came from a command's context or a
fired timer, never from the machine. Mana is an exact ledger: whole mana held (`mana`) and waiting at the
distribution points (`pending`, which counts as the character's own [003:150]), exact fractional accumulators
per source ([003:142]) and debt ([003:156]).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Catalog, Name, Quantity, Rows, Text
from domain.rulesets.gods2.kernel.carried import (
    BorrowedSetup,
    ContractSetup,
    DemesnePowerSetup,
    GiftSetup,
    OathSetup,
    VacancySetup,
)
from domain.rulesets.gods2.kernel.content import ContentPack, FractionText, Protection
from domain.rulesets.gods2.kernel.earth_model import Earth, EarthSetup

Kind = Literal["greater_god", "lesser_god", "celestial_spirit", "demon"]
Era = Literal["null", "aleph", "centrum", "omega"]
LocaleKind = Literal[
    "hall_of_doom",
    "window_on_world",
    "hall_of_feasts",
    "primeval_wilds",
    "underworld",
    "void",
    "corridors_of_time",
    "silver_city",
]
Life = Literal["alive", "dead", "permanently_dead", "obliterated"]
Mutilation = Literal["lame", "lost_hand", "lost_eye", "internal_weakness", "other"]
Gesture = Literal["rock", "paper", "scissors", "trick", "block", "null"]

DEFAULT_LAW = (
    "Thou shalt not sneak attack another character. This law does not apply if the defender is in the Void, "
    "inside a demesne, or an outlaw."
)  # [003:494]

# [003:116] demesnes may only be built within these basic locales.
DEMESNE_LOCALES: frozenset[str] = frozenset({"silver_city", "primeval_wilds", "underworld", "void"})


# --- scenario and settings ------------------------------------------------------------------------------


class LocaleSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`craft_hall`: artifacts are made here ([003:255]; the text names Craft Halls but gives no rules).

    `entrances`: the locales this one opens onto (either way), when the scenario describes the site's layout;
    the layout must let everyone reach every locale without crossing a restricted one ([003:110]).
    """

    id: Name
    kind: LocaleKind
    name: Name = ""
    craft_hall: bool = False
    entrances: Rows[Name] = []


class CharacterSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Name
    name: Name
    kind: Kind
    locale: Name
    spheres: Catalog[Name, Quantity] = {}
    greater_spheres: Rows[Name] = []
    powers: Rows[Name] = []
    mana: Quantity = 0
    permanent_hp: Quantity = 5
    lords: Rows[Name] = []
    archetype: bool = False
    primal_being: bool = False
    # [003:221-223] an ability on the sheet that makes persuasion powers aimed at this character cost more
    persuasion_surcharge: Quantity = 0
    # Carried over from an earlier session (kernel/carried.py); a first session leaves them out.
    life: Literal["alive", "permanently_dead", "obliterated"] = "alive"
    pending: Quantity = 0
    debt: Quantity = 0
    accumulators: Catalog[Name, FractionText] = {}
    mutilations: Rows[Mutilation] = []
    gifts: Rows[GiftSetup] = []
    borrowed: Rows[BorrowedSetup] = []
    protections: Rows[Protection] = []
    lost_in_void: bool = False
    outlaw: bool = False
    shamed: bool = False
    built_demesne: bool = False
    earthly_bans: Rows[Name] = []
    goals: Rows[Text] = []


class DemesneSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Name
    name: Name
    parent: Name
    owners: Rows[Name]
    powers: Rows[DemesnePowerSetup] = []


class ArtifactSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Name
    name: Name
    powers: Rows[Name]
    holder: Name | None = None
    locale: Name | None = None
    max_strength: Catalog[Name, Quantity] = {}
    creator: Name | None = None


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    locales: Rows[LocaleSetup]
    characters: Rows[CharacterSetup]
    era: Era = "centrum"
    in_transition: bool = False
    demesnes: Rows[DemesneSetup] = []
    artifacts: Rows[ArtifactSetup] = []
    offices: Catalog[Name, Name] = {}
    laws: Rows[Name] | None = None  # None: the game begins with the default law [003:494]
    content: ContentPack | None = None  # None: the sample pack shipped with the ruleset
    # The campaign's session in play; in a transition phase, the one that just ended (the next one is +1).
    session: Annotated[int, msgspec.Meta(ge=1, le=10_000)] = 1
    # Heaven's records carried over from an earlier session (kernel/carried.py).
    oaths: Rows[OathSetup] = []
    service_contracts: Rows[ContractSetup] = []
    vacancies: Rows[VacancySetup] = []
    supreme_deity: Name | None = None
    demon_pool: Quantity = 0
    pool_accumulators: Catalog[Name, FractionText] = {}
    source_scale: FractionText = "1"
    serial: Quantity = 0  # ids the rules create (`artifact-<n>`...) continue after this number
    serials: Catalog[Name, Quantity] = {}  # and owned ids (`contract-<owner>-<n>`) after these, per `<kind>-<owner>`
    earth: EarthSetup | None = None  # the Earth map of Era Centrum (races, squares); None: Heaven only


# Timing settings stay within a year, so that every deadline they set is a date the calendar can hold.
Minutes = Annotated[int, msgspec.Meta(ge=0, le=525_600)]
Seconds = Annotated[int, msgspec.Meta(ge=0, le=31_536_000)]


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Timing constants (the text's wall-clock rules) and readings GMs may reasonably change.

    `reaction_seconds`: how long, after a direct effect power, the locale has to react before the caster may
    cast another one ([003:227] "allow all other players ... a chance to react"); the text gives no number.
    """

    dead_minutes: Minutes = 30  # [003:420]
    disengage_minutes: Minutes = 10  # [003:362]
    persuasion_minutes: Minutes = 3  # [003:219]
    demesne_cast_minutes: Minutes = 5  # [003:239]
    labor_minutes: Minutes = 30  # [003:294]
    void_confinement_minutes: Minutes = 30  # [003:387-389]
    council_speech_minutes: Minutes = 3  # [003:482]
    duel_min_minutes: Minutes = 10  # [003:330]
    duel_max_minutes: Minutes = 30  # [003:330]
    defender_window_seconds: Seconds = 5  # [003:336], [003:382]
    reaction_seconds: Seconds = 10
    war_delay_minutes: Minutes = 5  # [000:261] a declared war is fought about five minutes later (Earth)
    # How many real seconds one of the rules' minutes lasts: 60 in play; a rehearsal or a test may shorten every
    # timed rule at once (30 minutes dead, duel times, speeches...) without changing the rules' numbers.
    minute_seconds: Annotated[int, msgspec.Meta(ge=1, le=3_600)] = 60
    hit_points: Annotated[int, msgspec.Meta(ge=1, le=1_000)] = (
        5  # [003:278] the hit points a character starts each combat with, unmodified
    )
    # "Half of her mana" ([003:288], [003:437]) with an odd total: the text's convention rounds up.
    halves_round_up: bool = True


# --- state ------------------------------------------------------------------------------------------------


class Gift(msgspec.Struct, frozen=True):
    """A one-use gift card ([003:263-265]): only its holder may use it, at no mana cost."""

    gift_id: str
    power: str
    giver: str


class BorrowedPower(msgspec.Struct, frozen=True):
    """A power lent by the character who knows it ([003:55] "borrowed powers you hold"); the lender may recall it."""

    power: str
    lender: str


class KeepAway(msgspec.Struct, frozen=True):
    """After a disengage ([003:362]): stay out of `locale`, and `opponent` may not attack, until `until`."""

    locale: str
    opponent: str
    until: datetime


class Character(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: Kind
    locale: str
    spheres: dict[str, int] = {}
    greater_spheres: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    lords: tuple[str, ...] = ()
    archetype: bool = False
    primal_being: bool = False
    persuasion_surcharge: int = 0  # [003:221-223] persuasion powers aimed at this character cost this much more
    # mana ledger
    mana: int = 0
    pending: int = 0
    debt: int = 0
    accumulators: dict[str, Fraction] = {}
    # body
    permanent_hp: int = 5
    mutilations: tuple[Mutilation, ...] = ()
    life: Life = "alive"
    dead_until: datetime | None = None
    void_confined_until: datetime | None = None
    void_dead: bool = False
    life_timer: str | None = None
    # whereabouts and conditions
    lost_in_void: bool = False
    out_of_game: bool = False
    protections: tuple[str, ...] = ()
    keep_away: tuple[KeepAway, ...] = ()
    combat: str | None = None
    bubble: str | None = None  # an ally standing behind a duelist, inside the combat bubble [003:332]
    wilds_leader: str | None = None  # joined a party entering the Primeval Wilds [003:84]
    wilds_powers: tuple[str, ...] = ()  # the combat powers offered against the Guardian Beasts
    # powers
    gifts: tuple[Gift, ...] = ()
    borrowed: tuple[BorrowedPower, ...] = ()
    last_persuasion_at: datetime | None = None
    conversation_until: datetime | None = None
    last_direct_at: datetime | None = None
    # status
    outlaw: bool = False
    shamed: bool = False
    built_demesne: bool = False
    labor_master: str | None = None
    labor_until: datetime | None = None
    earthly_bans: tuple[str, ...] = ()  # [003:290] races this character may not influence until the era ends
    sources_waiting: tuple[str, ...] = ()  # greater spheres whose mana sources start next session [003:500]
    approved_mutilation: str | None = None  # an "Other" mutilation the GMs approved in advance [003:310]
    goals: tuple[str, ...] = ()  # secret goals, as the last end-of-session report gave them [003:55]

    def knows(self, power: str) -> bool:
        """A power of the character's own, or one borrowed and not yet returned ([003:55])."""
        return power in self.powers or any(b.power == power for b in self.borrowed)

    @property
    def total_mana(self) -> int:
        """Held plus waiting at the distribution points: all of it is the character's [003:150]."""
        return self.mana + self.pending

    @property
    def is_god(self) -> bool:
        return self.kind in ("greater_god", "lesser_god")


class Locale(msgspec.Struct, frozen=True):
    id: str
    kind: LocaleKind
    name: str = ""
    craft_hall: bool = False
    entrances: tuple[str, ...] = ()


class DemesnePower(msgspec.Struct, frozen=True):
    """A demesne power in effect, listed on the demesne's card ([003:126]); `lasts`: [003:237-243]."""

    power: str
    lasts: Literal["permanent", "era", "session"]
    caster: str


class Demesne(msgspec.Struct, frozen=True):
    id: str
    name: str
    parent: str
    owners: tuple[str, ...]
    powers: tuple[DemesnePower, ...] = ()
    admitted: tuple[str, ...] = ()  # let in by someone inside, for one entry [003:120]


class Artifact(msgspec.Struct, frozen=True):
    id: str
    name: str
    powers: tuple[str, ...]
    holder: str | None = None
    locale: str | None = None
    max_strength: dict[str, int] = {}
    creator: str | None = None
    claimant: str | None = None  # the opponent of a fighter who dropped it in or through combat [003:410]


class Fighter(msgspec.Struct, frozen=True):
    """One side of a combat: a character, or a demesne (`demesne=True`) [003:374]."""

    id: str
    hp: int
    demesne: bool = False
    tricks: int = 0
    blocks: int = 0
    used_powers: tuple[str, ...] = ()
    artifact: str | None = None
    obliteration_weapon: bool = False
    disengaging: bool = False
    sealed_power: str | None = None
    power_committed: bool = False
    sealed_gesture: Gesture | None = None


CombatKind = Literal["duel", "sneak", "demesne"]
CombatStep = Literal["power", "gesture", "surrender"]


class Combat(msgspec.Struct, frozen=True):
    id: str
    kind: CombatKind
    locale: str
    attacker: Fighter
    defender: Fighter
    round: int = 1
    step: CombatStep = "power"
    announce_first: bool = False
    attacker_power_announced: bool = False
    fallen: tuple[str, ...] = ()  # fighters at 0 hit points, who must surrender or die [003:278]
    surrender_offered: bool = False
    mutual_end: tuple[str, ...] = ()
    supporters: tuple[str, ...] = ()  # allies who cast a Cd power before round 1 [003:332]
    from_inside: bool = False  # a demesne attacked from the inside changes owner if it falls [003:376]
    coordinator: str | None = None  # who coordinates a demesne's defence [003:314]
    forced_end: bool = False  # a power forces both to end the combat at the end of the round [003:360]

    def side(self, fighter_id: str) -> Fighter:
        return self.attacker if self.attacker.id == fighter_id else self.defender

    def opponent(self, fighter_id: str) -> Fighter:
        return self.defender if self.attacker.id == fighter_id else self.attacker


class PendingAttack(msgspec.Struct, frozen=True):
    """An announced attack inside its bodyguard window ([003:336], [003:382])."""

    id: str
    attacker: str
    target: str
    locale: str
    kind: CombatKind
    lawful: bool | None
    window_ends: datetime
    bodyguard: str | None = None


class Duel(msgspec.Struct, frozen=True):
    """A public challenge ([003:330]); `at` once the challenged names the time."""

    id: str
    challenger: str
    challenged: str
    locale: str
    at: datetime | None = None


MotionKind = Literal[
    "pass_law", "amend_law", "rescind_law", "assign_office", "revoke_office", "promote", "supreme_deity"
]


class Motion(msgspec.Struct, frozen=True):
    id: str
    kind: MotionKind
    text: str
    proposer: str
    subject: str | None = None
    office: str | None = None
    sphere: str | None = None
    law: int | None = None
    yes: tuple[str, ...] = ()
    no: tuple[str, ...] = ()


class CouncilSummons(msgspec.Struct, frozen=True):
    """A scheduled meeting, posted in the Hall of Doom ([003:60]); the summoner will lead it ([003:482])."""

    leader: str
    at: datetime
    timer_id: str


class Vacancy(msgspec.Struct, frozen=True):
    """A Council seat left by an obliterated greater god ([003:498]); an archetype's seat is filled only by
    her archetypal lesser gods ([003:441]); a primal being's never ([003:443])."""

    seat_of: str
    archetype: bool = False
    sphere: str | None = None  # the archetypal sphere
    electors: tuple[str, ...] = ()  # her archetypal lesser gods, who alone may fill the seat [003:441]
    votes: dict[str, str] = {}  # elector -> the candidate he names


class CouncilMeeting(msgspec.Struct, frozen=True):
    """A Great Council in session ([003:480-484]): the summoner leads and speaks first for three minutes."""

    leader: str
    hall: str
    started_at: datetime
    speech_until: datetime
    speech_timer: str
    forfeited: tuple[str, ...] = ()  # shamed greater gods, who may not vote at this meeting [003:330]
    motions: dict[str, Motion] = {}


class PendingBuild(msgspec.Struct, frozen=True):
    """A joint demesne awaiting every builder's agreement ([003:118])."""

    id: str
    name: str
    parent: str
    contributions: dict[str, int]
    agreed: tuple[str, ...]


CastStage = Literal["announced", "awaiting_consent", "demesne_casting", "conversation"]


class PendingCast(msgspec.Struct, frozen=True):
    """A personal power between its casting and its effect: an Nt or L power's announcement ([003:229],
    [003:247]), an Nv power awaiting its willing target ([003:231]), a five-minute demesne casting ([003:239]),
    or a persuasion's three-minute conversation ([003:219])."""

    id: str
    caster: str
    power: str
    targets: tuple[str, ...]
    stage: CastStage
    cost: int
    locale: str
    gift: str | None = None
    demesne: str | None = None
    timer_id: str | None = None
    destination: str | None = None
    until: datetime | None = None


class OpenRuling(msgspec.Struct, frozen=True):
    """A power whose effect needs judgement: the GM answers with `RulePowerEffect`."""

    cast_id: str
    power: str
    caster: str
    targets: tuple[str, ...]
    question: str


class Oath(msgspec.Struct, frozen=True):
    """A divine oath recorded in the Hall of Doom ([003:60], [003:292])."""

    swearer: str
    witness: str
    text: str


class ServiceContract(msgspec.Struct, frozen=True):
    """A service contract between characters, posted in the Hall of Doom once every party signed ([003:60])."""

    id: str
    proposer: str
    parties: tuple[str, ...]
    terms: str
    signed: tuple[str, ...] = ()
    recorded: bool = False


class SessionReport(msgspec.Struct, frozen=True):
    """A character's end-of-session report to the GMs ([003:55]): goals and purchase intentions, with what
    the server knows of the character at the time."""

    session: int
    goals: tuple[str, ...]
    goals_met: tuple[str, ...]
    intended_purchases: dict[str, int]
    notes: str


class State(msgspec.Struct, frozen=True):
    pack: ContentPack
    settings: Settings
    era: Era
    in_transition: bool
    locales: dict[str, Locale]
    characters: dict[str, Character]
    demesnes: dict[str, Demesne] = {}
    artifacts: dict[str, Artifact] = {}
    combats: dict[str, Combat] = {}
    attacks: dict[str, PendingAttack] = {}
    duels: dict[str, Duel] = {}
    laws: tuple[str, ...] = ()
    council: CouncilMeeting | None = None
    summons: CouncilSummons | None = None
    vacancies: tuple[Vacancy, ...] = ()
    supreme_deity: str | None = None
    oaths: tuple[Oath, ...] = ()
    contracts: dict[str, ServiceContract] = {}
    reports: dict[str, SessionReport] = {}  # the last end-of-session report of each character
    serials: dict[str, int] = {}  # owned ids of hidden things, `<kind>-<owner>` -> last number (domain.engine.ids)
    session: int = 1
    bodies: dict[str, str] = {}  # obliterated god -> who must dispose of the body [003:393]
    builds: dict[str, PendingBuild] = {}
    casts: dict[str, PendingCast] = {}
    rulings: dict[str, OpenRuling] = {}
    offices: dict[str, str] = {}
    demon_pool: int = 0
    pool_accumulators: dict[str, Fraction] = {}
    source_scale: Fraction = Fraction(1)
    serial: int = 0
    earth: Earth | None = None
