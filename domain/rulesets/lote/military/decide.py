"""The GM's battle command: `ResolveBattle` checked against the battle's sides, then its effects (`results.py`).
`ConfirmAdjudication` on a battle's item settles it with the automatic resolver's proposal; `OverrideAdjudication`
is refused there (the result has typed parts: use ResolveBattle)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.military import results
from domain.rulesets.lote.military.commands import MilitaryCommand, ResolveBattle
from domain.rulesets.lote.model.battles import Battle, BattleResult
from domain.rulesets.lote.model.state import Adjudication, State

R = msgspec.structs.replace
KINDS = frozenset({"battle", "siege", "assault", "passive_siege"})


def _battle(state: State, battle_id: str) -> Battle:
    battle = state.battles.get(battle_id)
    if battle is None:
        raise Rejected("lote.unknown_battle", f"There is no battle {battle_id!r} this turn.")
    if battle.result is not None:
        raise Rejected("lote.battle_decided", f"Battle {battle_id!r} was resolved: {battle.result.winner}.", status=409)
    return battle


def _check_losses(state: State, battle: Battle, losses: dict[str, dict[str, int]]) -> None:
    place = battle.city or battle.region
    for key, units in losses.items():
        if key in (*battle.attacker.armies, *battle.defender.armies):
            have = dict(state.leaders[key].units) if key in state.leaders else {}
        elif key == place:
            have = dict(battle.defender.garrison)
        else:
            raise Rejected(
                "lote.battle_bad_losses",
                f"{key!r} did not fight in {battle.battle_id}: name an army of either side or {place!r} "
                "(its garrison).",
            )
        over = sorted(u for u, n in units.items() if n > have.get(u, 0))
        if over:
            raise Rejected(
                "lote.battle_bad_losses",
                f"{key} has fewer {', '.join(over)} than it loses: at most { ({u: have.get(u, 0) for u in over}) }.",
            )


def _check_retreats(state: State, battle: Battle, retreats: dict[str, str]) -> None:
    for army, to in retreats.items():
        if army not in (*battle.attacker.armies, *battle.defender.armies):
            raise Rejected("lote.battle_bad_retreat", f"{army!r} did not fight in {battle.battle_id}.")
        near = {b.b for b in state.borders if b.a == battle.region} | {
            b.a for b in state.borders if b.b == battle.region
        }
        near |= {c.sea_zone for c in state.coasts if c.region == battle.region}
        near |= {c.region for c in state.coasts if c.sea_zone == battle.region}
        if to not in near:
            raise Rejected(
                "lote.battle_bad_retreat",
                f"{army} cannot fall back to {to!r}: name a region or sea zone next to {battle.region!r}.",
            )


def _check_control(state: State, battle: Battle, command: ResolveBattle) -> None:
    if command.winner != "attacker" and command.control not in ("default", "none"):
        raise Rejected("lote.battle_bad_control", "Only a winning attacker changes the place's control status.")
    place = battle.city or battle.region
    record = state.cities.get(place) or state.regions.get(place)
    if command.control != "default" and command.control != "none" and (record is None or not battle.attacker.nations):
        raise Rejected("lote.battle_bad_control", f"{place!r} has no control status to change (a sea zone).")
    if command.control == "liberate" and record is not None and record.statuses.get(battle.attacker.nations[0]) != "oc":
        raise Rejected(
            "lote.battle_bad_control",
            f"[L5607-5615] only a place Occupied for {battle.attacker.nations[0]} is liberated; rule 'p' or 'pt'.",
        )
    if command.walls_left is not None:
        if battle.city is None or command.walls_left > state.cities[battle.city].walls:
            raise Rejected("lote.battle_bad_walls", "Walls left: only for a city, at most the wall points it has.")
    if command.capital_destroyed and not any(
        results.capital_of(state, n) in (place, battle.region) for n in battle.defender.nations
    ):
        raise Rejected("lote.battle_not_capital", f"{place!r} is no defender's capital: leave capital_destroyed out.")


def result_of(state: State, battle: Battle, command: ResolveBattle) -> BattleResult:
    if command.use_proposal:
        assert battle.proposal is not None  # every battle is joined with the resolver's proposal (raising.py)
        return R(battle.proposal, by="gm", reason=command.reason)
    _check_losses(state, battle, dict(command.losses))
    _check_retreats(state, battle, dict(command.retreats))
    _check_control(state, battle, command)
    result = BattleResult(
        winner=command.winner,
        losses={k: {u: n for u, n in v.items() if n} for k, v in command.losses.items()},
        retreats=dict(command.retreats),
        garrison=dict(command.garrison or {}),
        walls_left=command.walls_left,
        capital_destroyed=command.capital_destroyed,
        by="gm",
        reason=command.reason,
    )
    control = results.default_control(state, battle, result) if command.control == "default" else command.control
    if command.garrison and control != "p":
        raise Rejected("lote.battle_bad_control", "A garrison is dropped off only when the place becomes Pacified.")
    if command.garrison:
        _check_garrison(state, battle, result)
    captured = command.capture_treasury and control != "none" and command.winner == "attacker"
    return R(
        result, control=control, treasury_captured=results.treasury_at_stake(state, battle) if captured else Fraction(0)
    )


def _check_garrison(state: State, battle: Battle, result: BattleResult) -> None:
    """[L5595-5600] the garrison comes from the first attacking army's surviving units."""
    army = battle.attacker.armies[0] if battle.attacker.armies else ""
    units = dict(state.leaders[army].units) if army in state.leaders else {}
    lost = result.losses.get(army, {})
    short = sorted(u for u, n in result.garrison.items() if n > units.get(u, 0) - lost.get(u, 0))
    if short:
        raise Rejected(
            "lote.battle_bad_garrison",
            f"{army or 'the attacker'} has too few surviving {', '.join(short)} to leave that garrison.",
        )


def decide_resolve(state: State, command: ResolveBattle) -> list[object]:
    if not command.reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    battle = _battle(state, command.battle_id)
    return results.effects(state, battle, result_of(state, battle, command), overridden=not command.use_proposal)


def confirm_item(state: State, item: Adjudication, reason: str) -> list[object]:
    """ConfirmAdjudication on a battle's item: the automatic resolver's proposal, for the whole battle."""
    battle = next((b for b in state.battles.values() if item.item_id in b.items), None)
    if battle is None:
        raise Rejected("lote.unknown_battle", f"Item {item.item_id!r} belongs to no battle this turn.")
    return decide_resolve(
        state, ResolveBattle(battle_id=battle.battle_id, reason=reason or "confirmed", use_proposal=True)
    )


def decide_military(state: State, command: MilitaryCommand, ctx: DecisionContext) -> list[object]:
    return decide_resolve(state, command)
