"""Gods II commands. A seat acts as the character it controls; GM rulings name their subject and a reason."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Count, Index, Many, Name, Quantity, Reason, Table, Text
from domain.rulesets.gods2.kernel.content import FractionText
from domain.rulesets.gods2.kernel.model import CharacterSetup, Era, Gesture, MotionKind, Mutilation

# --- seats ------------------------------------------------------------------------------------------------


class MoveToLocale(msgspec.Struct, frozen=True, tag="MoveToLocale", tag_field="type", forbid_unknown_fields=True):
    locale: Name


class EnterPrimevalWilds(
    msgspec.Struct, frozen=True, tag="EnterPrimevalWilds", tag_field="type", forbid_unknown_fields=True
):
    """Defeat the Guardian Beasts with combat powers (each used once) and enter ([003:82])."""

    locale: Name
    powers: Many[Name] = []


class JoinWildsParty(msgspec.Struct, frozen=True, tag="JoinWildsParty", tag_field="type", forbid_unknown_fields=True):
    """Join `leader`'s party into the Wilds, offering these combat powers against the Beasts ([003:84])."""

    leader: Name
    powers: Many[Name] = []


class PayWayOutOfVoid(msgspec.Struct, frozen=True, tag="PayWayOutOfVoid", tag_field="type", forbid_unknown_fields=True):
    """Pay a demon present (or, with none present, the demonic pool) 5 mana after toll ([003:72])."""

    demon: Name | None = None


class DepositInDemonPool(
    msgspec.Struct, frozen=True, tag="DepositInDemonPool", tag_field="type", forbid_unknown_fields=True
):
    amount: Count


class WithdrawFromDemonPool(
    msgspec.Struct, frozen=True, tag="WithdrawFromDemonPool", tag_field="type", forbid_unknown_fields=True
):
    amount: Count


class GoOutOfGame(msgspec.Struct, frozen=True, tag="GoOutOfGame", tag_field="type", forbid_unknown_fields=True):
    """Restrooms are outside the game ([003:88])."""


class ReturnToGame(msgspec.Struct, frozen=True, tag="ReturnToGame", tag_field="type", forbid_unknown_fields=True):
    pass


class TransferMana(msgspec.Struct, frozen=True, tag="TransferMana", tag_field="type", forbid_unknown_fields=True):
    to: Name
    amount: Count


class CollectMana(msgspec.Struct, frozen=True, tag="CollectMana", tag_field="type", forbid_unknown_fields=True):
    """Pick up the mana waiting at the distribution points ([003:148])."""


class SneakAttack(msgspec.Struct, frozen=True, tag="SneakAttack", tag_field="type", forbid_unknown_fields=True):
    target: Name


class DefendCharacter(msgspec.Struct, frozen=True, tag="DefendCharacter", tag_field="type", forbid_unknown_fields=True):
    """ "I will defend X" within the five-second window ([003:336])."""

    attack_id: Name


class ChallengeDuel(msgspec.Struct, frozen=True, tag="ChallengeDuel", tag_field="type", forbid_unknown_fields=True):
    target: Name


class NameDuelTime(msgspec.Struct, frozen=True, tag="NameDuelTime", tag_field="type", forbid_unknown_fields=True):
    duel_id: Name
    minutes: Quantity


class SupportDuelist(msgspec.Struct, frozen=True, tag="SupportDuelist", tag_field="type", forbid_unknown_fields=True):
    """An ally casts one combat-duel (Cd) power on a duelist before round one ([003:332])."""

    combat_id: Name
    duelist: Name
    power: Name


class ChooseCombatArtifact(
    msgspec.Struct, frozen=True, tag="ChooseCombatArtifact", tag_field="type", forbid_unknown_fields=True
):
    artifact: Name


class RequestAnnouncement(
    msgspec.Struct, frozen=True, tag="RequestAnnouncement", tag_field="type", forbid_unknown_fields=True
):
    """The defender asks the attacker to announce this round's power first ([003:346])."""


