"""Provably fair dice (DESIGN.md §3).

Streams. Every roll belongs to one stream, named by who may see it: `public` (`visible_to=None`), `gm` (a GM-only
roll, `visible_to=()`) or `seats:a,b` (the sorted seats of `visible_to`). Each stream counts its own rolls from 0
(`roll_index`), across epochs, on every timeline: an (epoch, stream, index) is never used twice, because a
rollback keeps the highest index each stream ever reached (`domain.engine.timeline.revert`).

Seeds. Each epoch has two secret random seeds kept outside the event stream, never derived from one another:
the public seed, whose commitment `sha256(seed)` (lowercase hex) `GameCreated`/`GameForked`/`DiceEpochStarted`
publish as `dice_commitment`/`commitment`, and the private seed, published as `private_dice_commitment`/
`private_commitment`. A public roll is derived from the public seed (the format of the first Pantheon games):

    block_k = HMAC-SHA256(key=seed, msg=f"{game_id}:{roll_index}:{k}".encode("ascii"))   for k = 0, 1, 2...

A roll of another stream is derived from that stream's key, itself derived from the epoch's private seed:

    key     = HMAC-SHA256(key=private_seed, msg=f"{game_id}:{stream}".encode())
    block_k = HMAC-SHA256(key=key, msg=f"{game_id}:{stream}:{roll_index}:{k}".encode())

and records `key_commitment = sha256(key)`. Each block is cut into eight big-endian 4-byte words. A word `w` is
used only when `w < 2**32 - (2**32 % sides)` (rejection sampling keeps every face equally likely) and gives the
face `w % sides + 1`; words are taken in order until `count` faces are drawn.

Reveals. `RevealDice` (or the game's reveal setting) publishes the current epoch's public seed
(`DiceSeedRevealed`) and opens the next epoch (`DiceEpochStarted`, both commitments) in the same append: anyone
can then recompute that epoch's public rolls, and nothing of any private stream. Private seeds are revealed
(`DicePrivateSeedRevealed`, every epoch's) only when the game has ended and its seed is revealed then.

Sources. `server`: derived as above. `gm`: physical dice the GM entered (`EnterDice`, recorded as
`DiceEntered`), consumed by the next roll with the same sides and count (and purpose, when named). `replay`: a
re-adjudication "with the same dice" replays the recorded roll at version `replay_of` (same purpose, dice and
results). Every roll, whatever its source, takes the next index of its stream.

Games created before streams existed have no private commitment in their first epochs: until their next epoch
begins, their private rolls come from the public seed, as they always did (stream `public`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Mapping
from typing import Literal

import msgspec

from domain.engine.errors import Rejected

MAX_DICE = 1000
MAX_SIDES = 1_000_000
PUBLIC = "public"
GM_STREAM = "gm"
_WORD = 2**32

Source = Literal["server", "gm", "replay"]


def stream_for(visible_to: tuple[str, ...] | None) -> str:
    """The stream of a roll that `visible_to` may see (see the module docstring)."""
    if visible_to is None:
        return PUBLIC
    members = sorted(set(visible_to))
    return "seats:" + ",".join(members) if members else GM_STREAM


class PendingDice(msgspec.Struct, frozen=True):
    """Physical dice the GM entered, waiting for the next matching roll."""

    sides: int
    results: tuple[int, ...]
    purpose: str | None = None

    def matches(self, purpose: str, count: int, sides: int) -> bool:
        return self.sides == sides and len(self.results) == count and (self.purpose is None or self.purpose == purpose)


class Replay(msgspec.Struct, frozen=True):
    """A recorded roll (at `version`) that a same-dice re-adjudication replays to the next roll of its shape."""

    version: int
    purpose: str
    count: int
    sides: int
    results: tuple[int, ...]


class DiceRolled(msgspec.Struct, frozen=True, tag="DiceRolled", tag_field="type"):
    """A random outcome. `visible_to` lists the seats that may see it; `None` means everyone.

    `stream` and `roll_index` place it in its stream; `turn` is the turn it was rolled for; `replay_of` is the
    version of the roll a `replay` repeats; `key_commitment` is SHA-256 of the stream key (private streams)."""

    purpose: str
    count: int
    sides: int
    results: tuple[int, ...]
    roll_index: int
    source: Source
    epoch: int = 0
    visible_to: tuple[str, ...] | None = None
    stream: str = PUBLIC
    turn: int | None = None
    replay_of: int | None = None
    key_commitment: str | None = None


class DiceSeedRevealed(msgspec.Struct, frozen=True, tag="DiceSeedRevealed", tag_field="type"):
    """The public seed of epoch `epoch` (hex), published; its public rolls can now be recomputed offline."""

    epoch: int
    seed: str
    commitment: str
    reason: str = ""


class DicePrivateSeedRevealed(msgspec.Struct, frozen=True, tag="DicePrivateSeedRevealed", tag_field="type"):
    """The private seed of epoch `epoch` (hex), published after the game's end: every private roll of the epoch
    can now be recomputed offline."""

    epoch: int
    seed: str
    commitment: str
    reason: str = ""


class DiceEpochStarted(msgspec.Struct, frozen=True, tag="DiceEpochStarted", tag_field="type"):
    """A new epoch with new secret seeds: `commitment` (public seed) and `private_commitment` (private seed) are
    their SHA-256 (hex). `reason` says why (a reveal, an import)."""

    epoch: int
    commitment: str
    private_commitment: str = ""
    reason: str = ""


class EpochSeed(bytes):
    """A seed as a secret store hands it out: the bytes of the epoch's public seed, its private seed (`None` for an
    epoch from before streams) and the commitments of the next epoch's seeds (already stored), so a decision
    that closes this epoch can open the next in the same append."""

    next_commitment: str | None
    private: bytes | None
    next_private_commitment: str | None

    def __new__(
        cls,
        seed: bytes,
        next_commitment: str | None = None,
        private: bytes | None = None,
        next_private_commitment: str | None = None,
    ) -> EpochSeed:
        made = super().__new__(cls, seed)
        made.next_commitment = next_commitment
        made.private = private
        made.next_private_commitment = next_private_commitment
        return made


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def stream_key(private_seed: bytes, game_id: str, stream: str) -> bytes:
    """The key of one private stream in one epoch (module docstring)."""
    return hmac.new(private_seed, f"{game_id}:{stream}".encode(), hashlib.sha256).digest()


def derive_roll(
    seed: bytes, game_id: str, roll_index: int, count: int, sides: int, stream: str = PUBLIC
) -> tuple[int, ...]:
    """Roll number `roll_index` of `stream`: `seed` is the public seed for `public`, else the stream's key."""
    limit = _WORD - (_WORD % sides)
    prefix = f"{game_id}:{roll_index}" if stream == PUBLIC else f"{game_id}:{stream}:{roll_index}"
    faces: list[int] = []
    block_no = 0
    while len(faces) < count:
        block = hmac.new(seed, f"{prefix}:{block_no}".encode(), hashlib.sha256).digest()
        block_no += 1
        for offset in range(0, 32, 4):
            word = int.from_bytes(block[offset : offset + 4], "big")
            if word < limit:
                faces.append(word % sides + 1)
                if len(faces) == count:
                    break
    return tuple(faces)


