"""The GM's religion commands, each with the reason he records.

- `SettleReligiousOperation`: Table 8-5 gives only qualitative odds (always / high / medium / low,
  [L7455-7468]), so the GM settles each operation's item (or confirms with `ConfirmAdjudication` the one the
  rulebook settles: Maintain Influence "automatically succeeds", [L7559-7563]).
- `Excommunicate` / `LiftExcommunication` and `LayInterdict` / `LiftInterdict`: the Primate's powers of
  §8.6.7.1-2 [L7900-7936] as the GM triggers them (the Primacy of phase 3 will trigger the same through
  `religion/sanctions.py`).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Many, Name, Note, Reason

# success; failure; not_run: never attempted (the GM found it could not be: no heresy to crush, no such leader)
RelopResult = Literal["success", "failure", "not_run"]
# who learns of it: no one but the operator (`hidden`); the target without the operator's name (`noticed`); the
# target with it (`detected`); everyone, through the Newsfax (`blown`)
Detection = Literal["hidden", "noticed", "detected", "blown"]
# RS points (RS, LS), influence levels (IR, II, DI) or the share of a place converted (MW, in percent)
Change = Annotated[int, msgspec.Meta(ge=0, le=100)]


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class SettleReligiousOperation(_Command, frozen=True, tag="SettleReligiousOperation"):
    """The GM's ruling on a religious operation's item: its `result`, who learns of it (`detection`) and, on a
    success, what it moved (`change`: 0 takes the engine's one step; RS and LS points, IR/II/DI influence levels,
    MW the share of the place converted in percent), with `effect` his words for the rest (a Holy War called, a
    heresy crushed)."""

    item_id: Name
    result: RelopResult
    detection: Detection
    reason: Reason
    change: Change = 0
    effect: Note = ""


class Excommunicate(_Command, frozen=True, tag="Excommunicate"):
    """§8.6.7.1 [L7900-7915] excommunicate a nation (its populace of its own faith hold it Hostile: garrisons,
    maximum status, revolt and defection checks), or one of its leaders (`leader`)."""

    nation: Name
    reason: Reason
    leader: Name | None = None


class LiftExcommunication(_Command, frozen=True, tag="LiftExcommunication"):
    """[L7913-7915] "The Excommunication may also be lifted or annulled by the will of the Primate"."""

    nation: Name
    reason: Reason
    leader: Name | None = None


class LayInterdict(_Command, frozen=True, tag="LayInterdict"):
    """§8.6.7.2 [L7917-7936] an interdict on the nation's `regions` of its own religion (none named: the whole
    nation): its inhabitants and leaders count as excommunicated, its armies as of a Hostile religion."""

    nation: Name
    reason: Reason
    regions: Many[Name] = []


class LiftInterdict(_Command, frozen=True, tag="LiftInterdict"):
    """[L7935-7936] "The Interdict may be lifted or annulled at the will of the Primate"."""

    nation: Name
    reason: Reason


class ConvertPlace(_Command, frozen=True, tag="ConvertPlace"):
    """The GM turns a region or city to `religion` where the rulebook leaves it to him: a majority of converts
    whipped up by a Cause Unrest or Incite Rebellion ([L7638-7643]), a religion ripe for mass conversion
    ([L7536-7540]), a resettled province ([L7645-7651]). Its converts and minorities are cleared."""

    place: Name
    religion: Name
    reason: Reason


ReligionCommand = (
    SettleReligiousOperation | Excommunicate | LiftExcommunication | LayInterdict | LiftInterdict | ConvertPlace
)
RELIGION_GM_COMMANDS = frozenset(
    {
        "SettleReligiousOperation",
        "Excommunicate",
        "LiftExcommunication",
        "LayInterdict",
        "LiftInterdict",
        "ConvertPlace",
    }
)