class ChooseCombatPower(
    msgspec.Struct, frozen=True, tag="ChooseCombatPower", tag_field="type", forbid_unknown_fields=True
):
    """Sealed: a combat power of one's own or of the chosen artifact, or none."""

    power: Name | None = None


class ChooseGesture(msgspec.Struct, frozen=True, tag="ChooseGesture", tag_field="type", forbid_unknown_fields=True):
    gesture: Gesture


class ProposeMutualEnd(
    msgspec.Struct, frozen=True, tag="ProposeMutualEnd", tag_field="type", forbid_unknown_fields=True
):
    pass


class OfferSurrender(msgspec.Struct, frozen=True, tag="OfferSurrender", tag_field="type", forbid_unknown_fields=True):
    pass


class RefuseToSurrender(
    msgspec.Struct, frozen=True, tag="RefuseToSurrender", tag_field="type", forbid_unknown_fields=True
):
    """At 0 hit points, choose death ([003:366])."""


SurrenderTerm = Literal["item", "mana", "earthly_influence", "will", "labor"]


class AcceptSurrender(msgspec.Struct, frozen=True, tag="AcceptSurrender", tag_field="type", forbid_unknown_fields=True):
    """Impose one of the five terms ([003:284-294]); a mutilation too after a weapon of obliteration ([003:300])."""

    term: SurrenderTerm
    artifact: Name | None = None
    race: Name | None = None
    oath: Name | None = None
    mutilation: Mutilation | None = None


class IgnoreSurrender(msgspec.Struct, frozen=True, tag="IgnoreSurrender", tag_field="type", forbid_unknown_fields=True):
    """Only in Era Omega, or by a demon ([003:364]): the loser dies."""


class BuildDemesne(msgspec.Struct, frozen=True, tag="BuildDemesne", tag_field="type", forbid_unknown_fields=True):
    """Build (or agree to build jointly) a demesne here; `contributions` splits the cost ([003:118])."""

    demesne: Name
    name: Name
    contributions: Table[Name, Quantity]


class AdmitToDemesne(msgspec.Struct, frozen=True, tag="AdmitToDemesne", tag_field="type", forbid_unknown_fields=True):
    visitor: Name


class AttackDemesne(msgspec.Struct, frozen=True, tag="AttackDemesne", tag_field="type", forbid_unknown_fields=True):
    """ "I am attacking [demesne]", from outside (to force entrance) or inside (to take it) [003:372]."""

    demesne: Name


class CoordinateDemesneDefence(
    msgspec.Struct, frozen=True, tag="CoordinateDemesneDefence", tag_field="type", forbid_unknown_fields=True
):
    combat_id: Name


class SummonGreatCouncil(
    msgspec.Struct, frozen=True, tag="SummonGreatCouncil", tag_field="type", forbid_unknown_fields=True
):
    """Use the power Summon Great Council: the meeting begins `minutes` from now, led by you ([003:480-482])."""

    minutes: Quantity = 0


class ProposeMotion(msgspec.Struct, frozen=True, tag="ProposeMotion", tag_field="type", forbid_unknown_fields=True):
    """Put one of the Council's acts to the vote ([003:486]): a law, an office, a promotion, the Supreme Deity."""

    kind: MotionKind
    text: Text = ""
    subject: Name | None = None
    office: Name | None = None
    sphere: Name | None = None
    law: Index | None = None


class Vote(msgspec.Struct, frozen=True, tag="Vote", tag_field="type", forbid_unknown_fields=True):
    motion_id: Name
    yes: bool


class CloseMotion(msgspec.Struct, frozen=True, tag="CloseMotion", tag_field="type", forbid_unknown_fields=True):
    """The leader ends a vote that has not reached seven yes votes: it fails."""

    motion_id: Name


class DissolveCouncil(msgspec.Struct, frozen=True, tag="DissolveCouncil", tag_field="type", forbid_unknown_fields=True):
    pass


