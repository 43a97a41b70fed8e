"""A small Heaven for the Gods II tests: every basic locale, five characters of every kind, a demesne, an artifact."""

from __future__ import annotations

from typing import Any

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.kernel.model import ArtifactSetup, CharacterSetup, DemesneSetup, LocaleSetup, Settings, Setup
from tests.domain.harness import Game, seat

LOCALES = [
    LocaleSetup(id="hall", kind="hall_of_doom"),
    LocaleSetup(id="window", kind="window_on_world"),
    LocaleSetup(id="feasts", kind="hall_of_feasts"),
    LocaleSetup(id="wilds", kind="primeval_wilds"),
    LocaleSetup(id="underworld", kind="underworld"),
    LocaleSetup(id="void", kind="void"),
    LocaleSetup(id="corridor", kind="corridors_of_time"),
    LocaleSetup(id="city", kind="silver_city"),
]

COMBAT = ["sword_of_fire", "shield_of_light", "thunderbolt", "mist_step", "blade_of_ending", "battle_blessing"]


def characters(**overrides: dict[str, Any]) -> list[CharacterSetup]:
    base = {
        "zeus": dict(
            name="Zeus",
            kind="greater_god",
            locale="hall",
            mana=20,
            spheres={"war": 2},
            powers=[*COMBAT, "witness_oath", "curse_of_clumsiness"],
        ),
        "hera": dict(
            name="Hera",
            kind="greater_god",
            locale="hall",
            mana=20,
            spheres={"love": 1, "death": 1},
            powers=[
                "sweet_words",
                "release_from_death",
                "heal_wounds",
                "shield_of_light",
                "sword_of_fire",
                "battle_blessing",
                "rousing_speech",
                "gift_of_passage",
                "wings_of_wind",
            ],
        ),
        "ares": dict(
            name="Ares",
            kind="lesser_god",
            locale="hall",
            mana=10,
            spheres={"war": 1},
            lords=["zeus"],
            powers=["sword_of_fire", "shield_of_light", "battle_blessing"],
        ),
        "iris": dict(name="Iris", kind="celestial_spirit", locale="hall", mana=5, powers=["celestial_ward"]),
        "azazel": dict(name="Azazel", kind="demon", locale="void", mana=5, powers=["demon_claws"]),
    }
    for name, fields in overrides.items():
        base[name] = {**base[name], **fields}
    return [CharacterSetup(id=k, **v) for k, v in base.items()]  # type: ignore[arg-type]


def setup(**overrides: Any) -> Setup:
    chars = overrides.pop("chars", {})
    fields: dict[str, Any] = dict(
        locales=LOCALES,
        characters=characters(**chars),
        demesnes=[DemesneSetup(id="olympus", name="Olympus", parent="city", owners=["zeus"])],
        artifacts=[ArtifactSetup(id="aegis", name="Aegis", powers=["spark_of_battle"], holder="zeus")],
        offices={"judge_of_heaven": "iris"},
    )
    fields.update(overrides)
    return Setup(**fields)


SEATS = ["zeus", "hera", "ares", "iris", "azazel"]


def game(settings: Settings | None = None, seats: list[str] | None = None, **overrides: Any) -> Game:
    return Game(ruleset, setup(**overrides), settings=settings, seats=seats or SEATS)


ZEUS, HERA, ARES, IRIS, AZAZEL = (seat(n) for n in ("zeus", "hera", "ares", "iris", "azazel"))
