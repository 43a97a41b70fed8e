"""What a seat sees of a battle (digest §1.6): a participant its own side (without the hidden stats, [L2111-2117])
and the other side's nations, and the result without the GM's dice and reason and without the other side's
losses and retreats; a third nation nothing."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.rulesets.lote.model.battles import Battle, BattleResult, Side

R = msgspec.structs.replace


def _own(side: Side) -> Side:
    return R(side, leaders=tuple(R(x, hidden=0) for x in side.leaders), strength=Fraction(0), modifiers=())


def _other(side: Side) -> Side:
    return Side(nations=side.nations)


def own_keys(battle: Battle) -> dict[str, tuple[str, ...]]:
    """Per nation, the loss keys of its side: its side's armies, and the place (its garrison) for defenders."""
    place = battle.city or battle.region
    out = {n: battle.attacker.armies for n in battle.attacker.nations}
    out.update({n: (*battle.defender.armies, place) for n in battle.defender.nations})
    return out


def seat_result(battle: Battle, result: BattleResult | None, nation: str | None) -> BattleResult | None:
    if result is None or nation is None:
        return None
    return filtered(result, own_keys(battle).get(nation, ()), nation in battle.attacker.nations)


def filtered(result: BattleResult, own: tuple[str, ...], attacker: bool) -> BattleResult:
    """The result as a participant reads it: its own side's losses and retreats only, no dice, no reason."""
    return R(
        result,
        losses={k: v for k, v in result.losses.items() if k in own},
        retreats={k: v for k, v in result.retreats.items() if k in own},
        garrison=result.garrison if attacker else {},
        rolls=(),
        reason="",
    )


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
        result=seat_result(battle, battle.result, nation),
    )