class ElectArchetypeSuccessor(
    msgspec.Struct, frozen=True, tag="ElectArchetypeSuccessor", tag_field="type", forbid_unknown_fields=True
):
    """An obliterated archetype's archetypal lesser god names one of their number for her seat ([003:441])."""

    seat_of: Name
    candidate: Name


class DeclareOutlaw(msgspec.Struct, frozen=True, tag="DeclareOutlaw", tag_field="type", forbid_unknown_fields=True):
    """The Judge of Heaven passes sentence under the Council's laws ([003:490])."""

    character: Name
    reason: Reason


class CreateArtifact(msgspec.Struct, frozen=True, tag="CreateArtifact", tag_field="type", forbid_unknown_fields=True):
    """Embed powers one knows into a new artifact in a Craft Hall ([003:255], [003:404]); `strengths` gives the
    maximum strength of each variable-cost power ([003:414])."""

    artifact: Name
    name: Name
    powers: Many[Name]
    strengths: Table[Name, Quantity] = {}


class ActivateArtifact(
    msgspec.Struct, frozen=True, tag="ActivateArtifact", tag_field="type", forbid_unknown_fields=True
):
    """Use a power of an artifact one possesses, outside combat ([003:412])."""

    artifact: Name
    power: Name
    targets: Many[Name] = []
    strength: Quantity | None = None
    demesne: Name | None = None
    destination: Name | None = None


class DisposeOfBody(msgspec.Struct, frozen=True, tag="DisposeOfBody", tag_field="type", forbid_unknown_fields=True):
    """The obliterator decides the body's fate; it feeds one elemental sphere ([003:393-400])."""

    body: Name
    method: Literal["burn", "sea", "ice", "animals"]


class UseEndOfCombatPower(
    msgspec.Struct, frozen=True, tag="UseEndOfCombatPower", tag_field="type", forbid_unknown_fields=True
):
    """A Cs power, just before the combat is complete ([003:211]); its effect is ruled by the GM."""

    power: Name


class DropArtifact(msgspec.Struct, frozen=True, tag="DropArtifact", tag_field="type", forbid_unknown_fields=True):
    artifact: Name


class PickUpArtifact(msgspec.Struct, frozen=True, tag="PickUpArtifact", tag_field="type", forbid_unknown_fields=True):
    artifact: Name


class CastPower(msgspec.Struct, frozen=True, tag="CastPower", tag_field="type", forbid_unknown_fields=True):
    """Cast a personal power on targets in one's locale ([003:201]); `strength` for a variable-cost power;
    `demesne` for a demesne power. `pay_surcharge_for`: the targets of a mass persuasion whose higher cost the
    caster pays; any other target with such an ability is unaffected ([003:223])."""

    power: Name
    targets: Many[Name] = []
    strength: Quantity | None = None
    demesne: Name | None = None
    destination: Name | None = None  # for a power that transmigrates
    pay_surcharge_for: Many[Name] = []


class UseGift(msgspec.Struct, frozen=True, tag="UseGift", tag_field="type", forbid_unknown_fields=True):
    """[003:265] a gift costs no mana but otherwise follows the rules of the power it imitates."""

    gift_id: Name
    targets: Many[Name] = []
    demesne: Name | None = None
    destination: Name | None = None


class ConsentToPower(msgspec.Struct, frozen=True, tag="ConsentToPower", tag_field="type", forbid_unknown_fields=True):
    """[003:231], [003:209] a willing target accepts an Nv (or other voluntary) power."""

    cast_id: Name


# --- GM rulings -------------------------------------------------------------------------------------------


class CreditMana(msgspec.Struct, frozen=True, tag="CreditMana", tag_field="type", forbid_unknown_fields=True):
    """Century-end, era-end or any other income the GM computes, in exact fractions."""

    character: Name
    amount: FractionText
    source: Name
    reason: Reason


class RecordManaEvent(msgspec.Struct, frozen=True, tag="RecordManaEvent", tag_field="type", forbid_unknown_fields=True):
    """An event on a worksheet occurred `count` times: every event source naming it pays ([003:142])."""

    event: Name
    reason: Reason
    count: Count = 1


