"""Pantheons: unanimous change orders, the diabolism and atheism veto, turmoil and its end-of-century table,
obliterated gods' shares ([000:66-96], [003:435])."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.gods2.earth.commands import (
    CloseActivityPhase,
    DeclareWar,
    EndCentury,
    ExpelFromPantheon,
    ProposePantheonChange,
    SignPantheonChange,
    StartReligiousTurmoil,
)
from domain.rulesets.gods2.earth.events import (
    MemberExpelled,
    PantheonChanged,
    PantheonChangeLapsed,
    PantheonChangeVetoed,
    TurmoilRolled,
)
from domain.rulesets.gods2.heaven.commands import ObliterateCharacter
from domain.rulesets.gods2.kernel.earth_model import EarthSetup
from domain.rulesets.gods2.views import redact
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import ARES, HERA, ZEUS
from tests.domain.harness import Game

AT_WINDOW = {"zeus": {"locale": "window"}, "hera": {"locale": "window"}}


def worshippers(pantheon: dict[str, str]) -> EarthSetup:
    return earth([race("r", pantheon=pantheon, aggression=-20)], {sq(0, 0): ("r", 5)})


def shares(g: Game) -> dict[str, Fraction]:
    return dict(g.rules.earth.races["r"].pantheon)


def test_a_pantheon_change_needs_every_god_member() -> None:
    """[000:72] GODS-34: all members must agree unanimously; an order signed by Zeus alone changes nothing."""
    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), chars=AT_WINDOW)
    order = g.when(ProposePantheonChange(race="r", shares={"zeus": "70", "hera": "30"}), ZEUS)[0].order
    assert shares(g) == {"zeus": 60, "hera": 40}
    events = g.when(SignPantheonChange(order=order), HERA)
    assert isinstance(events[-1], PantheonChanged) and shares(g) == {"zeus": 70, "hera": 30}


def test_only_members_change_a_pantheon() -> None:
    """[000:72] the members of a race's pantheon change it."""
    g = earth_game(worshippers({"zeus": "100"}), chars={"hera": {"locale": "window"}})
    assert g.rejects(ProposePantheonChange(race="r", shares={"hera": "100"}), HERA).code == "gods2.not_a_member"


def test_shares_must_add_up_to_one_hundred() -> None:
    """[000:66] a race's pantheon numbers must add up to 100% at all times."""
    g = earth_game(worshippers({"zeus": "100"}), chars=AT_WINDOW)
    assert g.rejects(ProposePantheonChange(race="r", shares={"zeus": "90"}), ZEUS).code == "gods2.bad_shares"


def test_one_member_at_the_window_hands_in_the_order() -> None:
    """[000:78] only one member need be present at the Window; no number is needed."""
    g = earth_game(worshippers({"zeus": "100"}))
    assert g.rejects(ProposePantheonChange(race="r", shares={"zeus": "100"}), ZEUS).code == "gods2.not_at_window"


def test_diabolism_vetoes_a_change_that_gives_it_less_than_five_more() -> None:
    """[000:74] diabolism agrees only to at least 5% more of the worship (reading 1: five points)."""
    g = earth_game(worshippers({"zeus": "90", "DIABOLISM": "10"}), chars=AT_WINDOW)
    events = g.when(ProposePantheonChange(race="r", shares={"zeus": "86", "DIABOLISM": "14"}), ZEUS)
    assert events[-1] == PantheonChangeVetoed(order=events[0].order, race="r", vetoed_by=["DIABOLISM"])
    assert shares(g) == {"zeus": 90, "DIABOLISM": 10}


def test_atheism_agrees_to_five_points_more() -> None:
    """[000:74] atheism works the same way as diabolism."""
    g = earth_game(worshippers({"zeus": "90", "ATHEISM": "10"}), chars=AT_WINDOW)
    g.when(ProposePantheonChange(race="r", shares={"zeus": "85", "ATHEISM": "15"}), ZEUS)
    assert shares(g) == {"zeus": 85, "ATHEISM": 15}


