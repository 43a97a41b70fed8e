"""What each viewer may see (digest A6). The GM sees everything.

Public: where everyone is and whether they live ([003:108] the senses extend beyond the locale), mutilations
([003:298]), who carries which artifact ([003:406]), combats in progress and their hit points, the Hall of Doom
records (laws, offices, outlaws, shame, divine oaths, service contracts: [003:60]). Private to a character: mana,
debt, accumulators, powers, sphere cards, gifts, borrowed powers, goals, protections and what changes between
sessions ([003:53-55], [003:263]); a loan is seen by its lender and borrower, an unposted contract by its parties.
Sealed combat choices are seen by their chooser only until revealed. The demonic pool is seen by demons ([003:70]).
"""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.engine import Actor
from domain.rulesets.gods2.earth.events import (
    CoCastingProposed,
    CoCastingSigned,
    CoCastingWithdrawn,
    HistoryPowerCast,
    HistoryRecorded,
    PantheonChangeLapsed,
    PantheonChangeProposed,
    PantheonChangeSigned,
)
from domain.rulesets.gods2.earth.views import EarthView, earth_view, redact_cast, redact_history, redact_order
from domain.rulesets.gods2.events import Event
from domain.rulesets.gods2.heaven.combat.events import (
    ArtifactCreated,
    CombatPowerChosen,
    GestureChosen,
    SurrenderAccepted,
)
from domain.rulesets.gods2.heaven.council.events import ServiceContractProposed, ServiceContractSigned
from domain.rulesets.gods2.heaven.locales.events import ProtectionGranted, VoidExitBought, WildsPartyJoined
from domain.rulesets.gods2.heaven.powers.events import (
    BorrowedPowerReturned,
    CastPending,
    GiftGranted,
    PowerCast,
    PowerEffectRuled,
    PowerLent,
    RulingRequested,
)
from domain.rulesets.gods2.heaven.transition.events import PowerGained, SessionReported, SphereCardBought
from domain.rulesets.gods2.kernel.events import (
    DemonCreated,
    DemonPoolCredited,
    DemonPoolDeposited,
    DemonPoolWithdrawn,
    ManaCollected,
    ManaCredited,
    ManaLost,
    ManaSpent,
    ManaTransferred,
)
from domain.rulesets.gods2.kernel.model import Character, Combat, Demesne, Fighter, State

R = msgspec.structs.replace


class GiftView(msgspec.Struct, frozen=True):
    gift_id: str
    power: str
    giver: str


