"""The versioned content pack of The Gods II: spheres, mana sources, personal powers, offices.

The rule text defers its power lists, sphere rates and event worksheets to material it does not include
([003:18], [003:132], [003:142]), so every one of them is data. A game pins the pack it started with: the pack
travels inside the scenario (`Setup.content`) or, when the scenario names none, the sample pack shipped in this
package (`content/sample-v1.json`, clearly marked `sample`) is used and recorded in the state.

Fractions (mana rates) are written as strings such as `"1/3"` because the scenario document is decoded without
custom hooks; `parse_fraction` turns them into exact `Fraction`s.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Delta, Name, Quantity, Rows, Text
from domain.rulesets.gods2.kernel.earth_content import EarthContent

Category = Literal[
    "C",
    "Cd",
    "Cs",
    "P",
    "P2",
    "Pm",
    "N",
    "Nt",
    "Nv",
    "Ns",
    "D",
    "De",
    "Ds",
    "L",
    "Li",
    "La",
    "A",
    "Ac",
    "G",
    "X",
]
# An exact fraction in events and state: stored as the string "n/d" by the codec; documented as such.
ExactFraction = Annotated[
    Fraction,
    msgspec.Meta(extra_json_schema={"type": "string", "pattern": r"^-?\d+(/\d+)?$", "description": "exact n/d"}),
]
FractionText = Annotated[
    str, msgspec.Meta(pattern=r"^-?[0-9]{1,15}(/[1-9][0-9]{0,14})?$", max_length=32)
]  # at most 15 digits each
Protection = Literal["guardian_beasts", "lost_in_void", "underworld_entry"]
TargetKind = Literal["greater_god", "lesser_god", "celestial_spirit", "demon"]
SourceCategory = Literal["event", "century_end", "era_end"]

# Heaven events the ruleset records itself; event sources in a pack may name them (or any GM-recorded event).
HEAVEN_EVENTS = frozenset(
    {
        "combat.disengage",  # [003:368] combats ending in disengagement, surrender or death are reported
        "combat.surrender",
        "combat.death",
        "council.law_passed",  # [003:134] event sources "from the actions of the Great Council"
        "council.promotion",
        "council.office_granted",
        # [003:393-400] disposing of an obliterated god's body feeds one elemental sphere each.
        "body.burn",
        "body.sea",
        "body.ice",
        "body.animals",
    }
)


class GrantTricks(msgspec.Struct, frozen=True, tag="grant_tricks", tag_field="kind", forbid_unknown_fields=True):
    """Combat: the user gains `count` tricks for this combat ([003:352])."""

    count: Delta


class GrantBlocks(msgspec.Struct, frozen=True, tag="grant_blocks", tag_field="kind", forbid_unknown_fields=True):
    """Combat: the user gains `count` blocks for this combat ([003:352])."""

    count: Delta


class AddHitPoints(msgspec.Struct, frozen=True, tag="add_hit_points", tag_field="kind", forbid_unknown_fields=True):
    """Combat: the user gains `count` hit points for this combat ([003:278] "unless modified by powers")."""

    count: Delta


class DealDamage(msgspec.Struct, frozen=True, tag="deal_damage", tag_field="kind", forbid_unknown_fields=True):
    """Combat: the opponent loses `count` hit points at once."""

    count: Delta


class GrantDisengage(msgspec.Struct, frozen=True, tag="disengage", tag_field="kind", forbid_unknown_fields=True):
    """Combat: the user disengages at the end of this round ([003:362])."""


class ForceDisengage(msgspec.Struct, frozen=True, tag="force_disengage", tag_field="kind", forbid_unknown_fields=True):
    """Combat: the opponent is forced to disengage at the end of this round ([003:362])."""


class ForceMutualEnd(msgspec.Struct, frozen=True, tag="force_mutual_end", tag_field="kind", forbid_unknown_fields=True):
    """Combat: both must agree to end the combat at the end of this round ([003:360], [003:374])."""


class WeaponOfObliteration(
    msgspec.Struct, frozen=True, tag="weapon_of_obliteration", tag_field="kind", forbid_unknown_fields=True
):
    """Combat: a surrender to the user carries a mutilation ([003:300])."""


class Protect(msgspec.Struct, frozen=True, tag="protect", tag_field="kind", forbid_unknown_fields=True):
    """The target is protected from an entry hazard (Guardian Beasts, being lost in the Void, the Underworld)."""

    against: Protection


class ReleaseFromDeath(
    msgspec.Struct, frozen=True, tag="release_from_death", tag_field="kind", forbid_unknown_fields=True
):
    """The dead target returns to life at once ([003:429]); with `HealMutilation` it lifts permanent death."""


class HealMutilation(msgspec.Struct, frozen=True, tag="heal_mutilation", tag_field="kind", forbid_unknown_fields=True):
    """Removes the target's mutilations and restores lost permanent hit points ([003:280])."""


class Transmigrate(msgspec.Struct, frozen=True, tag="transmigrate", tag_field="kind", forbid_unknown_fields=True):
    """The targets transmigrate to the destination named at casting, ignoring entry and exit restrictions
    ([003:96])."""


