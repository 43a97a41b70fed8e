"""The built-in default pack: the tables of seed 004 as data, with line references, and documented defaults for
what the text lacks (C8). `examples/kingdoms/content.json` is this pack plus one campaign monster (a test keeps
them equal).

Entries that are NOT from the text (defaults a campaign should replace with its rulebook): the random-event
table, the monster kinds that the Druid table talks to, the spell schools, the escape and monster combat
formulas (in `armies.py` and `people.py`), and the Skeletal race.
"""

from __future__ import annotations

from functools import cache

import msgspec

from domain.rulesets.kingdoms.content.armies import (
    ArmyType,
    BattleRules,
    Quality,
    Race,
    RandomEvent,
    Range,
    Terrain,
)
from domain.rulesets.kingdoms.content.pack import ContentPack, EncounterRules
from domain.rulesets.kingdoms.content.people import (
    Ability,
    Alignment,
    CombatRules,
    Druid,
    Experience,
    Item,
    March,
    Merit,
    Monster,
    Office,
    Speed,
    Spell,
    Spy,
    SpyRules,
    Temper,
)

PLAIN, DESERT, JUNGLE, FOREST, MOUNTAIN, SEA = "plain", "desert", "jungle", "forest", "mountain", "sea"
LAND = [PLAIN, DESERT, JUNGLE, FOREST, MOUNTAIN]


def _terrains() -> list[Terrain]:
    # [004:100-114] Terrain | Average taxation | Basic exploration | Battle line (#armies) | Encounter chance
    rows = [
        (PLAIN, "Plain", 6, 50, (5, 10), 10),
        (DESERT, "Desert", 2, 25, (5, 10), 15),
        (JUNGLE, "Jungle", 4, 10, (3, 6), 25),
        (FOREST, "Forest", 5, 15, (3, 6), 20),
        (MOUNTAIN, "Mountain", 5, 15, (1, 3), 15),
        (SEA, "Sea", 1, 25, (5, 10), 5),
    ]
    return [
        Terrain(
            id=tid,
            name=name,
            average_taxation=tax,
            basic_exploration_pct=explore,
            battle_line=Range(low=line[0], high=line[1]),
            encounter_pct=encounter,
            rare_features=tid == SEA,  # [004:114] "only a small chance of finding a feature in a Sea province"
        )
        for tid, name, tax, explore, line, encounter in rows
    ]


def _races() -> list[Race]:
    # [004:42-45]; Skeletal is the race of [004:63] ("A Skeletal army"), not humanoid (chosen).
    return [
        Race(id="elf", name="Elves", humanoid=True, type_bonus=["BO"], home_terrain=[FOREST]),
        Race(id="dwarf", name="Dwarves", humanoid=True, type_bonus=["AX"], home_terrain=[MOUNTAIN]),
        Race(id="orc", name="Orcs", humanoid=True, type_bonus=["PH"], home_terrain=[MOUNTAIN]),
        Race(id="human", name="Humans", humanoid=True, type_bonus=["LE"]),
        Race(id="skeletal", name="Skeletal"),
    ]


