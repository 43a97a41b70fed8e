"""`initial_state`: the scenario (locales, characters, demesnes, artifacts, offices, laws) checked and folded.

A well-formed scenario that breaks the rules is refused with `gods2.bad_scenario`: Heaven needs a Hall of Doom,
an Underworld and a Void; at most twelve greater gods ([003:498]); demesnes only where the text allows
([003:116]); one office per character ([003:504]).
"""

from __future__ import annotations

from domain.rulesets.gods2.kernel.common import reject
from domain.rulesets.gods2.kernel.content import ContentPack, pack_problems, sample_pack
from domain.rulesets.gods2.kernel.model import (
    DEFAULT_LAW,
    DEMESNE_LOCALES,
    Artifact,
    Character,
    CharacterSetup,
    Demesne,
    Locale,
    Settings,
    Setup,
    State,
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
    )


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
        )
        for a in setup.artifacts
    }
    return State(
        pack=pack,
        settings=settings,
        era=setup.era,
        in_transition=setup.in_transition,
        locales={
            loc.id: Locale(id=loc.id, kind=loc.kind, name=loc.name, craft_hall=loc.craft_hall) for loc in setup.locales
        },
        characters=characters,
        demesnes={d.id: Demesne(id=d.id, name=d.name, parent=d.parent, owners=tuple(d.owners)) for d in setup.demesnes},
        artifacts=artifacts,
        laws=tuple(setup.laws) if setup.laws is not None else (DEFAULT_LAW,),
        offices=dict(setup.offices),
    )
