"""What viewers see of the Earth (digest A6): the public map and pantheons; the history's unsigned authors."""

from __future__ import annotations

import msgspec

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.earth.commands import DeclareWar, RecordHistory
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import ARES, HERA, ZEUS
from tests.domain.harness import GM


def world() -> object:
    return earth(
        [race("r", pantheon={"zeus": "2/3", "hera": "298/3"}), race("s", "barbarian")],
        {sq(0, 0): ("r", 3), sq(1, 0): ("s", 2)},
    )


def test_the_map_races_and_pantheons_are_public() -> None:
    """[003:51], [003:62] the Earth map and the pantheon summaries are visible to everyone."""
    g = earth_game(world())  # type: ignore[arg-type]
    view = g.view(HERA).earth
    assert {s.id: (s.race, s.units) for s in view.squares if s.race} == {sq(0, 0): ("r", 3), sq(1, 0): ("s", 2)}
    r, s = view.races
    assert r.pantheon == {"zeus": "2/3", "hera": "298/3"} and (s.military, s.aggression) == (1, 2)


def test_war_declarations_are_posted_for_all_to_see() -> None:
    """[000:251] declarations of war are posted so that the characters can see them."""
    g = earth_game(world())  # type: ignore[arg-type]
    g.when(DeclareWar(attacker="s", defender="r", reason="Ares whispers"))
    assert [(w.attacker, w.defender) for w in g.view(HERA).earth.wars] == [("s", "r")]


def test_an_unsigned_history_hides_its_author_from_others() -> None:
    """[000:122] gods need not write their names; the GMs and the author still know."""
    g = earth_game(world())  # type: ignore[arg-type]
    event = g.when(RecordHistory(text="A comet falls on the plains"), ZEUS)[0]
    assert g.view(HERA).earth.history[0].author is None
    assert g.view(ZEUS).earth.history[0].author == "zeus" and g.view(GM).earth.history[0].author == "zeus"
    assert ruleset.redact(event, HERA).author is None and ruleset.redact(event, ZEUS).author == "zeus"


def test_a_signed_history_names_its_author() -> None:
    """[000:122] they may write their names if they want."""
    g = earth_game(world())  # type: ignore[arg-type]
    g.when(RecordHistory(text="Hera founds the Games", signed=True), HERA)
    assert g.view(ZEUS).earth.history[0].author == "hera"


def test_a_pending_pantheon_order_is_seen_by_the_members_only() -> None:
    """[000:78] the order goes between the pantheon's members and the referees until it applies."""
    from domain.rulesets.gods2.earth.commands import ProposePantheonChange

    g = earth_game(world(), chars={"zeus": {"locale": "window"}})  # type: ignore[arg-type]
    event = g.when(ProposePantheonChange(race="r", shares={"zeus": "50", "hera": "50"}), ZEUS)[0]
    assert ruleset.redact(event, HERA) == event and ruleset.redact(event, ARES) is None
    assert g.view(HERA).earth.orders and not g.view(ARES).earth.orders


def test_an_unsigned_casting_names_no_caster_to_other_gods() -> None:
    """[000:122] gods need not sign the history; digest A6: the public projection omits the caster unless signed."""
    from domain.engine import Actor
    from domain.rulesets.gods2.earth.events import HistoryPowerCast
    from domain.rulesets.gods2.views import redact

    cast = HistoryPowerCast(
        cast_id="history-1",
        power="fervour",
        casters=["zeus"],
        payments={"zeus": 4},
        tickets=[3],
        century=1,
        race="achaeans",
    )
    other = redact(cast, Actor(principal="seat:ares", role="player", seat_id="s-ares", controls="ares"))
    assert other is not None and (other.casters, other.payments, other.tickets) == ([], {}, [])
    assert other.power == "fervour" and other.race == "achaeans"  # what happened stays public
    own = redact(cast, Actor(principal="seat:zeus", role="player", seat_id="s-zeus", controls="zeus"))
    assert own == cast
    signed = msgspec.structs.replace(cast, signed=True)
    assert redact(signed, Actor(principal="seat:ares", role="player", seat_id="s-ares", controls="ares")) == signed
