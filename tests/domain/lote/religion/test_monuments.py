"""Religious Monuments (§5.8.9 [L4933-4942]): "A Religious Monument adds one to the Religious Strength of the
nation that builds it for each two Levels in size that it is. The maximum boost to Religious Strength is +1 per
turn." (A megalith of kind `religious_monument`.)"""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote.model.orders import PayMegalith
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import of, resolve
from tests.domain.lote.religion.helpers import BYZ, balkans, close, confirm_the_rest


def _build(settings: Settings | None = None) -> tuple[Game, list[Any]]:
    g = balkans(settings, byz={"saved_gp": "900", "saved_nfp": "200"})
    monument = PayMegalith(
        line="mon", project="hagia", kind="religious_monument", regions=["Thrace"], base_level="4", gp="200", nfp="100"
    )
    g.when(monument, BYZ)
    resolve(g, {})
    confirm_the_rest(g, but=frozenset())
    return g, close(g)


def test_a_four_level_monument_adds_two_rs_one_a_turn() -> None:
    """Four levels (base 4 in cultivated Thrace): two points of RS, the first when it is finished, the second a
    turn later (setting `p2c_monument_rs` "spread")."""
    g, events = _build()
    (done,) = of(events, m.MonumentCompleted)
    assert (done.levels, done.points) == (4, 2)
    assert g.rules.nations["byz"].religious_strength == 7 and g.rules.religion.monument_rs == {"byz": 1}
    g.when(AdvancePhase())
    resolve(g, {})
    confirm_the_rest(g)
    close(g)
    assert g.rules.nations["byz"].religious_strength == 8 and g.rules.religion.monument_rs == {}


def test_a_monument_may_be_read_as_one_point_at_most() -> None:
    """The other reading of "The maximum boost to Religious Strength is +1 per turn" (setting `p2c_monument_rs`
    "once"): a monument gives one point of RS whatever its size."""
    g, events = _build(Settings(p2c_monument_rs="once"))
    assert [e.points for e in of(events, m.MonumentCompleted)] == [1]
    assert g.rules.nations["byz"].religious_strength == 7 and g.rules.religion.monument_rs == {}
