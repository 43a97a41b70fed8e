"""A demesne's mana, shared equally among its owners ([003:118]), in exact fractions ([003:142])."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.heaven.commands import CreditDemesneMana, ObliterateCharacter
from domain.rulesets.gods2.kernel.events import ManaCredited
from domain.rulesets.gods2.kernel.model import DemesneSetup
from tests.domain.gods2.scenario import ARES, HERA, IRIS, ZEUS, game
from tests.domain.harness import Game

JOINT = [DemesneSetup(id="olympus", name="Olympus", parent="city", owners=["zeus", "hera", "ares"])]


def joint() -> Game:
    return game(demesnes=JOINT)


def test_each_owner_receives_an_equal_fraction_of_a_demesnes_mana() -> None:
    """[003:118] each builder is considered an equal owner of the demesne and receives an equal fraction of any
    mana produced: 10 among three is 10/3 each, 3 whole now and 1/3 kept ([003:142])."""
    g = joint()
    events = g.when(CreditDemesneMana(demesne="olympus", amount="10", source="olympus.spring", reason="r"))
    assert [(e.character, e.amount, e.whole, e.accumulator) for e in events] == [
        (who, Fraction(10, 3), 3, Fraction(1, 3)) for who in ("zeus", "hera", "ares")
    ]
    more = g.when(CreditDemesneMana(demesne="olympus", amount="2", source="olympus.spring", reason="r"))
    assert [(e.whole, e.accumulator) for e in more] == [(1, Fraction(0))] * 3  # 1/3 + 2/3 makes one whole mana
    assert [g.rules.characters[c].pending for c in ("zeus", "hera", "ares")] == [4, 4, 4]


def test_only_the_owners_see_their_share() -> None:
    g = joint()
    events = g.when(CreditDemesneMana(demesne="olympus", amount="3", source="olympus.spring", reason="r"))
    zeus_share = next(e for e in events if isinstance(e, ManaCredited) and e.character == "zeus")
    assert ruleset.redact(zeus_share, ZEUS) == zeus_share
    assert ruleset.redact(zeus_share, HERA) is None and ruleset.redact(zeus_share, IRIS) is None


def test_an_obliterated_god_owns_no_share() -> None:
    """[003:435] an obliterated god ceases to be the owner of any demesnes."""
    g = joint()
    g.when(ObliterateCharacter(character="ares", reason="r"))
    events = g.when(CreditDemesneMana(demesne="olympus", amount="3", source="olympus.spring", reason="r"))
    assert [(e.character, e.amount) for e in events] == [("zeus", Fraction(3, 2)), ("hera", Fraction(3, 2))]


def test_demesne_mana_is_a_gm_ruling_with_a_reason() -> None:
    g = joint()
    credit = CreditDemesneMana(demesne="olympus", amount="3", source="s", reason="r")
    assert g.rejects(credit, ARES).status == 403
    assert g.rejects(CreditDemesneMana(demesne="olympus", amount="3", source="s", reason="")).code == (
        "gods2.reason_required"
    )
    assert g.rejects(CreditDemesneMana(demesne="nowhere", amount="3", source="s", reason="r")).code == (
        "gods2.unknown_demesne"
    )
    assert g.rejects(CreditDemesneMana(demesne="olympus", amount="0", source="s", reason="r")).code == (
        "gods2.bad_amount"
    )


def test_a_demesne_without_owners_produces_mana_for_no_one() -> None:
    g = game()  # Olympus is Zeus's alone
    g.when(ObliterateCharacter(character="zeus", reason="r"))
    refused = g.rejects(CreditDemesneMana(demesne="olympus", amount="3", source="s", reason="r"))
    assert refused.code == "gods2.no_owners"
