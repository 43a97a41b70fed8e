"""The referees' rulings on races where the text leaves them judgement: modification triggers and ends
([000:172-180]), spontaneous cults ([000:76], [000:255]) and pantheons the text does not settle ([003:435])."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import pantheon
from domain.rulesets.gods2.earth.commands import ApplyCult, EndModification, SetPantheon, TriggerModification
from domain.rulesets.gods2.earth.common import earth_of, race_of
from domain.rulesets.gods2.earth.events import ModificationsEnded, PantheonChanged
from domain.rulesets.gods2.kernel.common import reject, require_reason
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.earth_model import SPECIAL_MEMBERS
from domain.rulesets.gods2.kernel.model import State


def decide_trigger(state: State, command: TriggerModification, ctx: DecisionContext) -> Sequence[object]:
    """[000:176] each time the trigger occurs one waiting casting fires (the oldest); an Mv/Mv+ that was in
    effect is used up by it; [000:180] an Mp with this trigger ends."""
    require_reason(command.reason)
    race = race_of(earth_of(state), command.race)
    mods = [m for m in race.modifications if m.trigger == command.trigger]
    fired = [m.id for m in mods if not m.active and ("Mv" in m.kinds or "Mv+" in m.kinds)][:1]
    ended = [m.id for m in mods if m.active and "Mp" in m.kinds]
    if not fired and not ended:
        raise reject("nothing_triggered", f"The {race.name} have no modification waiting for {command.trigger!r}.")
    return [ModificationsEnded(race=race.id, ended=ended, fired=fired, reason=command.reason)]


def decide_end_modification(state: State, command: EndModification, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    race = race_of(earth_of(state), command.race)
    if command.modification not in {m.id for m in race.modifications}:
        raise reject("unknown_modification", f"The {race.name} have no modification {command.modification!r}.")
    return [ModificationsEnded(race=race.id, ended=[command.modification], fired=[], reason=command.reason)]


def _deity(state: State, member: str) -> None:
    if member not in SPECIAL_MEMBERS and member not in state.characters:
        raise reject("unknown_deity", f"{member!r} is neither a god nor DIABOLISM nor ATHEISM.")


def decide_apply_cult(state: State, command: ApplyCult, ctx: DecisionContext) -> Sequence[object]:
    """[000:76] cults do not cause religious turmoil."""
    require_reason(command.reason)
    race = race_of(earth_of(state), command.race)
    _deity(state, command.deity)
    points = parse_fraction(command.points)
    if points <= 0:
        raise reject("bad_points", "A cult gains a positive number of points.")
    shares = pantheon.cult(race.pantheon, command.deity, points)
    return [PantheonChanged(race=race.id, shares=shares, cause=f"cult: {command.reason}")]


def decide_set_pantheon(state: State, command: SetPantheon, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    race = race_of(earth_of(state), command.race)
    shares = {m: parse_fraction(p) for m, p in command.shares.items()}
    for member in shares:
        _deity(state, member)
    problems = pantheon.shares_problems(shares)
    if problems:
        raise reject("bad_shares", "; ".join(problems))
    return [PantheonChanged(race=race.id, shares=shares, cause=f"ruling: {command.reason}")]
