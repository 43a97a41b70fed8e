"""§9.1.4 The Destruction of the Capital, item 3 [L8404-8405]: "All of your Feudal Ally, Full Ally, Tributary,
Non-Paying Tributary and Economic Ally regions will check for revolt." """

from __future__ import annotations

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from tests.domain.harness import Game
from tests.domain.lote.helpers import example_setup, game, seat, settle_control


def _assault_kiev(destroyed: bool) -> Game:
    g = game(example_setup())
    g.when(m.SetControlStatus(place="Kiev", nation="byz", status="aw", reason="war"))
    g.when(m.MoveLeader(leader="byz-1", location="Kiev", reason="test: Basil stands before Kiev"))
    g.when(GiveItinerary(line="s", army="byz-1", steps=[Step(kind="act", action="AS", to="Kiev")]), seat("byz"))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    assault = next(b for b in g.rules.battles.values() if b.kind == "assault")
    g.when(m.ResolveBattle(battle_id=assault.battle_id, winner="attacker", capital_destroyed=destroyed, reason="x"))
    g.when(m.ConfirmAdjudication(item_id="t1-byz-trade_war-R2"))  # [L3810-3811] an act of war on a trading partner
    return g


def _capital_checks(g: Game) -> dict[str, str]:
    return {
        i.subject: i.explanation
        for i in g.rules.adjudications.values()
        if i.kind == "revolt_check" and i.nation == "rus" and "capital_destroyed" in i.explanation
    }


def test_a_destroyed_capital_raises_revolt_checks_in_its_tributary_regions_only() -> None:
    """Rus holds Novgorod as a Tributary (t) and Pereyaslavl as Friendly (f): when Kiev, its capital, is destroyed
    in an assault the GM rules in the adjudication phase, Novgorod checks for revolt (raised at the end of the turn
    for the next adjudication phase, as every late check is); Friendly Pereyaslavl does not."""
    g = _assault_kiev(destroyed=True)
    assert g.rules.nations["rus"].capital_destroyed_turn == g.rules.turn
    settle_control(g)
    g.when(AdvancePhase())
    checks = _capital_checks(g)
    assert set(checks) == {"region:Novgorod"}
    assert "a t region of a nation whose capital fell [L8404-8405]" in checks["region:Novgorod"]


def test_a_capital_taken_but_not_destroyed_raises_no_such_check() -> None:
    g = _assault_kiev(destroyed=False)
    settle_control(g)
    g.when(AdvancePhase())
    assert _capital_checks(g) == {}
