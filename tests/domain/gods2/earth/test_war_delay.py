"""The war delay is counted in the rules' minutes, like every timed rule of the game ([000:261])."""

from __future__ import annotations

from domain.rulesets.gods2 import ruleset
from domain.rulesets.gods2.earth.commands import DeclareWar, ResolveWar
from domain.rulesets.gods2.earth.events import CenturyStarted, WarFought
from domain.rulesets.gods2.kernel.model import Settings
from tests.domain.gods2.earth.test_war import dwarves_and_elves
from tests.domain.gods2.scenario import SEATS, setup
from tests.domain.harness import Game


def test_a_shortened_rule_minute_shortens_the_war_delay() -> None:
    """[000:261] a war is fought about five minutes after its declaration; a rehearsal with `minute_seconds=2`
    makes those five rule-minutes ten real seconds."""
    settings = Settings(minute_seconds=2, war_delay_minutes=5)
    g = Game(ruleset, setup(earth=dwarves_and_elves()), settings=settings, seats=SEATS)
    g.given(CenturyStarted(century=1))
    war = g.when(DeclareWar(attacker="dwarves", defender="elves", reason="Zeus stirs them"))[0].war
    assert g.advance(seconds=9).rejects(ResolveWar(war=war)).code == "gods2.war_too_soon"
    assert isinstance(g.advance(seconds=1).when(ResolveWar(war=war))[0], WarFought)
