"""Content records of characters and their world: abilities, alignments [2.3], tempers [2.4], the experience
table [3.19], March [4.12], Druid [4.32] and spy [4.33] tables, monsters [5.9], imperial offices [10.1], and
what a campaign adds (spells, items with the ten artifacts).

Readings (see also kingdoms.md, appendix):
- Alignments lie on one line, Divine 0 ... Neutral 3 ... Undead 6 (`scale`); the alignment difference is the
  distance on it ([004:164]: Neutral characters are "closer to the other alignments").
- "Automatic Break Treaty" ([004:158-160]) belongs to Evil and Undead both (appendix #33).
- The March table's rows are March (Forced March) levels 0-4 (appendix #32); the Druid table is cumulative.
- A level above a table's last row reads the last row (Spy 5 reads as Spy 4).
- Monster kinds (which Druid level can talk to them) are not in the text: chosen per monster in the default pack.
- Merit rules count tallies the game keeps (`counter`); `points` is exact: the Lord High Defender scores a
  slain monster's hit points and half of them for one neutralized by negotiation ([004:332-335]).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Rows, Table
from domain.rulesets.kingdoms.content.armies import Range
from domain.rulesets.kingdoms.content.fields import (
    FractionText,
    Id,
    Label,
    Level,
    Pct,
    SignedPct,
    Small,
    SmallDelta,
)


class _Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Ability(_Record, frozen=True):
    """A character ability, levels 0 to `max_level` ([004:166] "up to level 5"); `magic` marks the magical ones."""

    id: Id
    name: Label
    magic: bool = False
    max_level: Level = 5


class Alignment(_Record, frozen=True):
    """One row of the alignment table [004:140-162]."""

    id: Id
    name: Label
    scale: Level
    reduction_pct: Pct
    aptitudes: Rows[Id] = []
    fanaticism_pct: Pct = 0
    # [004:63] "A Skeletal army fighting under an Undead character ... will always be fanatical."
    always_fanatical_races: Rows[Id] = []
    ability_bonus: Table[Id, SmallDelta] = {}
    automatic_treaty: bool = False
    automatic_break_treaty: bool = False
    notes: Rows[Label] = []


Flight = Literal["never", "unfavourable_odds_and_large_risk", "significant_risk", "death_possible"]


class Temper(_Record, frozen=True):
    """One row of the temper table [004:169-195] with its special effects."""

    id: Id
    name: Label
    flight: Flight
    # The death-blow risk (%) at which the character flees, None = never. The text says "large", "significant",
    # "possible" ([004:171-183]); defaults 50, 25 and 0 (any risk). Brave flees only when the odds also seem
    # unfavourable.
    flight_risk_pct: Pct | None = None
    flight_needs_unfavourable_odds: bool = False
    # Refusal to enter combat: each character of the temper has a refusal chance drawn once from this range.
    refusal: Range = Range(low=0, high=0)
    # Cowardly: "may also flee after any harmful blow" [004:182]: this chance per harmful blow (default 50).
    flee_after_blow_pct: Pct = 0
    rage_hp: Range | None = None
    # Intimidation: opponents' melee chance to hit, by the opponent's temper [004:188].
    intimidation_pct: Table[Id, SignedPct] = {}
    to_hit_pct: SignedPct = 0
    opponent_to_hit_pct: SignedPct = 0
    flee_pct: SignedPct = 0
    begging_pct: Pct = 0
    bluff_chance: FractionText = "0"
    # [004:195] "A cowardly or cautious King will never refuse combat".
    king_never_refuses: bool = False


class Experience(_Record, frozen=True):
    """One row of the experience table [004:119-137]. `ability` is improved (`at_sea_ability` instead in a Sea
    province); `related_magic` means the ability of the spell cast."""

    action: Id
    name: Label
    chance_pct: Pct
    ability: Id | None = None
    at_sea_ability: Id | None = None
    related_magic: bool = False


class March(_Record, frozen=True):
    """One row of the March table [004:215-236]: contingent unity % by distance, and extra moves by speed."""

    level: Level
    unify_same_pct: Pct
    unify_adjacent_pct: Pct
    unify_far_pct: Pct
    extra_moves_slow: Small
    extra_moves_fast: Small


class Druid(_Record, frozen=True):
    """One row of the Druid table [004:239-248]: this level lets a leader lead these races or army types and talk
    to these monster kinds (`all` = every monster); lower levels' gains are kept."""

    level: Level
    leads: Rows[Id] = []
    talks_to: Rows[Id] = []


