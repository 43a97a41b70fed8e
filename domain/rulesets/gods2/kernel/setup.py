"""`initial_state`: the scenario (locales, characters, demesnes, artifacts, offices, laws) checked and folded.

A well-formed scenario that breaks the rules is refused with `gods2.bad_scenario`: Heaven needs a Hall of Doom,
an Underworld and a Void; at most twelve greater gods ([003:498]); demesnes only where the text allows
([003:116]); one office per character ([003:504]).
"""

from __future__ import annotations

from domain.engine.ids import counted
from domain.rulesets.gods2.kernel.common import reject
from domain.rulesets.gods2.kernel.content import ContentPack, pack_problems, parse_fraction, sample_pack
from domain.rulesets.gods2.kernel.model import (
    DEFAULT_LAW,
    DEMESNE_LOCALES,
    Artifact,
    BorrowedPower,
    Character,
    CharacterSetup,
    Demesne,
    DemesnePower,
    DemesneSetup,
    Gift,
    Locale,
    Oath,
    ServiceContract,
    Settings,
    Setup,
    State,
    Vacancy,
)


def character_from_setup(s: CharacterSetup) -> Character:
    return Character(
        id=s.id,
        name=s.name,
        kind=s.kind,
        locale=s.locale,
        spheres=dict(s.spheres),
        greater_spheres=tuple(s.greater_spheres),
        powers=tuple(s.powers),
        lords=tuple(s.lords),
        archetype=s.archetype,
        primal_being=s.primal_being,
        mana=s.mana,
        permanent_hp=s.permanent_hp,
        persuasion_surcharge=s.persuasion_surcharge,
        life=s.life,
        pending=s.pending,
        debt=s.debt,
        accumulators={k: parse_fraction(v) for k, v in s.accumulators.items()},
        mutilations=tuple(s.mutilations),
        gifts=tuple(Gift(gift_id=g.gift_id, power=g.power, giver=g.giver) for g in s.gifts),
        borrowed=tuple(BorrowedPower(power=b.power, lender=b.lender) for b in s.borrowed),
        protections=tuple(s.protections),
        lost_in_void=s.lost_in_void,
        outlaw=s.outlaw,
        shamed=s.shamed,
        built_demesne=s.built_demesne,
        earthly_bans=tuple(s.earthly_bans),
        goals=tuple(s.goals),
    )


RESTRICTED = frozenset({"primeval_wilds", "underworld", "void"})


def layout_problems(setup: Setup) -> list[str]:
    """[003:110] the restricted locales (the Primeval Wilds, the Underworld, the Void) never block access to
    any other locale: from the Hall of Doom, every locale has an entrance reachable without going through a
    restricted one. Checked when the scenario describes the site's layout (some `entrances`); demesnes stand
    inside their parent locale and are not part of the layout."""
    if not any(loc.entrances for loc in setup.locales):
        return []
    kinds = {loc.id: loc.kind for loc in setup.locales}
    links: dict[str, set[str]] = {loc.id: set() for loc in setup.locales}
    problems = []
    for loc in setup.locales:
        for other in loc.entrances:
            if other not in links or other == loc.id:
                problems.append(f"locale {loc.id} opens onto unknown locale {other}")
                continue
            links[loc.id].add(other)
            links[other].add(loc.id)
    start = next((loc.id for loc in setup.locales if loc.kind == "hall_of_doom"), None)
    reached, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        for there in sorted(links.get(here or "", ())):
            if there not in reached:
                reached.add(there)
                if kinds[there] not in RESTRICTED:  # one may enter a restricted locale, but not pass through it
                    frontier.append(there)
    problems.extend(
        f"locale {loc.id} can be reached only through a restricted locale [003:110]"
        for loc in setup.locales
        if loc.id not in reached
    )
    return problems if start is not None else []


def carried_problems(setup: Setup, ids: set[str], powers: set[str]) -> list[str]:
    """References in what an earlier session carried over: every character and power named must exist."""
    problems = []
    for c in setup.characters:
        named = [g.giver for g in c.gifts] + [b.lender for b in c.borrowed]
        problems += [f"{c.id} holds a gift or loan from unknown {n}" for n in named if n not in ids]
        used = [g.power for g in c.gifts] + [b.power for b in c.borrowed]
        problems += [f"{c.id} holds unknown power {p}" for p in used if p not in powers]
    for d in setup.demesnes:
        problems += [f"demesne {d.id} carries unknown power {p.power}" for p in d.powers if p.power not in powers]
    named = [n for o in setup.oaths for n in (o.swearer, o.witness)]
    named += [n for k in setup.service_contracts for n in (k.proposer, *k.parties)]
    named += [n for v in setup.vacancies for n in (v.seat_of, *v.electors)]
    named += [setup.supreme_deity] if setup.supreme_deity is not None else []
    problems += [f"the records name unknown character {n}" for n in named if n not in ids]
    return problems