def test_between_sessions_orders_go_to_the_gamemasters() -> None:
    """[000:78] during transition phases give the order to the gamemasters (from anywhere)."""
    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), in_transition=True)
    order = g.when(ProposePantheonChange(race="r", shares={"zeus": "50", "hera": "50"}), ZEUS)[0].order
    g.when(SignPantheonChange(order=order), HERA)
    assert shares(g) == {"zeus": 50, "hera": 50}


def test_a_member_at_the_window_starts_turmoil_at_will() -> None:
    """[000:84], [000:96] any member, at the Window, no number: turmoil begins immediately."""
    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), chars=AT_WINDOW)
    g.when(StartReligiousTurmoil(race="r"), HERA)
    assert g.rules.earth.races["r"].in_turmoil is True
    assert g.rejects(StartReligiousTurmoil(race="r"), ARES).code in ("gods2.not_at_window", "gods2.not_a_member")


def turmoil_game(pantheon: dict[str, str]) -> Game:
    g = earth_game(worshippers(pantheon), chars=AT_WINDOW)
    g.when(StartReligiousTurmoil(race="r"), ZEUS)
    g.when(CloseActivityPhase())
    return g


def test_turmoil_on_one_or_two_changes_nothing() -> None:
    """[000:88] 1-2 nothing happens."""
    g = turmoil_game({"zeus": "60", "hera": "40"})
    g.dice(2)
    events = g.when(EndCentury())
    assert TurmoilRolled(race="r", roll=2) in events and shares(g) == {"zeus": 60, "hera": 40}


def test_turmoil_on_three_or_four_kicks_out_a_random_member() -> None:
    """[000:89] 3-4 a random member of the pantheon is kicked out; one member left: turmoil ends ([000:94])."""
    g = turmoil_game({"zeus": "60", "hera": "40"})
    g.dice(4)
    g.dice(1, sides=2)  # sorted members: hera, zeus
    g.when(EndCentury())
    race = g.rules.earth.races["r"]
    assert race.pantheon == {"zeus": 100} and race.in_turmoil is False


def test_turmoil_on_five_or_six_lets_the_chosen_god_kick_out_a_member() -> None:
    """[000:90-92] the referees inform the chosen god wherever he may be and get his decision."""
    g = turmoil_game({"zeus": "50", "hera": "30", "ares": "20"})
    g.dice(5)
    g.dice(3, sides=3)  # ares, hera, zeus -> zeus chooses
    events = g.when(EndCentury())
    assert TurmoilRolled(race="r", roll=5, picked="zeus", chooser="zeus") in events
    assert g.rejects(ExpelFromPantheon(race="r", member="zeus"), HERA).code == "gods2.not_chosen"
    g.when(ExpelFromPantheon(race="r", member="hera"), ZEUS)
    assert set(shares(g)) == {"zeus", "ares"} and g.rules.earth.races["r"].in_turmoil is True


def test_diabolism_chosen_in_turmoil_expels_a_random_other_member() -> None:
    """[000:92] GODS-37: if the random member is diabolism it chooses one of the others at random."""
    g = turmoil_game({"zeus": "50", "hera": "30", "DIABOLISM": "20"})
    g.dice(6)
    g.dice(1, sides=3)  # DIABOLISM, hera, zeus
    g.dice(2, sides=2)  # hera, zeus -> zeus
    events = g.when(EndCentury())
    expelled = next(e for e in events if isinstance(e, MemberExpelled))
    assert (expelled.member, expelled.by) == ("zeus", "DIABOLISM")


def test_an_agreed_division_ends_turmoil() -> None:
    """[000:94] turmoil ends when all members agree to a new division, even the same one."""
    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), chars=AT_WINDOW)
    g.when(StartReligiousTurmoil(race="r"), ZEUS)
    order = g.when(ProposePantheonChange(race="r", shares={"zeus": "60", "hera": "40"}), ZEUS)[0].order
    g.when(SignPantheonChange(order=order), HERA)
    assert g.rules.earth.races["r"].in_turmoil is False


