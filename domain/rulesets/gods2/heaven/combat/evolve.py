"""`evolve` for combat, duels, attacks, surrender and artifacts in hand."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2.heaven.combat.events import (
    AnnouncementRequested,
    ArtifactClaimable,
    ArtifactCreated,
    ArtifactDropped,
    ArtifactHandedOver,
    ArtifactPickedUp,
    AttackAnnounced,
    AttackLapsed,
    BodyguardStepped,
    CombatArtifactChosen,
    CombatEnded,
    CombatPowerChosen,
    CombatPowersRevealed,
    CombatPowerTookEffect,
    CombatStarted,
    DemesneBuildProposed,
    DemesneBuilt,
    DemesneDefenceCoordinated,
    DemesneFell,
    Disengaged,
    DuelChallenged,
    DuelNoShow,
    DuelPostponed,
    DuelSupportCast,
    DuelTimeNamed,
    FighterFell,
    GestureChosen,
    KeepAwayEnded,
    LaborEnded,
    LaborImposed,
    MutilationApproved,
    MutilationInflicted,
    MutualEndProposed,
    RoundFought,
    SurrenderAccepted,
    SurrenderOffered,
    VisitorAdmitted,
)
from domain.rulesets.gods2.kernel.model import (
    Artifact,
    Combat,
    Demesne,
    Duel,
    Fighter,
    KeepAway,
    Oath,
    PendingAttack,
    PendingBuild,
    State,
)

R = msgspec.structs.replace

CombatEvent = (
    AttackAnnounced
    | AttackLapsed
    | BodyguardStepped
    | DuelChallenged
    | DuelTimeNamed
    | DuelSupportCast
    | DuelNoShow
    | DuelPostponed
    | CombatStarted
    | CombatArtifactChosen
    | AnnouncementRequested
    | CombatPowerChosen
    | CombatPowersRevealed
    | CombatPowerTookEffect
    | GestureChosen
    | RoundFought
    | FighterFell
    | MutualEndProposed
    | SurrenderOffered
    | SurrenderAccepted
    | MutilationInflicted
    | MutilationApproved
    | LaborImposed
    | LaborEnded
    | CombatEnded
    | Disengaged
    | KeepAwayEnded
    | DemesneBuildProposed
    | DemesneBuilt
    | VisitorAdmitted
    | DemesneDefenceCoordinated
    | DemesneFell
    | ArtifactDropped
    | ArtifactClaimable
    | ArtifactCreated
    | ArtifactPickedUp
    | ArtifactHandedOver
)


def _change(state: State, character_id: str, **fields: object) -> State:
    c = state.characters.get(character_id)
    if c is None:
        return state
    return R(state, characters={**state.characters, c.id: R(c, **fields)})


def _fighter(state: State, combat_id: str, fighter_id: str, **fields: object) -> State:
    combat = state.combats.get(combat_id)
    if combat is None:
        return state
    if combat.attacker.id == fighter_id:
        combat = R(combat, attacker=R(combat.attacker, **fields))
    elif combat.defender.id == fighter_id:
        combat = R(combat, defender=R(combat.defender, **fields))
    return R(state, combats={**state.combats, combat_id: combat})


def _combat(state: State, combat_id: str, **fields: object) -> State:
    combat = state.combats.get(combat_id)
    if combat is None:
        return state
    return R(state, combats={**state.combats, combat_id: R(combat, **fields)})


def _artifact(state: State, artifact_id: str, **fields: object) -> State:
    artifact = state.artifacts.get(artifact_id)
    if artifact is None:
        return state
    return R(state, artifacts={**state.artifacts, artifact_id: R(artifact, **fields)})


def evolve_combat(state: State, event: CombatEvent) -> State:
    match event:
        case AttackAnnounced():
            attack = PendingAttack(
                id=event.attack_id,
                attacker=event.attacker,
                target=event.target,
                locale=event.locale,
                kind=event.kind,
                lawful=event.lawful,
                window_ends=event.window_ends,
            )
            return R(state, attacks={**state.attacks, attack.id: attack}, serial=state.serial + 1)
        case AttackLapsed():
            return R(state, attacks={k: v for k, v in state.attacks.items() if k != event.attack_id})
        case BodyguardStepped():
            pending = state.attacks.get(event.attack_id)
            if pending is None:
                return state
            return R(state, attacks={**state.attacks, pending.id: R(pending, bodyguard=event.bodyguard)})
        case DuelChallenged():
            duel = Duel(
                id=event.duel_id,
                challenger=event.challenger,
                challenged=event.challenged,
                locale=event.locale,
            )
            return R(state, duels={**state.duels, duel.id: duel}, serial=state.serial + 1)
        case DuelTimeNamed():
            named = state.duels.get(event.duel_id)
            return state if named is None else R(state, duels={**state.duels, named.id: R(named, at=event.at)})
        case DuelPostponed():
            return state  # the duel stays scheduled; the meeting's end names its new time
        case DuelNoShow():
            state = R(state, duels={k: v for k, v in state.duels.items() if k != event.duel_id})
            for shamed in event.shamed:
                state = _change(state, shamed, shamed=True)
            return state
        case CombatStarted():
            return _started(state, event)
        case DuelSupportCast():
            combat = state.combats.get(event.combat_id)
            if combat is None:
                return state
            f = combat.side(event.duelist)
            state = _combat(state, event.combat_id, supporters=(*combat.supporters, event.ally))
            state = _change(state, event.ally, bubble=combat.id)
            return _fighter(
                state,
                event.combat_id,
                event.duelist,
                tricks=f.tricks + event.tricks,
                blocks=f.blocks + event.blocks,
                hp=f.hp + event.hit_points,
            )
        case CombatArtifactChosen():
            return _fighter(state, event.combat_id, event.fighter, artifact=event.artifact)
        case AnnouncementRequested():
            return _combat(state, event.combat_id, announce_first=True)
        case CombatPowerChosen():
            return _fighter(state, event.combat_id, event.fighter, sealed_power=event.power, power_committed=True)
        case CombatPowersRevealed():
            return _combat(state, event.combat_id, step="gesture")
        case CombatPowerTookEffect():
            return _power_effect(state, event)
        case GestureChosen():
            return _fighter(state, event.combat_id, event.fighter, sealed_gesture=event.gesture)
        case RoundFought():
            return _round_fought(state, event)
        case FighterFell():
            return _combat(state, event.combat_id, step="surrender", fallen=tuple(event.fighters))
        case MutualEndProposed():
            combat = state.combats.get(event.combat_id)
            if combat is None:
                return state
            return _combat(state, event.combat_id, mutual_end=(*combat.mutual_end, event.fighter))
        case SurrenderOffered():
            return _combat(state, event.combat_id, surrender_offered=True)
        case SurrenderAccepted():
            return _surrender_terms(state, event)
        case MutilationInflicted():
            c = state.characters.get(event.character)
            if c is None:
                return state
            return _change(
                state,
                c.id,
                mutilations=(*c.mutilations, event.mutilation),
                permanent_hp=c.permanent_hp - event.hit_points_lost,
            )
        case MutilationApproved():
            return _change(state, event.character, approved_mutilation=event.description)
        case LaborImposed():
            return _change(state, event.character, labor_master=event.master, labor_until=event.until)
        case LaborEnded():
            return _change(state, event.character, labor_master=None, labor_until=None)
        case CombatEnded():
            combat = state.combats.get(event.combat_id)
            if combat is None:
                return state
            state = R(state, combats={k: v for k, v in state.combats.items() if k != event.combat_id})
            for fighter in (combat.attacker, combat.defender):
                if not fighter.demesne:
                    state = _change(state, fighter.id, combat=None)
            for ally in combat.supporters:
                state = _change(state, ally, bubble=None)
            return state
        case Disengaged():
            c = state.characters.get(event.character)
            if c is None:
                return state
            away = KeepAway(locale=event.locale, opponent=event.opponent, until=event.until)
            return _change(state, c.id, keep_away=(*c.keep_away, away))
        case KeepAwayEnded():
            c = state.characters.get(event.character)
            if c is None:
                return state
            kept = tuple(a for a in c.keep_away if a.opponent != event.opponent)
            return _change(state, c.id, keep_away=kept)
        case DemesneBuildProposed():
            build = state.builds.get(event.demesne) or PendingBuild(
                id=event.demesne,
                name=event.name,
                parent=event.parent,
                contributions=dict(event.contributions),
                agreed=(),
            )
            build = R(build, agreed=(*build.agreed, event.builder))
            return R(state, builds={**state.builds, build.id: build})
        case DemesneBuilt():
            demesne = Demesne(id=event.demesne, name=event.name, parent=event.parent, owners=tuple(event.owners))
            builds = {k: v for k, v in state.builds.items() if k != event.demesne}
            state = R(state, demesnes={**state.demesnes, demesne.id: demesne}, builds=builds)
            for owner in event.owners:
                state = _change(state, owner, built_demesne=True)
            return state
        case VisitorAdmitted():
            d = state.demesnes.get(event.demesne)
            if d is None:
                return state
            return R(state, demesnes={**state.demesnes, d.id: R(d, admitted=(*d.admitted, event.visitor))})
        case DemesneDefenceCoordinated():
            return _combat(state, event.combat_id, coordinator=event.coordinator)
        case DemesneFell():
            d = state.demesnes.get(event.demesne)
            if d is None or not event.from_inside:
                return state
            return R(state, demesnes={**state.demesnes, d.id: R(d, owners=(event.attacker,))})
        case ArtifactDropped():
            return _artifact(state, event.artifact, holder=None, locale=event.locale, claimant=None)
        case ArtifactClaimable():
            return _artifact(state, event.artifact, claimant=event.claimant)
        case ArtifactCreated():
            made = Artifact(
                id=event.artifact,
                name=event.name,
                powers=tuple(event.powers),
                holder=event.creator,
                max_strength=dict(event.max_strength),
                creator=event.creator,
            )
            return R(state, artifacts={**state.artifacts, made.id: made})
        case ArtifactPickedUp():
            return _artifact(state, event.artifact, holder=event.character, locale=None, claimant=None)
        case ArtifactHandedOver():
            return _artifact(state, event.artifact, holder=event.receiver, locale=None)


def _started(state: State, event: CombatStarted) -> State:
    attacker = Fighter(id=event.attacker, hp=event.attacker_hp)
    defender = Fighter(
        id=event.defender,
        hp=event.defender_hp,
        demesne=event.defender_is_demesne,
        blocks=event.defender_blocks,
    )
    combat = Combat(
        id=event.combat_id,
        kind=event.kind,
        locale=event.locale,
        attacker=attacker,
        defender=defender,
        from_inside=event.from_inside,
    )
    attacks = {
        k: v for k, v in state.attacks.items() if not (v.attacker == event.attacker and v.locale == event.locale)
    }
    duels = {
        k: v
        for k, v in state.duels.items()
        if not (event.kind == "duel" and {v.challenger, v.challenged} == {event.attacker, event.defender})
    }
    state = R(
        state,
        combats={**state.combats, combat.id: combat},
        attacks=attacks,
        duels=duels,
        serial=state.serial + 1,
    )
    state = _change(state, event.attacker, combat=combat.id)
    if not event.defender_is_demesne:
        state = _change(state, event.defender, combat=combat.id)
    return state


def _power_effect(state: State, event: CombatPowerTookEffect) -> State:
    combat = state.combats.get(event.combat_id)
    if combat is None:
        return state
    me = combat.side(event.fighter)
    other = combat.opponent(event.fighter)
    state = _fighter(
        state,
        combat.id,
        me.id,
        used_powers=(*me.used_powers, event.power),
        tricks=me.tricks + event.tricks,
        blocks=me.blocks + event.blocks,
        hp=me.hp + event.hit_points,
        disengaging=me.disengaging or (event.disengage and not me.demesne),  # [003:374] demesnes never disengage
        obliteration_weapon=me.obliteration_weapon or event.obliteration_weapon,
    )
    state = _fighter(
        state,
        combat.id,
        other.id,
        hp=other.hp - event.damage,
        disengaging=other.disengaging or (event.forces_disengage and not other.demesne),
    )
    if event.forces_mutual_end:
        state = _combat(state, combat.id, forced_end=True)
    return state


def _round_fought(state: State, event: RoundFought) -> State:
    combat = state.combats.get(event.combat_id)
    if combat is None:
        return state

    def after(f: Fighter, gesture: str, hp: int) -> Fighter:
        return R(
            f,
            hp=hp,
            tricks=f.tricks - (gesture == "trick"),
            blocks=f.blocks - (gesture == "block"),
            sealed_power=None,
            power_committed=False,
            sealed_gesture=None,
        )

    combat = R(
        combat,
        attacker=after(combat.attacker, event.attacker_gesture, event.attacker_hp),
        defender=after(combat.defender, event.defender_gesture, event.defender_hp),
        round=combat.round + 1,
        step="power",
        announce_first=False,
    )
    return R(state, combats={**state.combats, combat.id: combat})


def _surrender_terms(state: State, event: SurrenderAccepted) -> State:
    """Earthly Influence and Will leave records; the other terms' effects are their own events."""
    if event.term == "earthly_influence" and event.race:
        c = state.characters.get(event.loser)
        if c is not None:
            state = _change(state, c.id, earthly_bans=(*c.earthly_bans, event.race))
    if event.term == "will" and event.oath:
        # [003:292] recorded in the Hall of Doom, the winner as sole witness.
        state = R(state, oaths=(*state.oaths, Oath(swearer=event.loser, witness=event.winner, text=event.oath)))
    return state
