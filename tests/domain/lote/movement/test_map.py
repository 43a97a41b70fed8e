"""The sample scenario's map graph (digest §2.7) and the importer's map checks: each error names the record and
the field, with a stable code."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from domain.engine import Rejected
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.scenario.scenario import Setup
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.lote.helpers import EXAMPLE, example_setup, game


def test_the_sample_map_has_every_kind_of_link_movement_needs() -> None:
    """§4.4 land borders (mountains type 1 and 2, rivers bridged and not, a caravan route, Royal and Postal roads),
    §4.7 ferries, §4.6 sea borders (normal, monsoon, strong current, an inter-island arrow), a hostile sea zone
    and a Hostile Land region."""
    state = game(example_setup()).rules
    kinds = {b.kind for b in state.borders}
    assert {"normal", "mountain1", "mountain2", "river", "caravan"} <= kinds
    assert any(b.bridged for b in state.borders) and any(b.kind == "river" and not b.bridged for b in state.borders)
    assert any(b.royal_road for b in state.borders) and any(b.postal_road for b in state.borders)
    assert {"normal", "monsoon", "current", "island_arrow"} <= {b.kind for b in state.sea_borders}
    assert len(state.ferries) >= 2 and any(z.hostile for z in state.sea_zones.values())
    assert any(r.hostile_land for r in state.regions.values())
    assert len(state.regions) >= 20 and len(state.sea_zones) >= 8


def _broken(edit: Any) -> Rejected:
    doc = msgspec.json.decode(EXAMPLE.read_bytes())
    edit(doc)
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(msgspec.json.decode(msgspec.json.encode(doc), type=Setup), Settings())
    return err.value


CASES: list[tuple[str, Any, str]] = [
    ("lote.scenario.unknown_region", lambda d: d["borders"].append({"a": "Thrace", "b": "Atlantis"}),
     "border #"),
    ("lote.scenario.self_border", lambda d: d["borders"].append({"a": "Thrace", "b": "Thrace"}), "field 'b'"),
    ("lote.scenario.duplicate_border", lambda d: d["borders"].append({"a": "Bulgaria", "b": "Thrace"}),
     "'Bulgaria' and 'Thrace' are already joined by border #0"),
    ("lote.scenario.duplicate_border", lambda d: d["sea_borders"].append({"a": "North Sea", "b": "Baltic Sea"}),
     "sea border #"),
    ("lote.scenario.bad_one_way", lambda d: d["sea_borders"].append(
        {"a": "Black Sea", "b": "Eastern Mediterranean", "kind": "monsoon", "one_way": True}), "field 'one_way'"),
    ("lote.scenario.asymmetric_coast", lambda d: d["coasts"].append({"region": "Kiev", "sea_zone": "Black Sea"}),
     "coast #"),
    ("lote.scenario.port_off_coast", lambda d: d["cities"]["Roskilde"]["port_sea_zones"].append("Black Sea"),
     "city 'Roskilde' field 'port_sea_zones'"),
    ("lote.scenario.unknown_sea_zone", lambda d: d["sea_borders"].append({"a": "Black Sea", "b": "Styx"}),
     "field 'b'"),
]  # fmt: skip


@pytest.mark.parametrize(("code", "edit", "says"), CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_a_broken_map_is_refused_naming_the_record_and_field(code: str, edit: Any, says: str) -> None:
    rejected = _broken(edit)
    assert rejected.code == code and says in rejected.message, rejected.message
