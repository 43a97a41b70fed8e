"""Four nations over three turns with real order forms: the treasury balances with the events of every turn."""

from __future__ import annotations

from fractions import Fraction

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import BuildPublicWorks, BuildUnits, Invest, SetTaxRate
from tests.domain.harness import Game
from tests.domain.lote.helpers import example_setup, game, seat

SPENDING = (
    m.UnitsMustered, m.PublicWorksBuilt, m.CityFoundationLaid, m.CityExpanded, m.FortressBuilt, m.WallPointsBuilt,
    m.PortAreaBuilt, m.ColonyPaid, m.MegalithPaid, m.FerryPointsBuilt, m.InvestmentMade, m.HeavyTransportsBuilt,
)  # fmt: skip


def _forms(turn: int) -> dict[str, list[object]]:
    return {
        "byz": [SetTaxRate(line="tax", percent=110), Invest(line="bl", rating="bl", gp="10"),
                BuildPublicWorks(line="pw", location="Thrace", points=2)],
        "dan": [BuildUnits(line="ships", unit="LT", count=1, location="Roskilde")],
        "rus": [Invest(line="inf", rating="inf_qr", gp="5")],
        "kip": [] if turn == 2 else [BuildUnits(line="lc", unit="LC", count=2, location="Kipchak")],
    }  # fmt: skip


def _turn(g: Game, turn: int) -> None:
    before = {n: (x.gp, x.nfp) for n, x in g.rules.nations.items()}
    start = len(g.events)
    for nid, lines in _forms(turn).items():
        for line in lines:
            g.when(line, seat(nid))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id))
    g.when(AdvancePhase())
    g.when(AdvancePhase())
    events = g.events[start:]
    for nid, (gp, nfp) in before.items():
        mine = [e for e in events if getattr(e, "nation", None) == nid]
        income = sum(e.net for e in mine if isinstance(e, m.RevenueCollected))
        support = sum(e.paid for e in mine if isinstance(e, m.SupportPaid))
        spent = sum(e.gp for e in mine if isinstance(e, SPENDING))
        # [L8829-8836] a loan falling due this turn is repaid from the treasury (the scenario's byz loan, turn 3)
        repaid = sum(e.amount for e in mine if isinstance(e, m.LoanRepaid))
        assert g.rules.nations[nid].gp == gp + income - support - spent - repaid, (turn, nid)
        nfp_in = sum(e.nfp for e in mine if isinstance(e, m.RevenueCollected))
        nfp_out = sum(e.nfp for e in mine if isinstance(e, SPENDING))
        assert g.rules.nations[nid].nfp == max(nfp + nfp_in - nfp_out, Fraction(0)), (turn, nid)
    assert not [e for e in events if isinstance(e, m.OrderFailed)]


def test_four_nations_play_three_turns_and_every_treasury_balances() -> None:
    g = game(example_setup())
    for turn in (1, 2, 3):
        _turn(g, turn)
    assert g.rules.turn == 4 and g.rules.regions["Thrace"].pwb == 36
    # the scenario's 30 GP internal loan, due on turn 3, was repaid with its 30% interest
    (repaid,) = [e for e in g.events if isinstance(e, m.LoanRepaid)]
    assert (repaid.nation, repaid.amount) == ("byz", 39) and g.rules.nations["byz"].loans == []
    assert g.rules.cities["Roskilde"].garrison["dan"]["LT"] == 3
    assert g.rules.regions["Kipchak"].garrison["kip"]["LC"] == 4
