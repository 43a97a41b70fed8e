"""Battle lines for the Newsfax and the status report (registered from `reports/`).

The rulebook prints no battle line: the Newsfax always reports "Hostile Military Actions against Other Nations"
([L3050-3058]), written up by the GM ([L3046-3049]) and "usually related as a single engagement" ([L11578-11581]).
Decisions: the drafted Newsfax line stands under the attacking nation's heading (its hostile action), names the
place, both sides' nations and the outcome, and the control result; losses, leaders and forces are left to the
GM's narrative (the seats' secrets stay secret; he may conceal or rewrite the line). The status report lists,
for each battle the nation fought this turn, its side, its own forces and losses and the result: never the other
side's forces.
"""

from __future__ import annotations

from domain.rulesets.lote.model.battles import Battle, BattleResult
from domain.rulesets.lote.model.state import State

TITLE = {"battle": "Battle", "siege": "Siege", "assault": "Assault", "passive_siege": "Siege"}
CONTROL = {"p": "Pacified", "pt": "Pacified Tributary"}


def _names(state: State, nations: tuple[str, ...]) -> str:
    named = [state.nations[n].name for n in nations if n in state.nations]
    return " and ".join(named) or "the local forces"


def _units(units: dict[str, int]) -> str:
    return ",".join(f"{n}{u.lower()}" for u, n in sorted(units.items()) if n) or "-"


def outcome_text(state: State, battle: Battle, result: BattleResult) -> str:
    place = battle.city or battle.region
    att, dfd = _names(state, battle.attacker.nations), _names(state, battle.defender.nations)
    head = f"{TITLE[battle.kind]} of {place}:"
    if result.winner == "attacker":
        if battle.kind == "passive_siege" or (battle.kind != "battle" and result.control != "none"):
            text = f"{head} {place} fell to the {att}"
        else:
            text = f"{head} the {att} defeated the {dfd}"
        if result.control == "liberate":
            return f"{text}; {place} is liberated."
        if result.control in CONTROL:
            return f"{text}; {place} is now {CONTROL[result.control]} ({result.control}) to the {att}."
        return f"{text}."
    if result.winner == "defender":
        return f"{head} the {dfd} threw back the {att}."
    if battle.kind in ("siege", "passive_siege"):
        return f"{head} the {att} lay siege to {place}; it holds."
    return f"{head} the {att} and the {dfd} fought without decision."


def newsfax_lines(state: State, battle: Battle, result: BattleResult) -> list[tuple[str, str]]:
    """(nation, line): the line under the attacking nation's heading."""
    return [(battle.attacker.nations[0], outcome_text(state, battle, result))] if battle.attacker.nations else []


def report_lines(state: State, nid: str) -> list[str]:
    """The nation's battles this turn, each with its own side and the result."""
    out = []
    for battle in sorted(state.battles.values(), key=lambda b: (b.when, b.battle_id)):
        if nid not in battle.nations:
            continue
        mine = battle.attacker if nid in battle.attacker.nations else battle.defender
        other = battle.defender if mine is battle.attacker else battle.attacker
        role = "attacking" if mine is battle.attacker else "defending"
        when = f"year {battle.when[0]} month {battle.when[1]}" if battle.when[0] else "start of turn"
        line = (
            f"{TITLE[battle.kind]} of {battle.city or battle.region} ({when}): {role} against the "
            f"{_names(state, other.nations)} with {_units(mine.units)}"
        )
        if battle.result is None:
            out.append(f"{line}; awaiting the GM.")
            continue
        lost: dict[str, int] = {}
        for key, units in battle.result.losses.items():
            if key in mine.armies or (key == (battle.city or battle.region) and mine is battle.defender):
                for unit, n in units.items():
                    lost[unit] = lost.get(unit, 0) + n
        out.append(f"{line}; lost {_units(lost)}. {outcome_text(state, battle, battle.result)}")
    return out
