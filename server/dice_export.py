"""Provably fair dice and game export (DESIGN.md §3, §4): the dice report, seed reveals, the JSON Lines export,
`pantheon verify-dice` and `pantheon import`.

Seed epochs and streams: see `domain.engine.dice`. A game starts in epoch 0, whose commitments `GameCreated`
publishes. `RevealDice` (the GM, with a reason) or the game's reveal setting (`SetDiceReveal`: `manual`, `turn_end`
or `game_end`; a GM command, so it is recorded and time travel shows it) appends `DiceSeedRevealed` (the public
seed) and `DiceEpochStarted` (the next seeds' commitments) together; after the game's end the private seeds
(`DicePrivateSeedRevealed`) too. A rollback keeps the current epoch and every stream's next index
(`domain.engine.timeline.revert`): a revealed seed never rolls again and no roll index is used twice.

The export is JSON Lines, one object per line, `kind` first:

- `header`: `format` (`pantheon-game-export`), `format_version` (1), `game_id`, `stream_id`, `name`,
  `ruleset_id`, `ruleset_version`, `head_version`, `exported_at`;
- `event` (one per stored event, in version order): `version`, `type`, `data`, `metadata` (canonical JSON, as the
  hash chain covers them), `prev_hash`, `hash` (hex);
- `dice`: every epoch's commitments and, once revealed, its seeds, taken from the events (never from the secret
  store: an unrevealed seed never leaves the server);
- `end`: `events`, `head_version`, `head_hash`, so a truncated file is detected.

`server.dice_verify.verify_dice` needs nothing but the file (and, optionally, a head hash or commitments the user
kept): see its docstring for what it checks.
`import_export` rebuilds the game, byte for byte (same versions, data, metadata and hashes), in another database.
An imported game has no seed for its unrevealed epoch (that seed stays with the origin server): `pantheon import
--new-dice-epoch` appends, after the identical history, a `DiceEpochStarted` with a new seed held here, so server
rolls can go on; otherwise the game goes on with dice the GM enters (`EnterDice`).
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

import asyncpg
import msgspec

from domain import rulesets
from domain.engine import Actor, timeline
from domain.engine import game as engine
from domain.engine.dice import PUBLIC, DiceEpochStarted, DiceRolled, commitment, stream_key
from domain.engine.messages import RevealDice
from events.codec import codec_for, encode
from events.handler import CommandHandler, Outcome, Refused, stream_of
from events.store import GENESIS_HASH, RecordedEvent, canonical, verify_chain
from server import schemas as s
from server.auth import TokenGrant
from server.dice_ledger import DICE_TYPES, FIRST_EVENTS, DiceLedger
from server.problems import ApiError
from server.service import GameService

FORMAT = "pantheon-game-export"
FORMAT_VERSION = 1
PAGE = 1000


# --- the export file ------------------------------------------------------------------------------------


class ExportHeader(msgspec.Struct, frozen=True, tag="header", tag_field="kind"):
    format: str
    format_version: int
    game_id: str
    stream_id: str
    name: str
    ruleset_id: str
    ruleset_version: int
    head_version: int
    exported_at: datetime


class ExportEvent(msgspec.Struct, frozen=True, tag="event", tag_field="kind"):
    version: int
    type: str
    data: msgspec.Raw
    metadata: msgspec.Raw
    prev_hash: str
    hash: str


class ExportDice(msgspec.Struct, frozen=True, tag="dice", tag_field="kind"):
    epochs: list[s.DiceEpochInfo]


class ExportEnd(msgspec.Struct, frozen=True, tag="end", tag_field="kind"):
    events: int
    head_version: int
    head_hash: str


ExportLine = ExportHeader | ExportEvent | ExportDice | ExportEnd
_line_decoder = msgspec.json.Decoder(ExportLine)
_line_encoder = msgspec.json.Encoder()


class ExportError(ValueError):
    """The file is not a usable export; the message says where and why."""


@dataclass
class ParsedExport:
    header: ExportHeader
    events: list[ExportEvent]
    dice: ExportDice | None = None
    end: ExportEnd | None = None

    def recorded(self) -> list[RecordedEvent]:
        """The events as the store would read them back (for `verify_chain` and the import)."""
        return [
            RecordedEvent(
                global_position=0,
                stream_id=self.header.stream_id,
                stream_version=e.version,
                type=e.type,
                data=canonical(e.data),
                metadata=canonical(e.metadata),
                prev_hash=_unhex(e.prev_hash),
                hash=_unhex(e.hash),
                tx_id=0,
            )
            for e in self.events
        ]


def _unhex(text: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        return b""


def parse_export(lines: Iterable[bytes | str]) -> ParsedExport:
    header: ExportHeader | None = None
    events: list[ExportEvent] = []
    dice: ExportDice | None = None
    end: ExportEnd | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            item = _line_decoder.decode(line)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise ExportError(f"line {number} is not a line of a Pantheon export: {exc}") from None
        if isinstance(item, ExportHeader):
            if header is not None:
                raise ExportError(f"line {number}: a second header")
            if item.format != FORMAT or item.format_version != FORMAT_VERSION:
                raise ExportError(f"line {number}: format {item.format!r} v{item.format_version} is not supported")
            header = item
        elif header is None:
            raise ExportError(f"line {number}: the file must start with its header line")
        elif isinstance(item, ExportEvent):
            try:
                canonical(item.data), canonical(item.metadata)
            except msgspec.DecodeError as exc:
                raise ExportError(f"line {number}: event data or metadata is not JSON: {exc}") from None
            events.append(item)
        elif isinstance(item, ExportDice):
            dice = item
        else:
            end = item
    if header is None:
        raise ExportError("the file is empty: no header line")
    return ParsedExport(header=header, events=events, dice=dice, end=end)


def read_export(path: str) -> ParsedExport:
    try:
        with open(path, "rb") as file:
            return parse_export(file)
    except OSError as exc:
        raise ExportError(f"cannot read {path}: {exc.strerror}") from None


def _line(item: ExportLine) -> bytes:
    return _line_encoder.encode(item) + b"\n"


# --- the service ----------------------------------------------------------------------------------------


class DiceService:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.pool: asyncpg.Pool = service.runner.pool

    async def report(self, grant: TokenGrant, game_id: str) -> s.DiceReport:
        actor, state, head, ruleset = await self.service.actor(grant, game_id)
        codec = codec_for(ruleset)
        rows = await self.pool.fetch(
            "SELECT stream_version, type, data, (metadata->>'turn')::int FROM events "
            "WHERE stream_id = $1 AND type = ANY($2::text[]) AND stream_version <= $3 ORDER BY stream_version",
            stream_of(game_id),
            list(DICE_TYPES),
            head,
        )
        ledger = DiceLedger()
        for version, type_, data, _ in rows:
            ledger.see(version, type_, data)
        rolls = []
        entitled: set[tuple[int, str]] = set()  # private streams of revealed epochs whose rolls the caller sees
        for version, type_, data, turn in rows:
            if type_ != "DiceRolled":
                continue
            roll = engine.redact(ruleset, codec.decode_event(type_, data), actor)
            if not isinstance(roll, DiceRolled):
                continue
            private = roll.stream != PUBLIC
            # A private roll is checkable with the private seed (after the game's end) or, by those who see it,
            # with its stream's key, handed out once the epoch's public seed is revealed (below).
            checkable = ledger.seed_of(roll.epoch, private=private) is not None
            if private and roll.source == "server" and ledger.seed_of(roll.epoch) is not None:
                entitled.add((roll.epoch, roll.stream))
            rolls.append(
                s.DiceRollInfo(
                    version=version,
                    purpose=roll.purpose,
                    count=roll.count,
                    sides=roll.sides,
                    results=list(roll.results),
                    roll_index=roll.roll_index,
                    source=roll.source,
                    epoch=roll.epoch,
                    verifiable=roll.source == "server" and checkable,
                    turn=roll.turn if roll.turn is not None else turn,
                    visible_to=list(roll.visible_to) if roll.visible_to is not None else None,
                    reverted=timeline.in_reverted_range(state, version) is not None,
                    stream=roll.stream,
                    replay_of=roll.replay_of,
                    key_commitment=roll.key_commitment,
                )
            )
        hash_version, head_hash = await self._head_hash(game_id, head, actor)
        keys = await self._stream_keys(game_id, ledger, entitled)
        keyed = {(k.epoch, k.stream) for k in keys}
        rolls = [
            msgspec.structs.replace(r, verifiable=True) if r.source == "server" and (r.epoch, r.stream) in keyed else r
            for r in rolls
        ]
        meta = state.meta
        pending = (
            [s.PendingDiceInfo(sides=p.sides, results=list(p.results), purpose=p.purpose) for p in meta.pending_dice]
            if actor.is_gm
            else None
        )
        return s.DiceReport(
            game_id=game_id,
            version=head,
            current_epoch=meta.dice_epoch,
            reveal_mode=meta.dice_reveal,
            epochs=ledger.infos(),
            rolls=rolls,
            pending=pending,
            head_hash=head_hash,
            head_hash_version=hash_version,
            stream_keys=keys,
        )

    async def _stream_keys(
        self, game_id: str, ledger: DiceLedger, entitled: set[tuple[int, str]]
    ) -> list[s.DiceStreamKey]:
        """The keys of the private streams the caller sees, for epochs whose public seed is revealed (nothing is
        rolled with them any more): with them a seat checks its own private rolls before the game's end."""
        keys = []
        published = {info.epoch: info.private_commitment for info in ledger.infos()}
        for epoch, stream in sorted(entitled):
            seed = await self.service.handler.secrets.seed(game_id, epoch)
            private = seed.private if seed is not None else None
            if private is None or commitment(private) != published.get(epoch):
                continue
            key = stream_key(private, game_id, stream)
            keys.append(s.DiceStreamKey(epoch=epoch, stream=stream, key=key.hex(), key_commitment=commitment(key)))
        return keys

    async def _head_hash(self, game_id: str, head: int, actor: Actor) -> tuple[int, str]:
        """The hash chain at the head, or for a seat at the last event not appended by its own command.

        A seat knows all the metadata of its own command's events (its token, the command id, the time), so the
        hashes just before and just after its append would let it try every value of an event of that append
        hidden from it (a GM-only roll has few). Ending the chain at another's append, whose command id it never
        sees, closes that door; every event up to that version is anchored all the same."""
        seat = None if actor.is_gm else actor.seat_id
        row = await self.pool.fetchrow(
            "SELECT stream_version, hash FROM events WHERE stream_id = $1 AND stream_version <= $2 "
            "AND (metadata->>'seat_id') IS DISTINCT FROM $3 ORDER BY stream_version DESC LIMIT 1",
            stream_of(game_id),
            head,
            seat,
        )
        return (0, "") if row is None else (row["stream_version"], row["hash"].hex())

    async def reveal(
        self,
        grant: TokenGrant,
        game_id: str,
        request: s.RevealDiceRequest,
        *,
        idempotency_key: str | None,
        correlation_id: str | None,
    ) -> tuple[Outcome, list[s.EventEnvelope]]:
        actor, _, _, _ = await self.service.actor(grant, game_id)
        if not actor.is_gm:
            raise ApiError("auth.forbidden", "Only the GM may reveal dice seeds.", 403)
        outcome = await self.service.handler.submit(
            game_id,
            encode(RevealDice(reason=request.reason)),
            actor,
            idempotency_key=idempotency_key,
            correlation_id=correlation_id,
        )
        if isinstance(outcome, Refused):
            return outcome, []
        _, latest, ruleset = await self.service.states.latest(game_id)
        recorded = await self.service.store.read_stream(
            stream_of(game_id), after_version=outcome.version - len(outcome.events), to_version=outcome.version
        )
        return outcome, self.service.envelopes(ruleset, actor, recorded, latest)

    async def export(self, grant: TokenGrant, game_id: str) -> AsyncIterator[bytes]:
        """GM only. Authorises now (so a refusal is a problem response), then streams the file line by line."""
        actor, state, head, ruleset = await self.service.actor(grant, game_id)
        if not actor.is_gm:
            raise ApiError("auth.forbidden", "Only the GM may export a game.", 403)
        header = ExportHeader(
            format=FORMAT,
            format_version=FORMAT_VERSION,
            game_id=game_id,
            stream_id=stream_of(game_id),
            name=state.meta.name,
            ruleset_id=ruleset.id,
            ruleset_version=ruleset.version,
            head_version=head,
            exported_at=datetime.now(UTC),
        )
        return self._lines(header)

    async def _lines(self, header: ExportHeader) -> AsyncIterator[bytes]:
        yield _line(header)
        ledger = DiceLedger()
        after, last_hash, count = 0, GENESIS_HASH, 0
        while after < header.head_version:
            page = await self.service.store.read_stream(
                header.stream_id, after_version=after, to_version=header.head_version, limit=PAGE
            )
            if not page:
                break
            chunk = []
            for event in page:
                data = canonical(event.data)
                ledger.see(event.stream_version, event.type, data)
                exported = ExportEvent(
                    version=event.stream_version,
                    type=event.type,
                    data=msgspec.Raw(data),
                    metadata=msgspec.Raw(canonical(event.metadata)),
                    prev_hash=event.prev_hash.hex(),
                    hash=event.hash.hex(),
                )
                chunk.append(_line(exported))
            yield b"".join(chunk)
            after, last_hash, count = page[-1].stream_version, page[-1].hash, count + len(page)
        yield _line(ExportDice(epochs=ledger.infos()))
        yield _line(ExportEnd(events=count, head_version=after, head_hash=last_hash.hex()))


