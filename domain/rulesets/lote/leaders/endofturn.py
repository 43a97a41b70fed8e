"""The leaders' part of the end of the turn: the checks the GM rules on, their outcomes, ageing and statuses.

Raised when the validation phase closes (after the turn's actions), so that the GM decides them in the
adjudication phase, where their outcomes take effect before R7:

- `leader_death` (old age): every leader who reaches the campaign's `old_age_check_from` this turn, with a GM-only
  2d6 recorded (purpose `old-age:<nation>:<leader>`). The rules give no odds ([L5211-5213] "All of your leaders
  will eventually die of old age"; digest §4 R27): the engine proposes "lives", the GM rules "dies" or "lives"
  (a death's consequences are `dynasty/deaths.py`'s);
- `garrison`: every Pacified region or city whose garrison falls short ([L2411-2413]); proposal "revolt"
  (the garrison is destroyed and the place lost), or "hold" where the GM rules otherwise (the no-cavalry areas
  of [L2466-2470], a garrison he knows to be on its way);
- `dynastic_failure` is raised by a King's death (`dynasty/deaths.py`): "none" or "failure".
"""

from __future__ import annotations

from domain.engine import DecisionContext
from domain.rulesets.lote.leaders.armies import BATTLE_STATUSES, REPLACED_BY_BATTLE, battle_status, derived_status
from domain.rulesets.lote.leaders.events import ArmyStatusChanged, GarrisonRevolted
from domain.rulesets.lote.leaders.garrisons import Requirement, pacified_requirements
from domain.rulesets.lote.model.state import Adjudication, State

OUTCOMES: dict[str, tuple[str, ...]] = {"garrison": ("revolt", "hold")}  # the others: `dynasty/decide.py`


def old_age_items(state: State, ctx: DecisionContext) -> list[Adjudication]:
    threshold, turn = state.settings.old_age_check_from, ctx.turn
    if not threshold:
        return []
    items = []
    for lid, leader in sorted(state.leaders.items()):
        age = leader.age + state.years_per_turn
        if age >= threshold:
            rolls = ctx.dice.roll(f"old-age:{leader.nation}:{lid}", 2, 6, visible_to=())  # GM-only
            items.append(
                Adjudication(
                    item_id=f"t{turn}-{leader.nation}-leader_death-{lid}",
                    turn=turn,
                    nation=leader.nation,
                    kind="leader_death",
                    subject=lid,
                    proposal="lives",
                    explanation=(
                        f"{leader.name} (#{leader.army_no}, {leader.type}) is {age} at the end of this turn (old-age "
                        f"checks from {threshold}); 2d6 = {sum(rolls)}. [L5211-5213] the rules give no odds: rule "
                        "'dies' or 'lives'."
                    ),
                    rolls=tuple(rolls),
                )
            )
    return items


def _garrison_item(need: Requirement, turn: int) -> Adjudication:
    kind = "city" if need.city else "region"
    return Adjudication(
        item_id=f"t{turn}-{need.nation}-garrison-{kind}:{need.place}",
        turn=turn,
        nation=need.nation,
        kind="garrison",
        subject=f"{kind}:{need.place}",
        proposal="revolt",
        explanation=(
            f"The garrison of the Pacified {kind} falls short: {need.explanation}. [L2411-2413] it revolts and the "
            "garrison is destroyed: rule 'revolt', or 'hold'."
        ),
    )


def garrison_items(state: State, turn: int) -> list[Adjudication]:
    return [_garrison_item(need, turn) for need in pacified_requirements(state) if not need.met]


def garrison_outcome(state: State, item: Adjudication) -> list[GarrisonRevolted]:
    """What a decided garrison item does; nothing when the place is no longer Pacified. (A `leader_death` or
    `dynastic_failure` item's outcome is `dynasty/deaths.py`'s and `control/failure.py`'s.)"""
    why = f"adjudication {item.item_id}"
    if item.kind == "garrison" and item.outcome == "revolt":
        kind, _, place = item.subject.partition(":")
        record = state.cities.get(place) if kind == "city" else state.regions.get(place)
        if record is not None and record.statuses.get(item.nation) == "p":
            units = dict(record.garrison.get(item.nation, {}))
            return [GarrisonRevolted(place=place, nation=item.nation, units=units, reason=why, city=kind == "city")]
    return []


def status_changes(state: State) -> list[ArmyStatusChanged]:
    out = []
    for lid, leader in sorted(state.leaders.items()):
        fought = battle_status(state, lid)
        if fought is not None and leader.status in REPLACED_BY_BATTLE:
            why = "[L1636-1637] fought in a battle this turn"
            out.append(ArmyStatusChanged(leader_id=lid, nation=leader.nation, status=fought, why=why, battle=True))
            continue
        status = derived_status(state, lid)
        if status is not None:
            if status == "G":
                why = "[L1638-1640] the sole force in a Pacified region"
            elif leader.status in BATTLE_STATUSES:
                why = "[L1636-1637] no battle this turn"
            else:
                why = "no longer the garrison"
            out.append(ArmyStatusChanged(leader_id=lid, nation=leader.nation, status=status, why=why))
    return out
