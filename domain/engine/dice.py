"""Provably fair dice (DESIGN.md §3).

Each game holds a secret seed per epoch outside the event stream; `GameCreated` publishes its commitment
`sha256(seed)` as lowercase hex. A server roll is derived, never drawn:

    block_k = HMAC-SHA256(key=seed, msg=f"{game_id}:{roll_index}:{k}".encode("ascii"))   for k = 0, 1, 2...

Each block is cut into eight big-endian 4-byte words. A word `w` is used only when
`w < 2**32 - (2**32 % sides)` (rejection sampling keeps every face equally likely) and gives the face
`w % sides + 1`. Words are taken in order until `count` faces are drawn. `roll_index` counts every
`DiceRolled` event of the game, server or GM, from 0. Anyone holding a revealed seed can recompute every
server roll of its epoch offline with `derive_roll` alone.

Seed epochs: each epoch has its own random seed (never derived from another), so revealing one exposes no
other. Revealing the current epoch (`DiceSeedRevealed`, carrying the seed) and opening the next
(`DiceEpochStarted`, carrying only the next seed's commitment) are always appended together, so every epoch
but the current one is revealed. Each `DiceRolled` records its `epoch`; the roll index keeps counting across
epochs. A rollback never returns to an earlier epoch (`timeline.revert` keeps the epoch), so a revealed seed
never rolls again.

A GM may enter physical dice instead (`EnterDice`); the next roll with the same sides and count (and the
same purpose, when the GM named one) consumes them and is recorded with source `gm`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Literal

import msgspec

from domain.engine.errors import Rejected

MAX_DICE = 1000
MAX_SIDES = 1_000_000
_WORD = 2**32


class PendingDice(msgspec.Struct, frozen=True):
    """Physical dice the GM entered, waiting for the next matching roll."""

    sides: int
    results: tuple[int, ...]
    purpose: str | None = None

    def matches(self, purpose: str, count: int, sides: int) -> bool:
        return self.sides == sides and len(self.results) == count and (self.purpose is None or self.purpose == purpose)


class DiceRolled(msgspec.Struct, frozen=True, tag="DiceRolled", tag_field="type"):
    """A random outcome. `visible_to` lists the seats that may see it; `None` means everyone."""

    purpose: str
    count: int
    sides: int
    results: tuple[int, ...]
    roll_index: int
    source: Literal["server", "gm"]
    epoch: int = 0
    visible_to: tuple[str, ...] | None = None


class DiceSeedRevealed(msgspec.Struct, frozen=True, tag="DiceSeedRevealed", tag_field="type"):
    """The seed of epoch `epoch` (hex), published; its rolls can now be recomputed offline."""

    epoch: int
    seed: str
    commitment: str
    reason: str = ""


class DiceEpochStarted(msgspec.Struct, frozen=True, tag="DiceEpochStarted", tag_field="type"):
    """A new epoch with a new secret seed; `commitment` is SHA-256 of that seed (hex)."""

    epoch: int
    commitment: str


class EpochSeed(bytes):
    """A seed as a secret store hands it out: the bytes of the epoch's seed, plus the commitment of the next
    epoch's seed (already stored), so a decision that closes this epoch can open the next in the same append."""

    next_commitment: str | None

    def __new__(cls, seed: bytes, next_commitment: str | None = None) -> EpochSeed:
        made = super().__new__(cls, seed)
        made.next_commitment = next_commitment
        return made


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def derive_roll(seed: bytes, game_id: str, roll_index: int, count: int, sides: int) -> tuple[int, ...]:
    """The server roll number `roll_index` of a game, as documented in the module docstring."""
    limit = _WORD - (_WORD % sides)
    faces: list[int] = []
    block_no = 0
    while len(faces) < count:
        msg = f"{game_id}:{roll_index}:{block_no}".encode("ascii")
        block = hmac.new(seed, msg, hashlib.sha256).digest()
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

    The handler builds one per decision from the game's seed, its next roll index and the GM's pending dice;
    `decide` and resolvers call `roll` and never see the seed.
    """

    def __init__(
        self,
        *,
        game_id: str,
        epoch: int,
        next_index: int,
        pending: tuple[PendingDice, ...],
        derive: Callable[[int, int, int], tuple[int, ...]] | None,
    ) -> None:
        self._game_id = game_id
        self._epoch = epoch
        self._next_index = next_index
        self._pending = list(pending)
        self._derive = derive
        self.rolled: list[DiceRolled] = []
        self._closed = False

    def roll(
        self, purpose: str, count: int = 1, sides: int = 6, *, visible_to: tuple[str, ...] | None = None
    ) -> tuple[int, ...]:
        check_dice_shape(count, sides)
        index = self._next_index
        source: Literal["server", "gm"]
        for i, pending in enumerate(self._pending):
            if pending.matches(purpose, count, sides):
                del self._pending[i]
                results, source = pending.results, "gm"
                break
        else:
            if self._derive is None:
                raise Rejected("dice.unavailable", "This decision may not roll dice.", status=409)
            results, source = self._derive(index, count, sides), "server"
        self._next_index += 1
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
            )
        )
        return results

    def d6(self, purpose: str, *, visible_to: tuple[str, ...] | None = None) -> int:
        return self.roll(purpose, 1, 6, visible_to=visible_to)[0]

    @property
    def can_close_epoch(self) -> bool:
        """Whether this decision holds the current seed and the next epoch's commitment."""
        derive = self._derive
        return not self._closed and isinstance(derive, SeededDeriver) and derive.next_commitment is not None

    def close_epoch(self, reason: str) -> list[DiceSeedRevealed | DiceEpochStarted]:
        """Reveal the current epoch's seed and open the next epoch. No roll of this decision may follow."""
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
        revealed = DiceSeedRevealed(
            epoch=self._epoch, seed=derive.seed.hex(), commitment=commitment(derive.seed), reason=reason
        )
        return [revealed, DiceEpochStarted(epoch=self._epoch + 1, commitment=derive.next_commitment)]


class SeededDeriver:
    """The rolls of one epoch's seed; also what `Dice.close_epoch` needs to reveal that seed."""

    def __init__(self, seed: bytes, game_id: str) -> None:
        self.seed = bytes(seed)
        self.game_id = game_id
        self.next_commitment: str | None = getattr(seed, "next_commitment", None)

    def __call__(self, index: int, count: int, sides: int) -> tuple[int, ...]:
        return derive_roll(self.seed, self.game_id, index, count, sides)


def seeded_deriver(seed: bytes, game_id: str) -> SeededDeriver:
    return SeededDeriver(seed, game_id)
