"""The map graph's consistency (digest §2.7): checks the scenario importer runs after the cross-references.

Every name a map record uses is already known to exist (`turn.setup` checks the references first); these checks
catch graphs that reference real places but contradict themselves. Each error names the record and the field:

- `lote.scenario.self_border`: a border, sea border or ferry joins a place to itself;
- `lote.scenario.duplicate_border`: two records join the same pair (a land border and a ferry may coexist: the
  ferry arrow is a separate link, §4.7 L3696-3707);
- `lote.scenario.bad_one_way`: `one_way` is set on a sea border that has no direction (only strong currents and
  arrows run one way, §4.6.1 L3656-3666, §4.6.4);
- `lote.scenario.asymmetric_coast`: a coast record names a region that does not say it is coastal (a coastal
  region without coast records stays valid: its sea zones are simply not mapped, as in the economy-only tests);
- `lote.scenario.port_off_coast`: a city's port opens on a sea zone its region does not touch.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.scenario.scenario import Scenario

DIRECTED = frozenset({"current", "island_arrow", "ocean_arrow"})


def _bad(code: str, record: str, field: str, message: str) -> Rejected:
    return Rejected(f"lote.scenario.{code}", f"{record} field '{field}': {message}")


def _pairs(records: list[tuple[str, str, str]], kind: str) -> None:
    seen: dict[frozenset[str], str] = {}
    for record, a, b in records:
        if a == b:
            raise _bad("self_border", record, "b", f"a {kind} cannot join {a!r} to itself")
        key = frozenset((a, b))
        if key in seen:
            raise _bad("duplicate_border", record, "b", f"{a!r} and {b!r} are already joined by {seen[key]}")
        seen[key] = record


def check_map(setup: Scenario) -> None:
    _pairs([(f"border #{i}", b.a, b.b) for i, b in enumerate(setup.borders)], "border")
    _pairs([(f"sea border #{i}", b.a, b.b) for i, b in enumerate(setup.sea_borders)], "sea border")
    _pairs([(f"ferry {fid!r}", f.a, f.b) for fid, f in setup.ferries.items()], "ferry")
    for i, sb in enumerate(setup.sea_borders):
        if sb.one_way and sb.kind not in DIRECTED:
            raise _bad("bad_one_way", f"sea border #{i}", "one_way", f"a {sb.kind} border has no direction")
    touching: dict[str, set[str]] = {}
    for i, coast in enumerate(setup.coasts):
        if not setup.regions[coast.region].coastal:
            raise _bad(
                "asymmetric_coast",
                f"coast #{i}",
                "region",
                f"region {coast.region!r} is not marked coastal; set its 'coastal' or drop this coast",
            )
        touching.setdefault(coast.region, set()).add(coast.sea_zone)
    for name, c in setup.cities.items():
        for zone in c.port_sea_zones:
            if zone not in touching.get(c.region, set()):
                raise _bad(
                    "port_off_coast",
                    f"city {name!r}",
                    "port_sea_zones",
                    f"its region {c.region!r} has no coast on {zone!r}",
                )
