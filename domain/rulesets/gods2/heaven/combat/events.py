"""Events of combat, attacks, duels, surrender, demesnes under attack and artifacts changing hands."""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.rulesets.gods2.kernel.model import CombatKind, Gesture, Mutilation


class AttackAnnounced(msgspec.Struct, frozen=True, tag="AttackAnnounced", tag_field="type"):
    """[003:336] "I am attacking X": a window for bodyguards opens; `lawful` under the laws as they stand."""

    attack_id: str
    attacker: str
    target: str
    locale: str
    kind: CombatKind
    lawful: bool | None  # None: the default law is no longer in force, so the Judge reads the laws [003:490]
    window_ends: datetime
    timer_id: str


class AttackLapsed(msgspec.Struct, frozen=True, tag="AttackLapsed", tag_field="type"):
    """The window closed but the combat could not begin (someone left, died or is already fighting)."""

    attack_id: str
    reason: str


class BodyguardStepped(msgspec.Struct, frozen=True, tag="BodyguardStepped", tag_field="type"):
    attack_id: str
    bodyguard: str


class DuelChallenged(msgspec.Struct, frozen=True, tag="DuelChallenged", tag_field="type"):
    duel_id: str
    challenger: str
    challenged: str
    locale: str


class DuelTimeNamed(msgspec.Struct, frozen=True, tag="DuelTimeNamed", tag_field="type"):
    duel_id: str
    at: datetime
    timer_id: str


class DuelSupportCast(msgspec.Struct, frozen=True, tag="DuelSupportCast", tag_field="type"):
    """[003:332] an ally's combat-duel (Cd) power, cast on the duelist before the first round."""

    combat_id: str
    ally: str
    duelist: str
    power: str
    tricks: int = 0
    blocks: int = 0
    hit_points: int = 0


class DuelPostponed(msgspec.Struct, frozen=True, tag="DuelPostponed", tag_field="type"):
    """[003:58] the duel's time came while the Great Council sat in the Hall of Doom, where no combat may be held:
    it begins when the meeting ends (a new `DuelTimeNamed` and its timer), and no one is shamed meanwhile."""

    duel_id: str
    reason: str


class DuelNoShow(msgspec.Struct, frozen=True, tag="DuelNoShow", tag_field="type"):
    """[003:330] who failed to appear, and who is shamed for it (a lesser god's lord)."""

    duel_id: str
    absent: list[str]
    shamed: list[str]


class CombatStarted(msgspec.Struct, frozen=True, tag="CombatStarted", tag_field="type"):
    combat_id: str
    kind: CombatKind
    locale: str
    attacker: str
    defender: str
    attacker_hp: int
    defender_hp: int
    defender_is_demesne: bool = False
    defender_blocks: int = 0
    from_inside: bool = False


class CombatArtifactChosen(msgspec.Struct, frozen=True, tag="CombatArtifactChosen", tag_field="type"):
    combat_id: str
    fighter: str
    artifact: str


class AnnouncementRequested(msgspec.Struct, frozen=True, tag="AnnouncementRequested", tag_field="type"):
    combat_id: str
    round: int


class CombatPowerChosen(msgspec.Struct, frozen=True, tag="CombatPowerChosen", tag_field="type"):
    """Sealed: only the chooser (and the GM) sees `power` until `CombatPowersRevealed`, except that it is
    announced at once when the defender asked the attacker to announce first ([003:346])."""

    combat_id: str
    fighter: str
    power: str | None
    sealed: bool = True


class CombatPowersRevealed(msgspec.Struct, frozen=True, tag="CombatPowersRevealed", tag_field="type"):
    combat_id: str
    round: int
    attacker_power: str | None
    defender_power: str | None


class CombatPowerTookEffect(msgspec.Struct, frozen=True, tag="CombatPowerTookEffect", tag_field="type"):
    combat_id: str
    fighter: str
    power: str
    cost: int = 0
    artifact: str | None = None
    ruling: str = ""
    tricks: int = 0
    blocks: int = 0
    hit_points: int = 0
    damage: int = 0
    disengage: bool = False
    obliteration_weapon: bool = False
    forces_disengage: bool = False
    forces_mutual_end: bool = False


class GestureChosen(msgspec.Struct, frozen=True, tag="GestureChosen", tag_field="type"):
    """Sealed until `RoundFought`."""

    combat_id: str
    fighter: str
    gesture: Gesture | None


class RoundFought(msgspec.Struct, frozen=True, tag="RoundFought", tag_field="type"):
    combat_id: str
    round: int
    attacker_gesture: Gesture
    defender_gesture: Gesture
    attacker_damage: int
    defender_damage: int
    attacker_hp: int
    defender_hp: int


