"""Shared by the bounds tests (domain and HTTP): games of every ruleset, and hypothesis bodies for any command.

Bodies are built from each command's own type (walked with `msgspec.inspect`), so a new command or ruleset is
covered without a line here: every number gets zero, negative, huge (2^53+1, 2^64, 10^30) or non-integral values
(sometimes a small legal one), every decimal string the same as text, and every name one of the names found in
the game's own state (so that a command can get past "unknown tribe" to its numbers).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import strategies as st

from domain import rulesets
from domain.engine.messages import ENGINE_COMMANDS
from domain.engine.ruleset import Ruleset
from events.codec import encode

ROOT = Path(__file__).resolve().parents[1]
MAX_SAFE = 2**53
BAD_NUMBERS: list[Any] = [0, -1, -4, -(2**53) - 1, 2**53 + 1, 2**64, 10**30, -(10**30), 1.5, 0.5, -2.5, 1e30]
GOOD_NUMBERS: list[Any] = [1, 2, 3, 5]
BAD_DECIMALS = ["-5", "0", "1e30", "1" + "0" * 30, "1/0", "-1/3", "nan", "inf", "2.5", "1e999999999", "١٢"]


def _gods2() -> Any:
    from tests.domain.gods2.scenario import setup

    return json.loads(encode(setup()))


def _earth() -> Any:
    from tests.domain.gods2.earth.scenario import earth, fill, race, sq
    from tests.domain.gods2.scenario import setup

    e = earth(
        [
            race("achaeans", "barbarian", pantheon={"zeus": "70", "hera": "30"}, aggression=2, military=4),
            race("trojans", pantheon={"hera": "80", "DIABOLISM": "20"}, knowledges=["agriculture"]),
        ],
        {
            **fill("achaeans", [sq(x, y) for x in range(3) for y in (0, 1)], 2),
            **fill("trojans", [sq(x, y) for x in range(3) for y in (2, 3)], 4),
        },
    )
    at_window = {"locale": "window"}
    return json.loads(encode(setup(earth=e, chars={"zeus": at_window, "hera": at_window, "ares": at_window})))


def _example(name: str) -> Any:
    return json.loads((ROOT / "examples/scenarios" / name).read_text())


# ruleset id, scenario, the entity the acting seat controls: one game per ruleset (Earth is gods2 with a map)
GAMES: dict[str, tuple[str, Any, str]] = {
    "second-era": ("second-era", lambda: _example("second-era-four-gods.json"), ""),
    "lote": ("lote", lambda: _example("lote-four-nations.json"), ""),
    "kingdoms": ("kingdoms", lambda: _example("kingdoms-three-kingdoms.json"), "elvenwood"),
    "gods2": ("gods2", _gods2, "zeus"),
    "gods2-earth": ("gods2", _earth, "zeus"),
    "test-bids": ("test-bids", lambda: {"bidders": ["ann", "bob"]}, "ann"),
}


def game_spec(name: str) -> tuple[Ruleset, Any, str]:
    """The ruleset, scenario (JSON) and the controlled entity of the acting seat."""
    ruleset_id, scenario, controls = GAMES[name]
    doc = scenario()
    if not controls:
        controls = doc["gods"][0]["id"] if ruleset_id == "second-era" else sorted(doc["nations"])[0]
    return rulesets.get(ruleset_id), doc, controls


def command_types(ruleset: Ruleset) -> list[type[msgspec.Struct]]:
    members = getattr(ruleset.command_type, "__args__", None) or (ruleset.command_type,)
    return [*ENGINE_COMMANDS, *members]


def tag(kind: type[msgspec.Struct]) -> str:
    return str(kind.__struct_config__.tag)


def names_in(document: Any) -> list[str]:
    """Every short string of a document (keys and values): the names a command may use."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                found.add(str(key))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, str) and 0 < len(node) <= 40:
            found.add(node)

    walk(document)
    return sorted(found) or ["x"]