def _army_types() -> list[ArmyType]:
    # [004:16-36] Code | Type | Str | Spd | Pay | Home terrain | Adverse terrain | Nemesis.
    b = "beasts"  # [004:67]
    rows: list[tuple[str, str, int, int, int, list[str], list[str], list[str]]] = [
        ("GA", "Garrison", 3, 1, 1, [], [], []),
        ("BO", "Bowmen", 2, 2, 2, [FOREST, JUNGLE], [], []),
        ("AX", "Axemen", 2, 2, 2, [FOREST, MOUNTAIN], [], []),
        ("PH", "Phalanx", 3, 2, 2, [PLAIN], [FOREST, JUNGLE, SEA], ["LE"]),
        ("LE", "Legion", 3, 2, 2, [], [SEA], ["HC"]),
        ("LC", "Lt Cavalry", 2, 4, 2, [PLAIN, DESERT], [], ["CH", b]),
        ("HC", "Hvy Cavalry", 4, 3, 3, [PLAIN], [FOREST, JUNGLE, MOUNTAIN, SEA], ["CH", b]),
        ("CH", "Chariots", 3, 3, 3, [PLAIN, DESERT], [FOREST, JUNGLE, MOUNTAIN, SEA], [b]),
        ("EL", "Elephants", 2, 2, 3, [JUNGLE], [FOREST, MOUNTAIN, SEA], []),
        ("CC", "Camel Corps", 2, 3, 3, [DESERT], [FOREST, JUNGLE, SEA], []),
        ("WR", "Warg Riders", 3, 3, 3, [FOREST], [SEA], ["EA"]),
        ("DR", "Dragon Wing", 6, 5, 4, [], [], ["BO"]),
        ("EA", "Eagle Wing", 4, 5, 3, [MOUNTAIN], [FOREST, JUNGLE], ["BO"]),
        ("WH", "Whales", 5, 4, 3, [SEA], LAND, ["ME"]),
        ("FL", "Fleet", 3, 2, 3, [SEA], LAND, []),
        ("ME", "Mermen", 2, 3, 2, [SEA, JUNGLE], [DESERT, MOUNTAIN], ["BO"]),
        ("EN", "Ents", 6, 1, 3, [FOREST, JUNGLE], [SEA, DESERT], ["AX", "DR"]),
        ("TR", "Trolls", 5, 2, 3, [MOUNTAIN], [SEA], ["AX"]),
        ("WE", "Werebeasts", 3, 3, 3, [FOREST, MOUNTAIN], [SEA], []),
    ]
    # The special rules of [004:40], [004:49], [004:65-75], [004:234].
    special: dict[str, dict[str, object]] = {
        "GA": {"attacking_strength": 1},
        "EL": {"strength_roll": Range(low=2, high=5), "groups": [b]},
        "CC": {"groups": [b], "desert_supply": True},
        "WR": {"groups": [b]},
        "DR": {"air": True, "groups": [b], "march_immune": True},
        "EA": {"air": True, "march_immune": True},
        "WH": {"naval": True, "zero_strength_off_home": True, "safe_retreat": True},
        "FL": {"naval": True, "bite_immune": True},
        "TR": {"regenerates": True},
        "WE": {"groups": [b], "bite_pct": 40},
    }
    return [
        msgspec.convert(
            {
                "code": code,
                "name": name,
                "strength": strength,
                "speed": speed,
                "pay": pay,
                "home_terrain": home,
                "adverse_terrain": adverse,
                "nemesis": nemesis,
                **special.get(code, {}),
            },
            ArmyType,
            from_attributes=True,
        )
        for code, name, strength, speed, pay, home, adverse, nemesis in rows
    ]


def _qualities() -> list[Quality]:
    # [004:53] Depleted = 0, Green = 1 ... Elite = 5; Sub-Depleted below Depleted; Super-Elite 6+.
    names = ["Sub-Depleted", "Depleted", "Green", "Average", "Veteran", "Crack", "Elite", "Super-Elite"]
    return [
        Quality(level=level, id=name.lower().replace("-", "_"), name=name) for level, name in enumerate(names, start=-1)
    ]


def _random_events() -> list[RandomEvent]:
    # NOT from the text (the table is missing, C8): a default within [004:61]'s bounds (at most double, most at or
    # below 1.5, "+/-%" [004:97]).
    return [
        RandomEvent(id="divine_favour", text="The gods smile on the host", factor="2", weight=1),
        RandomEvent(id="heroic_charge", text="A heroic charge breaks through", factor="3/2", weight=2),
        RandomEvent(id="inspired_leadership", text="Inspired leadership rallies the ranks", factor="5/4", weight=3),
        RandomEvent(id="favourable_ground", text="The ground favours them", factor="11/10", weight=4),
        RandomEvent(id="confusion", text="Confusion spreads in the ranks", factor="9/10", weight=4),
        RandomEvent(id="supply_failure", text="Their supplies fail", factor="3/4", weight=3),
        RandomEvent(id="panic", text="Panic seizes the troops", factor="1/2", weight=1),
    ]


def _abilities() -> list[Ability]:
    plain = [
        ("march", "Forced March"),
        ("naval", "Naval"),
        ("explorer", "Explorer"),
        ("druid", "Druid"),
        ("spy", "Spy"),
        ("tactical", "Tactical"),
        ("archery", "Archery"),
        ("melee", "Melee"),
        ("thief", "Thief"),
        ("sage", "Sage"),
    ]
    magic = [
        ("white", "White Magic"),
        ("psychic", "Psychic"),
        ("illusory", "Illusory"),
        ("elemental", "Elemental"),
        ("necromancy", "Necromancy"),
    ]
    return [Ability(id=i, name=n) for i, n in plain] + [Ability(id=i, name=n, magic=True) for i, n in magic]


