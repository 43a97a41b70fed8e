"""Properties of combat rounds under any sequence of choices ([003:346-352])."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.engine import Rejected
from domain.rulesets.gods2.heaven.commands import ChooseCombatPower, ChooseGesture
from tests.domain.gods2.combat_helpers import sneak
from tests.domain.gods2.scenario import HERA, ZEUS, game

GESTURES = ["rock", "paper", "scissors", "trick", "block", "null"]
POWERS = [None, "sword_of_fire", "shield_of_light", "thunderbolt", "battle_blessing"]
ROUND = st.tuples(
    st.sampled_from(POWERS), st.sampled_from(POWERS), st.sampled_from(GESTURES), st.sampled_from(GESTURES)
)


@settings(max_examples=40, deadline=None)
@given(st.lists(ROUND, min_size=1, max_size=12))
def test_rounds_keep_their_books_straight(rounds: list[tuple[str | None, str | None, str, str]]) -> None:
    """Tricks and blocks never go negative, no power is used twice, and a fighter at 0 must surrender or die."""
    g = game()
    combat_id = sneak(g, ZEUS, "hera")
    for pa, pb, ga, gb in rounds:
        combat = g.rules.combats.get(combat_id)
        if combat is None or combat.step == "surrender":
            break
        for actor, power in ((ZEUS, pa), (HERA, pb)):
            try:
                g.when(ChooseCombatPower(power=power), actor)
            except Rejected:
                g.when(ChooseCombatPower(power=None), actor)
        combat = g.rules.combats[combat_id]
        if combat.step == "surrender":
            break
        for actor, gesture in ((ZEUS, ga), (HERA, gb)):
            try:
                g.when(ChooseGesture(gesture=gesture), actor)  # type: ignore[arg-type]
            except Rejected:
                g.when(ChooseGesture(gesture="rock"), actor)
        combat = g.rules.combats.get(combat_id)
        if combat is None:
            break
        for fighter in (combat.attacker, combat.defender):
            assert fighter.tricks >= 0 and fighter.blocks >= 0
            assert len(set(fighter.used_powers)) == len(fighter.used_powers)
        fallen = tuple(f.id for f in (combat.attacker, combat.defender) if f.hp <= 0)
        assert (combat.step == "surrender") == bool(fallen)
        if fallen:
            assert combat.fallen == fallen
