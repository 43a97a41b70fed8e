"""Events of a kingdoms game. `views.audience` says who sees each: its `kingdom` alone (most), both parties,
everyone (news, treaties, offices) or only the GM (the truth of a battle, the GM's random events)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.kingdoms.orders import Order
from domain.rulesets.kingdoms.rules.offices import Award
from domain.rulesets.kingdoms.state import Ruling, SpyReport, Unit


class _Ev(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# --- orders and standing choices -----------------------------------------------------------------------------


class OrderGiven(_Ev, frozen=True, tag="OrderGiven"):
    kingdom: str
    order: Order


class OrderCancelled(_Ev, frozen=True, tag="OrderCancelled"):
    kingdom: str
    character: str


class EncounterPlanSet(_Ev, frozen=True, tag="EncounterPlanSet"):
    kingdom: str
    character: str
    plan: tuple[str, ...]


class CommandAssigned(_Ev, frozen=True, tag="CommandAssigned"):
    kingdom: str
    army: str
    character: str
    druid_shortfall: int  # Druid levels the leader lacks for these units [004:243-248]; a quality penalty [004:86]


class TreatyOffered(_Ev, frozen=True, tag="TreatyOffered"):
    kingdom: str
    to: str


class TreatyBroken(_Ev, frozen=True, tag="TreatyBroken"):
    kingdom: str
    other: str
    reason: str = ""  # a GM ruling's


class TreatyMade(_Ev, frozen=True, tag="TreatyMade"):
    kingdoms: tuple[str, str]
    reason: str = ""  # a GM ruling's


# --- GM rulings ----------------------------------------------------------------------------------------------


class TreasuryAdjusted(_Ev, frozen=True, tag="TreasuryAdjusted"):
    kingdom: str
    gold: int
    treasury: int
    reason: str


class UnitsRaised(_Ev, frozen=True, tag="UnitsRaised"):
    kingdom: str
    army: str
    province: str
    units: tuple[Unit, ...]
    behind: bool
    reason: str


class ExploredSet(_Ev, frozen=True, tag="ExploredSet"):
    kingdom: str
    province: str
    percent: int
    reason: str


class RandomEventRuled(_Ev, frozen=True, tag="RandomEventRuled"):
    ruling: Ruling


class AbilitySet(_Ev, frozen=True, tag="AbilitySet"):
    kingdom: str
    character: str
    ability: str
    level: int
    reason: str


class MeritAdjusted(_Ev, frozen=True, tag="MeritAdjusted"):
    kingdom: str
    character: str
    counter: str
    count: int
    reason: str


class ItemGiven(_Ev, frozen=True, tag="ItemGiven"):
    kingdom: str
    character: str
    item: str
    take: bool
    reason: str


class ForcePlaced(_Ev, frozen=True, tag="ForcePlaced"):
    kingdom: str
    province: str
    reason: str
    character: str | None = None
    army: str | None = None


class OfficesAwarded(_Ev, frozen=True, tag="OfficesAwarded"):
    standings: tuple[Award, ...]
    prizes: dict[str, int]  # kingdom -> Prize %
    reason: str


# --- the processing of a turn --------------------------------------------------------------------------------


class CharacterMoved(_Ev, frozen=True, tag="CharacterMoved"):
    kingdom: str
    character: str
    path: tuple[str, ...]
    army: str | None = None


class OrderFailed(_Ev, frozen=True, tag="OrderFailed"):
    kingdom: str
    character: str
    order: str
    why: str


class ArmyTaken(_Ev, frozen=True, tag="ArmyTaken"):
    """Pick Up (`leader` set) or Leave (`leader` None) an army."""

    kingdom: str
    army: str
    leader: str | None
    character: str


class RecruitRequested(_Ev, frozen=True, tag="RecruitRequested"):
    kingdom: str
    character: str
    province: str
    what: str  # "3 x LE (human)" or the hiring note


class SpellCast(_Ev, frozen=True, tag="SpellCast"):
    kingdom: str
    character: str
    spell: str
    province: str
    level: int
    illusion: str | None = None


class EncounterResolved(_Ev, frozen=True, tag="EncounterResolved"):
    kingdom: str
    character: str
    province: str
    monster: str
    kind: str
    outcome: str  # slain | neutralized | fled | driven_off | refused | killed
    tactics: tuple[str, ...]
    monster_hit_points: int  # left
    hit_points: int  # the character's, left
    counted: int  # the monster's hit points the Lord High Defender counts (slain: all, neutralized: half [004:334])
    lines: tuple[str, ...] = ()


class ProvinceExplored(_Ev, frozen=True, tag="ProvinceExplored"):
    kingdom: str
    character: str
    province: str
    percent: int
    feature: str | None = None
    first: bool = False


class ContingentsJoined(_Ev, frozen=True, tag="ContingentsJoined"):
    kingdom: str
    province: str
    armies: tuple[str, str]
    chance: int
    joined: bool


class SideReport(msgspec.Struct, frozen=True):
    kingdom: str | None
    armies: tuple[str, ...]
    units: int
    strength: Fraction
    commander: str | None


class BattleFought(_Ev, frozen=True, tag="BattleFought"):
    """The truth of a battle (GM only); each side gets its `BattleReported`, everyone the news."""

    province: str
    terrain: str
    line: int
    attacker: SideReport
    defender: SideReport
    winner: str | None  # kingdom; None for mercenaries
    destroyed: tuple[str, ...]  # unit ids
    retreats: tuple[tuple[str, str], ...]  # (army, province)
    bitten: tuple[str, ...]
    regenerating: tuple[str, ...]  # destroyed Troll units
    tallies: tuple[tuple[str, str, int], ...]  # (commander, merit counter, units) [004:299-316]
    lines: tuple[str, ...]


class BattleReported(_Ev, frozen=True, tag="BattleReported"):
    kingdom: str
    province: str
    won: bool
    strength: Fraction
    lines: tuple[str, ...]


class SpyNoticed(_Ev, frozen=True, tag="SpyNoticed"):
    """News to the target: a spy was noticed in one of its provinces [004:200-210]."""

    kingdom: str
    province: str
    spy: str
    spy_kingdom: str


class SpyReported(_Ev, frozen=True, tag="SpyReported"):
    kingdom: str
    report: SpyReport


class PursuitResolved(_Ev, frozen=True, tag="PursuitResolved"):
    kingdom: str
    character: str
    target: str
    trail: bool
    chance: Fraction
    succeeded: bool
    location: str | None


class MonsterNegotiated(_Ev, frozen=True, tag="MonsterNegotiated"):
    kingdom: str
    character: str
    province: str
    monster: str
    neutralized: bool
    counted: int  # hit points for the Lord High Defender's half points; 0 for an agreement [004:369]


class ExperienceGained(_Ev, frozen=True, tag="ExperienceGained"):
    kingdom: str
    character: str
    action: str
    ability: str
    level: int


class UnitsConverted(_Ev, frozen=True, tag="UnitsConverted"):
    """Bitten units became Werebeasts after the gameturn [004:71]."""

    kingdom: str
    units: tuple[str, ...]


class TrollsRegenerated(_Ev, frozen=True, tag="TrollsRegenerated"):
    """Dead Trolls crawled back together, one quality step lower, as mercenaries [004:73]."""

    army: str
    province: str
    units: tuple[Unit, ...]


class TurnReported(_Ev, frozen=True, tag="TurnReported"):
    kingdom: str
    turn: int
    lines: tuple[str, ...]


class TurnProcessed(_Ev, frozen=True, tag="TurnProcessed"):
    turn: int
    news: tuple[str, ...]