class PayManaSource(msgspec.Struct, frozen=True, tag="PayManaSource", tag_field="type", forbid_unknown_fields=True):
    """Pay a century-end or era-end source of the pack ([003:134], [003:140]) for a measured quantity (worshippers,
    squares...) per character: its rate per card (or flat) times the quantity, exactly."""

    source: Name
    quantities: Table[Name, FractionText]
    reason: Reason


class CreditDemonPool(msgspec.Struct, frozen=True, tag="CreditDemonPool", tag_field="type", forbid_unknown_fields=True):
    """Income of the demons' shared sources into the demonic pool ([003:70]; diabolism's worship, [000:66])."""

    amount: FractionText
    source: Name
    reason: Reason


class DebitMana(msgspec.Struct, frozen=True, tag="DebitMana", tag_field="type", forbid_unknown_fields=True):
    """A forced loss from a power or effect; what cannot be paid becomes debt ([003:156])."""

    character: Name
    amount: Count
    reason: Reason


class ScaleManaSources(
    msgspec.Struct, frozen=True, tag="ScaleManaSources", tag_field="type", forbid_unknown_fields=True
):
    """Between sessions: halve or quarter all mana sources ([003:146])."""

    factor: Literal["1", "1/2", "1/4"]
    reason: Reason


class KillCharacter(msgspec.Struct, frozen=True, tag="KillCharacter", tag_field="type", forbid_unknown_fields=True):
    character: Name
    reason: Reason


class ReleaseCharacterFromDeath(
    msgspec.Struct, frozen=True, tag="ReleaseCharacterFromDeath", tag_field="type", forbid_unknown_fields=True
):
    """A Death power's release, ruled by the GM; `with_healing`: a heal-mutilation power was cast at the same
    time, which alone lifts permanent death ([003:280])."""

    character: Name
    reason: Reason
    with_healing: bool = False


class ObliterateCharacter(
    msgspec.Struct, frozen=True, tag="ObliterateCharacter", tag_field="type", forbid_unknown_fields=True
):
    """The text never says how obliteration happens ([003:300]); the GM records it."""

    character: Name
    reason: Reason
    by: Name | None = None


class CreateDemon(msgspec.Struct, frozen=True, tag="CreateDemon", tag_field="type", forbid_unknown_fields=True):
    demon: CharacterSetup
    reason: Reason
    player_of: Name | None = None


class TransmigrateCharacter(
    msgspec.Struct, frozen=True, tag="TransmigrateCharacter", tag_field="type", forbid_unknown_fields=True
):
    character: Name
    locale: Name
    reason: Reason


class GrantProtection(msgspec.Struct, frozen=True, tag="GrantProtection", tag_field="type", forbid_unknown_fields=True):
    character: Name
    against: Literal["guardian_beasts", "lost_in_void", "underworld_entry"]
    reason: Reason


class EndCombatByRuling(
    msgspec.Struct, frozen=True, tag="EndCombatByRuling", tag_field="type", forbid_unknown_fields=True
):
    """A referee settles a combat the rules do not (both fighters at 0 hit points at once, disputes)."""

    combat_id: Name
    dead: Many[Name]
    reason: Reason


class PlayDemesneDefence(
    msgspec.Struct, frozen=True, tag="PlayDemesneDefence", tag_field="type", forbid_unknown_fields=True
):
    """A referee plays an uncoordinated demesne: its gesture this round (it has no powers) [003:374]."""

    combat_id: Name
    gesture: Gesture | None = None


class RulePowerEffect(msgspec.Struct, frozen=True, tag="RulePowerEffect", tag_field="type", forbid_unknown_fields=True):
    """The GM's judgement of a power's effect that the content pack could not type."""

    cast_id: Name
    ruling: Text
    reason: Reason


class ApproveMutilation(
    msgspec.Struct, frozen=True, tag="ApproveMutilation", tag_field="type", forbid_unknown_fields=True
):
    """The GMs approve, in advance, a player's own "Other" mutilation ([003:310])."""

    character: Name
    description: Text
    reason: Reason


