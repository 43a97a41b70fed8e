"""`ResolveBattle`: the GM settles a battle, siege or assault the engine raised (§3.0; digest §4 R6-R9)."""

from __future__ import annotations

from domain.rulesets.lote import messages as m
from tests.domain.lote.helpers import example_setup, game


def test_resolving_a_battle_that_does_not_exist_is_refused() -> None:
    g = game(example_setup())
    refused = g.rejects(m.ResolveBattle(battle_id="t1-nowhere", winner="attacker", reason="the GM's ruling"))
    assert refused.code == "lote.unknown_battle"
