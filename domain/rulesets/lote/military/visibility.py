"""What a seat sees of a battle (digest §1.6): a participant its own side (without the hidden stats, [L2111-2117])
and the other side's nations, and the result without the GM's dice and reason; a third nation nothing."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.lote.model.battles import Battle, BattleResult, Side

R = msgspec.structs.replace


def _own(side: Side) -> Side:
    return R(side, leaders=tuple(R(x, hidden=0) for x in side.leaders), strength=Fraction(0), modifiers=())


def _other(side: Side) -> Side:
    return Side(nations=side.nations)


def seat_result(result: BattleResult | None) -> BattleResult | None:
    return None if result is None else R(result, rolls=(), reason="")


def seat_battle(battle: Battle, nation: str | None) -> Battle | None:
    if nation is None or nation not in battle.nations:
        return None
    mine = nation in battle.attacker.nations
    return R(
        battle,
        attacker=_own(battle.attacker) if mine else _other(battle.attacker),
        defender=_other(battle.defender) if mine else _own(battle.defender),
        items=tuple(i for i in battle.items if f"-{nation}-" in i),
        passive_siege_allowed=battle.passive_siege_allowed if mine else None,
        notes=(),
        proposal=None,
        result=seat_result(battle.result),
    )
