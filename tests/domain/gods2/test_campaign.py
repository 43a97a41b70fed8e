"""A campaign goes on from one session to the next ([003:51], [003:55]): the next session's scenario is the last
one's end state, and everything the rules carry over does."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from domain.engine import Rejected
from domain.engine.messages import FireDueTimers
from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.campaign import carry_over
from domain.rulesets.gods2.earth.events import CenturyStarted
from domain.rulesets.gods2.heaven.commands import (
    CastPower,
    CreditDemesneMana,
    KillCharacter,
    LendPower,
    MoveToLocale,
    ObliterateCharacter,
    ProposeServiceContract,
    RecordDivineOath,
    ReportSession,
    SetClock,
    SignServiceContract,
)
from domain.rulesets.gods2.kernel.model import Setup
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.gods2.scenario import HERA, IRIS, SEATS, ZEUS
from tests.domain.harness import Game

ZEUS_POWERS = ["burning_gate", "feast_hall", "wall_of_thorns", "curse_of_clumsiness"]


def first_session() -> Game:
    """A session with a little of everything that outlasts it, ended by the GMs."""
    world = earth([race("r", pantheon={"zeus": "60", "hera": "40"})], fill("r", [sq(0, 0), sq(1, 0)], 3))
    g = earth_game(world, activity=False, chars={"zeus": {"powers": ZEUS_POWERS}})
    g.when(MoveToLocale(locale="city"), ZEUS)
    g.when(MoveToLocale(locale="olympus"), ZEUS)
    for power in ("burning_gate", "feast_hall", "wall_of_thorns"):  # De, Ds and permanent [003:241-243]
        g.when(CastPower(power=power, demesne="olympus"), ZEUS)
        g.advance(5)
        g.when(FireDueTimers())
    g.when(CreditDemesneMana(demesne="olympus", amount="7/3", source="olympus.spring", reason="r"))
    (proposed,) = g.when(ProposeServiceContract(parties=["iris"], terms="Iris carries messages"), ZEUS)
    g.when(SignServiceContract(contract_id=proposed.contract_id), IRIS)
    g.when(ProposeServiceContract(parties=["hera"], terms="never signed"), ZEUS)
    g.when(RecordDivineOath(swearer="ares", witness="zeus", text="Ares serves Zeus", reason="witnessed"))
    g.when(KillCharacter(character="hera", reason="fell in a duel"))
    g.when(ObliterateCharacter(character="ares", reason="r"))
    g.when(SetClock(era="centrum", in_transition=True, reason="session 1 ends"))
    g.when(ReportSession(goals=["rule the Council"], goals_met=[]), ZEUS)
    g.when(LendPower(to="iris", power="curse_of_clumsiness"), ZEUS)
    return g


def next_session(g: Game) -> Game:
    carried = carry_over(g.rules, g.rules.settings)
    # The scenario travels as JSON (the GM may amend it): it must decode as a scenario within every bound.
    assert msgspec.json.decode(msgspec.json.encode(carried), type=Setup) == carried
    return Game(ruleset, carried, settings=g.rules.settings, seats=SEATS)


def test_the_next_session_opens_where_the_last_ended() -> None:
    """[003:51] the players review the situation they left: the next game is the next session, same pack."""
    g = first_session()
    n = next_session(g)
    assert (n.rules.session, n.rules.era, n.rules.in_transition) == (2, "centrum", False)
    assert n.rules.pack == g.rules.pack
    assert n.view(ZEUS).session == 2


def test_every_character_keeps_its_mana_its_fractions_and_its_sheet() -> None:
    """[003:55] current mana, gifts or borrowed powers, and the goals the player reported."""
    g = first_session()
    before, after = g.rules.characters["zeus"], next_session(g).rules.characters["zeus"]
    assert (after.mana, after.pending, after.debt) == (before.mana, before.pending, before.debt)
    assert after.accumulators == {"olympus.spring": Fraction(1, 3)} == before.accumulators
    assert (after.spheres, after.powers, after.goals) == (before.spheres, before.powers, ("rule the Council",))
    assert after.locale == "olympus" and after.built_demesne == before.built_demesne
    iris = next_session(g).rules.characters["iris"]
    assert [(b.power, b.lender) for b in iris.borrowed] == [("curse_of_clumsiness", "zeus")]


def test_the_dead_have_served_their_time_but_the_obliterated_are_gone() -> None:
    """[003:420] thirty minutes dead; [003:435] an obliterated god is gone forever."""
    n = next_session(first_session())
    assert n.rules.characters["hera"].life == "alive"
    assert n.rules.characters["ares"].life == "obliterated"


def test_demesne_powers_that_outlast_the_session_stay_on_the_card() -> None:
    """[003:241-243] De last until the end of the era, Ds until the end of the session; others are permanent."""
    n = next_session(first_session())
    assert sorted(p.power for p in n.rules.demesnes["olympus"].powers) == ["burning_gate", "wall_of_thorns"]


def test_the_hall_of_dooms_records_carry_over() -> None:
    """[003:51] current Council laws, divine oaths, service contracts; [003:60] posted in the Hall of Doom."""
    g = first_session()
    n = next_session(g)
    seen = n.view(HERA)
    assert seen.service_contracts == ["zeus, iris: Iris carries messages"]  # the unsigned proposal lapsed
    assert seen.oaths == ["ares to zeus: Ares serves Zeus"]
    assert (seen.laws, seen.offices) == (g.view(HERA).laws, g.view(HERA).offices)
    (proposed,) = n.when(ProposeServiceContract(parties=["hera"], terms="a new one"), ZEUS)
    assert proposed.contract_id not in g.rules.contracts  # ids go on from the last session's


def test_a_borrowed_power_is_cast_in_the_next_session() -> None:
    n = next_session(first_session())
    assert n.when(CastPower(power="curse_of_clumsiness", targets=["iris"]), IRIS)[0].amount == 3


def test_the_earth_map_carries_over_between_centuries() -> None:
    g = first_session()
    n = next_session(g)
    assert n.rules.earth.squares == g.rules.earth.squares
    assert n.rules.earth.races["r"].pantheon == g.rules.earth.races["r"].pantheon


def test_a_century_under_way_is_ended_before_the_session_is_carried_over() -> None:
    """[000:51] the GMs split the centuries among the sessions: Earth is handed on between two centuries."""
    g = first_session()
    g.given(CenturyStarted(century=1))
    with pytest.raises(Rejected) as refused:
        carry_over(g.rules, g.rules.settings)
    assert refused.value.code == "gods2.century_under_way"
