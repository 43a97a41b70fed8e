"""The seed's tables as the game reads them: a local adapter over the default content pack.

TODO(wt/kingsrules): the content pack (`domain/rulesets/kingdoms/content/`) is built in parallel; until it lands
the game reads these constants, transcribed from the same tables ([004:14-36], [004:100-116], [004:119-137],
[004:140-166], [004:169-195], [004:198-212], [004:215-248], [004:250-262], [004:265-371]). Where the text is
silent the default is named here, with its reason, and a GM ruling may override it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

import msgspec


class UnitType(msgspec.Struct, frozen=True):
    code: str
    name: str
    strength: int  # Garrison: 3 when defending its province, 1 when attacking ([004:40])
    speed: int
    pay: int
    home: frozenset[str]
    adverse: frozenset[str]
    nemesis: frozenset[str]  # unit codes
    beast: bool = False  # camels, elephants, werebeasts, wargs, dragons [004:67]
    air: bool = False  # Dragon and Eagle wings fly [004:49]
    naval: bool = False


TERRAINS: Final = ("plain", "desert", "jungle", "forest", "mountain", "sea")
_LAND = frozenset({"plain", "desert", "jungle", "forest", "mountain"})
_BEASTS = frozenset({"CC", "EL", "WE", "WR", "DR"})


def _t(code: str, name: str, s: int, spd: int, pay: int, home: str, adverse: str, nemesis: str, **kw: bool) -> UnitType:
    def split(text: str) -> frozenset[str]:
        return frozenset(text.split()) if text else frozenset()

    return UnitType(code, name, s, spd, pay, split(home), split(adverse), split(nemesis), beast=code in _BEASTS, **kw)


# [004:18-36]; "Beasts" expands to the beast codes, "Dragons" to DR, "Eagles" to EA.
UNIT_TYPES: Final[dict[str, UnitType]] = {
    u.code: u
    for u in (
        _t("GA", "Garrison", 3, 1, 1, "", "", ""),
        _t("BO", "Bowmen", 2, 2, 2, "forest jungle", "", ""),
        _t("AX", "Axemen", 2, 2, 2, "forest mountain", "", ""),
        _t("PH", "Phalanx", 3, 2, 2, "plain", "forest jungle sea", "LE"),
        _t("LE", "Legion", 3, 2, 2, "", "sea", "HC"),
        _t("LC", "Lt Cavalry", 2, 4, 2, "plain desert", "", "CH CC EL WE WR DR"),
        _t("HC", "Hvy Cavalry", 4, 3, 3, "plain", "forest jungle mountain sea", "CH CC EL WE WR DR"),
        _t("CH", "Chariots", 3, 3, 3, "plain desert", "forest jungle mountain sea", "CC EL WE WR DR"),
        _t("EL", "Elephants", 0, 2, 3, "jungle", "forest mountain sea", ""),
        _t("CC", "Camel Corps", 2, 3, 3, "desert", "forest jungle sea", ""),
        _t("WR", "Warg Riders", 3, 3, 3, "forest", "sea", "EA"),
        _t("DR", "Dragon Wing", 6, 5, 4, "", "", "BO", air=True),
        _t("EA", "Eagle Wing", 4, 5, 3, "mountain", "forest jungle", "BO", air=True),
        _t("WH", "Whales", 5, 4, 3, "sea", " ".join(sorted(_LAND)), "ME", naval=True),
        _t("FL", "Fleet", 3, 2, 3, "sea", " ".join(sorted(_LAND)), "", naval=True),
        _t("ME", "Mermen", 2, 3, 2, "sea jungle", "desert mountain", "BO"),
        _t("EN", "Ents", 6, 1, 3, "forest jungle", "sea desert", "AX DR"),
        _t("TR", "Trolls", 5, 2, 3, "mountain", "sea", "AX"),
        _t("WE", "Werebeasts", 3, 3, 3, "forest mountain", "sea", ""),
    )
}

# [004:42-45]: race -> (unit type with +1, terrain with +1)
RACES: Final[dict[str, tuple[str | None, str | None]]] = {
    "elf": ("BO", "forest"),
    "dwarf": ("AX", "mountain"),
    "orc": ("PH", "mountain"),
    "human": ("LE", None),
}
HUMANOIDS: Final = frozenset(RACES)  # only the 4 humanoid races can be bitten [004:71]
# Races beyond the four humanoids carry no bonus unless the content pack says so ([004:42-45] names only four).
OTHER_RACES: Final = frozenset({"merman", "ent", "troll", "werebeast", "beast", "skeleton"})

# Quality levels [004:53]: sub-depleted and depleted multiply by 0.
QUALITIES: Final[dict[str, int]] = {
    "sub_depleted": -1,
    "depleted": 0,
    "green": 1,
    "average": 2,
    "veteran": 3,
    "crack": 4,
    "elite": 5,
    "super_elite": 6,
}


class Terrain(msgspec.Struct, frozen=True):
    taxation: int
    exploration: int  # basic exploration, % a turn of exploring (default reading, see `explore_gain`)
    line_min: int
    line_max: int
    encounter: int  # % per Move/Pursue/Trail/Explore/Search


# [004:107-112]
TERRAIN: Final[dict[str, Terrain]] = {
    "plain": Terrain(6, 50, 5, 10, 10),
    "desert": Terrain(2, 25, 5, 10, 15),
    "jungle": Terrain(4, 10, 3, 6, 25),
    "forest": Terrain(5, 15, 3, 6, 20),
    "mountain": Terrain(5, 15, 1, 3, 15),
    "sea": Terrain(1, 25, 5, 10, 5),
}
SEA_FEATURE_CHANCE: Final = 5  # "only a small chance of finding a feature" [004:114]: default 5%, content-defined


class Alignment(msgspec.Struct, frozen=True):
    index: int  # position on the scale Divine..Undead, Neutral in the middle [004:164]
    reduction: int  # % per alignment difference
    aptitudes: frozenset[str]
    fanaticism: int  # % chance an army fighting for the kingdom becomes fanatical [004:63]
    bonus: tuple[tuple[str, int], ...] = ()


ALIGNMENTS: Final[dict[str, Alignment]] = {
    "divine": Alignment(0, 20, frozenset(), 50, (("white", 1),)),
    "good": Alignment(1, 12, frozenset({"white", "sage"}), 40),
    "druidic": Alignment(2, 15, frozenset({"psychic", "druid"}), 0),
    "neutral": Alignment(3, 20, frozenset({"illusory", "spy"}), 0),
    "pagan": Alignment(4, 15, frozenset({"elemental", "explorer"}), 0),
    "evil": Alignment(5, 12, frozenset({"necromancy", "thief"}), 25),
    "undead": Alignment(6, 20, frozenset(), 0, (("necromancy", 1),)),
}
MAGIC: Final = frozenset({"white", "psychic", "illusory", "elemental", "necromancy"})
ABILITIES: Final = frozenset(
    {"march", "naval", "explorer", "druid", "spy", "tactical", "archery", "melee", "thief", "sage"} | MAGIC
)
TACTICS: Final = ("TA", "FI", "ME", "CA", "ST", "FL")
TEMPERS: Final = ("berserk", "brave", "cautious", "cowardly")
# Refusal ranges [004:171-183]: a character's own refusal % lies in it (the scenario may set it; default midpoint).
REFUSAL_RANGE: Final[dict[str, tuple[int, int]]] = {
    "berserk": (0, 0),
    "brave": (0, 0),
    "cautious": (1, 50),
    "cowardly": (50, 100),
}

# [004:206-210]: level -> (escape notice %, margin of error %, pursue/trail %)
SPY: Final[dict[int, tuple[int, int, int]]] = {
    0: (0, 70, 50),
    1: (50, 55, 100),
    2: (75, 40, 150),
    3: (88, 28, 200),
    4: (95, 15, 250),
}

# [004:220-232]: March level -> (unify % at distance 0, 1, 2+), extra moves (speed 1-2, speed 3+)
MARCH_UNIFY: Final[dict[int, tuple[int, int, int]]] = {
    0: (80, 50, 20),
    1: (90, 60, 30),
    2: (100, 70, 40),
    3: (100, 80, 50),
    4: (100, 90, 60),
}
MARCH_EXTRA: Final[dict[int, tuple[int, int]]] = {0: (0, 0), 1: (0, 1), 2: (1, 1), 3: (1, 2), 4: (2, 2)}

# [004:243-248]: the Druid level needed to lead armies of a race or unit type (cumulative)
DRUID_LEAD: Final[dict[str, int]] = {
    "human": 1, "elf": 1, "dwarf": 1, "orc": 1, "merman": 1, "werebeast": 1,
    "WH": 2, "TR": 2, "troll": 2, "EA": 3, "EN": 3, "ent": 3, "DR": 4,
}  # fmt: skip
# Monster classes a Druid level can talk to [004:243-248]; level 4 talks to all monsters.
DRUID_TALK: Final[dict[str, int]] = {"avian": 1, "mammal": 1, "reptilian": 2, "sea": 2, "insectoid": 3}


class Monster(msgspec.Struct, frozen=True):
    hit_points: int
    melee_skill: int
    melee_damage: int  # 1-N
    missile_skill: int
    missile_damage: int  # 0: none
    speed: str
    kind: str  # the Druid table's class (content default where the table is silent)


# [004:256-262]; the classes are this adapter's default reading (the table gives none)
MONSTERS: Final[dict[str, Monster]] = {
    "gryphon": Monster(25, 2, 6, 0, 0, "fast", "avian"),
    "giant": Monster(25, 1, 7, 1, 7, "medium", "mammal"),
    "gargoyle": Monster(15, 1, 6, 0, 0, "medium", "other"),
    "demon": Monster(30, 3, 8, 0, 0, "fast", "other"),
    "troll": Monster(25, 1, 6, 0, 0, "medium", "mammal"),
    "spectre": Monster(20, 1, 6, 0, 0, "medium", "other"),
    "elasmosaurus": Monster(25, 2, 7, 0, 0, "fast", "sea"),
}

# [004:122-137]: action -> (chance %, ability improved); "magic" means the related magical ability
EXPERIENCE: Final[dict[str, tuple[int, str]]] = {
    "move_army": (10, "march"),
    "move_fleet": (10, "naval"),
    "explore": (10, "explorer"),
    "recruit": (5, "druid"),
    "hire": (5, "druid"),
    "pick_up": (5, "march"),
    "pick_up_naval": (5, "naval"),
    "cast": (10, "magic"),
    "spy": (10, "spy"),
    "trail": (10, "spy"),
    "pursue": (10, "spy"),
    "supreme_commander": (15, "tactical"),
    "lead_units": (10, "tactical"),
    "TA": (10, "druid"),
    "FI": (10, "archery"),
    "ME": (10, "melee"),
    "CA": (10, "magic"),
    "ST": (15, "thief"),
}

OFFICES: Final[dict[str, int]] = {  # office -> Prize % [004:270-363]
    "world_emperor": 20,
    "high_chancellor": 10,
    "imperial_treasurer": 10,
    "grand_marshal": 10,
    "grand_admiral": 10,
    "lord_high_defender": 10,
    "high_priest": 10,
    "arch_mage": 10,
}
ARTIFACTS: Final = (
    "Excalibur", "Bow of the Elven Kings", "Axe of the Dwarven Lords", "Scimitar of Orc Mastery",
    "Crown of Dragon Command", "Feather of the Great Eagle", "Horn of Neptune", "Holy Sword", "Invisible Sword",
    "Shadow Sword",
)  # fmt: skip
ARTIFACT_PRIZE: Final = Fraction(10, len(ARTIFACTS))  # "The 10 remaining Merit Points" shared by 10 artifacts [004:365]

# Defaults for gaps, each documented in the README's GM section and overridable by a GM ruling.
CHARACTER_MOVES: Final = 2  # provinces a character without an army moves a turn (movement chapter lost)
ESCAPE_PCT_PER_SPEED: Final = 20  # escape from a lost battle: 20% per point of Speed, capped at 100 [004:38]
WEREBEAST_BITE: Final = 40  # "about a 40% chance" [004:71]
# The random-event table is lost [004:61]: the default table (1d6) is faces 1..6 -> these factors; the first event
# of a battle scales a whole side, later ones (GM rulings) a column. Each is at most x2, most at most x1.5 [004:61].
RANDOM_EVENTS: Final = (
    Fraction(3, 4), Fraction(9, 10), Fraction(1), Fraction(11, 10), Fraction(5, 4), Fraction(3, 2),
)  # fmt: skip
# Items that cast spells count for the Arch-Mage [004:358]; the item list is lost: a campaign pack names them.
SPELL_CASTING_ITEMS: Final = frozenset({"Staff of Power", "Wand of Fire", "Ring of Spells"})