class Spy(_Record, frozen=True):
    """One row of the spy table [004:198-212]."""

    level: Level
    escape_notice_pct: Pct
    margin_pct: Pct
    pursue_pct: Small


class SpyRules(_Record, frozen=True):
    """The notes under the spy table [004:212], and the report perturbation the text leaves open (default: each
    reported figure is the truth times (100 + e)/100, e drawn uniformly from -margin..+margin, rounded half up,
    never below 0)."""

    army_multiplier: Small = 2
    same_kingdom_pct: Pct = 100


Speed = Literal["slow", "medium", "fast"]


class Monster(_Record, frozen=True):
    """One row of the monster table [004:250-262] (a partial list; campaigns add more)."""

    id: Id
    name: Label
    hit_points: Small
    melee_skill: Small
    melee_damage: Range | None
    missile_skill: Small = 0
    missile_damage: Range | None = None
    speed: Speed = "medium"
    kind: Id = "other"


class CombatRules(_Record, frozen=True):
    """Melee, fleeing, begging and monster negotiation: formulas missing from the text (C8); these defaults are
    content.

    To hit %: `base_hit_pct` + `per_skill_pct` x (attacker's skill - defender's skill) + temper modifiers,
    clamped to `min_hit_pct`..`max_hit_pct`. Flee %: `flee_base_pct` + the temper's `flee_pct`. Begging %
    ([004:192] "works best against Good characters and characters of similar alignment. On the average, it has a
    50-50 chance"): the temper's `begging_pct` + `begging_vs_good_pct` against a Good victor
    - `begging_per_difference_pct` x the alignment difference, clamped 0..100. Negotiation (a TA tactic by a
    character whose Druid level can talk to the monster's kind): `negotiate_base_pct` + `negotiate_per_level_pct`
    x Druid level, at most `negotiate_max_pct`."""

    base_hit_pct: Pct = 50
    per_skill_pct: Pct = 10
    min_hit_pct: Pct = 5
    max_hit_pct: Pct = 95
    negotiate_base_pct: Pct = 20
    negotiate_per_level_pct: Pct = 15
    negotiate_max_pct: Pct = 95
    flee_base_pct: Pct = 50
    begging_vs_good_pct: Pct = 20
    begging_per_difference_pct: Pct = 10
    begging_good_alignment: Id = "good"
    # Characters' damage per hit (the character rules are missing): defaults 1-6 in melee and with arrows.
    character_melee_damage: Range = Range(low=1, high=6)
    character_missile_damage: Range = Range(low=1, high=6)
    # An encounter follows the plan one tactic a round, repeating its last tactic, for at most this many rounds.
    encounter_rounds: Small = 10


class Merit(_Record, frozen=True):
    """One merit line of an office [004:265-363]: `points` per unit of the tally `counter`."""

    counter: Id
    points: FractionText
    text: Label


class Office(_Record, frozen=True):
    """One imperial office [004:265-363]. `highest` offices go to the largest tally (tax base, treasury)."""

    id: Id
    title: Label
    prize_pct: Pct
    merit: Rows[Merit]
    # Reduce merit by the alignment difference with the Emperor (appendix #34); never the Emperor's own.
    alignment_reduced: bool = True
    # The office whose holder is the Emperor (awarded first: the others' alignment difference is with him).
    emperor: bool = False


class Spell(_Record, frozen=True):
    """A spell (the spell list is missing: C8). The battle effects named by the strength summary are typed:
    `quality_bonus` (Oratory +1 [004:89]), `factor_pct_per_level` (Phantasmal Armies +15% per caster level
    [004:95]), `illusory_terrain` ([004:83]); anything else is a GM ruling with the spell's `text`."""

    id: Id
    name: Label
    ability: Id
    kind: Literal["action", "combat"] = "action"
    quality_bonus: SmallDelta = 0
    factor_pct_per_level: Pct = 0
    illusory_terrain: bool = False
    merit_counter: Id | None = None
    text: Label = "GM ruling"


class Item(_Record, frozen=True):
    """A magic item or artifact. Artifacts score `prize_pct` for their owner at the end ([004:365]); items with
    `casts` count for the Arch-Mage ([004:358])."""

    id: Id
    name: Label
    artifact: bool = False
    prize_pct: Pct = 0
    quality_bonus: SmallDelta = 0
    casts: Id | None = None
    ability_bonus: Table[Id, SmallDelta] = {}