def _alignments() -> list[Alignment]:
    # [004:140-162] Alignment | Reduction per alignment difference | Magic aptitude | Special aptitude | Special.
    return [
        Alignment(
            id="divine",
            name="Divine",
            scale=0,
            reduction_pct=20,
            fanaticism_pct=50,
            ability_bonus={"white": 1},
            notes=["Resurrection to Good Alignment", "Pay heroes as if Divine=Good"],
        ),
        Alignment(id="good", name="Good", scale=1, reduction_pct=12, aptitudes=["white", "sage"], fanaticism_pct=40),
        Alignment(
            id="druidic",
            name="Druidic",
            scale=2,
            reduction_pct=15,
            aptitudes=["psychic", "druid"],
            automatic_treaty=True,
        ),
        Alignment(
            id="neutral",
            name="Neutral",
            scale=3,
            reduction_pct=20,
            aptitudes=["illusory", "spy"],
            notes=["Order of Duelists"],
        ),
        Alignment(
            id="pagan",
            name="Pagan",
            scale=4,
            reduction_pct=15,
            aptitudes=["elemental", "explorer"],
            notes=["Order of Magicians"],
        ),
        Alignment(
            id="evil",
            name="Evil",
            scale=5,
            reduction_pct=12,
            aptitudes=["necromancy", "thief"],
            fanaticism_pct=25,
            automatic_break_treaty=True,
        ),
        Alignment(
            id="undead",
            name="Undead",
            scale=6,
            reduction_pct=20,
            always_fanatical_races=["skeletal"],
            ability_bonus={"necromancy": 1},
            automatic_break_treaty=True,
            notes=["Necromantic Charm Spell"],
        ),
    ]


def _tempers() -> list[Temper]:
    # [004:169-195] Temper | Special effects | Flight from combat | Refusal.
    return [
        Temper(
            id="berserk",
            name="Berserk",
            flight="never",
            rage_hp=Range(low=1, high=4),
            intimidation_pct={"brave": -5, "cautious": -10, "cowardly": -15},
        ),
        Temper(
            id="brave",
            name="Brave",
            flight="unfavourable_odds_and_large_risk",
            flight_risk_pct=50,
            flight_needs_unfavourable_odds=True,
            to_hit_pct=10,
        ),
        Temper(
            id="cautious",
            name="Cautious",
            flight="significant_risk",
            flight_risk_pct=25,
            refusal=Range(low=1, high=50),
            opponent_to_hit_pct=-10,
            flee_pct=10,
            king_never_refuses=True,
        ),
        Temper(
            id="cowardly",
            name="Cowardly",
            flight="death_possible",
            flight_risk_pct=0,
            refusal=Range(low=50, high=100),
            flee_after_blow_pct=50,
            begging_pct=50,
            bluff_chance="2/3",
            king_never_refuses=True,
        ),
    ]


def _experience() -> list[Experience]:
    # [004:119-137] Action | Chance to improve | Ability.
    rows = [
        ("move_land_army", "Move (on land, with armies)", 10, "march"),
        ("move_sea_fleet", "Move (by sea, with fleets)", 10, "naval"),
        ("explore", "Explore", 10, "explorer"),
        ("recruit", "Recruit", 5, "druid"),
        ("hire", "Hire", 5, "druid"),
        ("pick_up_army", "Pick Up Army", 5, "march"),
        ("leave_army", "Leave Army", 5, "march"),
        ("pick_up_naval", "Pick Up Naval units", 5, "naval"),
        ("leave_naval", "Leave Naval units", 5, "naval"),
        ("spy", "Spy", 10, "spy"),
        ("trail", "Trail", 10, "spy"),
        ("pursue", "Pursue", 10, "spy"),
        ("tactic_ta", "TA-lk to opponent", 10, "druid"),
        ("tactic_fi", "FI-re arrows", 10, "archery"),
        ("tactic_me", "ME-lee", 10, "melee"),
        ("tactic_st", "ST-eal", 15, "thief"),
    ]
    return [
        *(Experience(action=a, name=n, chance_pct=c, ability=ab) for a, n, c, ab in rows),
        Experience(action="cast_action_spell", name="Cast Action Spell", chance_pct=10, related_magic=True),
        Experience(action="tactic_ca", name="CA-st combat spell", chance_pct=10, related_magic=True),
        Experience(
            action="supreme_commander",
            name="Supreme Commander at battle",
            chance_pct=15,
            ability="tactical",
            at_sea_ability="naval",
        ),
        Experience(
            action="lead_units",
            name="Lead some units at battle",
            chance_pct=10,
            ability="tactical",
            at_sea_ability="naval",
        ),
    ]


