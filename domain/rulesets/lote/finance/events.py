"""Events of finance (P2-E). A storage format: fields are only ever added, with defaults.

`nation` is the nation that acts (gives, borrows, bribes, sells); `to` / `lender` / `hirer` the other party.
Both parties see the event, no one else (`reports/views.py`); nothing of finance is printed in the Newsfax.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.scenario.enums import Exact


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class CensusConducted(_Event, frozen=True, tag="CensusConducted"):
    """[L8438-8452] the census is taken: paid, tax status C and x1.1 tax from the next assessment."""

    nation: str
    leader: str
    gp: Exact
    nfp: Exact


class CensusEnded(_Event, frozen=True, tag="CensusEnded"):
    """[L8447-8449] "active until you suffer a dynastic failure, a civil war, or if your nation's capital is
    captured ... or is destroyed"."""

    nation: str
    why: str


class LoanTaken(_Event, frozen=True, tag="LoanTaken"):
    """A loan drawn: `source` is `internal`, `jewish` or the lending nation (`lender`, who pays it out)."""

    nation: str
    source: str
    principal: Exact
    rate_pct: int
    due_turn: int
    lender: str | None = None


class LoanRepaid(_Event, frozen=True, tag="LoanRepaid"):
    """Principal and interest paid (to `lender` if a nation lent it)."""

    nation: str
    source: str
    amount: Exact
    lender: str | None = None


class LoanDefaulted(_Event, frozen=True, tag="LoanDefaulted"):
    """[L8839-8846] a loan not repaid when due: no more loans from any bank; the tax cut and the bankers' armies
    are the GM's (an adjudication item). The debt stays on the sheet."""

    nation: str
    source: str
    amount: Exact
    lender: str | None = None


class GoldTransferred(_Event, frozen=True, tag="GoldTransferred"):
    """[L8869-8885] gold from `nation`'s treasury to `to`'s, over a trade link or carried by `carrier`."""

    nation: str
    to: str
    amount: Exact
    carrier: str | None = None
    secret: bool = False


class NFPTransferred(_Event, frozen=True, tag="NFPTransferred"):
    """[L8886-8893] NFP given; they arrive as slave NFP."""

    nation: str
    to: str
    amount: int


class UnitsGiven(_Event, frozen=True, tag="UnitsGiven"):
    """[L8894-8905] units taken from `army`; `received` (half, rounded down) join `to`'s garrison at `place` or
    its army `into`."""

    nation: str
    to: str
    army: str
    units: dict[str, int]
    received: dict[str, int]
    place: str
    into: str | None = None


class ArmyLoaned(_Event, frozen=True, tag="ArmyLoaned"):
    """[L8906-8913] `leader` and his units serve `to` (who pays their support); they stay `nation`'s."""

    nation: str
    to: str
    leader: str


class ArmyRecalled(_Event, frozen=True, tag="ArmyRecalled"):
    """The lender takes his loaned army back."""

    nation: str
    to: str
    leader: str


class MercenariesBribed(_Event, frozen=True, tag="MercenariesBribed"):
    """[L4516-4525] `hirer`'s mercenaries bribed by `nation`: back to their pool, or (`switched`) in `leader`'s
    army for the rest of the turn; `gp` is what the bribe cost."""

    nation: str
    hirer: str
    pool: str
    unit: str
    count: int
    gp: Exact
    leader: str
    switched: bool
    location: str
    army: str | None = None


class BribeCountered(_Event, frozen=True, tag="BribeCountered"):
    """[L4526-4529] the hirer (`nation`) matched `briber`'s bribe and keeps his mercenaries; the briber pays
    nothing."""

    nation: str
    briber: str
    pool: str
    unit: str
    gp: Exact


class AgroSold(_Event, frozen=True, tag="AgroSold"):
    """[L1987-1995] agro points sold to `to` at `price` per point; they join the buyer's reserves."""

    nation: str
    to: str
    points: int
    price: Exact


FinanceEvent = (
    CensusConducted
    | CensusEnded
    | LoanTaken
    | LoanRepaid
    | LoanDefaulted
    | GoldTransferred
    | NFPTransferred
    | UnitsGiven
    | ArmyLoaned
    | ArmyRecalled
    | MercenariesBribed
    | BribeCountered
    | AgroSold
)
FINANCE_EVENTS: tuple[type[_Event], ...] = FinanceEvent.__args__


def parties(event: FinanceEvent) -> frozenset[str]:
    """The nations that see a finance event: the two sides of a dealing, or the one nation."""
    other = getattr(event, "to", None) or getattr(event, "lender", None)
    other = other or getattr(event, "hirer", None) or getattr(event, "briber", None)
    return frozenset(n for n in (event.nation, other) if n)
