"""Inter-nation transference of gold, NFP and units (§9.5-9.7 [L8869-8913]) and agro sales (§2.11.5.2
[L1987-1995]): a seat gives only what it owns, and what needs the other side's consent needs its own line."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.finance.orders import (
    AcceptTransfer,
    BuyAgro,
    GiveUnits,
    LoanArmy,
    RecallArmy,
    SellAgro,
    TransferGold,
    TransferNFP,
)
from tests.domain.harness import GM
from tests.domain.lote.finance.helpers import bankers, play
from tests.domain.lote.helpers import of, seat


def _ledger(events: list[object], nid: str) -> Fraction:
    net = sum(e.net for e in of(events, m.RevenueCollected) if e.nation == nid)
    return net - sum(e.paid for e in of(events, m.SupportPaid) if e.nation == nid)


def test_gold_passes_freely_between_trading_partners() -> None:
    """[L8869-8872] "A nation can transfer an unlimited number of Gold Points (GP) to other nations with which it
    is trading": from treasury to treasury, without a line from the receiver."""
    g = bankers()
    before = {n: g.rules.nations[n].gp for n in ("bur", "swi")}
    events = play(g, {"bur": [TransferGold(line="g", to="swi", amount="120.5")]})
    (sent,) = of(events, m.GoldTransferred)
    assert (sent.nation, sent.to, sent.amount, sent.carrier) == ("bur", "swi", Fraction("120.5"), None)
    assert g.rules.nations["swi"].gp == before["swi"] + _ledger(events, "swi") + Fraction("120.5")
    assert g.rules.nations["bur"].gp == before["bur"] + _ledger(events, "bur") - Fraction("120.5")


def test_without_a_trade_link_a_leader_carries_100_gp_openly_or_30_secretly() -> None:
    """[L8872-8883] "a leader must move it there. A leader moving openly ... can deliver 100 GP. A leader moving
    secretly can deliver 30 GP ... from source Treasury to destination Treasury ... The delivered gold cannot be
    used until it is delivered"; "Each Cargo capacity point of a ship can hold up to 100 GP" (4 transports of
    capacity 3: 1,200 GP more)."""
    g = bankers(route=False, bur={"saved_gp": "2000"})
    bur = seat("bur")
    assert g.rejects(TransferGold(line="g", to="swi", amount="10"), bur).code == "lote.not_trading"
    assert g.rejects(TransferGold(line="g", to="swi", amount="31", carrier="bm", secret=True), bur).code == (
        "lote.over_carry_limit"
    )
    assert g.rejects(TransferGold(line="g", to="swi", amount="1", carrier="sk"), bur).code == (
        "lote.finance_unknown_leader"
    )
    g.when(TransferGold(line="ships", to="swi", amount="1300", carrier="blt"), bur)  # 100 + 4 x 3 x 100
    assert g.rejects(TransferGold(line="ships", to="swi", amount="1301", carrier="blt"), bur).code == (
        "lote.over_carry_limit"
    )
    g.when(m.WithdrawOrder(line="ships"), bur)
    g.when(TransferGold(line="g", to="swi", amount="30", carrier="bm", secret=True), bur)
    g.when(TransferGold(line="h", to="swi", amount="5", carrier="blt"), bur)
    events = play(g, {})
    (sent,) = of(events, m.GoldTransferred)
    assert (sent.carrier, sent.secret, sent.amount) == ("bm", True, 30)  # Bern holds Zurich, the Swiss treasury
    (failed,) = of(events, m.OrderFailed)
    assert (failed.line, failed.code) == ("h", "lote.not_delivered")  # Franche is not Zurich: the gold stays home


def test_nfp_go_to_a_willing_trading_partner_as_slave_nfp() -> None:
    """[L8886-8893] "NFP can also be transferred between two trading nations assuming that both realms have the
    Slave Economic type or are willing to practice it ... The transferred NFP become slave NFP once received":
    the receiver's `AcceptTransfer` is its willingness."""
    g = bankers()
    events = play(g, {"bur": [TransferNFP(line="n", to="swi", amount=5)]})
    assert [e.code for e in of(events, m.OrderFailed)] == ["lote.not_agreed"]
    nfp = g.rules.nations["bur"].nfp
    events = play(
        g,
        {
            "bur": [TransferNFP(line="n", to="swi", amount=5)],
            "swi": [AcceptTransfer(line="a", from_nation="bur", kind="nfp")],
        },
    )
    assert [(e.nation, e.to, e.amount) for e in of(events, m.NFPTransferred)] == [("bur", "swi", 5)]
    assert g.rules.nations["swi"].slave_nfp == 5
    income = sum(e.nfp for e in of(events, m.RevenueCollected) if e.nation == "bur")
    assert g.rules.nations["bur"].nfp == nfp + income - 5


def test_given_units_convert_two_to_one_between_nations_of_one_religion() -> None:
    """[L8898-8905] "'Given' units convert at a rate of 2 to 1. So if Germany gives the Pope 100 infantry units,
    the Pope only gets 50 ... This transfer is only allowable between nations of the same Religion." An odd unit
    is lost (rounded down); they join the receiver's garrison where they were handed over."""
    g = bankers()
    bur = seat("bur")
    assert g.rejects(GiveUnits(line="u", to="tur", army="blt", units={"I": 2}), bur).code == "lote.not_same_religion"
    assert g.rejects(GiveUnits(line="u", to="swi", army="blt", units={"I": 11}), bur).code == "lote.not_enough_units"
    events = play(
        g,
        {
            "bur": [GiveUnits(line="u", to="swi", army="blt", units={"I": 9})],
            "swi": [AcceptTransfer(line="a", from_nation="bur", kind="units")],
        },
    )
    (gift,) = of(events, m.UnitsGiven)
    assert (gift.units, gift.received, gift.place) == ({"I": 9}, {"I": 4}, "Franche")
    assert g.rules.leaders["blt"].units["I"] == 1 and g.rules.regions["Franche"].garrison["swi"] == {"I": 4}
    g.when(m.MoveLeader(leader="blt", location="Lake", reason="sailing"))
    assert g.rejects(GiveUnits(line="u", to="swi", army="blt", units={"I": 1}), bur).code == "lote.given_at_sea"