def check_dice_shape(count: int, sides: int) -> None:
    if not 1 <= count <= MAX_DICE:
        raise Rejected("dice.bad_count", f"Roll between 1 and {MAX_DICE} dice, not {count}.")
    if not 2 <= sides <= MAX_SIDES:
        raise Rejected("dice.bad_sides", f"Dice need between 2 and {MAX_SIDES} sides, not {sides}.")


class Dice:
    """The dice a decision may roll. Every roll becomes a `DiceRolled` event in `rolled`.

    The handler builds one per decision from the game's seeds, each stream's next index (`next_indices`, or
    `next_index` for the public stream alone) and the GM's pending dice; `decide` and resolvers call `roll` and
    never see a seed. A re-adjudication adds the recorded rolls to replay (`replays`); `replays_left` is what no
    roll consumed.
    """

    def __init__(
        self,
        *,
        game_id: str,
        epoch: int,
        next_index: int = 0,
        pending: tuple[PendingDice, ...] = (),
        derive: Callable[[int, int, int], tuple[int, ...]] | None = None,
        next_indices: Mapping[str, int] | None = None,
        replays: tuple[Replay, ...] = (),
        turn: int | None = None,
        private_seeds: Mapping[int, bytes] | None = None,
    ) -> None:
        self._game_id = game_id
        self._epoch = epoch
        self._next = dict(next_indices or {})
        self._next[PUBLIC] = max(self._next.get(PUBLIC, 0), next_index)
        self._pending = list(pending)
        self._derive = derive
        self._replays = list(replays)
        self._turn = turn
        self._private_seeds = dict(private_seeds or {})
        self.rolled: list[DiceRolled] = []
        self._closed = False

    @property
    def replays_left(self) -> tuple[Replay, ...]:
        return tuple(self._replays)

    @property
    def deriver(self) -> Callable[[int, int, int], tuple[int, ...]] | None:
        return self._derive

    @property
    def private_seeds(self) -> dict[int, bytes]:
        return dict(self._private_seeds)

    @property
    def _private(self) -> bytes | None:
        return self._private_seeds.get(self._epoch) if self._derive is not None else None

    def roll(
        self, purpose: str, count: int = 1, sides: int = 6, *, visible_to: tuple[str, ...] | None = None
    ) -> tuple[int, ...]:
        check_dice_shape(count, sides)
        private = self._private
        stream = stream_for(visible_to) if private is not None else PUBLIC
        index = self._next.get(stream, 0)
        results, source, replay_of = self._take(purpose, count, sides)
        key_commitment = None
        if results is None:
            if self._derive is None:
                raise Rejected("dice.unavailable", "This decision may not roll dice.", status=409)
            if stream == PUBLIC:
                results = self._derive(index, count, sides)
            else:
                assert private is not None
                key = stream_key(private, self._game_id, stream)
                results, key_commitment = derive_roll(key, self._game_id, index, count, sides, stream), commitment(key)
            source = "server"
        self._next[stream] = index + 1
        self.rolled.append(
            DiceRolled(
                purpose=purpose,
                count=count,
                sides=sides,
                results=results,
                roll_index=index,
                source=source,
                epoch=self._epoch,
                visible_to=visible_to,
                stream=stream,
                turn=self._turn,
                replay_of=replay_of,
                key_commitment=key_commitment,
            )
        )
        return results

    def _take(self, purpose: str, count: int, sides: int) -> tuple[tuple[int, ...] | None, Source, int | None]:
        """A recorded roll to replay, else the GM's physical dice, else nothing (the server derives)."""
        for i, replay in enumerate(self._replays):
            if (replay.purpose, replay.count, replay.sides) == (purpose, count, sides):
                del self._replays[i]
                return replay.results, "replay", replay.version
        for i, pending in enumerate(self._pending):
            if pending.matches(purpose, count, sides):
                del self._pending[i]
                return pending.results, "gm", None
        return None, "server", None

    def d6(self, purpose: str, *, visible_to: tuple[str, ...] | None = None) -> int:
        return self.roll(purpose, 1, 6, visible_to=visible_to)[0]

    @property
    def can_close_epoch(self) -> bool:
        """Whether this decision holds the current seed and the next epoch's commitment."""
        derive = self._derive
        return not self._closed and isinstance(derive, SeededDeriver) and derive.next_commitment is not None

    def close_epoch(
        self, reason: str, *, game_over: bool = False, privately_revealed: int = -1
    ) -> list[DiceSeedRevealed | DicePrivateSeedRevealed | DiceEpochStarted]:
        """Reveal the current epoch's public seed and open the next epoch. After the game's end (`game_over`), the
        private seeds of every epoch after `privately_revealed` are revealed too. No roll of this decision may
        follow."""
        derive = self._derive
        if not self.can_close_epoch or not isinstance(derive, SeededDeriver) or derive.next_commitment is None:
            raise Rejected(
                "dice.seed_unavailable",
                f"The seed of dice epoch {self._epoch} is not held by this server (an imported game?); "
                "it cannot be revealed here.",
                status=409,
            )
        self._closed = True
        self._derive = None
        events: list[DiceSeedRevealed | DicePrivateSeedRevealed | DiceEpochStarted] = [
            DiceSeedRevealed(
                epoch=self._epoch, seed=derive.seed.hex(), commitment=commitment(derive.seed), reason=reason
            )
        ]
        if game_over:
            events.extend(
                DicePrivateSeedRevealed(epoch=epoch, seed=seed.hex(), commitment=commitment(seed), reason=reason)
                for epoch, seed in sorted(self._private_seeds.items())
                if privately_revealed < epoch <= self._epoch
            )
        events.append(
            DiceEpochStarted(
                epoch=self._epoch + 1,
                commitment=derive.next_commitment,
                private_commitment=derive.next_private_commitment or "",
                reason=f"seed of epoch {self._epoch} revealed: {reason}",
            )
        )
        return events


class SeededDeriver:
    """The public rolls of one epoch's seed; also what `Dice.close_epoch` needs to reveal that seed."""

    def __init__(self, seed: bytes, game_id: str) -> None:
        self.seed = bytes(seed)
        self.game_id = game_id
        self.next_commitment: str | None = getattr(seed, "next_commitment", None)
        self.next_private_commitment: str | None = getattr(seed, "next_private_commitment", None)

    def __call__(self, index: int, count: int, sides: int) -> tuple[int, ...]:
        return derive_roll(self.seed, self.game_id, index, count, sides)


def seeded_deriver(seed: bytes, game_id: str) -> SeededDeriver:
    return SeededDeriver(seed, game_id)
