"""The GM's commands for leaders (P1-E): new leaders with rolled stats, confirmed deaths and their succession,
promotions. Every one carries the GM's reason."""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.engine.bounds import Name, Quantity, Reason, Table
from domain.rulesets.lote.leaders.events import DeathCause
from domain.rulesets.lote.scenario.enums import LeaderType

# [L2058-2059] "The Leader Name can be up to twenty characters long"
LeaderName = Annotated[str, msgspec.Meta(min_length=1, max_length=20)]
# [L5040-5041] a leader is of "Leader age (15+ years old)"; no one leads past 120
LeaderAge = Annotated[int, msgspec.Meta(ge=15, le=120)]


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class GenerateLeader(_Command, frozen=True, tag="GenerateLeader"):
    """[L2093-2102; L5233-5249] a new leader (a Lieutenant, an Ally with his native troops, a Bishop, a royal
    child come of age...): Combat, Diplomacy, Charisma and the hidden fourth stat are rolled 2d6-1 each.

    `army_no` defaults to the nation's lowest free number from 2 (01 is the King's, [L2078-2085]).
    """

    leader_id: Name
    nation: Name
    leader_type: LeaderType
    name: LeaderName
    age: LeaderAge
    location: Name
    reason: Reason
    army_no: Name | None = None
    home_region: Name | None = None
    units: Table[Name, Quantity] = {}


class ConfirmLeaderDeath(_Command, frozen=True, tag="ConfirmLeaderDeath"):
    """[L5205-5253] the GM confirms a leader's death; the succession follows the rules of §6.1.11.

    A dead Lieutenant or Bishop is replaced by a new leader (rolled), named `successor_name`, aged
    `successor_age`; a dead Full or Feudal Ally is replaced the same way when `replace_ally`, otherwise his
    province's fate (rebellion, Tributary) is the GM's to set with `SetControlStatus`.
    """

    leader_id: Name
    cause: DeathCause
    reason: Reason
    replace_ally: bool = True
    successor_name: Annotated[str, msgspec.Meta(max_length=20)] = ""
    successor_age: LeaderAge = 25


class PromoteLeader(_Command, frozen=True, tag="PromoteLeader"):
    """A new type for a leader ([L5225-5228] the King declares a Lieutenant or Ally his Heir; a Prince made
    Heir; a new King after a succession the GM ruled). A King takes army number 1 ([L2078-2085])."""

    leader_id: Name
    leader_type: LeaderType
    reason: Reason


LeaderCommand = GenerateLeader | ConfirmLeaderDeath | PromoteLeader
LEADER_GM_COMMANDS = frozenset({"GenerateLeader", "ConfirmLeaderDeath", "PromoteLeader"})
