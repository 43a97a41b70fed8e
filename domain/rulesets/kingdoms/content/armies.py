"""Content records of the field of battle: terrain [1.6], races [6.3], army types [6.3], quality levels [004:53]
and the battle formulas the surviving text leaves open (each with a documented default).

Readings of the run-together army type table ([004:16-36], split as in kingdoms.md C1):
- Garrison "3/1": strength 3 when defending a province, 1 when attacking ([004:40]): `strength` 3,
  `attacking_strength` 1.
- Elephants "V": a strength drawn from 2 to 5 per battle ([004:65]): `strength_roll`.
- Whales and Fleets: adverse in "All other terrain" ([004:31-32]); Whales have zero strength off the Sea and
  retreat to a Sea hex when they lose there ([004:75]): `zero_strength_off_home`, `safe_retreat`.
- A nemesis entry names army type codes or a group (`beasts`, [004:67]: camels, elephants, werebeasts, wargs
  and dragons); "Chariot" is Chariots (CH), "Eagles" Eagle Wing (EA), "Dragons" Dragon Wing (DR).
- Air units (Dragon and Eagle Wings) are those "flying" over the front line ([004:49]).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Rows
from domain.rulesets.kingdoms.content.fields import FractionText, Id, Label, Pct, QualityLevel, Small, SmallDelta


class _Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Range(_Record, frozen=True):
    """An inclusive range of whole numbers (a battle line of 5-10 armies, a strength of 2-5)."""

    low: Small
    high: Small


class Terrain(_Record, frozen=True):
    """One row of the terrain table [004:100-116]."""

    id: Id
    name: Label
    average_taxation: Small
    basic_exploration_pct: Pct
    battle_line: Range
    encounter_pct: Pct
    # [004:114] "There is only a small chance of finding a feature in a Sea province."
    rare_features: bool = False


class Race(_Record, frozen=True):
    """A race of units and characters [004:40-45]: +1 as its favoured army type, +1 in its home terrain.

    `humanoid` races can be bitten by Werebeasts ([004:71]: "Only the 4 humanoid races")."""

    id: Id
    name: Label
    humanoid: bool = False
    type_bonus: Rows[Id] = []
    home_terrain: Rows[Id] = []
    bonus: SmallDelta = 1


class ArmyType(_Record, frozen=True):
    """One row of the army type table [004:14-36] and the special rules of [004:65-75]."""

    code: Id
    name: Label
    strength: Small
    speed: Small
    pay: Small
    home_terrain: Rows[Id] = []
    adverse_terrain: Rows[Id] = []
    nemesis: Rows[Id] = []
    attacking_strength: Small | None = None
    strength_roll: Range | None = None
    air: bool = False
    naval: bool = False
    groups: Rows[Id] = []
    # [004:234] "Eagles and Dragons are not affected by March ability."
    march_immune: bool = False
    # [004:69] one camel unit in a desert battle keeps its side supplied.
    desert_supply: bool = False
    # [004:71] Werebeasts: a defeated unit opposing them turns Werebeast with this chance, after the turn.
    bite_pct: Pct = 0
    # [004:71] "Fleets are never affected by Werebeasts."
    bite_immune: bool = False
    # [004:73] Trolls regenerate when they die, one quality step lower, as mercenaries.
    regenerates: bool = False
    zero_strength_off_home: bool = False
    safe_retreat: bool = False


class Quality(_Record, frozen=True):
    """A quality level [004:53]: the multiplier is the level itself (never below 0)."""

    level: QualityLevel
    id: Id
    name: Label


class EscapeRule(_Record, frozen=True):
    """Escape from a lost battle by speed: [004:38] says only that speed "determines the chance".

    Default (a content formula, not the text): chance % = `per_speed_pct` x the unit's speed
    + `per_speed_over_pursuer_pct` x (its speed - the winners' fastest speed), clamped to `min_pct`..`max_pct`."""

    per_speed_pct: Pct = 10
    per_speed_over_pursuer_pct: Pct = 10
    min_pct: Pct = 0
    max_pct: Pct = 90


class RandomEventRule(_Record, frozen=True):
    """How many battle random events a battle draws ([004:61]: the first affects the whole battle, later ones a
    column). Default: one whole-battle event always, then each column of the battle line has `column_event_pct`
    chance of its own event; each event picks the affected side with an even draw."""

    first_event_pct: Pct = 100
    column_event_pct: Pct = 25


class BattleRules(_Record, frozen=True):
    """The factors of the strength summary [004:77-98], and the gaps of C8 as defaults a campaign may change."""

    defense_pct: Pct = 25
    exploration_pct: Pct = 25
    tactical_pct_per_level: Pct = 20
    phantasmal_pct_per_level: Pct = 15
    nemesis_factor: FractionText = "2/3"
    home_province_quality: SmallDelta = 1
    fanatic_quality: SmallDelta = 1
    no_camels_quality: SmallDelta = -1
    # [004:86] "-? if led by leader with insufficient Druidic ability": value missing; default 1 level per level
    # short of the Druid table's requirement.
    druid_shortfall_quality_per_level: SmallDelta = 1
    # [004:53] "a small intrinsic strength" of Depleted and Sub-Depleted units: value missing; default: the
    # terrain strength times this fraction, before the special factors.
    intrinsic_fraction: FractionText = "1/10"
    sub_depleted_intrinsic_fraction: FractionText = "1/20"
    # How the battle line length is picked from the terrain's range [004:102-112]: missing; default a uniform draw.
    battle_line: Literal["roll", "low", "high"] = "roll"
    escape: EscapeRule = EscapeRule()
    random_events: RandomEventRule = RandomEventRule()
    # [004:193] battle duels: "avoiding the 25% demoralization".
    duel_demoralization_pct: Pct = 25


class RandomEvent(_Record, frozen=True):
    """One entry of the battle random-event table (the table itself is missing: C8). `factor` multiplies the
    affected force's strength: at most 2 ([004:61] "can as much as double"); below 1 for misfortunes."""

    id: Id
    text: Label
    factor: FractionText
    weight: Small = 1