def _march() -> list[March]:
    # [004:215-232] Level | unify % same / adjacent / non-adjacent | extra moves speed 1-2 / speed 3+.
    rows = [
        (0, 80, 50, 20, 0, 0),
        (1, 90, 60, 30, 0, 1),
        (2, 100, 70, 40, 1, 1),
        (3, 100, 80, 50, 1, 2),
        (4, 100, 90, 60, 2, 2),
    ]
    return [
        March(level=lv, unify_same_pct=s, unify_adjacent_pct=a, unify_far_pct=f, extra_moves_slow=x, extra_moves_fast=y)
        for lv, s, a, f, x, y in rows
    ]


def _druid() -> list[Druid]:
    # [004:239-248] Level | lead armies of | can talk to.
    return [
        Druid(level=1, leads=["human", "elf", "dwarf", "orc", "ME", "WE"], talks_to=["avian", "mammal"]),
        Druid(level=2, leads=["WH", "TR"], talks_to=["reptilian", "sea_creature"]),
        Druid(level=3, leads=["EA", "EN"], talks_to=["insectoid"]),
        Druid(level=4, leads=["DR"], talks_to=["all"]),
    ]


def _spy() -> list[Spy]:
    # [004:198-210] Level | chance of escaping notice | margin of error | chance to pursue or trail.
    rows = [(0, 0, 70, 50), (1, 50, 55, 100), (2, 75, 40, 150), (3, 88, 28, 200), (4, 95, 15, 250)]
    return [Spy(level=lv, escape_notice_pct=e, margin_pct=m, pursue_pct=p) for lv, e, m, p in rows]


def _monsters() -> list[Monster]:
    # [004:250-262] Monster | Avg HP | Melee skill, damage | Missile skill, damage | Speed. Kinds chosen (C8).
    rows: list[tuple[str, str, int, int, int, int, int, Speed, str]] = [
        ("gryphon", "Gryphon", 25, 2, 6, 0, 0, "fast", "avian"),
        ("giant", "Giant", 25, 1, 7, 1, 7, "medium", "giant"),
        ("gargoyle", "Gargoyle", 15, 1, 6, 0, 0, "medium", "magical"),
        ("demon", "Demon", 30, 3, 8, 0, 0, "fast", "demon"),
        ("troll", "Troll", 25, 1, 6, 0, 0, "medium", "giant"),
        ("spectre", "Spectre", 20, 1, 6, 0, 0, "medium", "undead"),
        ("elasmosaurus", "Elasmosaurus", 25, 2, 7, 0, 0, "fast", "reptilian"),
    ]
    return [
        Monster(
            id=mid,
            name=name,
            hit_points=hp,
            melee_skill=melee,
            melee_damage=Range(low=1, high=melee_die),
            missile_skill=missile,
            missile_damage=Range(low=1, high=missile_die) if missile_die else None,
            speed=speed,
            kind=kind,
        )
        for mid, name, hp, melee, melee_die, missile, missile_die, speed, kind in rows
    ]


