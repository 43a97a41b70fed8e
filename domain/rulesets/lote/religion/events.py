"""Events of religion (P2-C). A storage format: fields are only ever added, with defaults.

Who sees what is `visibility.py`'s: an operation's events its operator, and its target only once the GM ruled it
noticed, detected or blown; a place's conversion and minorities the nations holding it (and the converting
nation); excommunications, interdicts and a nation's conversion are public acts (the Newsfax prints them).
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.religion.records import Minority, RelOp, Sanction


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class ReligiousOperationRaised(_Event, frozen=True, tag="ReligiousOperationRaised"):
    """An operation put before the GM with its inputs (RS, ROC/ROB, range, dice)."""

    op: RelOp


class ReligiousOperationSettled(_Event, frozen=True, tag="ReligiousOperationSettled"):
    """The GM's ruling on an operation: `result` (success, failure, not_run), `detection` (hidden, noticed,
    detected, blown), `change` (RS points, influence levels or the share converted) and the `effect` he wrote.
    `nation` is the operator; `target_nation`, `target` and `location` as on its line."""

    item_id: str
    turn: int
    nation: str
    code: str
    result: str
    detection: str
    reason: str
    target_nation: str | None = None
    target: str = ""
    location: str | None = None
    change: int = 0
    effect: str = ""


class ReligiousStrengthChanged(_Event, frozen=True, tag="ReligiousStrengthChanged"):
    """[L1488-1507] a nation's Religious Strength is now `strength` (1 to 10); its ROC and ROB, which range from
    0 to the RS, are now `roc` and `rob`. `cause`: an operation's item id, `monument`, or the GM's."""

    nation: str
    strength: int
    roc: int
    rob: int
    cause: str
    risen: bool = False  # a rise: the one point the nation's RS may gain this turn ([L1458-1462])
    turn: int = 0


class InfluenceChanged(_Event, frozen=True, tag="InfluenceChanged"):
    """[L7529-7563] `nation`'s influence over `over` is now `level` at `stage`; `maintained` marks the turn it was
    kept current. `tolerant` / `ripe`: the level reached 10 ([L7533-7540])."""

    nation: str
    religion: str
    over: str
    level: int
    stage: str
    maintained: bool = False
    turn: int = 0
    tolerant: bool = False
    ripe: bool = False
    cause: str = ""


class PrimateInfluenceChanged(_Event, frozen=True, tag="PrimateInfluenceChanged"):
    """[L7481-7527] the influence of its Primacy in a nation (`primate_influence`, 0 to 10) raised by II or
    lowered by DI."""

    nation: str
    level: int
    cause: str


class MinoritiesSet(_Event, frozen=True, tag="MinoritiesSet"):
    """The religious minorities of a place are now `minorities` (converts gained, a colony's natives, a
    Military Conversion's former faith, a minority converted). `holders`: the nations holding the place."""

    place: str
    minorities: tuple[Minority, ...]
    cause: str
    holders: tuple[str, ...] = ()


class PlaceConverted(_Event, frozen=True, tag="PlaceConverted"):
    """A region or city takes `religion` (it was `former`): `how` diplomatic, missionaries, colonial, military
    (ruined: back to the former faith), pagan_adoption or the GM's. `nation` is the converting nation."""

    place: str
    religion: str
    former: str
    how: str
    nation: str = ""
    reason: str = ""
    holders: tuple[str, ...] = ()


class LeaderConverted(_Event, frozen=True, tag="LeaderConverted"):
    """[L7578-7586] a leader converted by Missionaries to `religion`."""

    leader: str
    nation: str
    religion: str
    by: str
    cause: str


class SanctionLaid(_Event, frozen=True, tag="SanctionLaid"):
    """An excommunication (of a nation, or of one `leader`) or an interdict (on `regions`, or the whole nation)
    laid by the GM or (later) the Primacy, with the reason."""

    key: str
    sanction: Sanction
    reason: str


class SanctionLifted(_Event, frozen=True, tag="SanctionLifted"):
    """[L7913-7915] [L7935-7936] lifted or annulled."""

    key: str
    nation: str
    kind: str
    reason: str
    leader: str = ""


class SanctionChecked(_Event, frozen=True, tag="SanctionChecked"):
    """The revolt and defection checks a sanction calls for were raised this turn."""

    key: str
    nation: str
    turn: int


class NationConverted(_Event, frozen=True, tag="NationConverted"):
    """§8.5 the nation's religion (its King, royal family and government) is now `religion`."""

    nation: str
    religion: str
    former: str
    reason: str = ""


class ReligiousCheckPending(_Event, frozen=True, tag="ReligiousCheckPending"):
    """What a religious item will do beyond its outcome (kept with the records until it is decided)."""

    item_id: str
    cause: str
    nation: str
    religion: str = ""


class MonumentCompleted(_Event, frozen=True, tag="MonumentCompleted"):
    """[L4933-4942] a Religious Monument of `levels` finished: `points` of RS are owed to the nation, at most one
    a turn."""

    nation: str
    project: str
    levels: int
    points: int


ReligionEvent = (
    ReligiousOperationRaised
    | ReligiousOperationSettled
    | ReligiousStrengthChanged
    | InfluenceChanged
    | PrimateInfluenceChanged
    | MinoritiesSet
    | PlaceConverted
    | LeaderConverted
    | SanctionLaid
    | SanctionLifted
    | SanctionChecked
    | NationConverted
    | ReligiousCheckPending
    | MonumentCompleted
)
RELIGION_EVENTS: tuple[type[_Event], ...] = ReligionEvent.__args__
