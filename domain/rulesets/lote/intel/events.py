"""Events of intel operations (P2-B). A storage format: fields are only ever added, with defaults.

`IntelOperationRaised` carries an operation with its computed inputs when resolution (R5) puts it before the GM;
`IntelOperationSettled` is the GM's ruling. The infiltration state machine (`intel/infiltration.py`) reacts to
the settlement of IE, MI, PI and SI, and to `InfiltrationDecayed`; a subverted sector's spymaster receives
`IntelReportCopied` at each publication and a subverted University's `UniversityTechPointGained`
(`intel/subversion.py`); the GM's Conceal Fact and misinformation are `FactConcealed`, `MisinformationPlanted` and
`MisinformationFed` (`intel/misinformation.py`). Who sees what is `reports/views.py`'s (via `intel/visibility.py`):
the operator its own operations without the GM's inputs about others; the target only a detected operation
(`noticed` without the operator's name); everyone a `blown` one, through the Newsfax.
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.intel.records import IntelCopy, IntelOp
from domain.rulesets.lote.model.report_types import NewsItem


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class IntelOperationRaised(_Event, frozen=True, tag="IntelOperationRaised"):
    """An operation put before the GM with its inputs (ratings, points, Espionage, range, counters, dice)."""

    op: IntelOp


class IntelOperationSettled(_Event, frozen=True, tag="IntelOperationSettled"):
    """The GM's ruling on an operation: `result` (success, failure, blocked, not_run), `detection` (hidden,
    noticed, detected, blown), the infiltration `levels` it moves and the `effect` he wrote. `nation` is the
    operator; `target_nation`, `target`, `sector` and `location` as on its line."""

    item_id: str
    turn: int
    nation: str
    code: str
    result: str
    detection: str
    reason: str
    target_nation: str | None = None
    target: str = ""
    sector: str | None = None
    location: str | None = None
    levels: int = 0
    effect: str = ""
    espionage_failed: tuple[str, ...] = ()
    revolt: str = ""  # a Crush Revolt: the revolt it was used on ([L6865-6870])
    misinformation: bool = False  # the GM's mark: the effect he wrote is false ([L7124-7127]); never a seat's


class InfiltrationDecayed(_Event, frozen=True, tag="InfiltrationDecayed"):
    """[L7054-7058] the GM's ruling on an unmaintained infiltration (`key`, see `intel/infiltration.py`): the
    `levels` it lost and whether the target was tipped off (`detection` hidden, noticed or detected)."""

    item_id: str
    turn: int
    key: str
    owner: str
    target: str
    sector: str
    levels: int
    detection: str
    reason: str
    kind: str = "ie"


class IntelReportCopied(_Event, frozen=True, tag="IntelReportCopied"):
    """[L6952-6991] at publication, the spymaster `nation` receives what its subverted sectors of `received.nation`
    grant (a copy of the status report, or of its military or religious stats). Seen by the spymaster alone."""

    nation: str
    received: IntelCopy


class UniversityTechPointGained(_Event, frozen=True, tag="UniversityTechPointGained"):
    """[L6982-6984] "The subverting nation receives a extra Tech Point per turn if the subverted University is of
    a higher rating than their own." Seen by the subverting nation alone."""

    nation: str
    subverted: str
    turn: int


class FactConcealed(_Event, frozen=True, tag="FactConcealed"):
    """[L6840-6845] a Conceal Fact the GM ruled a success keeps a drafted Newsfax line out of print."""

    item_id: str
    news_item: str
    reason: str


class MisinformationPlanted(_Event, frozen=True, tag="MisinformationPlanted"):
    """[L6845-6849] "A sufficiently well supported Conceal Fact can also produce misinformation": a fabricated
    Newsfax line (phantom armies and cities, events that never occurred) and/or a faked MSI on the rankings."""

    item_id: str
    reason: str
    news: NewsItem | None = None
    nation: str | None = None
    msi: str | None = None


class MisinformationFed(_Event, frozen=True, tag="MisinformationFed"):
    """[L7223-7226] "bad" information fed to a spymaster through the copy of a report it receives (a turned
    infiltration, or a Conceal Fact of the nation copied): `text` printed for `key` of `recipient`'s copy of
    `nation`'s report at the next publication (empty: left out)."""

    recipient: str
    nation: str
    key: str
    text: str
    reason: str
    source: str = ""


IntelEvent = (
    IntelOperationRaised
    | IntelOperationSettled
    | InfiltrationDecayed
    | IntelReportCopied
    | UniversityTechPointGained
    | FactConcealed
    | MisinformationPlanted
    | MisinformationFed
)
INTEL_EVENTS: tuple[type[_Event], ...] = IntelEvent.__args__