def _offices() -> list[Office]:
    # [004:265-363] Title | Prize % | Merit points awarded.
    def m(counter: str, points: str, text: str) -> Merit:
        return Merit(counter=counter, points=points, text=text)

    return [
        Office(
            id="world_emperor",
            title="World Emperor",
            prize_pct=20,
            alignment_reduced=False,
            emperor=True,
            merit=[m("tax_base", "1", "Largest tax base at end of game")],
        ),
        Office(
            id="high_chancellor",
            title="Esteemed High Chancellor of the Imperium",
            prize_pct=10,
            merit=[
                m("level_explorer", "1", "For each level in Explorer"),
                m("level_spy", "1", "For each level in Spy"),
                m("level_sage", "1", "For each level in Sage"),
                m("features_first", "2", "For each feature character was first to discover"),
                m("inventions_first", "2", "For each invention character was first to discover"),
                m("inventions_espionage", "1", "For each invention character obtained by espionage"),
            ],
        ),
        Office(
            id="imperial_treasurer",
            title="Imperial Treasurer",
            prize_pct=10,
            merit=[m("treasury", "1", "Richest treasury at end of game")],
        ),
        Office(
            id="grand_marshal",
            title="Imperial Grand Marshal",
            prize_pct=10,
            merit=[
                m("land_won_enemy_units", "1", "Land battle won: for each unit in enemy force"),
                m("land_lost_friendly_units", "-1", "Land battle lost: for each unit in friendly force"),
            ],
        ),
        Office(
            id="grand_admiral",
            title="Imperial Grand Admiral",
            prize_pct=10,
            merit=[
                m("sea_won_enemy_units", "1", "Sea battle won: for each unit in enemy force"),
                m("sea_lost_friendly_units", "-1", "Sea battle lost: for each unit in friendly force"),
                m("rich_sea_provinces", "1", "For each sea province of the Kingdom with tax base of 2 or higher"),
                m("level_naval", "1", "For each Naval skill level"),
            ],
        ),
        Office(
            id="lord_high_defender",
            title="Lord High Defender of the Imperium",
            prize_pct=10,
            merit=[
                m("monster_hp_slain", "1", "For each hostile monster slain: its total hit points"),
                m("monster_hp_neutralized", "1/2", "Half points for neutralization by negotiations"),
            ],
        ),
        Office(
            id="high_priest",
            title="High Priest Palatine of the Empire",
            prize_pct=10,
            merit=[
                m("resurrections_and_blessings", "1", "For each Resurrection or Bless spell successfully cast"),
                m("level_druid", "2", "For each level in Druid"),
                m("level_white", "2", "For each level in White Magic"),
            ],
        ),
        Office(
            id="arch_mage",
            title="Arch-Mage Palatine of the Empire",
            prize_pct=10,
            merit=[
                m("level_magic", "1", "For each level in any magical ability (including White)"),
                m("spell_casting_items", "1", "For each spell-casting magic item possessed"),
            ],
        ),
    ]


def _spells() -> list[Spell]:
    # Named by the text ([004:83], [004:89], [004:95], [004:342], [004:161]); schools chosen (C8).
    both = "resurrections_and_blessings"
    return [
        Spell(id="oratory", name="Oratory", ability="psychic", quality_bonus=1, text="+1 quality in battle"),
        Spell(id="phantasmal_armies", name="Phantasmal Armies", ability="illusory", factor_pct_per_level=15),
        Spell(id="illusory_terrain", name="Illusory Terrain", ability="illusory", illusory_terrain=True),
        Spell(id="resurrection", name="Resurrection", ability="white", merit_counter=both),
        Spell(id="bless", name="Bless", ability="white", merit_counter=both),
        Spell(id="necromantic_charm", name="Necromantic Charm", ability="necromancy"),
    ]


ARTIFACTS = [
    "Excalibur",
    "Bow of the Elven Kings",
    "Axe of the Dwarven Lords",
    "Scimitar of Orc Mastery",
    "Crown of Dragon Command",
    "Feather of the Great Eagle",
    "Horn of Neptune",
    "Holy Sword",
    "Invisible Sword",
    "Shadow Sword",
]


def _items() -> list[Item]:
    # [004:365] "The 10 remaining Merit Points are awarded for the owners of the following magic artifacts":
    # read as 1 Prize % each (20 + 7 x 10 + 10 = 100).
    return [Item(id=name.lower().replace(" ", "_"), name=name, artifact=True, prize_pct=1) for name in ARTIFACTS]


@cache
def default_pack() -> ContentPack:
    """The default content pack (built once; immutable)."""
    return ContentPack(
        id="kingdoms-default",
        version=1,
        name="Seed 004 tables, with documented defaults for the missing chapters",
        terrains=_terrains(),
        races=_races(),
        army_types=_army_types(),
        qualities=_qualities(),
        battle=BattleRules(),
        random_events=_random_events(),
        abilities=_abilities(),
        alignments=_alignments(),
        tempers=_tempers(),
        experience=_experience(),
        march=_march(),
        druid=_druid(),
        spy=_spy(),
        spy_rules=SpyRules(),
        monsters=_monsters(),
        combat=CombatRules(),
        offices=_offices(),
        encounters=EncounterRules(),
        spells=_spells(),
        items=_items(),
    )
