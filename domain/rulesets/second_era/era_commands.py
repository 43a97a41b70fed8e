"""Second Era commands across eras: First-Era actions as orders [002:5], and the GM's typed, audited changes to
the map (fauna, Lands, connections, structures), each with its recorded reason. Tags are permanent."""

from __future__ import annotations

import msgspec

from domain.engine.bounds import Many, Name, Reason, Text
from domain.rulesets.second_era.values import Fauna


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class PerformFirstEraAct(_Command, frozen=True, tag="PerformFirstEraAct"):
    """[002:5] "All Actions from the previous Era are permitted at their old cost": one Action, paid at its cost
    from the game's catalogue (`first_era_acts`: the god's mana, then the tribe's resources) when the turn
    resolves. `target` and `details` say what the god intends; the GM rules the effect."""

    act: Name
    target: Name | None = None
    details: Text = ""


class ChangeFauna(_Command, frozen=True, tag="ChangeFauna"):
    """GM: fauna appear on or vanish from a Land (the First Era's creations, a ruling on a spell's effect):
    `add` new entries, `remove` entries by name."""

    land: Name
    reason: Reason
    add: Many[Fauna] = []
    remove: Many[Name] = []


class AddLand(_Command, frozen=True, tag="AddLand"):
    """GM: a new Land on an existing Continent [002:6], with its element [002:23-28], habitat [002:47-51] and
    fauna [002:29-35]."""

    land: Name
    continent: Name
    element: Name
    habitat: Name
    reason: Reason
    fauna: Many[Fauna] = []
    name: Name = ""


class AlterLand(_Command, frozen=True, tag="AlterLand"):
    """GM: change a Land's element, habitat or name (each left out stays as it is)."""

    land: Name
    reason: Reason
    element: Name | None = None
    habitat: Name | None = None
    name: Name | None = None


class ConnectLands(_Command, frozen=True, tag="ConnectLands"):
    """GM: a connection between Lands of different Continents [002:6] (both ways)."""

    a: Name
    b: Name
    reason: Reason


class DisconnectLands(_Command, frozen=True, tag="DisconnectLands"):
    """GM: remove the connection between two Lands."""

    a: Name
    b: Name
    reason: Reason


class PlaceStructure(_Command, frozen=True, tag="PlaceStructure"):
    """GM: a Town, Shrine or Floor [002:125-129] of `tribe` stands on `land` without being built this turn (a
    ruling, a correction); it counts toward an edifice like a built one."""

    land: Name
    kind: Name
    tribe: Name
    reason: Reason


class RemoveStructure(_Command, frozen=True, tag="RemoveStructure"):
    """GM: a structure is gone without a Raze (a ruling, a correction); nothing is refunded."""

    structure: Name
    reason: Reason


MAP_RULINGS = frozenset(
    {"ChangeFauna", "AddLand", "AlterLand", "ConnectLands", "DisconnectLands", "PlaceStructure", "RemoveStructure"}
)
