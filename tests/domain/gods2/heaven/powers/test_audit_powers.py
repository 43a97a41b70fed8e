"""Rules of personal powers the audit found missing: a power that makes its target give mana ([003:170]), the
Council's leader counted as a greater god for targeting ([003:454]), and borrowed powers ([003:55])."""

from __future__ import annotations

import msgspec

from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.heaven.commands import (
    CastPower,
    DebitMana,
    DissolveCouncil,
    LendPower,
    ReturnBorrowedPower,
    SetClock,
    SummonGreatCouncil,
)
from domain.rulesets.gods2.heaven.powers.events import BorrowedPowerReturned, PowerLent
from domain.rulesets.gods2.kernel.content import ContentPack, GiveMana, PowerDef, sample_pack
from domain.rulesets.gods2.kernel.events import ManaSpent, ManaTransferred
from domain.rulesets.gods2.kernel.model import CharacterSetup
from tests.domain.gods2.scenario import ARES, HERA, IRIS, SEATS, ZEUS, characters, game
from tests.domain.harness import GM, Game

TRIBUTE = PowerDef(id="tribute", name="Tribute", sphere="war", categories=["N"], cost=2, effects=[GiveMana(amount=6)])


def with_powers(*powers: PowerDef, kinds: dict[str, list[str]] | None = None) -> ContentPack:
    pack = sample_pack()
    changed = [msgspec.structs.replace(p, target_kinds=(kinds or {}).get(p.id, p.target_kinds)) for p in pack.powers]
    return msgspec.structs.replace(pack, powers=[*changed, *powers])


def tribute_game() -> Game:
    return game(content=with_powers(TRIBUTE), chars={"zeus": {"powers": ["tribute"]}})


def test_a_power_that_makes_its_target_give_mana_pays_the_caster_less_the_toll() -> None:
    """[003:164] all mana transfers between players suffer a 50% loss (rounded up)."""
    g = tribute_game()
    spent, _cast, given, *_ = g.when(CastPower(power="tribute", targets=["ares"]), ZEUS)
    assert isinstance(spent, ManaSpent) and spent.amount == 2
    assert isinstance(given, ManaTransferred)
    assert (given.giver, given.receiver, given.amount, given.toll, given.received) == ("ares", "zeus", 6, 3, 3)
    assert (g.rules.characters["ares"].mana, g.rules.characters["zeus"].mana) == (4, 20 - 2 + 3)


def test_a_power_that_makes_its_target_give_mana_has_no_effect_on_a_target_without_mana() -> None:
    """[003:170] there are a number of powers which require the target(s) to give mana to another character.
    These have no effect if the target has no mana."""
    g = tribute_game()
    g.when(DebitMana(character="ares", amount=10, reason="spent it all"))
    events = g.when(CastPower(power="tribute", targets=["ares"]), ZEUS)
    assert not any(isinstance(e, ManaTransferred) for e in events)
    assert (g.rules.characters["ares"].total_mana, g.rules.characters["ares"].debt) == (0, 0)
    assert g.rules.characters["zeus"].mana == 18  # the power was cast and paid for all the same


def test_a_target_with_less_mana_than_asked_gives_what_it_has() -> None:
    """Chosen reading of [003:170]: the power fails only on a target with no mana at all."""
    g = tribute_game()
    g.when(DebitMana(character="ares", amount=7, reason="r"))
    given = next(
        e for e in g.when(CastPower(power="tribute", targets=["ares"]), ZEUS) if isinstance(e, ManaTransferred)
    )
    assert (given.amount, given.received) == (3, 1)


OTHERS = [f"g{i}" for i in range(3, 9)]


def led_by_ares(kinds: dict[str, list[str]]) -> Game:
    """Eight greater gods in the Hall; Ares, a lesser god, borrows Summon Great Council and leads the meeting."""
    extra = [CharacterSetup(id=n, name=n.upper(), kind="greater_god", locale="hall", mana=10) for n in OTHERS]
    base = characters(zeus={"powers": ["summon_great_council", "curse_of_clumsiness"]})
    g = game(content=with_powers(kinds=kinds), characters=[*base, *extra], seats=[*SEATS, *OTHERS])
    g.when(LendPower(to="ares", power="summon_great_council"), ZEUS)
    g.when(SummonGreatCouncil(minutes=0), ARES)
    g.when(FireDueTimers())
    assert g.rules.council is not None and g.rules.council.leader == "ares"
    return g