def _number(info: Any) -> st.SearchStrategy[Any]:
    good = [n for n in GOOD_NUMBERS if _within(info, n)] or [getattr(info, "ge", None) or 0]
    return st.sampled_from(BAD_NUMBERS + good)


def _within(info: Any, n: int) -> bool:
    low, high = getattr(info, "ge", None), getattr(info, "le", None)
    return (low is None or n >= low) and (high is None or n <= high)


def value_for(info: Any, names: list[str], depth: int = 0) -> st.SearchStrategy[Any]:
    """A JSON value for a field of this msgspec type: legal in shape, hostile in its numbers."""
    i = msgspec.inspect
    if isinstance(info, i.Metadata):
        info = info.type
    if isinstance(info, i.IntType | i.FloatType):
        return _number(info)
    if isinstance(info, i.StrType):
        if info.pattern:
            return st.sampled_from([*BAD_DECIMALS, "1", "3/2", "12.5"])
        return st.sampled_from(names)
    if isinstance(info, i.BoolType):
        return st.booleans()
    if isinstance(info, i.NoneType):
        return st.none()
    if isinstance(info, i.LiteralType):
        return st.sampled_from(list(info.values))
    if isinstance(info, i.UnionType):
        return st.one_of([value_for(t, names, depth) for t in info.types])
    if isinstance(info, i.ListType | i.VarTupleType | i.SetType | i.FrozenSetType):
        return st.lists(value_for(info.item_type, names, depth + 1), max_size=0 if depth > 2 else 2)
    if isinstance(info, i.DictType):
        keys = value_for(info.key_type, names, depth + 1)
        return st.dictionaries(keys, value_for(info.value_type, names, depth + 1), max_size=0 if depth > 2 else 2)
    if isinstance(info, i.StructType):
        return struct_body(info, names, depth + 1)
    if isinstance(info, i.DateTimeType):
        return st.sampled_from(["2026-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z"])
    if isinstance(info, i.TimeDeltaType):
        return st.sampled_from(["PT1H", "P999999999D", "-PT1H", "PT0S"])
    if isinstance(info, i.CustomType) and info.cls is Fraction:
        return st.sampled_from([*BAD_DECIMALS, "1/2"])
    return st.just(None)


def struct_body(info: Any, names: list[str], depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    required = {f.encode_name: value_for(f.type, names, depth) for f in info.fields if f.required}
    optional = {f.encode_name: value_for(f.type, names, depth) for f in info.fields if not f.required}
    body = st.fixed_dictionaries(required, optional=optional)
    if info.tag is not None:
        body = body.map(lambda b: {info.tag_field: info.tag, **b})
    return body


def command_body(kind: type[msgspec.Struct], names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return struct_body(msgspec.inspect.type_info(kind), names)


def wealth(ruleset_id: str, rules: Any, controls: str) -> dict[str, Fraction]:
    """What the seat playing `controls` owns that a command could wrongly add to: its gold, mana, stocks."""
    if ruleset_id == "second-era":
        god = rules.gods[controls]
        stock = {} if god.tribe not in rules.tribes else rules.tribes[god.tribe].stockpile.as_dict()
        return {"god_mana": Fraction(god.mana), **{k: Fraction(v) for k, v in stock.items()}}
    if ruleset_id == "lote":
        nation = rules.nations[controls]
        return {"gp": nation.gp, "nfp": nation.nfp, "slave_nfp": nation.slave_nfp}
    if ruleset_id == "gods2":
        return {"mana": Fraction(rules.characters[controls].mana)}
    if ruleset_id == "test-bids":
        return {"gold": Fraction(rules.gold[controls])}
    if ruleset_id == "kingdoms":
        units = sum(len(a.units) for a in rules.armies.values() if a.kingdom == controls)
        return {"treasury": Fraction(rules.kingdoms[controls].treasury), "units": Fraction(units)}
    raise AssertionError(f"no wealth for {ruleset_id}")


def gained(before: dict[str, Fraction], after: dict[str, Fraction]) -> dict[str, tuple[Fraction, Fraction]]:
    return {k: (before[k], after[k]) for k in before if after.get(k, before[k]) > before[k]}
