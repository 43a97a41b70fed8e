"""Artifacts: creation, activation, one per combat, dropping and picking up ([003:402-414])."""

from __future__ import annotations

from domain.rulesets.gods2.heaven.combat.events import ArtifactCreated
from domain.rulesets.gods2.heaven.commands import (
    ActivateArtifact,
    CreateArtifact,
    DropArtifact,
    MoveToLocale,
    PickUpArtifact,
    RefuseToSurrender,
)
from domain.rulesets.gods2.kernel.model import LocaleSetup
from tests.domain.gods2.combat_helpers import knock_down, sneak
from tests.domain.gods2.scenario import ARES, HERA, LOCALES, ZEUS, game
from tests.domain.harness import Game

FORGE = LocaleSetup(id="forge", kind="silver_city", craft_hall=True)


def smith() -> Game:
    g = game(locales=[*LOCALES, FORGE], chars={"zeus": {"powers": ["sword_of_fire", "bless_land", "storm_charge"]}})
    g.when(MoveToLocale(locale="forge"), ZEUS)
    return g


def test_an_artifact_is_made_in_a_craft_hall() -> None:
    """[003:255] cast while creating the artifact in a Craft Hall."""
    g = game(chars={"zeus": {"powers": ["sword_of_fire"]}})
    cmd = CreateArtifact(artifact="hammer", name="Hammer", powers=["sword_of_fire"])
    assert g.rejects(cmd, ZEUS).code == "gods2.not_in_a_craft_hall"


def test_embedding_costs_three_times_the_power() -> None:
    """[003:414] chosen reading: three times the cost, from the text's example."""
    g = smith()
    events = g.when(CreateArtifact(artifact="hammer", name="Hammer", powers=["sword_of_fire"]), ZEUS)
    assert events[0].amount == 9 and isinstance(events[1], ArtifactCreated)
    assert g.rules.artifacts["hammer"].holder == "zeus"


def test_a_variable_power_is_capped_by_the_mana_spent_embedding_it() -> None:
    """[003:414] 12 mana imbedding Bless Land (3 times 4): the wielder may spend any amount up to 4."""
    g = smith()
    events = g.when(
        CreateArtifact(artifact="horn", name="Horn", powers=["bless_land"], strengths={"bless_land": 4}), ZEUS
    )
    assert events[0].amount == 12 and g.rules.artifacts["horn"].max_strength == {"bless_land": 4}
    cmd = ActivateArtifact(artifact="horn", power="bless_land", strength=5)
    assert g.rejects(cmd, ZEUS).code == "gods2.beyond_strength"
    assert g.when(ActivateArtifact(artifact="horn", power="bless_land", strength=4), ZEUS)[0].amount == 4


def test_an_artifact_power_activates_at_its_own_cost() -> None:
    """[003:412] Artifact powers have activation costs different from the casting cost."""
    g = smith()
    g.when(CreateArtifact(artifact="orb", name="Storm Orb", powers=["storm_charge"]), ZEUS)
    assert g.rules.characters["zeus"].mana == 2  # 3 x 6 to embed
    assert g.when(ActivateArtifact(artifact="orb", power="storm_charge"), ZEUS)[0].amount == 2


def test_a_combat_artifact_power_works_only_in_combat() -> None:
    """[003:257] Ac powers can only be activated when the wielder is in combat."""
    g = game()
    cmd = ActivateArtifact(artifact="aegis", power="spark_of_battle")
    assert g.rejects(cmd, ZEUS).code == "gods2.combat_only"


def test_only_the_possessor_activates_an_artifact() -> None:
    g = game()
    cmd = ActivateArtifact(artifact="aegis", power="spark_of_battle")
    assert g.rejects(cmd, HERA).code == "gods2.not_your_artifact"


def test_a_dropped_artifact_goes_to_the_first_to_pick_it_up() -> None:
    """[003:410] the artifact is simply lying on the floor and the first person to pick it up gets it."""
    g = game()
    g.when(DropArtifact(artifact="aegis"), ZEUS)
    g.when(PickUpArtifact(artifact="aegis"), HERA)
    assert g.rules.artifacts["aegis"].holder == "hera"
    assert g.rejects(PickUpArtifact(artifact="aegis"), ARES).code == "gods2.not_on_the_floor_here"


def test_what_a_fighter_drops_by_dying_his_opponent_may_take_first() -> None:
    """[003:410] if a character drops an artifact as a result of combat, his opponent may take it."""
    g = game()
    sneak(g, HERA, "zeus")
    knock_down(g, HERA, ZEUS)
    g.when(RefuseToSurrender(), ZEUS)
    assert g.rules.artifacts["aegis"].locale == "hall"
    assert g.rejects(PickUpArtifact(artifact="aegis"), ARES).code == "gods2.claimed"
    g.when(PickUpArtifact(artifact="aegis"), HERA)
    assert g.rules.artifacts["aegis"].holder == "hera"


def test_the_claim_lapses_when_the_opponent_walks_away() -> None:
    g = game()
    sneak(g, HERA, "zeus")
    knock_down(g, HERA, ZEUS)
    g.when(RefuseToSurrender(), ZEUS)
    g.when(MoveToLocale(locale="feasts"), HERA)
    g.when(PickUpArtifact(artifact="aegis"), ARES)