def test_an_obliterated_gods_share_goes_to_the_other_gods() -> None:
    """[003:435] GODS-40: {A 40, B 30, C 20, ATHEISM 10}, A obliterated -> {B 50, C 40, ATHEISM 10}."""
    g = earth_game(worshippers({"zeus": "40", "hera": "30", "ares": "20", "ATHEISM": "10"}))
    g.when(ObliterateCharacter(character="zeus", reason="the weapon of obliteration"))
    assert shares(g) == {"hera": 50, "ares": 40, "ATHEISM": 10}


def test_a_god_who_surrendered_earthly_influence_may_not_touch_the_pantheon() -> None:
    """[003:290] Surrender Earthly Influence: no influence over that race until the era ends."""
    from domain.rulesets.gods2.heaven.combat.events import SurrenderAccepted

    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), chars=AT_WINDOW)
    g.given(SurrenderAccepted(combat_id="c-1", winner="hera", loser="zeus", term="earthly_influence", race="r"))
    assert g.rejects(StartReligiousTurmoil(race="r"), ZEUS).code == "gods2.earthly_ban"
    assert g.rejects(ProposePantheonChange(race="r", shares={"zeus": "50", "hera": "50"}), ZEUS).code == (
        "gods2.earthly_ban"
    )


def test_an_order_not_every_member_signed_lapses_when_the_century_ends() -> None:
    """[000:72] unanimity, [000:66] worship is paid on the pantheon at the century's end: an order Hera never
    signs does not wait forever; it lapses at the end of the century, seen by the members, and the pantheon
    stands as it was."""
    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), chars=AT_WINDOW)
    order = g.when(ProposePantheonChange(race="r", shares={"zeus": "70", "hera": "30"}), ZEUS)[0].order
    g.when(CloseActivityPhase())
    events = g.when(EndCentury())
    assert PantheonChangeLapsed(order=order, race="r", members=["hera", "zeus"]) in events
    assert g.rules.earth.orders == {} and shares(g) == {"zeus": 60, "hera": 40}
    lapsed = next(e for e in events if isinstance(e, PantheonChangeLapsed))
    assert redact(lapsed, HERA) == lapsed and redact(lapsed, ARES) is None


def test_a_hidden_order_does_not_shift_the_id_of_the_next_war() -> None:
    """[000:78] a pending order is between the members and the referees: a god outside the pantheon must not
    read it off the next public id (orders take owned ids, not the Earth's public serial)."""

    def next_war(with_order: bool) -> str:
        e = earth(
            [race("r", pantheon={"zeus": "60", "hera": "40"}, aggression=-20), race("s", aggression=-20)],
            {sq(0, 0): ("r", 5), sq(1, 0): ("s", 5)},
        )
        g = earth_game(e, chars=AT_WINDOW)
        if with_order:
            order = g.when(ProposePantheonChange(race="r", shares={"zeus": "70", "hera": "30"}), ZEUS)[0].order
            assert order == "order-zeus-1"
        return str(g.when(DeclareWar(attacker="r", defender="s", reason="test"))[0].war)

    assert next_war(with_order=True) == next_war(with_order=False)


def test_a_god_outside_the_pantheon_cannot_tell_a_pending_order_from_none() -> None:
    """[000:78] the order is between the pantheon's members and the referees: Ares, not a member, gets the same
    refusal for Zeus's real order as for an id that names nothing."""
    g = earth_game(worshippers({"zeus": "60", "hera": "40"}), chars=AT_WINDOW)
    order = g.when(ProposePantheonChange(race="r", shares={"zeus": "70", "hera": "30"}), ZEUS)[0].order
    real, absent = g.rejects(SignPantheonChange(order=order), ARES), g.rejects(SignPantheonChange(order="x"), ARES)
    assert (real.code, real.status) == (absent.code, absent.status) == ("gods2.unknown_order", 422)
    assert real.message.replace(order, "x") == absent.message
