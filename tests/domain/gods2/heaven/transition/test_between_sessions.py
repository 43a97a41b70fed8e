"""Between sessions ([003:55], [003:132], [003:168]): sphere cards bought at their price, new powers, the
end-of-session report; each seen only by its character and the GMs."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.heaven.commands import (
    BuySphereCard,
    GrantPower,
    PayManaSource,
    RecordSphereCardPurchase,
    ReportSession,
    SetClock,
)
from domain.rulesets.gods2.heaven.transition.events import PowerGained, SessionReported, SphereCardBought
from domain.rulesets.gods2.kernel.content import ContentPack, ManaSourceDef, sample_pack
from domain.rulesets.gods2.kernel.events import ManaSpent
from tests.domain.gods2.scenario import ARES, HERA, IRIS, ZEUS, game
from tests.domain.harness import GM, Game

END_SESSION = SetClock(era="centrum", in_transition=True, reason="session 1 ends")


def priced(**costs: int | None) -> ContentPack:
    """The sample pack with card prices (and a pool of two War cards); the text gives no price lists."""
    pack = sample_pack()
    spheres = [
        msgspec.structs.replace(s, card_cost=costs.get(s.id), pool=2 if s.id == "war" else None) for s in pack.spheres
    ]
    return msgspec.structs.replace(pack, spheres=spheres)


def between(**costs: int | None) -> Game:
    g = game(content=priced(**costs))
    g.when(END_SESSION)
    return g


def test_a_god_buys_a_sphere_card_between_sessions_at_its_price() -> None:
    """[003:55] the sphere cards you intend to purchase; [003:168] the transition phase between sessions."""
    g = between(love=6)
    spent, bought = g.when(BuySphereCard(sphere="love"), HERA)
    assert isinstance(spent, ManaSpent) and spent.amount == 6
    assert bought == SphereCardBought(character="hera", sphere="love", cost=6, cards=2, priced_by="pack")
    assert (g.rules.characters["hera"].spheres["love"], g.rules.characters["hera"].mana) == (2, 14)


def test_a_bought_card_multiplies_the_spheres_mana_sources() -> None:
    """[003:132] the amounts listed are for each card in the sphere: the more cards, the more mana."""
    pack = priced(love=6)
    pack = msgspec.structs.replace(
        pack,
        mana_sources=[*pack.mana_sources, ManaSourceDef(id="love.era", sphere="love", category="era_end", rate="3")],
    )
    g = game(content=pack)
    g.when(END_SESSION)
    g.when(BuySphereCard(sphere="love"), HERA)
    credited = g.when(PayManaSource(source="love.era", quantities={"hera": "1"}, reason="era end"))
    assert credited[0].amount == 6  # 3 per card, two cards


def test_cards_are_bought_only_between_sessions() -> None:
    g = game(content=priced(love=6))
    assert g.rejects(BuySphereCard(sphere="love"), HERA).code == "gods2.not_between_sessions"
    assert g.rejects(ReportSession(goals=["rule"]), HERA).code == "gods2.not_between_sessions"
    assert g.rejects(GrantPower(character="hera", power="thunderbolt", reason="r")).code == "gods2.not_between_sessions"


def test_a_card_costs_mana_the_buyer_has_and_comes_from_the_sphere_pool() -> None:
    """[003:156] a debt or a lack of mana blocks every use of mana; [003:435] cards return to the sphere pool, so
    the pool holds a set number of cards."""
    g = between(love=25, war=1)
    assert g.rejects(BuySphereCard(sphere="love"), HERA).code == "gods2.not_enough_mana"
    assert g.rejects(BuySphereCard(sphere="war"), HERA).code == "gods2.pool_empty"  # Zeus 2 (+ Ares 1) of 2
    assert g.rejects(BuySphereCard(sphere="fire"), HERA).code == "gods2.no_card_price"
    assert g.rejects(BuySphereCard(sphere="nowhere"), HERA).code == "gods2.unknown_sphere"
    assert g.rejects(BuySphereCard(sphere="love"), IRIS).code == "gods2.not_a_god"


def test_the_gms_record_a_purchase_at_the_price_they_set() -> None:
    """[003:55] the GMs handle the transition phase; a sphere the pack does not price is priced by them."""
    g = between()
    events = g.when(RecordSphereCardPurchase(character="ares", sphere="fire", cost=4, reason="price list p. 12"))
    assert events[1] == SphereCardBought(
        character="ares", sphere="fire", cost=4, cards=1, priced_by="gm", reason="price list p. 12"
    )
    assert g.rules.characters["ares"].mana == 6
    assert g.rejects(RecordSphereCardPurchase(character="ares", sphere="fire", cost=0, reason=" ")).code == (
        "gods2.reason_required"
    )


def test_a_character_gains_a_new_power_between_sessions() -> None:
    """[003:55] the powers a character holds change between sessions; the GMs grant them."""
    g = between()
    assert g.when(GrantPower(character="ares", power="thunderbolt", reason="bought War 2")) == [
        PowerGained(character="ares", power="thunderbolt", reason="bought War 2")
    ]
    assert "thunderbolt" in g.rules.characters["ares"].powers
    assert g.rejects(GrantPower(character="ares", power="thunderbolt", reason="r")).code == "gods2.already_known"
    assert g.rejects(GrantPower(character="ares", power="nothing", reason="r")).code == "gods2.unknown_power"


def test_the_end_of_session_report_carries_the_goals_and_the_sheet() -> None:
    """[003:55] current mana, artifacts, gifts or borrowed powers, demesnes, oaths and contracts, the goals
    accomplished and the sphere cards the player intends to purchase."""
    g = between(love=6)
    report = ReportSession(
        goals=["rule the Council", "found a city"], goals_met=["found a city"], intended_purchases={"war": 1}
    )
    (reported,) = g.when(report, ZEUS)
    assert isinstance(reported, SessionReported)
    assert (reported.session, reported.mana, reported.artifacts, reported.demesnes) == (1, 20, ["aegis"], ["olympus"])
    assert (reported.goals_met, reported.intended_purchases) == (["found a city"], {"war": 1})
    assert g.rules.reports["zeus"].goals == ("rule the Council", "found a city")
    assert g.rejects(ReportSession(intended_purchases={"gold": 1}), ZEUS).code == "gods2.unknown_sphere"


def test_between_session_changes_are_seen_only_by_their_character_and_the_gms() -> None:
    """[003:53-55] the character sheet, the goals and the purchase intentions are the player's own."""
    g = between(love=6)
    events = [
        *g.when(BuySphereCard(sphere="love"), HERA),
        *g.when(ReportSession(goals=["be loved"]), HERA),
        *g.when(GrantPower(character="hera", power="thunderbolt", reason="r")),
    ]
    for event in events:
        assert ruleset.redact(event, HERA) == event
        assert ruleset.redact(event, ZEUS) is None
        assert ruleset.redact(event, ARES) is None
    own = {c.id: c for c in g.view(HERA).characters}
    other = {c.id: c for c in g.view(ZEUS).characters}
    assert (own["hera"].goals, own["hera"].spheres["love"]) == (["be loved"], 2)
    assert (other["hera"].goals, other["hera"].spheres, other["hera"].powers) == (None, None, None)
    assert {c.id: c for c in g.view(GM).characters}["hera"].goals == ["be loved"]


def test_a_new_session_counts_on() -> None:
    g = between()
    assert g.view(ZEUS).session == 1
    g.when(SetClock(era="centrum", in_transition=False, reason="session 2 begins"))
    assert (g.rules.session, g.view(ZEUS).session) == (2, 2)


def test_bots_are_offered_the_purchases_and_the_report_between_sessions_only() -> None:
    """[003:55] purchases and the report belong to the session's end; [003:168] Heaven is closed meanwhile."""
    g = game(content=priced(love=6))
    during = ruleset.available(g.rules, HERA)
    assert "BuySphereCard" not in during and "ReportSession" not in during and "LendPower" in during
    g.when(END_SESSION)
    between_sessions = ruleset.available(g.rules, HERA)
    assert {"BuySphereCard", "ReportSession", "LendPower"} <= set(between_sessions)
    assert "MoveToLocale" not in between_sessions
