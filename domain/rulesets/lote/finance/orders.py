"""The finance lines of the order form (§9.1.6, §9.4-9.7, §5.5.3, §2.11.5.2).

A dealing between two nations takes a line on each form: the giver's (`GiveUnits`, `LoanArmy`, `TransferNFP`,
`LendGold`, `SellAgro`) and the receiver's consent (`AcceptTransfer`, `BorrowGold`, `BuyAgro`). Gold given
(`TransferGold`) needs no consent: [L8869-8893] sets no condition on the receiving nation. The tags are
permanent storage names (orders are stored inside `OrderEntered`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Count, Decimal, Name, Table

Percent = Annotated[int, msgspec.Meta(ge=0, le=100)]  # an interest rate a player banker sets ([L8862-8865])


class _Order(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    line: Name


class ConductCensus(_Order, frozen=True, tag="ConductCensus"):
    """[L8438-8446] 5 GP per Friendly region + 1/2 GP per Friendly city GPv, 1 NFP per 20 GP (rounded up); a
    King, Heir, Prince or Lieutenant at the capital (or homeland) performs the CC action (8 AP, [L6460-6472])."""

    leader: Name


class TakeLoan(_Order, frozen=True, tag="TakeLoan"):
    """[L8821-8829] borrow from the Jewish bankers (3 x TL % of net revenue; civilized states of WE, EE, NA, ME,
    PR) or the internal banks (5 x TL %; not under usury restrictions); 30% interest, due in two full turns."""

    source: Literal["internal", "jewish"]
    amount: Decimal


class RepayLoan(_Order, frozen=True, tag="RepayLoan"):
    """Repay a loan early (or after a default): the principal and its interest, `source` as on the stat sheet
    (`internal`, `jewish`, or the lending nation)."""

    source: Name


class LendGold(_Order, frozen=True, tag="LendGold"):
    """[L8862-8867] a nation lends gold at the interest it chooses (none under usury restrictions); the borrower
    must give the matching `BorrowGold` line the same turn. Repaid, like a bank loan, in two full turns."""

    to: Name
    amount: Decimal
    interest_pct: Percent = 0


class BorrowGold(_Order, frozen=True, tag="BorrowGold"):
    """The borrower's consent to a `LendGold` of another nation: same amount and interest."""

    lender: Name
    amount: Decimal
    interest_pct: Percent = 0


class TransferGold(_Order, frozen=True, tag="TransferGold"):
    """[L8869-8885] gold to another nation: unlimited to a trading partner; otherwise `carrier`, one of your
    leaders, takes it to the other treasury (100 GP openly, 30 GP if `secret`, plus 100 GP per cargo point of
    the ships in his army); it arrives only if he ends the turn at that treasury."""

    to: Name
    amount: Decimal
    carrier: Name | None = None
    secret: bool = False


class TransferNFP(_Order, frozen=True, tag="TransferNFP"):
    """[L8886-8893] NFP to a trading partner: both are (or are willing to be) slave economies, so the receiver
    accepts with `AcceptTransfer(kind="nfp")`; the NFP arrive as slave NFP."""

    to: Name
    amount: Count


class GiveUnits(_Order, frozen=True, tag="GiveUnits"):
    """[L8894-8905] units of `army` given to a nation of the same religion, which accepts them: they convert 2 to 1
    (rounded down) and join its garrison at the army's place (or its army named in the acceptance, there)."""

    to: Name
    army: Name
    units: Table[Name, Count]


class LoanArmy(_Order, frozen=True, tag="LoanArmy"):
    """[L8906-8913] lend a leader and his army: the units stay yours and are led by your leader; the borrower
    (who accepts with `AcceptTransfer(kind="army")`) commands them and pays their troop support."""

    to: Name
    army: Name


class RecallArmy(_Order, frozen=True, tag="RecallArmy"):
    """[L8910-8911] "The 'loaning' nation may, however, recall them at any time": back at the start of the turn."""

    army: Name


class AcceptTransfer(_Order, frozen=True, tag="AcceptTransfer"):
    """Consent to what `from_nation` gives this turn: NFP, units (joining `army` if named) or a loaned army."""

    from_nation: Name
    kind: Literal["nfp", "units", "army"]
    army: Name | None = None


class BribeMercenaries(_Order, frozen=True, tag="BribeMercenaries"):
    """[L4516-4531] your `leader`'s bribe to another nation's mercenaries of `pool` and `unit` hired in his region:
    the hire cost nullifies them (back to their pool), twice it (`switch`) brings them to his army for the turn.
    `gp` is the most you pay; the bribe costs the hire cost (or twice it)."""

    pool: Name
    unit: Name
    leader: Name
    gp: Decimal
    switch: bool = False


class CounterBribe(_Order, frozen=True, tag="CounterBribe"):
    """[L4526-4529] keep your mercenaries of `pool` and `unit` against a bribe: up to `gp` (you pay as much as the
    bribe, which must be equalled)."""

    pool: Name
    unit: Name
    gp: Decimal


class SellAgro(_Order, frozen=True, tag="SellAgro"):
    """[L1987-1995] surplus agro sold to a trade partner at an agreed price (GP per point); the buyer gives the
    matching `BuyAgro` line."""

    buyer: Name
    points: Count
    price: Decimal


class BuyAgro(_Order, frozen=True, tag="BuyAgro"):
    """The buyer's side of `SellAgro`: same points and price; the agro joins the buyer's reserves."""

    seller: Name
    points: Count
    price: Decimal


FinanceOrder = (
    ConductCensus
    | TakeLoan
    | RepayLoan
    | LendGold
    | BorrowGold
    | TransferGold
    | TransferNFP
    | GiveUnits
    | LoanArmy
    | RecallArmy
    | AcceptTransfer
    | BribeMercenaries
    | CounterBribe
    | SellAgro
    | BuyAgro
)
FINANCE_ORDERS: tuple[type[_Order], ...] = FinanceOrder.__args__