class FighterFell(msgspec.Struct, frozen=True, tag="FighterFell", tag_field="type"):
    """[003:278] at 0 hit points a fighter must surrender or die; two at once await a GM ruling."""

    combat_id: str
    fighters: list[str]


class MutualEndProposed(msgspec.Struct, frozen=True, tag="MutualEndProposed", tag_field="type"):
    combat_id: str
    fighter: str


class SurrenderOffered(msgspec.Struct, frozen=True, tag="SurrenderOffered", tag_field="type"):
    combat_id: str
    fighter: str


class SurrenderAccepted(msgspec.Struct, frozen=True, tag="SurrenderAccepted", tag_field="type"):
    combat_id: str
    winner: str
    loser: str
    term: str
    artifact: str | None = None
    race: str | None = None
    oath: str | None = None


class MutilationInflicted(msgspec.Struct, frozen=True, tag="MutilationInflicted", tag_field="type"):
    character: str
    mutilation: Mutilation
    by: str | None
    hit_points_lost: int = 0
    description: str = ""


class MutilationApproved(msgspec.Struct, frozen=True, tag="MutilationApproved", tag_field="type"):
    character: str
    description: str
    reason: str


class LaborImposed(msgspec.Struct, frozen=True, tag="LaborImposed", tag_field="type"):
    """[003:294] Surrender Labor: 30 minutes of menial service."""

    character: str
    master: str
    until: datetime
    timer_id: str


class LaborEnded(msgspec.Struct, frozen=True, tag="LaborEnded", tag_field="type"):
    character: str


class CombatEnded(msgspec.Struct, frozen=True, tag="CombatEnded", tag_field="type"):
    """`outcome` is mutual, disengage, surrender or death; all but mutual are reported ([003:358-368])."""

    combat_id: str
    outcome: str
    winner: str | None = None
    loser: str | None = None


class Disengaged(msgspec.Struct, frozen=True, tag="Disengaged", tag_field="type"):
    """[003:362] leave the locale and stay away 10 minutes; the former opponent may not attack meanwhile."""

    character: str
    opponent: str
    locale: str
    until: datetime
    timer_id: str


class KeepAwayEnded(msgspec.Struct, frozen=True, tag="KeepAwayEnded", tag_field="type"):
    character: str
    opponent: str


class DemesneBuildProposed(msgspec.Struct, frozen=True, tag="DemesneBuildProposed", tag_field="type"):
    """A joint demesne waits for every builder to agree on the same terms ([003:118])."""

    demesne: str
    name: str
    parent: str
    contributions: dict[str, int]
    builder: str


class DemesneBuilt(msgspec.Struct, frozen=True, tag="DemesneBuilt", tag_field="type"):
    """[003:118] each builder is an equal owner; the build is each builder's one use of Build Demesne."""

    demesne: str
    name: str
    parent: str
    owners: list[str]


class VisitorAdmitted(msgspec.Struct, frozen=True, tag="VisitorAdmitted", tag_field="type"):
    """[003:120] anyone already inside the demesne can allow anyone outside to enter."""

    demesne: str
    visitor: str
    by: str


class DemesneDefenceCoordinated(msgspec.Struct, frozen=True, tag="DemesneDefenceCoordinated", tag_field="type"):
    """[003:314] the first to state it coordinates; an owner takes precedence over anyone else."""

    combat_id: str
    coordinator: str


class DemesneFell(msgspec.Struct, frozen=True, tag="DemesneFell", tag_field="type"):
    """[003:376] at 0 hit points a demesne is not killed: an attacker from outside gets in; one from inside
    becomes its owner, and all former owners lose that status."""

    combat_id: str
    demesne: str
    attacker: str
    from_inside: bool
    former_owners: list[str]


class ArtifactDropped(msgspec.Struct, frozen=True, tag="ArtifactDropped", tag_field="type"):
    artifact: str
    character: str
    locale: str


class ArtifactClaimable(msgspec.Struct, frozen=True, tag="ArtifactClaimable", tag_field="type"):
    """[003:410] dropped during or as a result of combat: the opponent may take it at the end of the combat."""

    artifact: str
    claimant: str


class ArtifactCreated(msgspec.Struct, frozen=True, tag="ArtifactCreated", tag_field="type"):
    """[003:404] made in a Craft Hall; it can never be changed; [003:414] variable powers capped by the spend."""

    artifact: str
    name: str
    powers: list[str]
    max_strength: dict[str, int]
    creator: str
    locale: str


class ArtifactPickedUp(msgspec.Struct, frozen=True, tag="ArtifactPickedUp", tag_field="type"):
    artifact: str
    character: str


class ArtifactHandedOver(msgspec.Struct, frozen=True, tag="ArtifactHandedOver", tag_field="type"):
    artifact: str
    giver: str
    receiver: str