# --- checks ----------------------------------------------------------------------------------------------


def check_file(export: ParsedExport) -> list[str]:
    """What makes the file untrustworthy as a whole: a broken hash chain, a missing or wrong end line."""
    problems = []
    header = export.header
    if header.stream_id != stream_of(header.game_id):
        problems.append(f"header: stream {header.stream_id!r} is not the stream of game {header.game_id}")
    report = verify_chain(header.stream_id, export.recorded())
    if not report.ok:
        problems.append(f"hash chain: broken at version {report.first_bad_version}: {report.problem}")
    end = export.end
    last = export.events[-1] if export.events else None
    if end is None:
        problems.append("end line: missing (the file is truncated)")
    elif (
        last is None
        or end.events != len(export.events)
        or end.head_version != last.version
        or end.head_hash != last.hash
    ):
        problems.append(
            f"end line: says {end.events} events up to version {end.head_version} ({end.head_hash[:12]}...), "
            f"the file holds {len(export.events)} up to version {last.version if last else 0}"
        )
    return problems


# --- import ---------------------------------------------------------------------------------------------


def check_importable(export: ParsedExport) -> None:
    """Refuse a file whose chain or end line is wrong, or whose ruleset or events this server cannot read."""
    problems = check_file(export)
    if problems:
        raise ExportError("the file is not a faithful export (was it edited?): " + "; ".join(problems))
    if not export.events or export.events[0].type not in FIRST_EVENTS:
        raise ExportError("the file holds no game: its first event is neither GameCreated nor GameForked")
    header = export.header
    try:
        ruleset = rulesets.get(header.ruleset_id, header.ruleset_version)
    except rulesets.UnknownRuleset:
        raise ExportError(f"this server has no ruleset {header.ruleset_id} v{header.ruleset_version}") from None
    codec = codec_for(ruleset)
    for event in export.events:
        try:
            codec.decode_event(event.type, bytes(event.data))
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
            raise ExportError(f"version {event.version}: this server cannot read {event.type}: {exc}") from None


