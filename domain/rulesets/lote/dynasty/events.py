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


DynastyEvent = ChildBorn | ChildPromoted | PrinceDemoted | MarriedToAlly | MarriedAbroad


def dynasty_parties(event: DynastyEvent) -> frozenset[str]:
    other = event.to if isinstance(event, MarriedAbroad) else None
    return frozenset(n for n in (event.nation, other) if n)
