"""Three centuries end to end in the domain: growth, aggressive wars fought after their delay, history powers
through the queue, worship paid each century; the books and the map stay consistent throughout
([000:220-261], [000:208-214])."""

from __future__ import annotations

from domain.rulesets.gods2.earth.commands import (
    CallTicket,
    CastHistoryPower,
    CloseActivityPhase,
    EndCentury,
    OrderWars,
    ResolveWar,
    StartCentury,
    TakeQueueTicket,
)
from domain.rulesets.gods2.earth.events import WarDeclared
from domain.rulesets.gods2.earth.stats import LIMITS
from domain.rulesets.gods2.kernel.events import ManaCredited
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.gods2.scenario import HERA, ZEUS


def test_three_centuries_keep_the_map_and_the_ledger_consistent() -> None:
    """[000:51] centuries follow one another; [000:228] growth first; [000:214] worship accumulates."""
    e = earth(
        [
            race("achaeans", "barbarian", pantheon={"zeus": "70", "hera": "30"}, aggression=2),
            race("trojans", pantheon={"hera": "80", "DIABOLISM": "20"}, knowledges=["agriculture"]),
        ],
        {**fill("achaeans", [sq(x, 0) for x in range(6)], 2), **fill("trojans", [sq(x, 2) for x in range(6)], 3)},
    )
    g = earth_game(e, activity=False, chars={"zeus": {"locale": "window"}, "hera": {"locale": "window"}})
    for century in (1, 2, 3):
        events = g.when(StartCentury())
        assert g.rules.earth.century == century
        if any(isinstance(x, WarDeclared) for x in events):
            g.when(OrderWars())
            g.advance(5)
            for war in g.rules.earth.war_order:
                if not g.rules.earth.wars[war].fought:
                    g.dice(4)
                    g.when(ResolveWar(war=war))
        g.when(TakeQueueTicket(), ZEUS)
        g.when(CallTicket())
        g.when(CastHistoryPower(power="war_fervour", race="achaeans"), ZEUS)
        g.when(TakeQueueTicket(), HERA)
        g.when(CallTicket())
        if century == 1:
            g.when(CastHistoryPower(power="cult_of_love", race="achaeans"), HERA)
        else:
            g.when(CallTicket(skip_current=True))  # Hera wandered off: she loses her turn
        g.when(CloseActivityPhase())
        paid = [x for x in g.when(EndCentury()) if isinstance(x, ManaCredited) and x.source == "war-worship"]
        assert [x.character for x in paid] == ["zeus"]  # Zeus holds War cards; Hera does not
        for s in g.rules.earth.squares.values():
            assert s.units >= 0 and (s.units == 0) == (s.race is None)
            if s.race is not None:
                assert s.units <= LIMITS[g.rules.earth.races[s.race].level][s.terrain] + 1  # Agriculture: +1 plains
        for r in g.rules.earth.races.values():
            assert sum(r.pantheon.values()) == 100
    hera = g.rules.characters["hera"]
    assert hera.accumulators.get("love-worship") is not None
    assert g.rules.demon_pool > 0 or g.rules.pool_accumulators.get("demonic-worship", 0) > 0  # the Trojans' diabolists
    assert [h.century for h in g.rules.earth.history].count(1) >= 2
