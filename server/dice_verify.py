"""`pantheon verify-dice`: check a game export's dice from the file alone (DESIGN.md §3).

It checks that the file is whole (hash chain, end line) and, given what the user holds from elsewhere (a head
hash a seat kept from `GET /dice`, a commitment from a webhook), that it is the game they saw: `expect_heads`
must each be the hash of an event of the file (the chain then proves every event up to it), and
`expect_commitments` must be the epochs' published commitments. Then, event by event, on every timeline:

- every revealed seed (public or private) matches its epoch's commitment;
- every server roll of a revealed epoch is what its seed gives (a private stream's roll: the stream's key, which
  must match the roll's `key_commitment`);
- every `gm` roll consumes physical dice the GM entered (`DiceEntered`) and had not used, on that timeline;
- every `replay` repeats, exactly, the recorded roll at its `replay_of` version;
- each stream's roll indices run on without a gap or a repeat, across epochs and rollbacks (rolls recorded
  before streams existed are only required not to go back); a `RerollOrdered` never skips public indices.

A roll relabelled `gm`, reordered, dropped or inserted breaks one of these, even with a recomputed chain; a file
rewritten as a whole is caught by `expect_heads`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from domain.engine.dice import PUBLIC, commitment, derive_roll, stream_key
from server.dice_export import ParsedExport, check_file
from server.dice_ledger import DiceLedger

_dict = msgspec.json.Decoder(dict[str, Any])


@dataclass
class Verification:
    mismatches: list[str] = field(default_factory=list)
    verified: int = 0
    unrevealed: int = 0
    gm_rolls: int = 0
    replays: int = 0
    revealed_epochs: int = 0
    anchored_version: int | None = None

    @property
    def ok(self) -> bool:
        return not self.mismatches


@dataclass
class _Timeline:
    """What the rolls must agree with, as the events unfold: the GM's unused dice (per version, for rollbacks),
    each stream's next index, and every roll by version (for replays)."""

    streams_checked: bool
    pending: list[tuple[int, tuple[int, ...], str | None]] = field(default_factory=list)
    pending_at: dict[int, tuple[tuple[int, tuple[int, ...], str | None], ...]] = field(default_factory=dict)
    next_index: dict[str, int] = field(default_factory=dict)
    rolls: dict[int, dict[str, Any]] = field(default_factory=dict)


def _seeds(ledger: DiceLedger, result: Verification) -> dict[tuple[int, bool], bytes]:
    seeds: dict[tuple[int, bool], bytes] = {}
    for info in ledger.infos():
        for private, seed_hex, published, version in (
            (False, info.seed, info.commitment, info.revealed_version),
            (True, info.private_seed, info.private_commitment, info.private_revealed_version),
        ):
            if seed_hex is None or (private and not published):
                continue  # a private seed of an epoch from before private streams: no roll used it
            what = f"epoch {info.epoch}: the revealed {'private ' if private else ''}seed (version {version})"
            result.revealed_epochs += 0 if private else 1
            try:
                seed = bytes.fromhex(seed_hex)
            except ValueError:
                result.mismatches.append(f"{what} is not hex")
                continue
            if not published:
                result.mismatches.append(f"{what} was revealed but no commitment was ever published")
            elif commitment(seed) != published:
                result.mismatches.append(f"{what} does not match the epoch's commitment {published}")
            else:
                seeds[(info.epoch, private)] = seed
    return seeds


def _fork_start(data: dict[str, Any], line: _Timeline) -> None:
    """A fork starts with its source's GM dice and roll indices."""
    meta = (data.get("state") or {}).get("meta") or {}
    line.pending = [(p["sides"], tuple(p["results"]), p.get("purpose")) for p in meta.get("pending_dice", [])]
    line.next_index = {PUBLIC: meta.get("next_roll_index", 0), **meta.get("stream_indices", {})}


def _see(version: int, type_: str, data: dict[str, Any], line: _Timeline, result: Verification) -> None:
    if type_ == "GameForked":
        _fork_start(data, line)
    elif type_ == "DiceEntered":
        line.pending.append((data["sides"], tuple(data["results"]), data.get("purpose")))
    elif type_ == "TimelineReverted":
        line.pending = list(line.pending_at.get(data["to_version"], ()))
    elif type_ == "RerollOrdered":
        following = data["next_roll_index"]
        if line.streams_checked and following > line.next_index.get(PUBLIC, 0):
            result.mismatches.append(
                f"version {version}: RerollOrdered skips public roll indices {line.next_index.get(PUBLIC, 0)} to "
                f"{following - 1} (a dropped roll?)"
            )
        line.next_index[PUBLIC] = max(line.next_index.get(PUBLIC, 0), following)
    line.pending_at[version] = tuple(line.pending)


def _check_source(version: int, roll: dict[str, Any], line: _Timeline, result: Verification) -> bool:
    """Whether a `gm` or `replay` roll is accounted for (False: a server roll, to check against its seed)."""
    source, purpose, count, sides = roll["source"], roll["purpose"], roll["count"], roll["sides"]
    results = tuple(roll["results"])
    if source == "gm":
        result.gm_rolls += 1
        for i, (p_sides, p_results, p_purpose) in enumerate(line.pending):
            if p_sides == sides and len(p_results) == count and p_purpose in (None, purpose):
                if p_results == results:
                    del line.pending[i]
                    return True
                break
        result.mismatches.append(
            f"version {version}: GM roll {list(results)} ({purpose!r}, {count}d{sides}) was not entered by the GM "
            "(no matching unused DiceEntered before it)"
        )
        return True
    if source == "replay":
        result.replays += 1
        original = line.rolls.get(roll.get("replay_of") or 0)
        if original is None or (
            original["purpose"],
            original["count"],
            original["sides"],
            tuple(original["results"]),
        ) != (
            purpose,
            count,
            sides,
            results,
        ):
            result.mismatches.append(
                f"version {version}: replay of version {roll.get('replay_of')} does not repeat a recorded roll "
                f"({purpose!r}, {count}d{sides}, {list(results)})"
            )
        return True
    return False


