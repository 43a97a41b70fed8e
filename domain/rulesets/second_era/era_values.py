"""Values of the Second Era across eras: the edifice a winner carries into the next era [002:123] and the
First-Era actions still "permitted at their old cost" [002:5] (a catalogue the GM sets: scenario or content pack).
"""

from __future__ import annotations

import msgspec

from domain.engine.bounds import Name, Quantity, Table, Text
from domain.rulesets.second_era.values import ResourceName


class Edifice(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A completed City, Temple or Tower [002:122-129]: five `kind` parts (town, shrine, floor) on `land`, raised
    by `god`'s tribe `tribe`, in the era `era` (free text: "The Second Era")."""

    land: Name
    edifice: Name
    kind: Name
    god: Name
    tribe: Name = ""
    era: Text = ""


class FirstEraAct(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One action of the previous Era, permitted in this one "at their old cost" [002:5]: the cost is what the
    GM sets here (god's mana `mana`, and tribe resources `resources`), its effect is the GM's ruling on what the
    First-Era rules said (the text of that Era is not part of this one; `effect` describes it for the players).
    Giving it uses one of the god's 3 Actions [002:5]."""

    id: Name
    name: Name
    mana: Quantity = 0
    resources: Table[ResourceName, Quantity] = {}
    effect: Text = ""
    source: Text = ""  # where its old cost is written (a First-Era rule, a house rule)