_INSERT = """
INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at, prev_hash, hash)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
"""
# The stream's head, as an append moves it (migration 011): the read-model runner finds the imported game by it.
_HEAD = """
INSERT INTO stream_heads (stream_id, version) SELECT $1, max(stream_version) FROM events WHERE stream_id = $1
ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, updated_at = now()
"""
# ... and queued for the read-model runner (migration 012), as an append does.
_CHANGED = """
INSERT INTO stream_changes (stream_id, version) SELECT $1, max(stream_version) FROM events WHERE stream_id = $1
ON CONFLICT DO NOTHING
"""


async def import_export(pool: asyncpg.Pool, export: ParsedExport, progress: Callable[[int], None] | None = None) -> int:
    """Write the game's events as they were (versions, data, metadata, hashes) in one transaction.

    `progress(n)` is told how many events are written so far (they are written in batches of `PAGE`)."""
    check_importable(export)
    stream = export.header.stream_id
    recorded = export.recorded()
    rows = [
        (stream, e.stream_version, e.type, e.data, e.metadata, e.meta().recorded_at, e.prev_hash, e.hash)
        for e in recorded
    ]
    async with pool.acquire() as conn, conn.transaction():
        # Two imports of one game race here; the unique (stream, version) constraint stops the loser anyway.
        await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", stream)
        if await conn.fetchval("SELECT count(*) FROM events WHERE stream_id = $1", stream):
            raise ExportError(f"game {export.header.game_id} already exists in this database")
        for start in range(0, len(rows), PAGE):
            await conn.executemany(_INSERT, rows[start : start + PAGE])
            if progress is not None:
                progress(min(start + PAGE, len(rows)))
        await conn.execute(_HEAD, stream)
        await conn.execute(_CHANGED, stream)
    return len(recorded)


async def start_new_epoch(handler: CommandHandler, game_id: str) -> DiceEpochStarted:
    """After an import: a new epoch whose seeds this server holds (the previous seeds stayed with the origin).
    The event says why: from here on the dice come from seeds the origin server never held."""
    _, state, _ = await handler.states.latest(game_id)
    epoch = state.meta.dice_epoch + 1
    await handler.secrets.create(game_id, epoch, secrets.token_bytes(32), secrets.token_bytes(32))
    seed = await handler.secrets.seed(game_id, epoch)
    assert seed is not None and seed.private is not None
    started = DiceEpochStarted(
        epoch=epoch,
        commitment=commitment(seed),
        private_commitment=commitment(seed.private),
        reason="import: the game moved to another server, which holds this epoch's seeds",
    )
    actor = Actor(principal="admin", role="admin")
    outcome = await handler.run(
        game_id, actor, lambda _state, _ctx: [started], command_type="ImportNewDiceEpoch", body=encode(started)
    )
    if isinstance(outcome, Refused):
        raise ExportError(f"could not start a new dice epoch: {outcome.message}")
    return started