def _check_index(version: int, roll: dict[str, Any], line: _Timeline, result: Verification) -> None:
    stream, index = roll.get("stream", PUBLIC), roll["roll_index"]
    expected = line.next_index.get(stream, 0)
    if "stream" in roll and line.streams_checked and index != expected:
        result.mismatches.append(
            f"version {version}: roll #{index} of stream {stream!r}, but that stream's next index is {expected} "
            "(a roll was dropped, inserted, reordered or an index reused)"
        )
    elif index < expected and "stream" in roll:
        result.mismatches.append(f"version {version}: roll #{index} of stream {stream!r} reuses an index")
    line.next_index[stream] = max(expected, index + 1)


def _check_derived(
    version: int, roll: dict[str, Any], game_id: str, seeds: dict[tuple[int, bool], bytes], result: Verification
) -> None:
    stream, epoch = roll.get("stream", PUBLIC), roll.get("epoch", 0)
    count, sides, index, results = roll["count"], roll["sides"], roll["roll_index"], list(roll["results"])
    seed = seeds.get((epoch, stream != PUBLIC))
    if seed is None:
        result.unrevealed += 1
        return
    if stream != PUBLIC:
        seed = stream_key(seed, game_id, stream)
        if roll.get("key_commitment") != commitment(seed):
            result.mismatches.append(f"version {version}: the key commitment of stream {stream!r} is not its key's")
            return
    expected = list(derive_roll(seed, game_id, index, count, sides, stream))
    if expected != results:
        result.mismatches.append(
            f"version {version}: roll #{index} of stream {stream!r} ({roll['purpose']!r}, {count}d{sides}, epoch "
            f"{epoch}) recorded {results}, but the revealed seed gives {expected}"
        )
    else:
        result.verified += 1


def verify_dice(
    export: ParsedExport, *, expect_heads: tuple[str, ...] = (), expect_commitments: dict[int, str] | None = None
) -> Verification:
    """Everything the module docstring lists, from the file alone plus what the user holds."""
    result = Verification(mismatches=check_file(export))
    game_id = export.header.game_id
    hashes = {e.hash.lower(): e.version for e in export.events}
    for head in expect_heads:
        if head.lower() not in hashes:
            result.mismatches.append(f"expected head {head}: no event of this file has that hash (rewritten?)")
        else:
            result.anchored_version = max(result.anchored_version or 0, hashes[head.lower()])
    ledger = DiceLedger()
    decoded: list[tuple[int, str, dict[str, Any]]] = []
    for event in export.events:
        try:
            ledger.see(event.version, event.type, bytes(event.data))
            decoded.append((event.version, event.type, _dict.decode(bytes(event.data))))
        except (KeyError, TypeError, msgspec.DecodeError) as exc:
            result.mismatches.append(f"version {event.version}: {event.type} is malformed ({exc})")
    seeds = _seeds(ledger, result)
    first = decoded[0][2] if decoded else {}
    line = _Timeline(streams_checked=bool(first.get("private_dice_commitment")))
    for version, type_, data in decoded:
        try:
            if type_ == "DiceRolled":
                _check_index(version, data, line, result)
                if not _check_source(version, data, line, result):
                    _check_derived(version, data, game_id, seeds, result)
                line.rolls[version] = data
            _see(version, type_, data, line, result)
        except (KeyError, TypeError) as exc:
            result.mismatches.append(f"version {version}: {type_} lacks {exc}")
    infos = {i.epoch: i for i in ledger.infos()}
    for epoch, expected in (expect_commitments or {}).items():
        found = infos.get(epoch)
        if found is None or found.commitment.lower() != expected.lower():
            result.mismatches.append(
                f"epoch {epoch}: expected commitment {expected}, the file says {found.commitment if found else 'none'}"
            )
    if export.dice is not None and export.dice.epochs != ledger.infos():
        result.mismatches.append("dice line: its commitments or seeds differ from the game's events")
    return result


def verify_dice_report(
    export: ParsedExport, *, expect_heads: tuple[str, ...] = (), expect_commitments: dict[int, str] | None = None
) -> tuple[bool, str]:
    result = verify_dice(export, expect_heads=expect_heads, expect_commitments=expect_commitments)
    lines = [
        f"game {export.header.game_id} ({export.header.ruleset_id} v{export.header.ruleset_version}), "
        f"{len(export.events)} events",
        f"revealed epochs: {result.revealed_epochs}; server rolls verified: {result.verified}; "
        f"server rolls whose seed is not revealed (not checkable yet): {result.unrevealed}; GM-entered rolls "
        f"(each matched to its DiceEntered): {result.gm_rolls}; replays (each matched to its roll): {result.replays}",
    ]
    if result.anchored_version is not None:
        lines.append(f"the expected head hash anchors every event up to version {result.anchored_version}")
    if result.ok:
        lines.append("OK: every revealed seed matches its commitment and every checkable roll matches its seed")
    else:
        lines.append(f"MISMATCHES ({len(result.mismatches)}):")
        lines.extend(f"  {m}" for m in result.mismatches)
    return result.ok, "\n".join(lines)
