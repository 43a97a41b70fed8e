"""The religion lines of the order form (§8.3 [L7434-7608], §6.2.4.12 [L5772-5793], §8.5 [L7653-7681]).

- `ReligiousOperation`: one operation of Table 8-5 [L7455-7468], written `Code + Bonus / Target`: 1 ROC and
  `bonus` ROB points ([L7434-7439]), attempted in `location`, a region (or sea zone, or city) within the Action
  Range of a province held at Tributary or better ([L7447-7450]). `target_nation` names the nation acted on (DI, II,
  LS, RS; a converted leader's nation for MW), `target` the religion (CH, IR, MI, IW, RR), or the region, city or
  leader a Missionaries operation converts (MW).
- `DiplomaticConversion`: the leader action PR (called DC or DPC on the order form) [L5772-5793]: a leader and his
  helpers (each at full Charisma) convert part of a region or city to the nation's religion, BAC 4+.
- `ConvertNation`: the nation adopts another religion (§8.5): a tolerant faith at RS 4 or less, a hostile one at
  RS 2 or less; a Pagan or Amerind nation adopts an organized religion at any RS (§8.5.1 [L7664-7681]).

Kept free of imports above `scenario` (the order form of `model/` lists these lines). The tags are permanent
storage names (orders are stored inside `OrderEntered`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Count, Many, Name, Note

# Table 8-5 [L7455-7468]: the ten operation codes
RelopCode = Literal["CH", "DI", "IW", "II", "IR", "MI", "LS", "MW", "RS", "RR"]
# ROB points on one operation: 0 to the Religious Strength ([L1501-1507]), at most 10
BonusPoints = Annotated[int, msgspec.Meta(ge=0, le=10)]


class _Order(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    line: Name


class ReligiousOperation(_Order, frozen=True, tag="ReligiousOperation"):
    """One religious operation of §8.3: `code` + `bonus` ROB / `target_nation` - `target`, attempted in
    `location` (a region, city or sea zone; the nation's capital when the operation is on its own nation or
    religion and no place is named). `detail` is free text for the GM (the pretext of a Holy War, the heresy)."""

    code: RelopCode
    bonus: BonusPoints = 0
    target_nation: Name | None = None
    target: Name = ""
    location: Name | None = None
    detail: Note = ""


class DiplomaticConversion(_Order, frozen=True, tag="DiplomaticConversion"):
    """[L5772-5793] Religious (Diplomatic) Conversion by `leader` (not a Mercenary or Feudal Ally) with `helpers`
    at their full Charisma, spending `ap` Action Points (BAC 4+) in the region or city `target`; the GM rules the
    share converted ([L7634-7643]: 100% converts the place)."""

    leader: Name
    target: Name
    ap: Count
    helpers: Many[Name] = []


class ConvertNation(_Order, frozen=True, tag="ConvertNation"):
    """§8.5 [L7653-7681] the nation converts to `religion` (its King, royal family and government)."""

    religion: Name


ReligionOrder = ReligiousOperation | DiplomaticConversion | ConvertNation
RELIGION_ORDERS: tuple[type[_Order], ...] = ReligionOrder.__args__
