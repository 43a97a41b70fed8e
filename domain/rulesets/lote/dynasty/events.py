"""Events of the royal family (P2-D). A storage format: fields are only ever added, with defaults."""

from __future__ import annotations

import msgspec

from domain.rulesets.lote.scenario.scenario import FamilyMember, LeaderRecord


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class ChildBorn(_Event, frozen=True, tag="ChildBorn"):
    """[L2131-2132] a child of the Have Children action, as the GM ruled the birth item."""

    nation: str
    child: FamilyMember
    reason: str


class ChildPromoted(_Event, frozen=True, tag="ChildPromoted"):
    """A royal child becomes a leader: the Heir when the eldest son comes of age ([L5064-5068]) or a Prince
    ([L5068-5070]); stats rolled 2d6-1 (the hidden one is the GM's: a seat receives 0)."""

    nation: str
    child: str
    leader_id: str
    leader: LeaderRecord
    reason: str


class PrinceDemoted(_Event, frozen=True, tag="PrinceDemoted"):
    """[L5073-5075] the Prince leaves national service for his fief (which becomes Non-Paying Tributary, a
    `ControlStatusSet` of its own); his troops stay where he was."""

    nation: str
    leader_id: str
    fief: str
    left_at: str | None = None
    units: dict[str, int] = {}


class MarriedToAlly(_Event, frozen=True, tag="MarriedToAlly"):
    """[L5183-5187] a royal child married to an Ally, who becomes a Prince (his region Friendly: a
    `ControlStatusSet`)."""

    nation: str
    child: str
    ally: str


class MarriedAbroad(_Event, frozen=True, tag="MarriedAbroad"):
    """[L5188-5202] `nation`'s child married to `to`'s `partner`: a prince leaves his family's list ("the plaything
    of the foreign potentate"), a princess stays on it, married; the spouse joins the other royal family."""

    nation: str
    to: str
    child: str
    partner: str


class FamilyLeft(_Event, frozen=True, tag="FamilyLeft"):
    """[L5192-5194] "If a King dies and any of his daughters remain unmarried, they will disappear from the Status
    report": those members leave `nation`'s royal family."""

    nation: str
    names: tuple[str, ...]
    reason: str


class RegencyBegan(_Event, frozen=True, tag="RegencyBegan"):
    """[L5030-5032] `king` is under age (15): a Regent is to rule in his stead (a `regency` item chooses him)."""

    nation: str
    king: str
    reason: str


class RegentAppointed(_Event, frozen=True, tag="RegentAppointed"):
    """The Regent the GM's `regency` ruling chose: one of the nation's leaders (`regent`, his post `was` kept for
    the end of the regency), or a new leader (`leader`: a member of the royal family, `family_member`, or a new
    man), stats rolled 2d6-1 (the hidden one is the GM's: a seat receives 0)."""

    nation: str
    king: str
    regent: str
    reason: str
    was: str = ""
    leader: LeaderRecord | None = None
    family_member: str = ""


class RegencyEnded(_Event, frozen=True, tag="RegencyEnded"):
    """The King came of age or died: the Regent takes back his post (`becomes`), or, raised to the regency from
    no post, serves on as a Lieutenant if the limits have room; otherwise he retires (`becomes` None: he leaves the
    leaders, his troops stay where he stood, `left_at`)."""

    nation: str
    king: str
    reason: str
    regent: str | None = None
    becomes: str | None = None
    left_at: str | None = None
    units: dict[str, int] = {}


class LeaderWounded(_Event, frozen=True, tag="LeaderWounded"):
    """[L7026-7030; L7040-7044; L5207] a leader wounded (battle, assassin): he "aborts all remaining actions in the
    turn and may still die from complications" (a `wound` item)."""

    leader_id: str
    nation: str
    cause: str
    turn: int
    reason: str


class LeaderRebelled(_Event, frozen=True, tag="LeaderRebelled"):
    """A leader who revolts leaves `nation` (a Dynastic Failure's check, [L8936-8941]; a Spy set to revolt,
    [L7240-7245]) with the troops that follow him (`followers`); the rest stay where he stood (`left_at`, `left`).
    `spy_master`: the nation whose Spy he was (only that nation and the GM see it)."""

    leader_id: str
    nation: str
    reason: str
    followers: dict[str, int] = {}
    left_at: str | None = None
    left: dict[str, int] = {}
    spy_master: str = ""


class SpyRecruited(_Event, frozen=True, tag="SpyRecruited"):
    """[L5168-5171] a Spy of `master`: `subject` (a leader id, or `family:<victim>:<name>`) of `victim`, turned by
    a Subvert Leader operation whose Loyalty check failed ([L7233-7240]) or by a subverted Royal Family
    ([L6966-6968]). Seen by `master` alone: he stays in his post and `victim` knows nothing of it."""

    victim: str
    master: str
    subject: str
    via: str
    reason: str
    family: bool = False


class SpyLost(_Event, frozen=True, tag="SpyLost"):
    """A Spy's service ends: he died ([L5171-5172; L5251-5253]: `infiltration` "half" or "all" of the subversion he
    represents is lost: a Royal Family infiltration's levels, `turn/dynasty_steps.py`) or revolted (`infiltration`
    "")."""

    victim: str
    master: str
    subject: str
    reason: str
    infiltration: str = ""


class CrownSeized(_Event, frozen=True, tag="CrownSeized"):
    """[L6966-6968] a turned member of the royal family became King and the GM ruled that `master` seized the
    country (the seats are the GM's to move)."""

    victim: str
    master: str
    king: str
    reason: str


DynastyEvent = (
    ChildBorn
    | ChildPromoted
    | PrinceDemoted
    | MarriedToAlly
    | MarriedAbroad
    | FamilyLeft
    | RegencyBegan
    | RegentAppointed
    | RegencyEnded
    | LeaderWounded
    | LeaderRebelled
    | SpyRecruited
    | SpyLost
    | CrownSeized
)
SPY_EVENTS = (SpyRecruited, SpyLost, CrownSeized)


def dynasty_parties(event: DynastyEvent) -> frozenset[str]:
    """Who sees a dynasty event: its nation (and the other court of a marriage abroad). A spy's events are his
    master's alone ([L5168-5171]); a rebel Spy's victim sees the revolt without the master (`reports/views.py`)."""
    if isinstance(event, SPY_EVENTS):
        return frozenset({event.master})
    if isinstance(event, LeaderRebelled):
        return frozenset(n for n in (event.nation, event.spy_master) if n)
    other = event.to if isinstance(event, MarriedAbroad) else None
    return frozenset(n for n in (event.nation, other) if n)