def test_gold_spent_elsewhere_before_the_transfer_resolves_is_a_failed_order() -> None:
    """A line re-checked at resolution: the treasury emptied by the GM after the form was checked cannot pay."""
    g = bankers()
    g.when(TransferGold(line="g", to="swi", amount="250"), seat("bur"))
    g.when(m.AdjustTreasury(nation="bur", gp="-250", nfp="0", reason="a fire in the treasury"))
    events = play(g, {})
    assert not of(events, m.GoldTransferred)
    assert [(e.line, e.code) for e in of(events, m.OrderFailed)] == [("g", "lote.not_enough_gold")]


def test_a_loaned_army_serves_the_borrower_under_its_own_leader_until_recalled() -> None:
    """[L8906-8913] "'Loaned' units are not converted and can be 'loaned' between nations of different religions.
    Loaned units must be commanded by a Leader from their 'home' Nation ... The nation that the units are
    transferred to pays the Troop Support ... The 'loaning' nation may, however, recall them at any time." Both
    sheets show the army ([L5175-5183])."""
    g = bankers()
    bur = seat("bur")
    assert g.rejects(LoanArmy(line="l", to="tur", army="bk"), bur).code == "lote.cannot_loan_army"
    assert g.rejects(RecallArmy(line="r", army="blt"), bur).code == "lote.not_loaned"
    troops = g.rules.nations["tur"].support.troop
    events = play(
        g,
        {
            "bur": [LoanArmy(line="l", to="tur", army="blt")],
            "tur": [AcceptTransfer(line="a", from_nation="bur", kind="army")],
        },
    )
    assert [(e.nation, e.to, e.leader) for e in of(events, m.ArmyLoaned)] == [("bur", "tur", "blt")]
    leader = g.rules.leaders["blt"]
    assert (leader.nation, leader.loaned_from) == ("tur", "bur")
    assert g.rules.nations["tur"].support.troop > troops  # assessed at the end of the turn: the borrower pays
    assert "blt" in g.view(seat("bur")).leaders and "blt" in g.view(seat("tur")).leaders
    assert "blt" not in g.view(seat("swi")).leaders
    events = play(g, {"bur": [RecallArmy(line="r", army="blt")]})
    assert [(e.nation, e.to) for e in of(events, m.ArmyRecalled)] == [("bur", "tur")]
    assert (g.rules.leaders["blt"].nation, g.rules.leaders["blt"].loaned_from) == ("bur", None)


def test_surplus_agro_is_sold_to_a_trade_partner_at_the_agreed_price() -> None:
    """[L1987-1991] "Surplus Agro can be sold by a Nation to any of its trade partners, at any price that can be
    mutually agreed upon": the buyer's line names the same points and price; the agro joins its reserves."""
    g = bankers()
    assert g.rejects(SellAgro(line="s", buyer="swi", points=99, price="2"), seat("bur")).code == "lote.agro_surplus"
    assert g.rejects(BuyAgro(line="b", seller="tur", points=1, price="1"), seat("swi")).code == "lote.not_trading"
    reserves = g.rules.nations["swi"].agro_reserves
    events = play(
        g,
        {
            "bur": [SellAgro(line="s", buyer="swi", points=10, price="2.5")],
            "swi": [BuyAgro(line="b", seller="bur", points=10, price="2.5")],
        },
    )
    (sale,) = of(events, m.AgroSold)
    assert (sale.nation, sale.to, sale.points, sale.price) == ("bur", "swi", 10, Fraction("2.5"))
    harvest = [e for e in of(events, m.AgroHarvested) if e.nation == "swi"]
    assert harvest and g.rules.nations["swi"].agro_reserves >= reserves
    events = play(
        g,
        {
            "bur": [SellAgro(line="s", buyer="swi", points=10, price="2.5")],
            "swi": [BuyAgro(line="b", seller="bur", points=10, price="2")],
        },
    )
    assert not of(events, m.AgroSold) and [e.code for e in of(events, m.OrderFailed)] == ["lote.not_agreed"]


def test_a_dealing_reaches_its_two_parties_and_no_one_else() -> None:
    """Digest §1.6: stat sheets and dealings are the parties' own; the Newsfax prints no finance ([L3050-3061]
    lists what it reports: no gold, loan or sale). Both status reports print the dealing."""
    g = bankers()
    events = play(g, {"bur": [TransferGold(line="g", to="swi", amount="12")]})
    (sent,) = of(events, m.GoldTransferred)
    assert redact(sent, seat("bur")) == sent and redact(sent, seat("swi")) == sent
    assert redact(sent, seat("tur")) is None and redact(sent, GM) == sent
    reports = g.rules.press.published_reports
    assert reports["bur"].finance == ["Gold: 12 GP sent to Switzerland"]
    assert reports["swi"].finance == ["Gold: 12 GP received from Burgundy"] and reports["tur"].finance == []
    assert "FINANCE\nGold: 12 GP received from Burgundy" in reports["swi"].text
    newsfax = g.rules.press.newsfax
    assert newsfax is not None and "Gold" not in newsfax.text
