"""A character meets a monster: the encounter plan round by round, the temper acting on its own ([2.4], [5.9])."""

from __future__ import annotations

from domain.rulesets.kingdoms.content import default_pack
from domain.rulesets.kingdoms.rules.combat import character_fighter
from domain.rulesets.kingdoms.rules.encounter import resolve_encounter
from tests.domain.kingdoms.rules.helpers import gm_dice, rolled

PACK = default_pack()


def test_a_brave_swordsman_slays_a_gargoyle_in_melee() -> None:
    """[004:258] "Gargoyle 15 1 1-6": a Melee-2 Brave character hits at 50% + 10% + 10% Elan; the Gargoyle at 40%."""
    hero = character_fighter(PACK, "Sir Ulf", 20, melee=2, archery=0, temper="brave")
    dice = gm_dice((100, 10), (6, 6), (100, 90), (100, 1), (6, 6), (100, 100), (100, 1), (6, 3))
    result = resolve_encounter(PACK, dice, "encounter:ulf", hero, PACK.monster("gargoyle"), ["ME"])
    assert (result.outcome, result.character_hp, result.monster_hp, result.tactics) == ("slain", 20, 0, ["ME"])
    assert [r.dealt for r in result.rounds] == [6, 6, 3]
    assert rolled(dice)[:2] == [
        ("encounter:ulf:r0:character:hit", 100, (10,)),
        ("encounter:ulf:r0:character:damage", 6, (6,)),
    ]


def test_a_druid_talks_a_gryphon_into_peace() -> None:
    """[004:243-245] Druid 1 "Can talk to... Avians"; negotiation neutralises (default 20% + 15% a level)."""
    hero = character_fighter(PACK, "Maud", 12, melee=0, archery=0, temper="cautious")
    result = resolve_encounter(PACK, gm_dice((100, 35)), "encounter:maud", hero, PACK.monster("gryphon"), ["TA", "FL"],
                               druid_level=1)  # fmt: skip
    assert result.outcome == "neutralized"
    assert result.tactics == ["TA"]


def test_a_coward_flees_when_death_is_possible() -> None:
    """[004:181] Cowardly: flight "When death possible"; a Demon's 1-8 can kill a 5-hit-point coward."""
    hero = character_fighter(PACK, "Pip", 5, melee=1, archery=0, temper="cowardly")
    dice = gm_dice((100, 50))
    result = resolve_encounter(PACK, dice, "encounter:pip", hero, PACK.monster("demon"), ["ME"])
    assert (result.outcome, result.tactics) == ("fled", ["FL"])
    assert rolled(dice) == [("encounter:pip:r0:flee", 100, (50,))]


def test_a_coward_may_flee_after_a_harmful_blow() -> None:
    """[004:182] "may also flee after any harmful blow"."""
    hero = character_fighter(PACK, "Pip", 30, melee=1, archery=0, temper="cowardly")
    dice = gm_dice((100, 100), (100, 1), (6, 2), (100, 50), (100, 50))
    result = resolve_encounter(PACK, dice, "encounter:pip", hero, PACK.monster("gargoyle"), ["ME"])
    assert (result.outcome, result.character_hp) == ("fled", 28)
    assert [p for p, _, _ in rolled(dice)][-2:] == ["encounter:pip:r0:after_blow", "encounter:pip:r0:after_blow:flee"]


def test_a_berserker_rages_and_never_flees() -> None:
    """[004:174] Berserk: flight "Never"; [004:187] "Rage: ... 1-4 extra hit points"."""
    hero = character_fighter(PACK, "Grim", 3, melee=2, archery=0, temper="berserk")
    dice = gm_dice((4, 4), (100, 100), (100, 1), (8, 8))
    result = resolve_encounter(PACK, dice, "encounter:grim", hero, PACK.monster("demon"), ["ME"])
    assert (result.outcome, result.character_hp, result.tactics) == ("killed", -1, ["ME"])
    assert rolled(dice)[0] == ("encounter:grim:rage", 4, (4,))


def test_archers_fire_and_giants_throw_back() -> None:
    """[004:257] "Giant 25 1 1-7 1 1-7": the Giant has a missile attack; "FI-re arrows" uses Archery."""
    hero = character_fighter(PACK, "Wren", 20, melee=0, archery=3, temper="brave")
    dice = gm_dice((100, 1), (6, 5), (100, 1), (7, 7), (100, 50))
    result = resolve_encounter(PACK, dice, "encounter:wren", hero, PACK.monster("giant"), ["FI", "FL"])
    assert (result.rounds[0].dealt, result.rounds[0].taken) == (5, 7)
    assert (result.outcome, result.tactics, result.monster_hp) == ("fled", ["FI", "FL"], 20)
