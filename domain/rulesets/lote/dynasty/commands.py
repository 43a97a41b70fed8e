"""The GM's dynasty commands (P2-D). Every one carries the GM's reason.

A leader's death stays `leaders/`'s `ConfirmLeaderDeath` (its consequences are `dynasty/deaths.py`'s); the
rulings on the items this area raises (births, successions, regencies, allies' deaths, wounds, spies) are
`ConfirmAdjudication` or `OverrideAdjudication` with the outcomes each item lists.
"""

from __future__ import annotations

import msgspec

from domain.engine.bounds import Name, Reason
from domain.rulesets.lote.leaders.events import DeathCause


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class WoundLeader(_Command, frozen=True, tag="WoundLeader"):
    """[L7026-7030; L7040-7044] a leader wounded in battle or by an assassin (an intel operation the GM settled, a
    battle he resolved): he "aborts all remaining actions in the turn and may still die from complications". A
    `wound` item follows, with a recorded 2d6: "lives" (the proposal) or "dies" (of `cause`)."""

    leader_id: Name
    cause: DeathCause
    reason: Reason


class RecordSpy(_Command, frozen=True, tag="RecordSpy"):
    """[L5168-5171; L6966-6968] a Spy "activated by a subversion of another Nation's royal family": the member of
    `victim`'s royal family (a leader id, or a name on its royal family list) the GM rules turned to serve
    `master` when `master`'s infiltration of the Royal Family sector reached subversion."""

    victim: Name
    master: Name
    subject: Name
    reason: Reason


DynastyCommand = WoundLeader | RecordSpy
DYNASTY_GM_COMMANDS = frozenset({"WoundLeader", "RecordSpy"})