def test_a_lesser_god_leading_the_council_is_a_greater_god_for_targeting() -> None:
    """[003:454] if the leader of the Council is a lesser god, he is considered to temporarily be a greater god
    for purposes of targeting all powers which affect greater gods during Council meetings."""
    g = led_by_ares({"curse_of_clumsiness": ["greater_god"]})
    assert isinstance(g.when(CastPower(power="curse_of_clumsiness", targets=["ares"]), ZEUS)[0], ManaSpent)


def test_the_leader_is_no_longer_a_lesser_god_for_targeting_while_the_meeting_lasts() -> None:
    """[003:454] (for example, he cannot be suppressed by the Sentinel of the Council)."""
    g = led_by_ares({"curse_of_clumsiness": ["lesser_god"]})
    refused = g.rejects(CastPower(power="curse_of_clumsiness", targets=["ares"]), ZEUS)
    assert refused.code == "gods2.not_a_valid_target"


def test_the_leaders_special_status_ends_with_the_meeting() -> None:
    """[003:454] this special status ends the instant the Council meeting is over."""
    g = led_by_ares({"curse_of_clumsiness": ["greater_god"]})
    g.advance(3)
    g.when(FireDueTimers())
    g.when(DissolveCouncil(), ARES)
    refused = g.rejects(CastPower(power="curse_of_clumsiness", targets=["ares"]), ZEUS)
    assert refused.code == "gods2.not_a_valid_target"


def test_a_borrowed_power_is_held_and_cast_until_it_is_given_back() -> None:
    """[003:55] gifts or borrowed powers you hold; [000:132] celestial spirits who have borrowed sphere powers."""
    g = game(chars={"zeus": {"powers": ["curse_of_clumsiness"]}})
    assert g.when(LendPower(to="iris", power="curse_of_clumsiness"), ZEUS) == [
        PowerLent(lender="zeus", borrower="iris", power="curse_of_clumsiness")
    ]
    assert isinstance(g.when(CastPower(power="curse_of_clumsiness", targets=["hera"]), IRIS)[0], ManaSpent)
    assert g.when(ReturnBorrowedPower(power="curse_of_clumsiness"), IRIS) == [
        BorrowedPowerReturned(lender="zeus", borrower="iris", power="curse_of_clumsiness", recalled=False)
    ]
    g.advance(seconds=10)
    refused = g.rejects(CastPower(power="curse_of_clumsiness", targets=["hera"]), IRIS)
    assert refused.code == "gods2.not_your_power"


def test_the_lender_recalls_a_borrowed_power() -> None:
    g = game(chars={"zeus": {"powers": ["curse_of_clumsiness"]}})
    g.when(LendPower(to="iris", power="curse_of_clumsiness"), ZEUS)
    assert g.rejects(ReturnBorrowedPower(power="curse_of_clumsiness", borrower="iris"), HERA).code == (
        "gods2.no_such_loan"
    )
    recalled = g.when(ReturnBorrowedPower(power="curse_of_clumsiness", borrower="iris"), ZEUS)
    assert recalled[0].recalled and g.rules.characters["iris"].borrowed == ()


def test_only_a_power_of_ones_own_is_lent_and_only_to_someone_without_it() -> None:
    g = game(chars={"zeus": {"powers": ["curse_of_clumsiness", "sword_of_fire"]}})
    assert g.rejects(LendPower(to="iris", power="thunderbolt"), ZEUS).code == "gods2.not_your_power"
    assert g.rejects(LendPower(to="zeus", power="sword_of_fire"), ZEUS).code == "gods2.self_loan"
    assert g.rejects(LendPower(to="hera", power="sword_of_fire"), ZEUS).code == "gods2.already_known"
    g.when(LendPower(to="iris", power="curse_of_clumsiness"), ZEUS)
    assert g.rejects(LendPower(to="ares", power="curse_of_clumsiness"), IRIS).code == "gods2.not_your_power"


def test_a_loan_is_seen_by_its_two_parties_and_on_the_borrowers_sheet() -> None:
    """[003:53-55] the powers on a character's sheet are private."""
    g = game(chars={"zeus": {"powers": ["curse_of_clumsiness"]}})
    g.when(SetClock(era="centrum", in_transition=True, reason="between sessions"))
    (lent,) = g.when(LendPower(to="iris", power="curse_of_clumsiness"), ZEUS)
    assert ruleset.redact(lent, IRIS) == lent and ruleset.redact(lent, ZEUS) == lent
    assert ruleset.redact(lent, HERA) is None
    sheets = {c.id: c for c in g.view(IRIS).characters}
    assert sheets["iris"].borrowed == ["curse_of_clumsiness (from zeus)"]
    assert {c.id: c for c in g.view(HERA).characters}["iris"].borrowed is None
    assert {c.id: c for c in g.view(GM).characters}["iris"].borrowed == ["curse_of_clumsiness (from zeus)"]
