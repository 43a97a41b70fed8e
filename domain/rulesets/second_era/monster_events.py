"""Monster events ([002:100-121]): part of the Second Era event union (events.py). Tags are permanent."""

from __future__ import annotations

from domain.rulesets.second_era.event_base import EventBase as _Event
from domain.rulesets.second_era.values import ExactAmount, Resources


class MonsterMoved(_Event, frozen=True, tag="MonsterMoved"):
    monster: str
    to_land: str


class MonsterLevelled(_Event, frozen=True, tag="MonsterLevelled"):
    """`cause`: "fed" (level and ability, `cost` from the hoard), "victory" (a level; the ability comes when
    chosen), "chosen" (the ability for such a level)."""

    monster: str
    ability: str
    cause: str
    cost: Resources = Resources()


class MonsterWounded(_Event, frozen=True, tag="MonsterWounded"):
    monster: str
    hitpoints: int


class MonsterRested(_Event, frozen=True, tag="MonsterRested"):
    """[002:108] 5 Food from the hoard heal a hitpoint."""

    monster: str
    cost: Resources


class MonsterDied(_Event, frozen=True, tag="MonsterDied"):
    """[002:58] at 0 hitpoints, or starved [002:102]. Its hoard (and artefacts) go to its slayer, a tribe or
    a monster ([002:102]); `None`: lost."""

    monster: str
    cause: str
    hoard_to: str | None = None


class HoardChanged(_Event, frozen=True, tag="HoardChanged"):
    """Resources into (or out of, negative) a monster's hoard: loot, on-kill rewards, Mana Source."""

    god: str
    monster: str
    delta: Resources
    reason: str
    from_tribe: str | None = None  # loot taken from this tribe's stockpile
    from_monster: str | None = None  # loot taken from this monster's hoard


class MonsterScavenged(_Event, frozen=True, tag="MonsterScavenged"):
    """[002:105] what a scavenging monster adds to its hoard: `exact` before rounding down."""

    god: str
    monster: str
    exact: dict[str, ExactAmount]
    gained: Resources


class MonsterAte(_Event, frozen=True, tag="MonsterAte"):
    """[002:102] 1 Food per level per turn from the hoard."""

    god: str
    monster: str
    food: int


class MonsterTraded(_Event, frozen=True, tag="MonsterTraded"):
    """[002:107] `give` from the hoard to the tribe, `receive` from the tribe to the hoard."""

    god: str
    monster: str
    tribe: str
    give: Resources
    receive: Resources


class MonsterManaTaken(_Event, frozen=True, tag="MonsterManaTaken"):
    """[002:121] the patron takes mana from a Mana Source monster's store."""

    god: str
    monster: str
    amount: int


class MonsterSpellsCast(_Event, frozen=True, tag="MonsterSpellsCast"):
    """[002:104] a monster's continuous spells this turn, paid from its own mana store."""

    god: str
    monster: str
    spells: tuple[str, ...]
    mana: int


class MonsterSpellOrdersSet(_Event, frozen=True, tag="MonsterSpellOrdersSet"):
    god: str
    monster: str
    spells: tuple[str, ...] | None
    curses: dict[str, str] = {}


class MonsterSpellCast(_Event, frozen=True, tag="MonsterSpellCast"):
    """An instant spell a monster casts in a raid, paid from its mana store (as `BattleSpellCast`)."""

    god: str
    monster: str
    spell: str
    land: str
    mana: int
    war_bonus: int = 0
    healing: int = 0


class MonsterHealed(_Event, frozen=True, tag="MonsterHealed"):
    """Healing cast in a raid gives back hitpoints lost in it (chosen reading of [002:68] for monsters)."""

    monster: str
    hitpoints: int


class MonsterSpellStolen(_Event, frozen=True, tag="MonsterSpellStolen"):
    """[002:56] [002:104] a monster that won a raid learns one of the spells of the tribe or monster it beat
    (`source`)."""

    god: str
    monster: str
    spell: str
    source: str


class HoardTransmuted(_Event, frozen=True, tag="HoardTransmuted"):
    """[002:71] [002:104] a monster's transmutation (a spell it cast, or an artefact it holds: `spell` is then
    the artefact's id) turned `consumed` of its hoard into `produced`."""

    god: str
    monster: str
    spell: str
    consumed: Resources
    produced: Resources


class MonsterCursesCast(_Event, frozen=True, tag="MonsterCursesCast"):
    """[002:72] [002:75] [002:104] curses a monster cast this turn from its mana store: (spell, target tribe)
    pairs, the Counterspell surcharge included. A cursed tribe notices: public."""

    god: str
    monster: str
    curses: tuple[tuple[str, str], ...]
    mana: int
    lapsed: tuple[str, ...] = ()


class MonsterInstantCast(_Event, frozen=True, tag="MonsterInstantCast"):
    """[002:69] [002:104] a monster cast Travel by order, paid from its mana store: it is teleported to
    `to_land`, or with `target` a hostile Travel on that tribe begins (its bid is paid apart, privately)."""

    god: str
    monster: str
    spell: str
    mana: int
    to_land: str
    target: str | None = None