class CharacterView(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: str
    locale: str
    life: str
    dead_until: datetime | None
    mutilations: list[str]
    lost_in_void: bool
    out_of_game: bool
    combat: str | None
    outlaw: bool
    shamed: bool
    office: str | None
    artifacts: list[str]
    conversation_until: datetime | None = None
    labor_master: str | None = None
    labor_until: datetime | None = None
    confined_until: datetime | None = None
    mana: int | None = None
    pending: int | None = None
    debt: int | None = None
    accumulators: dict[str, str] | None = None
    powers: list[str] | None = None
    spheres: dict[str, int] | None = None
    gifts: list[GiftView] | None = None
    protections: list[str] | None = None
    permanent_hp: int | None = None
    earthly_bans: list[str] | None = None
    persuasion_surcharge: int | None = None
    borrowed: list[str] | None = None  # "power (from lender)" [003:55]
    goals: list[str] | None = None  # as the last end-of-session report gave them [003:55]


class FighterView(msgspec.Struct, frozen=True):
    id: str
    hp: int
    demesne: bool
    used_powers: list[str]
    artifact: str | None
    power_chosen: bool
    gesture_chosen: bool
    tricks: int | None = None
    blocks: int | None = None
    power: str | None = None
    gesture: str | None = None


class CombatView(msgspec.Struct, frozen=True):
    id: str
    kind: str
    locale: str
    round: int
    step: str
    attacker: FighterView
    defender: FighterView
    announce_first: bool
    fallen: list[str]
    surrender_offered: bool


class AttackView(msgspec.Struct, frozen=True):
    id: str
    attacker: str
    target: str
    locale: str
    kind: str
    window_ends: datetime
    bodyguard: str | None


class DuelView(msgspec.Struct, frozen=True):
    id: str
    challenger: str
    challenged: str
    at: datetime | None


class MotionView(msgspec.Struct, frozen=True):
    id: str
    kind: str
    text: str
    proposer: str
    subject: str | None
    yes: list[str]
    no: list[str]


class CouncilView(msgspec.Struct, frozen=True):
    leader: str
    hall: str
    speech_until: datetime
    forfeited: list[str]
    motions: list[MotionView]


class DemesneView(msgspec.Struct, frozen=True):
    id: str
    name: str
    parent: str
    owners: list[str]
    card: list[str] | None = None  # the powers on its card: seen by those present ([003:126])


class View(msgspec.Struct, frozen=True):
    era: str
    in_transition: bool
    locales: dict[str, str]
    characters: list[CharacterView]
    combats: list[CombatView]
    demesnes: list[DemesneView]
    artifacts_on_floor: dict[str, str]
    attacks: list[AttackView]
    duels: list[DuelView]
    laws: list[str]
    offices: dict[str, str]
    pack: str
    casts: list[str]
    council: CouncilView | None
    council_scheduled: datetime | None
    vacancies: int
    oaths: list[str]
    supreme_deity: str | None
    # Hall of Doom records ([003:60]): service contracts every party signed, as "parties: terms".
    service_contracts: list[str] = []
    session: int = 1  # the session in play; in a transition phase, the one that just ended
    demon_pool: int | None = None
    open_rulings: dict[str, str] | None = None
    earth: EarthView | None = None  # Era Centrum's Earth map (earth/views.py)


# Terms whose consequences everyone sees: the artifact changes hands ([003:406]), the oath is recorded in the Hall
# of Doom ([003:292]), the 30 minutes of service are performed in public ([003:294]).
OBSERVABLE_TERMS = frozenset({"item", "will", "labor"})


def _sees_private(viewer: Actor, character_id: str) -> bool:
    return viewer.is_gm or viewer.controls == character_id


def _character_view(state: State, c: Character, viewer: Actor) -> CharacterView:
    office = next((o for o, holder in state.offices.items() if holder == c.id), None)
    held = sorted(a.id for a in state.artifacts.values() if a.holder == c.id)
    view = CharacterView(
        id=c.id,
        name=c.name,
        kind=c.kind,
        locale=c.locale,
        life=c.life,
        dead_until=c.dead_until,
        mutilations=list(c.mutilations),
        lost_in_void=c.lost_in_void,
        out_of_game=c.out_of_game,
        combat=c.combat,
        outlaw=c.outlaw,
        shamed=c.shamed,
        office=office,
        artifacts=held,
        conversation_until=c.conversation_until,
        labor_master=c.labor_master,
        labor_until=c.labor_until,
        confined_until=c.void_confined_until,
    )
    if not _sees_private(viewer, c.id):
        return view
    return R(
        view,
        mana=c.mana,
        pending=c.pending,
        debt=c.debt,
        accumulators={k: str(v) for k, v in c.accumulators.items()},
        powers=list(c.powers),
        spheres=dict(c.spheres),
        gifts=[GiftView(gift_id=g.gift_id, power=g.power, giver=g.giver) for g in c.gifts],
        protections=list(c.protections),
        permanent_hp=c.permanent_hp,
        earthly_bans=list(c.earthly_bans),
        persuasion_surcharge=c.persuasion_surcharge,
        borrowed=[f"{b.power} (from {b.lender})" for b in c.borrowed],
        goals=list(c.goals),
    )


def _fighter_view(f: Fighter, viewer: Actor, coordinator: str | None = None) -> FighterView:
    view = FighterView(
        id=f.id,
        hp=f.hp,
        demesne=f.demesne,
        used_powers=list(f.used_powers),
        artifact=f.artifact,
        power_chosen=f.power_committed,
        gesture_chosen=f.sealed_gesture is not None,
    )
    if not (_sees_private(viewer, f.id) or (coordinator is not None and viewer.controls == coordinator)):
        return view
    return R(view, tricks=f.tricks, blocks=f.blocks, power=f.sealed_power, gesture=f.sealed_gesture)


def _combat_view(combat: Combat, viewer: Actor) -> CombatView:
    return CombatView(
        id=combat.id,
        kind=combat.kind,
        locale=combat.locale,
        round=combat.round,
        step=combat.step,
        attacker=_fighter_view(combat.attacker, viewer),
        defender=_fighter_view(combat.defender, viewer, combat.coordinator if combat.defender.demesne else None),
        announce_first=combat.announce_first,
        fallen=list(combat.fallen),
        surrender_offered=combat.surrender_offered,
    )


def _is_demon(state: State, viewer: Actor) -> bool:
    c = state.characters.get(viewer.controls or "")
    return c is not None and c.kind == "demon"


def _demesne_view(state: State, d: Demesne, viewer: Actor) -> DemesneView:
    view = DemesneView(id=d.id, name=d.name, parent=d.parent, owners=list(d.owners))
    looker = state.characters.get(viewer.controls or "")
    if viewer.is_gm or (looker is not None and looker.locale in (d.id, d.parent)) or viewer.controls in d.owners:
        return R(view, card=[f"{p.power} ({p.lasts})" for p in d.powers])
    return view


def _council_view(state: State) -> CouncilView | None:
    """The Council sits in public ([003:60], [003:480])."""
    c = state.council
    if c is None:
        return None
    motions = [
        MotionView(
            id=m.id, kind=m.kind, text=m.text, proposer=m.proposer, subject=m.subject, yes=list(m.yes), no=list(m.no)
        )
        for m in c.motions.values()
    ]
    return CouncilView(
        leader=c.leader, hall=c.hall, speech_until=c.speech_until, forfeited=list(c.forfeited), motions=motions
    )


def view_for(state: State, viewer: Actor) -> View:
    return View(
        era=state.era,
        in_transition=state.in_transition,
        locales={lid: loc.kind for lid, loc in state.locales.items()},
        characters=[_character_view(state, c, viewer) for c in state.characters.values()],
        combats=[_combat_view(c, viewer) for c in state.combats.values()],
        demesnes=[_demesne_view(state, d, viewer) for d in state.demesnes.values()],
        artifacts_on_floor={a.id: a.locale for a in state.artifacts.values() if a.holder is None and a.locale},
        attacks=[
            AttackView(
                id=a.id,
                attacker=a.attacker,
                target=a.target,
                locale=a.locale,
                kind=a.kind,
                window_ends=a.window_ends,
                bodyguard=a.bodyguard,
            )
            for a in state.attacks.values()
        ],
        duels=[
            DuelView(id=d.id, challenger=d.challenger, challenged=d.challenged, at=d.at) for d in state.duels.values()
        ],
        laws=list(state.laws),
        offices=dict(state.offices),
        pack=f"{state.pack.id}@{state.pack.version}",
        casts=sorted(state.casts),
        open_rulings={k: r.question for k, r in state.rulings.items()} if viewer.is_gm else None,
        council=_council_view(state),
        council_scheduled=state.summons.at if state.summons is not None else None,
        vacancies=len(state.vacancies),
        oaths=[f"{o.swearer} to {o.witness}: {o.text}" for o in state.oaths],
        supreme_deity=state.supreme_deity,
        service_contracts=[f"{', '.join(k.parties)}: {k.terms}" for k in state.contracts.values() if k.recorded],
        session=state.session,
        demon_pool=state.demon_pool if viewer.is_gm or _is_demon(state, viewer) else None,
        earth=earth_view(state, viewer),
    )


def redact(event: Event, viewer: Actor) -> Event | None:
    """Called for seats and observers only (the engine shows the GM everything)."""
    me = viewer.controls
    match event:
        case ManaCredited() | ManaCollected() | ManaSpent() | ManaLost() | ProtectionGranted():
            return event if me == event.character else None
        case ManaTransferred():
            return event if me in (event.giver, event.receiver) else None
        case VoidExitBought():
            return event if me in (event.character, event.demon) else None
        case DemonPoolDeposited() | DemonPoolWithdrawn():
            return event if me == event.demon else None
        case DemonPoolCredited():
            return None
        case DemonCreated():
            # The new demon's sheet is private ([003:53]): others learn only that it exists.
            hidden = R(event.demon, powers=[], mana=0, spheres={}, greater_spheres=[])
            return event if me == event.demon.id else R(event, demon=hidden)
        case WildsPartyJoined():
            return event if me in (event.character, event.leader) else R(event, powers=[])
        case ArtifactCreated():
            # Digest A6: an artifact's written powers stay with it, read by its possessor.
            return event if me == event.creator else R(event, powers=[], max_strength={})
        case CombatPowerChosen():
            return event if me == event.fighter or not event.sealed else R(event, power=None)
        case GestureChosen():
            return event if me == event.fighter else R(event, gesture=None)
        case PowerCast() if event.persuasion and not event.loud:
            # [003:195] the cause of a persuasion stays between its parties; the conversation lock is public.
            return event if me == event.caster or me in event.targets else None
        case CastPending() if event.stage == "conversation" and not event.loud:
            return event if me == event.caster or me in event.targets else R(event, power="")
        case SurrenderAccepted() if me not in (event.winner, event.loser) and event.term not in OBSERVABLE_TERMS:
            # Digest A6: surrender terms are known to both parties; others see only what the terms make visible.
            return R(event, term="", race=None)
        case ServiceContractProposed() | ServiceContractSigned():
            return event if me in event.parties else None  # posted only once every party signed [003:60]
        case PowerLent() | BorrowedPowerReturned():
            return event if me in (event.lender, event.borrower) else None
        case SphereCardBought() | PowerGained() | SessionReported():
            return event if me == event.character else None  # the character's own sheet and report [003:53-55]
        case GiftGranted():
            return event if me in (event.holder, event.giver) else None  # [003:263] gift cards are private
        case RulingRequested() | PowerEffectRuled():
            return event if me == event.caster or me in event.targets else None
        case HistoryRecorded():
            return redact_history(event, viewer)  # [000:122] gods need not sign the history
        case HistoryPowerCast():
            return redact_cast(event, viewer)
        case CoCastingProposed():
            return event if me == event.by or me in event.payments else None  # [000:130] between the casters
        case CoCastingSigned() | CoCastingWithdrawn():
            return event if me in event.parties else None
        case PantheonChangeProposed() | PantheonChangeSigned() | PantheonChangeLapsed():
            return redact_order(event, viewer)  # [000:78] between the members and the referees
        case _:
            return event
