"""Hall of Doom records, session and era ends, and what each viewer sees of them ([003:60], [003:237-243],
[003:290-292])."""

from __future__ import annotations

from datetime import timedelta

from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2.heaven.commands import (
    AcceptSurrender,
    CastPower,
    CreateDemon,
    MoveToLocale,
    OfferSurrender,
    SetClock,
    SummonGreatCouncil,
)
from domain.rulesets.gods2.kernel.model import CharacterSetup
from tests.domain.gods2.combat_helpers import knock_down, sneak
from tests.domain.gods2.scenario import AZAZEL, HERA, ZEUS, game
from tests.domain.harness import GM, Game


def won_by_zeus() -> Game:
    g = game()
    sneak(g, ZEUS, "hera")
    knock_down(g, ZEUS, HERA)
    g.when(OfferSurrender(), HERA)
    return g


def test_surrender_earthly_influence_bans_a_race_until_the_era_ends() -> None:
    """[003:290] for the remainder of this era, no history or creation powers affecting this race."""
    g = won_by_zeus()
    g.when(AcceptSurrender(term="earthly_influence", race="low-elves"), ZEUS)
    assert g.rules.characters["hera"].earthly_bans == ("low-elves",)
    assert g.view(HERA).characters[1].earthly_bans == ["low-elves"]
    g.when(SetClock(era="centrum", in_transition=True, reason="session ends"))
    assert g.rules.characters["hera"].earthly_bans == ("low-elves",)
    g.when(SetClock(era="omega", in_transition=True, reason="Era Centrum ends"))
    assert g.rules.characters["hera"].earthly_bans == ()


def test_surrender_will_records_the_oath_publicly_and_the_witness_pays() -> None:
    """[003:292] swear any divine oath with you as sole witness; you pay; record it in the Hall of Doom."""
    g = won_by_zeus()
    g.when(AcceptSurrender(term="will", oath="Hera shall never strike Zeus"), ZEUS)
    assert g.rules.characters["zeus"].mana == 18
    assert g.view(AZAZEL).oaths == ["hera to zeus: Hera shall never strike Zeus"]


def test_session_powers_on_a_demesne_lapse_when_the_session_ends_and_era_powers_with_the_era() -> None:
    """[003:241-243] De last until the end of the era; Ds until the end of the session."""
    g = game(chars={"zeus": {"powers": ["burning_gate", "feast_hall", "wall_of_thorns"]}})
    g.when(MoveToLocale(locale="city"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    for power in ("burning_gate", "feast_hall", "wall_of_thorns"):
        g.when(CastPower(power=power, demesne="olympus"), ZEUS)
        g.advance(5)
        g.when(FireDueTimers())
    lasting = {p.power: p.lasts for p in g.rules.demesnes["olympus"].powers}
    assert lasting == {"burning_gate": "era", "feast_hall": "session", "wall_of_thorns": "permanent"}
    g.when(SetClock(era="centrum", in_transition=True, reason="session ends"))
    assert {p.power for p in g.rules.demesnes["olympus"].powers} == {"burning_gate", "wall_of_thorns"}
    g.when(SetClock(era="omega", in_transition=True, reason="era ends"))
    assert {p.power for p in g.rules.demesnes["olympus"].powers} == {"wall_of_thorns"}


def test_a_demesnes_card_is_seen_by_those_present() -> None:
    """[003:126] each demesne has a card indicating the powers cast on it."""
    g = game(chars={"zeus": {"powers": ["wall_of_thorns"]}})
    g.when(MoveToLocale(locale="city"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    g.when(CastPower(power="wall_of_thorns", demesne="olympus"), ZEUS)
    g.advance(5)
    g.when(FireDueTimers())
    assert g.view(ZEUS).demesnes[0].card == ["wall_of_thorns (permanent)"]
    assert g.view(AZAZEL).demesnes[0].card is None
    g.when(MoveToLocale(locale="city"), HERA)
    assert g.view(HERA).demesnes[0].card == ["wall_of_thorns (permanent)"]


def test_scheduled_council_meetings_are_posted_for_everyone() -> None:
    """[003:60] scheduled Council meetings are public records in the Hall of Doom."""
    g = game(chars={"zeus": {"powers": ["summon_great_council"]}})
    g.when(SummonGreatCouncil(minutes=20), ZEUS)
    assert g.view(AZAZEL).council_scheduled == g.now + timedelta(minutes=20)


def test_private_sheets_stay_private_and_the_gm_sees_them() -> None:
    """Digest A6: own powers, sphere cards and mana are private; the GM sees everything."""
    g = game()
    zeus_for_hera = next(c for c in g.view(HERA).characters if c.id == "zeus")
    zeus_for_gm = next(c for c in g.view(GM).characters if c.id == "zeus")
    assert zeus_for_hera.powers is None and zeus_for_hera.spheres is None and zeus_for_hera.mana is None
    assert zeus_for_gm.mana == 20 and zeus_for_gm.spheres == {"war": 2}
    assert zeus_for_hera.artifacts == ["aegis"]  # [003:406] artifacts are carried visibly


def test_a_new_demons_sheet_stays_private() -> None:
    """[003:53] each player's powers and mana are his own; others learn the demon exists."""
    g = game()
    created = g.when(
        CreateDemon(
            demon=CharacterSetup(
                id="moloch", name="Moloch", kind="demon", locale="void", mana=7, powers=["demon_claws"]
            ),
            reason="demon pack",
        )
    )[0]
    seen = g.ruleset.redact(created, HERA)
    assert seen.demon.name == "Moloch" and seen.demon.powers == [] and seen.demon.mana == 0