def _problems(setup: Setup, pack: ContentPack) -> list[str]:
    problems = pack_problems(pack)
    locales = {loc.id: loc for loc in setup.locales}
    kinds = {loc.kind for loc in setup.locales}
    for needed in ("hall_of_doom", "underworld", "void"):
        if needed not in kinds:
            problems.append(f"Heaven needs a locale of kind {needed}")
    places = set(locales)
    for d in setup.demesnes:
        parent = locales.get(d.parent)
        if parent is None or parent.kind not in DEMESNE_LOCALES:
            problems.append(f"demesne {d.id} must stand in the Silver City, the Wilds, the Underworld or the Void")
        places.add(d.id)
    ids = [c.id for c in setup.characters]
    if len(set(ids)) != len(ids) or len(places) != len(setup.locales) + len(setup.demesnes):
        problems.append("character, locale and demesne ids must be unique")
    powers = {p.id for p in pack.powers}
    for c in setup.characters:
        if c.locale not in places:
            problems.append(f"{c.id} stands in unknown locale {c.locale}")
        problems.extend(f"{c.id} knows unknown power {p}" for p in c.powers if p not in powers)
        problems.extend(f"{c.id} has unknown lord {lord}" for lord in c.lords if lord not in ids)
    if sum(1 for c in setup.characters if c.kind == "greater_god") > 12:
        problems.append("there are never more than twelve greater gods [003:498]")
    for d in setup.demesnes:
        problems.extend(f"demesne {d.id} has unknown owner {o}" for o in d.owners if o not in ids)
    for a in setup.artifacts:
        if a.holder is not None and a.holder not in ids:
            problems.append(f"artifact {a.id} is held by unknown {a.holder}")
        problems.extend(f"artifact {a.id} embeds unknown power {p}" for p in a.powers if p not in powers)
    problems.extend(layout_problems(setup))
    problems.extend(carried_problems(setup, set(ids), powers))
    if len(set(setup.offices.values())) != len(setup.offices):
        problems.append("no character may hold multiple Council offices [003:504]")
    for office, holder in setup.offices.items():
        if office not in pack.offices or holder not in ids:
            problems.append(f"office {office} or its holder {holder} is unknown")
    return problems


def initial_state(setup: Setup, settings: Settings) -> State:
    pack = setup.content if setup.content is not None else sample_pack()
    problems = _problems(setup, pack)
    if problems:
        raise reject("bad_scenario", "; ".join(problems))
    characters = {c.id: character_from_setup(c) for c in setup.characters}
    artifacts = {
        a.id: Artifact(
            id=a.id,
            name=a.name,
            powers=tuple(a.powers),
            holder=a.holder,
            locale=a.locale if a.holder is None else None,
            max_strength=dict(a.max_strength),
            creator=a.creator,
        )
        for a in setup.artifacts
    }
    return State(
        pack=pack,
        settings=settings,
        era=setup.era,
        in_transition=setup.in_transition,
        locales={
            loc.id: Locale(
                id=loc.id, kind=loc.kind, name=loc.name, craft_hall=loc.craft_hall, entrances=tuple(loc.entrances)
            )
            for loc in setup.locales
        },
        characters=characters,
        demesnes={d.id: _demesne(d) for d in setup.demesnes},
        artifacts=artifacts,
        laws=tuple(setup.laws) if setup.laws is not None else (DEFAULT_LAW,),
        offices=dict(setup.offices),
        session=setup.session,
        oaths=tuple(Oath(swearer=o.swearer, witness=o.witness, text=o.text) for o in setup.oaths),
        contracts={
            k.id: ServiceContract(
                id=k.id,
                proposer=k.proposer,
                parties=tuple(k.parties),
                terms=k.terms,
                signed=tuple(k.parties),
                recorded=True,
            )
            for k in setup.service_contracts
        },
        vacancies=tuple(
            Vacancy(seat_of=v.seat_of, archetype=v.archetype, sphere=v.sphere, electors=tuple(v.electors))
            for v in setup.vacancies
        ),
        supreme_deity=setup.supreme_deity,
        demon_pool=setup.demon_pool,
        pool_accumulators={k: parse_fraction(v) for k, v in setup.pool_accumulators.items()},
        source_scale=parse_fraction(setup.source_scale),
        serial=setup.serial,
        serials=_serials(setup),
    )


def _serials(setup: Setup) -> dict[str, int]:
    serials = dict(setup.serials)
    for k in setup.service_contracts:
        serials = counted(serials, k.id)
    return serials


def _demesne(d: DemesneSetup) -> Demesne:
    powers = tuple(DemesnePower(power=p.power, lasts=p.lasts, caster=p.caster) for p in d.powers)
    return Demesne(id=d.id, name=d.name, parent=d.parent, owners=tuple(d.owners), powers=powers)
