"""The GM's commands of control (P1-H). Every one carries the GM's reason."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.engine.bounds import Name, Reason
from domain.rulesets.lote.scenario.enums import Government


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


# [L9405-9410] any number of nations may share a Non-Paying Tributary province
Sharers = Annotated[list[Name], msgspec.Meta(max_length=20)]


class RecordSharing(_Command, frozen=True, tag="RecordSharing"):
    """[L9414-9419] the nations that agreed to share a Tributary or Non-Paying Tributary province (or city), as
    they informed the GM; an empty list ends the agreement. Without one, their diplomacy there is "hostile"."""

    place: Name
    nations: Sharers
    reason: Reason


class OccupyPlace(_Command, frozen=True, tag="OccupyPlace"):
    """[L2371-2377] `occupier` seizes a Friendly or Homeland place of `owner`: the owner holds it `oc` (no revenue,
    no NFP) until it is retaken; the occupier holds it at `status` (Pacified, or Pacified Tributary [L5557-5560])."""

    place: Name
    owner: Name
    occupier: Name
    reason: Reason
    status: Literal["p", "pt"] = "p"


class LiberatePlace(_Command, frozen=True, tag="LiberatePlace"):
    """[L2375-2377, L5607-5620] the owner retakes an occupied place: it reverts to its previous status and the
    occupier's status there ends."""

    place: Name
    reason: Reason


class RecordSuccessorStates(_Command, frozen=True, tag="RecordSuccessorStates"):
    """[L8925-8981] the successor states the GM formed from `original` after a Dynastic Failure or Civil War; on
    the next turn only they may seize each other's Friendly regions (§9.8.1.1)."""

    original: Name
    successors: Annotated[list[Name], msgspec.Meta(min_length=2, max_length=20)]
    reason: Reason


class FoundSuccessorState(_Command, frozen=True, tag="FoundSuccessorState"):
    """[L8936-8941] the GM's ruling on a Dynastic Failure's `df_leader` item: the leader revolts and "his situation
    warrants it": he founds the independent state `nation` (a new id), `name`, as its King. `government` defaults
    to the original's (Table 13-9 [L15265], [L15299]: the rebelling piece of a Constitutional Monarchy or an
    Imperial government may become an Oligarchy)."""

    item_id: Name
    nation: Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_-]*$")]
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=60)]
    reason: Reason
    government: Government | None = None


ControlCommand = RecordSharing | OccupyPlace | LiberatePlace | RecordSuccessorStates | FoundSuccessorState
CONTROL_GM_COMMANDS = frozenset(
    {"RecordSharing", "OccupyPlace", "LiberatePlace", "RecordSuccessorStates", "FoundSuccessorState"}
)
