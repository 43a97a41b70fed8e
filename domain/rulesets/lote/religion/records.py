"""The religion records of the state (digest §2.11): this turn's and last turn's religious operations, religious
minorities by place, influence between religions, the tolerance it won, the excommunications and interdicts in
force, converted leaders and the pending religious checks.

Kept free of imports above `scenario` (`model/state.py` holds a `ReligionRecords`).
"""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.scenario.enums import Exact


class RelOp(msgspec.Struct, frozen=True):
    """One religious operation as resolution raised it (R5): the order line's parts, then the computed inputs.

    `base` is the province (or city) held at Tributary or better the range is traced from, `distance` its cost
    to `location` (in AP or in regions and sea zones, setting A10) against `action_range` ([L7447-7450]);
    `rs` is the operator's Religious Strength and `target_rs` the target nation's. `result` is empty until the GM
    settles it; `change` is what it moved (RS points, influence levels, the share converted)."""

    item_id: str
    turn: int
    nation: str
    line: str
    code: str
    bonus: int
    odds: str
    religion: str
    target_nation: str | None = None
    target: str = ""
    location: str | None = None
    detail: str = ""
    base: str | None = None
    distance: Exact | None = None
    action_range: int = 0
    rs: int = 0
    target_rs: int | None = None
    rolls: tuple[int, ...] = ()
    result: str = ""
    detection: str = ""
    change: int = 0
    effect: str = ""


class Minority(msgspec.Struct, frozen=True):
    """A second religion in a place ([L3252-3258], [L7612-7620]): `converts` are the share (`pct`) a Diplomatic
    Conversion or Missionaries converted to `religion` for `nation` ([L7634-7643]); `colonial` the natives of
    `religion` left a minority by `nation`'s colony ([L7612-7620]); `military` the former `religion` of a place
    under `nation`'s Military Conversion until it is assimilated ([L7622-7632]); `scenario` one the map printed."""

    religion: str
    origin: str
    pct: int = 0
    nation: str = ""
    since_turn: int = 0


class Influence(msgspec.Struct, frozen=True):
    """[L7529-7563] `nation`'s influence (of its `religion`) over the religion `over`: 0 to 10; at 10 the two
    become tolerant of each other and it starts again from 0 (`stage` "conversion": at 10 `over` is ripe for mass
    conversion). Halved every turn it is not maintained (`maintained_turn`)."""

    nation: str
    religion: str
    over: str
    level: int = 0
    stage: str = "tolerance"
    maintained_turn: int = 0


class Sanction(msgspec.Struct, frozen=True):
    """An excommunication (§8.6.7.1 [L7900-7915]) of a nation or one of its leaders, or an interdict (§8.6.7.2
    [L7917-7936]) on a nation's regions (`regions` empty: all of them of its religion), laid by `by` (the GM; later
    the Primacy). `checked_turn` is the turn its revolt checks were raised (0: not yet)."""

    kind: str
    nation: str
    since_turn: int
    by: str = "gm"
    leader: str = ""
    regions: tuple[str, ...] = ()
    checked_turn: int = 0


class Pending(msgspec.Struct, frozen=True):
    """What a religious item does once decided, beyond its outcome: the religion a place takes if it holds
    (pagan adoption, [L7670-7673]), the nation that converts."""

    cause: str
    nation: str
    religion: str = ""


class ReligionRecords(msgspec.Struct, frozen=True):
    """Operations by item id (this turn's and the last's); minorities by place; influence by `nation>religion`;
    pairs of religions made tolerant (`A|B`, sorted) and religions ripe for mass conversion (`over>religion`);
    sanctions by key (`exc:<nation>`, `exc:<nation>:<leader>`, `int:<nation>`) and how often each nation was
    excommunicated ("misuse, or overuse, of this power will dull its effects", [L7910-7912]); converted leaders
    (leader -> religion); Religious Strength risen this turn (nation -> turn; one point a turn, [L1458-1462]);
    religious-monument RS still owed (nation -> points); pending item effects by item id."""

    ops: dict[str, RelOp] = {}
    minorities: dict[str, tuple[Minority, ...]] = {}
    influence: dict[str, Influence] = {}
    tolerant: tuple[str, ...] = ()
    ripe: tuple[str, ...] = ()
    sanctions: dict[str, Sanction] = {}
    excommunications: dict[str, int] = {}
    leaders: dict[str, str] = {}
    rs_risen: dict[str, int] = {}
    monument_rs: dict[str, int] = {}
    pending: dict[str, Pending] = {}
