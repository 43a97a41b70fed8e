"""A campaign of The Gods II: the next session's scenario from the end of the last one ([003:51], [003:55]).

Decision: each session is its own game, linked to the one before (`Ruleset.carry_over`, the engine's successor
games): a session's history stays whole and replayable in its own game, and the GM may amend the carried-over
scenario before the next session opens. The next game begins the next session (`session` + 1, not in a
transition phase), in the era the last one reached, with the same content pack.

What carries over, as the end-of-session report lists it ([003:55]): every character's mana (held, waiting
at the distribution points, its fractions and debt), sphere cards, powers, gifts and borrowed powers, goals,
mutilations and hit points, protections, outlawry and shame, earthly bans (they end with the era, [003:290]);
demesnes with their owners and the powers on their cards that outlast the session ([003:241-243]); artifacts
and who holds them; and the Hall of Doom's records: laws, offices, divine oaths, service contracts, empty
Council seats, the Supreme Deity ([003:51], [003:60]); the demons' pool ([003:70]); GM mana scaling
([003:146]); the Earth map (`earth/successor.py`).

Chosen readings: a character dead for its 30 minutes ([003:420]) has served them between sessions and begins
alive (the permanently dead and the obliterated stay so); a demon confined to the Void is free again; what
lasts a session or less ends with it: combats, duels, pending casts, conversations, labor, keep-away orders, a
Council meeting, one scheduled for later (the leader summons it again), proposals not every party signed. A
newly promoted greater god's mana sources switch on with the new session ([003:500]).
"""

from __future__ import annotations

from domain.rulesets.gods2.earth.successor import earth_setup
from domain.rulesets.gods2.kernel.carried import (
    BorrowedSetup,
    ContractSetup,
    DemesnePowerSetup,
    GiftSetup,
    OathSetup,
    VacancySetup,
)
from domain.rulesets.gods2.kernel.model import (
    ArtifactSetup,
    Character,
    CharacterSetup,
    DemesneSetup,
    LocaleSetup,
    Settings,
    Setup,
    State,
)


def _character(c: Character) -> CharacterSetup:
    return CharacterSetup(
        id=c.id,
        name=c.name,
        kind=c.kind,
        locale=c.locale,
        spheres=dict(c.spheres),
        greater_spheres=list(c.greater_spheres),
        powers=list(c.powers),
        mana=c.mana,
        permanent_hp=c.permanent_hp,
        lords=list(c.lords),
        archetype=c.archetype,
        primal_being=c.primal_being,
        persuasion_surcharge=c.persuasion_surcharge,
        life="alive" if c.life == "dead" else c.life,
        pending=c.pending,
        debt=c.debt,
        accumulators={k: str(v) for k, v in c.accumulators.items()},
        mutilations=list(c.mutilations),
        gifts=[GiftSetup(gift_id=g.gift_id, power=g.power, giver=g.giver) for g in c.gifts],
        borrowed=[BorrowedSetup(power=b.power, lender=b.lender) for b in c.borrowed],
        protections=list(c.protections),  # type: ignore[arg-type]
        lost_in_void=c.lost_in_void,
        outlaw=c.outlaw,
        shamed=c.shamed,
        built_demesne=c.built_demesne,
        earthly_bans=list(c.earthly_bans),
        goals=list(c.goals),
    )


def carry_over(state: State, settings: Settings) -> Setup:
    """The scenario of the campaign's next session, from the finished session's final state."""
    return Setup(
        locales=[
            LocaleSetup(id=k.id, kind=k.kind, name=k.name, craft_hall=k.craft_hall, entrances=list(k.entrances))
            for k in state.locales.values()
        ],
        characters=[_character(c) for c in state.characters.values()],
        era=state.era,
        in_transition=False,
        demesnes=[
            DemesneSetup(
                id=d.id,
                name=d.name,
                parent=d.parent,
                owners=list(d.owners),
                powers=[
                    DemesnePowerSetup(power=p.power, lasts=p.lasts, caster=p.caster)
                    for p in d.powers
                    if p.lasts != "session"
                ],
            )
            for d in state.demesnes.values()
        ],
        artifacts=[
            ArtifactSetup(
                id=a.id,
                name=a.name,
                powers=list(a.powers),
                holder=a.holder,
                locale=a.locale,
                max_strength=dict(a.max_strength),
                creator=a.creator,
            )
            for a in state.artifacts.values()
        ],
        offices=dict(state.offices),
        laws=list(state.laws),
        content=state.pack,
        earth=earth_setup(state.earth) if state.earth is not None else None,
        session=state.session + 1,
        oaths=[OathSetup(swearer=o.swearer, witness=o.witness, text=o.text) for o in state.oaths],
        service_contracts=[
            ContractSetup(id=k.id, proposer=k.proposer, parties=list(k.parties), terms=k.terms)
            for k in state.contracts.values()
            if k.recorded
        ],
        vacancies=[
            VacancySetup(seat_of=v.seat_of, archetype=v.archetype, sphere=v.sphere, electors=list(v.electors))
            for v in state.vacancies
        ],
        supreme_deity=state.supreme_deity,
        demon_pool=state.demon_pool,
        pool_accumulators={k: str(v) for k, v in state.pool_accumulators.items()},
        source_scale=str(state.source_scale),
        serial=state.serial,
        serials=dict(state.serials),
    )
