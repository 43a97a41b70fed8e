"""Every number a client can send has bounds (issue #16, "Input bounds").

Structurally: every integer of every command, scenario and settings type of every ruleset (the engine's
included) has a minimum and a maximum within 2^53, every string a maximum length (or a bounded pattern), every
list and map a maximum size, every required reason a minimum length. Behaviourally (hypothesis, through the
codec and `decide`): zero, negative, huge and non-integral values are refused at decoding or by `decide`, never
raise anything else, never make an event or a state that cannot be stored, and never give the acting seat more
than it had, now or once the phase is resolved.
"""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.engine import Rejected
from domain.engine import game as engine
from domain.engine.dice import Dice, seeded_deriver
from domain.engine.messages import GM_ENGINE_COMMANDS, AdvancePhase
from domain.rulesets.lote.scenario.scenario import Scenario as LoteScenario
from events.codec import codec_for, encode
from tests.bounds_support import GAMES, MAX_SAFE, command_body, command_types, gained, game_spec, names_in, tag, wealth
from tests.domain.harness import GM, SEED, Game, seat

inspect = msgspec.inspect

# Orders that turn one thing the seat owns into another the wealth counts, as their rules say; a gain from them
# at resolution is the rule, not a leak. [L2007-2017] surplus agro for GP or NFP; [L4379-4407] units to NFP;
# [L1696-1716] project support paid in NFP at 5 GP each leaves that gold in the treasury;
# TakeLoan: gold now against a debt on the sheet (repaid with interest two turns later, [L8821-8836])
CONVERSIONS = {"lote": {"ConvertAgro", "Demobilize", "PayProjectSupportWithNFP", "TakeLoan"}}


def _unbounded(info: Any, path: str, out: list[str], seen: set[type]) -> None:
    if isinstance(info, inspect.Metadata):
        info = info.type
    if isinstance(info, inspect.IntType | inspect.FloatType):
        low = info.ge if info.ge is not None else info.gt
        high = info.le if info.le is not None else info.lt
        if low is None or high is None or low < -MAX_SAFE or high > MAX_SAFE:
            out.append(f"{path}: a number without both bounds within 2^53")
    elif isinstance(info, inspect.StrType):
        if info.max_length is None:
            out.append(f"{path}: a string without maxLength")
    elif isinstance(info, inspect.ListType | inspect.VarTupleType | inspect.SetType | inspect.FrozenSetType):
        if info.max_length is None:
            out.append(f"{path}: a list without maxItems")
        _unbounded(info.item_type, f"{path}[]", out, seen)
    elif isinstance(info, inspect.DictType):
        if info.max_length is None:
            out.append(f"{path}: a map without maxProperties")
        _unbounded(info.key_type, f"{path}{{key}}", out, seen)
        _unbounded(info.value_type, f"{path}{{}}", out, seen)
    elif isinstance(info, inspect.UnionType):
        for member in info.types:
            _unbounded(member, path, out, seen)
    elif isinstance(info, inspect.StructType) and info.cls not in seen:
        seen.add(info.cls)
        for field in info.fields:
            where = f"{info.cls.__name__}.{field.name}"
            kind = field.type.type if isinstance(field.type, inspect.Metadata) else field.type
            if field.name == "reason" and field.required and not getattr(kind, "min_length", None):
                out.append(f"{where}: a required reason without minLength")
            _unbounded(field.type, where, out, seen)