class ResolvePowerConflict(
    msgspec.Struct, frozen=True, tag="ResolvePowerConflict", tag_field="type", forbid_unknown_fields=True
):
    """Two powers whose effects contradict ([003:179]): common sense first; if still ambiguous the higher sphere
    level prevails; at equal levels the referee decides. `prevailing` names the power that wins."""

    first: Name
    second: Name
    prevailing: Name
    reason: Reason
    by_common_sense: bool = False


class SetClock(msgspec.Struct, frozen=True, tag="SetClock", tag_field="type", forbid_unknown_fields=True):
    era: Era
    in_transition: bool
    reason: Reason


# --- demesne income, Hall of Doom records, between sessions ---------------------------------------------------


class CreditDemesneMana(
    msgspec.Struct, frozen=True, tag="CreditDemesneMana", tag_field="type", forbid_unknown_fields=True
):
    """Mana a demesne produced: each owner receives an equal fraction, exactly ([003:118])."""

    demesne: Name
    amount: FractionText
    source: Name
    reason: Reason


class ProposeServiceContract(
    msgspec.Struct, frozen=True, tag="ProposeServiceContract", tag_field="type", forbid_unknown_fields=True
):
    """A service contract between the proposer and `parties`; posted in the Hall of Doom once all sign ([003:60]).
    The contract's id (`contract-<proposer>-<n>`) comes back in `ServiceContractProposed`, seen by the parties."""

    parties: Many[Name]
    terms: Text


class SignServiceContract(
    msgspec.Struct, frozen=True, tag="SignServiceContract", tag_field="type", forbid_unknown_fields=True
):
    contract_id: Name


class RecordDivineOath(
    msgspec.Struct, frozen=True, tag="RecordDivineOath", tag_field="type", forbid_unknown_fields=True
):
    """A divine oath sworn before a witness by a power the engine does not model, posted in the Hall of Doom
    ([003:55], [003:60]). Surrender Will records its oath itself ([003:292])."""

    swearer: Name
    witness: Name
    text: Text
    reason: Reason


class BuySphereCard(msgspec.Struct, frozen=True, tag="BuySphereCard", tag_field="type", forbid_unknown_fields=True):
    """Between sessions: buy one card of a sphere at the pack's price ([003:55], [003:132])."""

    sphere: Name


class RecordSphereCardPurchase(
    msgspec.Struct, frozen=True, tag="RecordSphereCardPurchase", tag_field="type", forbid_unknown_fields=True
):
    """Between sessions: the GMs record a purchase at the price they set ([003:55])."""

    character: Name
    sphere: Name
    cost: Quantity
    reason: Reason


class GrantPower(msgspec.Struct, frozen=True, tag="GrantPower", tag_field="type", forbid_unknown_fields=True):
    """Between sessions: a character gains a new power of the pack ([003:55])."""

    character: Name
    power: Name
    reason: Reason


class LendPower(msgspec.Struct, frozen=True, tag="LendPower", tag_field="type", forbid_unknown_fields=True):
    """Lend a power you know to another character, who holds it as a borrowed power ([003:55], [000:132])."""

    to: Name
    power: Name


class ReturnBorrowedPower(
    msgspec.Struct, frozen=True, tag="ReturnBorrowedPower", tag_field="type", forbid_unknown_fields=True
):
    """The borrower gives a borrowed power back, or the lender (naming `borrower`) recalls it."""

    power: Name
    borrower: Name | None = None


class ReportSession(msgspec.Struct, frozen=True, tag="ReportSession", tag_field="type", forbid_unknown_fields=True):
    """The end-of-session report to the GMs ([003:55]): the character's goals, those accomplished, the sphere
    cards it intends to buy; the server adds what it knows (mana, artifacts, gifts, borrowed powers...)."""

    goals: Many[Text] = []
    goals_met: Many[Text] = []
    intended_purchases: Table[Name, Count] = {}
    notes: Text = ""