class GiveMana(msgspec.Struct, frozen=True, tag="give_mana", tag_field="kind", forbid_unknown_fields=True):
    """Each target gives `amount` mana to the caster, paying the toll ([003:164]). A target with no mana gives
    nothing: the power has no effect on it ([003:170]). Chosen reading: one with less gives all it has."""

    amount: Quantity


class Ruling(msgspec.Struct, frozen=True, tag="ruling", tag_field="kind", forbid_unknown_fields=True):
    """An effect that needs judgement: casting opens a GM ruling with this question."""

    question: Text


Effect = (
    GrantTricks
    | GrantBlocks
    | AddHitPoints
    | DealDamage
    | GrantDisengage
    | ForceDisengage
    | ForceMutualEnd
    | WeaponOfObliteration
    | Protect
    | ReleaseFromDeath
    | HealMutilation
    | Transmigrate
    | GiveMana
    | Ruling
)


class SphereDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """`card_cost`: the mana one card of the sphere costs between sessions ([003:55]; the price lists are not in
    the text): None, the GMs price each purchase (`RecordSphereCardPurchase`). `pool`: the cards of the sphere in
    the sphere pool ([003:435]); None, the pool never runs out."""

    id: Name
    name: Name
    elemental: bool = False
    card_cost: Quantity | None = None
    pool: Quantity | None = None


class ManaSourceDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A sphere's mana source ([003:132-134]): `rate` per card, or once with `flat_rate`."""

    id: Name
    sphere: Name
    category: SourceCategory
    rate: FractionText
    event: Name | None = None
    flat_rate: bool = False
    description: Text = ""


class PowerDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A personal power. `cost` is the normal cost; a `variable` power may be cast at any strength ≥ `cost`.

    `level` matters only for conflicts ([003:179]); celestial and demon powers are level 1.
    `activation_cost` is the special cost of an Artifact (A) power once embedded ([003:412]).
    `target_kinds`: who meets the criteria for being a target ([003:223] "e.g., all gods or all demons"); a Pm
    power takes only them, and a targeted power refuses anyone else. Empty: any character.
    """

    id: Name
    name: Name
    sphere: Name
    categories: Rows[Category]
    cost: Delta
    level: Delta = 1
    variable: bool = False
    activation_cost: Delta | None = None
    effects: Rows[Effect] = []
    description: Text = ""
    target_kinds: Rows[TargetKind] = []


class ContentPack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: Name
    version: Delta
    title: Text
    sample: bool = False
    spheres: Rows[SphereDef] = []
    mana_sources: Rows[ManaSourceDef] = []
    powers: Rows[PowerDef] = []
    offices: Rows[Name] = msgspec.field(
        default_factory=lambda: ["judge_of_heaven", "sentinel_of_the_council", "herald_of_heaven"]
    )
    # [003:414] "12 mana imbedding ... (3 times a possible casting cost of 4)": the x3 ratio is inferred.
    artifact_embed_ratio: Delta = 3
    # [003:292] Surrender Will needs "the ability to witness a divine oath": the powers that give it.
    oath_witness_powers: Rows[Name] = []
    # The Build Demesne power's cost ([003:118] builders split it "in any way they choose").
    build_demesne_cost: Delta = 10
    # [003:480] the power Summon Great Council, and [003:490] the office whose holder declares outlaws.
    summon_council_power: Name = "summon_great_council"
    judge_office: Name = "judge_of_heaven"
    earth: EarthContent = msgspec.field(default_factory=EarthContent)  # Era Centrum's Earth half


_FRACTION = re.compile(r"^-?\d+(/[1-9]\d*)?$")


def parse_fraction(text: str) -> Fraction:
    if not _FRACTION.match(text):
        raise ValueError(f"not a fraction: {text!r}")
    return Fraction(text)


@cache
def sample_pack() -> ContentPack:
    """The sample pack shipped with the ruleset (a few powers of every category; not the real power lists)."""
    raw = resources.files("domain.rulesets.gods2").joinpath("content/sample-v1.json").read_bytes()
    return msgspec.json.decode(raw, type=ContentPack)


def categories(power: PowerDef) -> frozenset[str]:
    """A power's codes with their parents: `Cd` is also `C`, `Nt` also `N`, `G` casts as `N` ([003:261])."""
    codes: set[str] = set(power.categories)
    for code in power.categories:
        codes.add(code[0])
    if "G" in codes:
        codes.add("N")
    return frozenset(codes)


def pack_problems(pack: ContentPack) -> list[str]:
    """What makes a well-formed pack unusable: unknown spheres, duplicate ids, bad costs."""
    problems: Rows[Name] = []
    spheres = {s.id for s in pack.spheres} | {"celestial", "demonic"}
    ids = [p.id for p in pack.powers]
    if len(set(ids)) != len(ids):
        problems.append("power ids must be unique")
    for power in pack.powers:
        if power.sphere not in spheres:
            problems.append(f"power {power.id} names unknown sphere {power.sphere}")
        if power.cost < 0:
            problems.append(f"power {power.id} has a negative cost")
    for source in pack.mana_sources:
        if source.sphere not in spheres:
            problems.append(f"mana source {source.id} names unknown sphere {source.sphere}")
        if source.category == "event" and not source.event:
            problems.append(f"event source {source.id} names no event")
    if len(pack.offices) != 3 or len(set(pack.offices)) != 3:
        problems.append("the Great Council has exactly three distinct offices [003:504]")
    return problems