# Documents a scenario holds as raw JSON and decodes record by record (so that errors name the record).
RAW_RECORDS: dict[str, list[type]] = {"lote": [LoteScenario]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_number_string_and_list_a_client_sends_has_bounds(name: str) -> None:
    ruleset, _, _ = game_spec(name)
    problems: list[str] = []
    seen: set[type] = set()
    documents = [ruleset.setup_type, ruleset.settings_type, *RAW_RECORDS.get(ruleset.id, [])]
    for kind in [*command_types(ruleset), *documents]:
        _unbounded(inspect.type_info(kind), kind.__name__, problems, seen)
    assert problems == []


def _game(name: str) -> tuple[Game, str, list[str]]:
    ruleset, scenario, controls = game_spec(name)
    game = Game(ruleset, scenario, seats=[controls])
    view = encode(ruleset.view_for(game.rules, GM))
    return game, controls, names_in([msgspec.json.decode(view), scenario, list(game.state.meta.seats)])


def _confirmed(game: Game, state: Any, ctx: Any) -> Any:
    """lote: the GM confirms every pending adjudication item's proposal (revolt checks, assimilation...), or None
    when one needs his own ruling (a free-form order)."""
    items = getattr(state.rules, "adjudications", {})
    for item in [i for i in items.values() if i.outcome is None]:
        command = game.ruleset.command_type.__args__  # the ruleset's ConfirmAdjudication, by tag
        confirm = next(k for k in command if tag(k) == "ConfirmAdjudication")(item_id=item.item_id)
        try:
            state = engine.fold(game.ruleset, engine.decide(game.ruleset, state, confirm, ctx), state)
        except Rejected:
            return None
    return state


def _resolved(game: Game, state: Any) -> Any:
    """The state once the GM has closed every phase of the turn (the queued orders are carried out), confirming
    the proposals of the adjudication items on the way."""
    turn = state.meta.turn
    for _phase in game.ruleset.phases:
        if state.meta.turn != turn or state.meta.status != "running":
            break
        ctx = dataclasses.replace(game.context(GM), dice=_dice(game, state), phase=state.meta.phase)
        try:
            events = engine.decide(game.ruleset, state, AdvancePhase(), ctx)
        except Rejected:
            confirmed = _confirmed(game, state, ctx)
            if confirmed is None or confirmed is state:
                return None  # the GM must rule first (an adjudication item): nothing to compare
            try:
                state = confirmed
                events = engine.decide(game.ruleset, state, AdvancePhase(), ctx)
            except Rejected:
                return None
        state = engine.fold(game.ruleset, events, state)
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_hostile_numbers_are_refused_or_legal_and_never_pay_the_seat(name: str) -> None:
    game, controls, names = _game(name)
    ruleset, codec = game.ruleset, codec_for(game.ruleset)
    actor = seat(controls)
    base = game.state
    rid = ruleset.id
    resolved_base = wealth(rid, _resolved(game, base).rules, controls)  # the base turn resolves cleanly
    kinds = command_types(ruleset)
    tally = {"examples": 0, "decode_refused": 0, "rejected": 0, "accepted": 0}

    @settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(kinds).flatmap(lambda k: command_body(k, names)))
    def check(body: dict[str, Any]) -> None:
        tally["examples"] += 1
        try:
            command = codec.decode_command(msgspec.json.encode(body))
        except msgspec.ValidationError:
            tally["decode_refused"] += 1
            return
        kind = body["type"]
        gm_only = kind in GM_ENGINE_COMMANDS or kind in ruleset.gm_commands
        who = GM if gm_only else actor
        try:
            events = engine.decide(ruleset, base, command, game.context(who))
        except Rejected:
            tally["rejected"] += 1
            return
        tally["accepted"] += 1
        for event in events:
            encode(event)  # storable: no integer past what JSON and msgpack hold
        after = engine.fold(ruleset, events, base)
        assert after is not None
        codec.encode_state(after)
        if gm_only or after.meta.status != "running":
            return
        assert gained(wealth(rid, base.rules, controls), wealth(rid, after.rules, controls)) == {}, body
        resolved = _resolved(game, after)
        if kind not in CONVERSIONS.get(rid, ()) and after.meta.phase == base.meta.phase and resolved is not None:
            assert gained(resolved_base, wealth(rid, resolved.rules, controls)) == {}, body

    check()
    assert tally["examples"] >= 100 and tally["decode_refused"] > 0, tally
    covered = {tag(k) for k in kinds}
    assert len(covered) == len(kinds)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sequences_of_hostile_commands_never_crash_decide_or_evolve(name: str) -> None:
    """Commands that combine (a far date, then a pause, then a resume...) over hours of game time: each is refused
    or accepted, and whatever is accepted folds, encodes and stays decidable."""
    game, controls, names = _game(name)
    ruleset, codec = game.ruleset, codec_for(game.ruleset)
    actor = seat(controls)
    kinds = command_types(ruleset)
    bodies = st.sampled_from(kinds).flatmap(lambda k: command_body(k, names))

    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(st.lists(st.tuples(bodies, st.sampled_from([0, 1, 90, 60 * 24 * 30])), min_size=2, max_size=6))
    def check(steps: list[tuple[dict[str, Any], int]]) -> None:
        state, now = game.state, game.now
        for body, minutes in steps:
            now += timedelta(minutes=minutes)
            try:
                command = codec.decode_command(msgspec.json.encode(body))
            except msgspec.ValidationError:
                continue
            gm_only = body["type"] in GM_ENGINE_COMMANDS or body["type"] in ruleset.gm_commands
            ctx = dataclasses.replace(game.context(GM if gm_only else actor), now=now)
            ctx = dataclasses.replace(ctx, dice=_dice(game, state), turn=state.meta.turn, phase=state.meta.phase)
            try:
                events = engine.decide(ruleset, state, command, ctx)
            except Rejected:
                continue
            for event in events:
                encode(event)
            state = engine.fold(ruleset, events, state)
            codec.encode_state(state)

    check()


def _dice(game: Game, state: Any) -> Dice:
    meta = state.meta
    return Dice(
        game_id=game.game_id,
        epoch=meta.dice_epoch,
        next_index=meta.next_roll_index,
        pending=meta.pending_dice,
        derive=seeded_deriver(SEED, game.game_id),
    )
