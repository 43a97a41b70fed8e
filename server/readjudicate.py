"""Re-adjudication of a turn (DESIGN.md §6): re-run its resolution from its closing state with corrected or
late orders, the same dice or a recorded reroll; show each seat what would change in its own view; commit as
a revert plus the new resolution.

The closing state of turn n is the state just before the command that first closed one of its phases (for a
turn re-adjudicated before, the same original closing state: each re-adjudication starts from it, so the GM
gives every correction again). The resolution re-run closes as many phases of turn n as the current timeline
closed in its run of consecutive phase-closing commands from there: it stops at the first other command, because
other commands' bodies are not replayed. Everything
after the closing point is reverted (the dry run's diff shows it).

Dice (DESIGN.md §3). The same dice: the resolution's recorded rolls are replayed, each to the next roll with its
purpose and shape, recorded with source `replay` and the version of the roll it repeats (`replay_of`), so
`pantheon verify-dice` checks them; a roll the new resolution makes beyond them is fresh. A reroll appends
`RerollOrdered` (with the reason) and replays nothing. Either way every roll takes a new index of its stream: no
(epoch, stream, index) is ever used twice. A dry run rolls throwaway dice (random seeds never stored, never used
again) for whatever it does not replay, so a preview never shows a roll the game will make for real; its diff
shows them as they fell in the preview, and the committed re-adjudication rolls its own.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable
from typing import Any

import msgspec

from domain.engine import Actor, GameState, Rejected, Ruleset, timeline
from domain.engine import game as engine
from domain.engine.dice import Dice, EpochSeed, Replay, seeded_deriver
from domain.engine.messages import AdvancePhase, RerollOrdered, TimelineReverted
from events.codec import codec_for, encode
from events.handler import Outcome, stream_of
from server import schemas as s
from server.auth import TokenGrant
from server.diffs import diff
from server.gm import GmPowers
from server.problems import ApiError
from server.service import seat_actor


@dataclasses.dataclass
class _Rerun:
    """The dice side of one re-run: recorded rolls not replayed yet; whether the dice are throwaway."""

    dry_run: bool
    replays: tuple[Replay, ...] = ()


class Readjudication:
    def __init__(self, gm: GmPowers) -> None:
        self.gm = gm
        self.service = gm.service
        self.pool = gm.service.runner.pool

    async def run(
        self, grant: TokenGrant, game_id: str, turn: int, request: s.ReadjudicateRequest
    ) -> tuple[s.ReadjudicationPreview, Outcome | None]:
        actor, latest, head = await self.gm.require_gm(grant, game_id)
        if not request.reason.strip():
            raise ApiError("readjudicate.reason_required", "Say why the turn is re-adjudicated.", 422)
        ruleset = await self.service.states.ruleset_of(game_id)
        closing, replays = await self._resolution(game_id, latest, turn)
        _, closing_state, _ = await self.service.states.state_at(game_id, version=closing)
        events, final = await self._rerun(
            game_id, ruleset, actor, latest, head, closing, closing_state, replays, request
        )
        preview = s.ReadjudicationPreview(
            closing_version=closing,
            replayed_phases=replays,
            event_count=len(events),
            changes=self._changes(ruleset, latest, final),
        )
        if request.dry_run:
            return preview, None

        def decision(current: GameState[Any], ctx: Any) -> list[Any]:
            return events

        outcome = await self.service.handler.run(
            game_id, actor, decision, command_type="Readjudicate", body=encode(request), expected_version=head
        )
        return preview, outcome

    async def _resolution(self, game_id: str, latest: GameState[Any], turn: int) -> tuple[int, int]:
        """(the closing version, how many phase closings to replay) for `turn` on the current timeline."""
        rows = await self.pool.fetch(
            "SELECT stream_version, metadata->>'command_id' AS command_id, metadata->>'command_type' AS kind, "
            "type, (data->>'turn')::int AS turn, (data->>'to_version')::bigint AS to_version "
            "FROM events WHERE stream_id = $1 ORDER BY stream_version",
            stream_of(game_id),
        )
        current = [r for r in rows if timeline.in_reverted_range(latest, r["stream_version"]) is None]
        first_close = next((r for r in current if r["type"] == "PhaseEnded" and r["turn"] == turn), None)
        if first_close is None:
            raise ApiError("readjudicate.not_resolved", f"Turn {turn} has no resolved phase to re-run yet.", 409)
        commands: list[list[Any]] = []
        for row in current:
            if commands and commands[-1][0]["command_id"] == row["command_id"]:
                commands[-1].append(row)
            elif (
                row["stream_version"] >= first_close["stream_version"] or row["command_id"] == first_close["command_id"]
            ):
                commands.append([row])
        first = commands[0]
        # A command that re-adjudicated this turn before started from the turn's original closing state.
        closing = first[0]["to_version"] if first[0]["kind"] == "Readjudicate" else first[0]["stream_version"] - 1
        replays = 0
        for command in commands:
            if command[0]["kind"] not in ("AdvancePhase", "Readjudicate"):
                break
            closings = [r for r in command if r["type"] == "PhaseEnded"]
            replays += sum(1 for r in closings if r["turn"] == turn)
            if any(r["turn"] != turn for r in closings):
                break
        return int(closing), replays

    async def _rerun(
        self,
        game_id: str,
        ruleset: Ruleset,
        gm: Actor,
        latest: GameState[Any],
        head: int,
        closing: int,
        closing_state: GameState[Any],
        replays: int,
        request: s.ReadjudicateRequest,
    ) -> tuple[list[Any], GameState[Any]]:
        revert = TimelineReverted(to_version=closing, reason=request.reason.strip(), by=gm.role)
        state = timeline.revert(closing_state, latest, revert, head + 1)
        events: list[Any] = [revert]
        rerun = _Rerun(dry_run=request.dry_run)
        if request.reroll:
            reroll = RerollOrdered(next_roll_index=state.meta.next_roll_index, reason=request.reason.strip())
            events.append(reroll)
            state = engine.fold(ruleset, [reroll], state) or state
        else:
            rerun.replays = await self._recorded_rolls(game_id, ruleset, latest, closing, head)
        codec = codec_for(ruleset)
        for i, order in enumerate(request.orders):
            seat = state.meta.seats.get(order.seat_id)
            if seat is None:
                raise ApiError("readjudicate.unknown_seat", f"Order {i}: there is no seat {order.seat_id!r}.", 422)
            actor = seat_actor(seat, gm.token_id)
            try:
                command = codec.decode_command(order.command)
            except (msgspec.ValidationError, msgspec.DecodeError) as exc:
                raise ApiError("readjudicate.bad_order", f"Order {i} is not a valid command: {exc}", 422) from None
            state, events = await self._decide(ruleset, state, events, command, actor, f"order {i}", rerun)
        for _ in range(replays):
            state, events = await self._decide(ruleset, state, events, AdvancePhase(), gm, "resolution", rerun)
        return events, state

    async def _recorded_rolls(
        self, game_id: str, ruleset: Ruleset, latest: GameState[Any], closing: int, head: int
    ) -> tuple[Replay, ...]:
        """The resolution's rolls on the current timeline, to replay: the re-run gets the same results whatever
        seed epoch is current (a reveal since then changed it)."""
        codec = codec_for(ruleset)
        replays = []
        for version, type_, data in await self.gm.store.read_data(stream_of(game_id), closing, head):
            if type_ == "DiceRolled" and timeline.in_reverted_range(latest, version) is None:
                roll = codec.decode_event(type_, data)
                replays.append(
                    Replay(
                        version=version, purpose=roll.purpose, count=roll.count, sides=roll.sides, results=roll.results
                    )
                )
        return tuple(replays)

    async def _context(self, state: GameState[Any], actor: Actor, rerun: _Rerun) -> Any:
        """The handler's context, with the replays still to use, and throwaway seeds in a dry run."""
        ctx = await self.service.handler.context(state, actor)
        meta = state.meta
        seeds: dict[int, bytes] = {}
        derive: Callable[[int, int, int], tuple[int, ...]] | None = None
        if rerun.dry_run:
            real = await self.service.handler.secrets.seed(meta.game_id, meta.dice_epoch)
            if real is not None:
                fake = EpochSeed(
                    secrets.token_bytes(32), real.next_commitment, secrets.token_bytes(32), real.next_private_commitment
                )
                derive = seeded_deriver(fake, meta.game_id)
                seeds = {meta.dice_epoch: fake.private or b""} if meta.private_commitment else {}
        else:
            derive, seeds = ctx.dice.deriver, ctx.dice.private_seeds
        dice = Dice(
            game_id=meta.game_id,
            epoch=meta.dice_epoch,
            next_index=meta.next_roll_index,
            next_indices=meta.stream_indices,
            pending=meta.pending_dice,
            derive=derive,
            replays=rerun.replays,
            turn=meta.turn,
            private_seeds=seeds,
        )
        return dataclasses.replace(ctx, dice=dice)

    async def _decide(
        self,
        ruleset: Ruleset,
        state: GameState[Any],
        events: list[Any],
        command: Any,
        actor: Actor,
        what: str,
        rerun: _Rerun,
    ) -> tuple[GameState[Any], list[Any]]:
        ctx = await self._context(state, actor, rerun)
        try:
            decided = engine.decide(ruleset, state, command, ctx)
        except Rejected as rejected:
            raise ApiError(
                "readjudicate.refused", f"The {what} was refused: {rejected.code}: {rejected.message}", 422
            ) from None
        rerun.replays = ctx.dice.replays_left
        new_state = engine.fold(ruleset, decided, state)
        assert new_state is not None
        return new_state, [*events, *decided]

    def _changes(self, ruleset: Ruleset, before: GameState[Any], after: GameState[Any]) -> dict[str, list[Any]]:
        """What each seat (and the GM) would see change in its own view."""
        viewers = {"gm": Actor(principal="gm", role="gm")}
        for seat in before.meta.seats.values():
            viewers[seat.seat_id] = seat_actor(seat)
        changes = {}
        for key, viewer in viewers.items():
            old = msgspec.json.decode(
                encode([engine.meta_view(before.meta, viewer), ruleset.view_for(before.rules, viewer)])
            )
            new = msgspec.json.decode(
                encode([engine.meta_view(after.meta, viewer), ruleset.view_for(after.rules, viewer)])
            )
            changes[key] = diff({"game": old[0], "view": old[1]}, {"game": new[0], "view": new[1]})
        return changes
