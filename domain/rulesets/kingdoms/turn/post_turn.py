"""After the gameturn: bitten units turn into Werebeasts [004:71]; dead Trolls regenerate one quality step lower
as mercenaries [004:73]."""

from __future__ import annotations

import msgspec

from domain.engine.ids import owned_id
from domain.rulesets.kingdoms import events as e
from domain.rulesets.kingdoms.state import Unit
from domain.rulesets.kingdoms.turn.context import Turn

R = msgspec.structs.replace


def post_turn(t: Turn) -> None:
    bitten: dict[str, list[str]] = {}
    for army in t.state.armies.values():
        for unit in army.units:
            if unit.bitten and army.kingdom is not None:
                bitten.setdefault(army.kingdom, []).append(unit.id)
    for kingdom, units in sorted(bitten.items()):
        t.emit(e.UnitsConverted(kingdom, tuple(units)))
        t.report(kingdom, f"Units {', '.join(units)} turned into Werebeasts.")
    by_province: dict[str, list[Unit]] = {}
    for unit, province in t.regenerating:
        by_province.setdefault(province, []).append(R(unit, quality=unit.quality - 1))
    for province, raised in sorted(by_province.items()):
        army_id = owned_id(t.state.serials, "mercenaries", province)
        t.emit(e.TrollsRegenerated(army_id, province, tuple(raised)))
        t.publish([f"Trolls regenerated at {t.state.provinces[province].name} and fight as mercenaries."])
