"""The example campaign pack of `examples/kingdoms/content.json`: the default pack plus one campaign monster.

Regenerate the file after changing the default pack: `.venv/bin/python -m tests.domain.kingdoms.content.example`.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from domain.rulesets.kingdoms.content import ContentPack, default_pack
from domain.rulesets.kingdoms.content.armies import Range
from domain.rulesets.kingdoms.content.people import Monster

EXAMPLE = Path(__file__).parents[4] / "examples" / "kingdoms" / "content.json"
WYVERN = Monster(
    id="wyvern",
    name="Wyvern",
    hit_points=20,
    melee_skill=2,
    melee_damage=Range(low=1, high=6),
    speed="fast",
    kind="reptilian",
)


def example_pack() -> ContentPack:
    pack = default_pack()
    return msgspec.structs.replace(
        pack,
        id="kingdoms-campaign-example",
        name="The default pack plus one campaign monster (the Wyvern)",
        monsters=[*pack.monsters, WYVERN],
    )


def example_json() -> bytes:
    return msgspec.json.format(msgspec.json.encode(example_pack()), indent=2) + b"\n"


if __name__ == "__main__":
    EXAMPLE.write_bytes(example_json())
