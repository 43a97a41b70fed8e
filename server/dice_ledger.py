"""What a game's events say of its dice epochs (DESIGN.md §3): each epoch's commitments, when they were published
and why the epoch began, and the seeds revealed, with when and why. Read from raw event data (version order), so
`pantheon verify-dice` needs nothing but an export file."""

from __future__ import annotations

from typing import Any

import msgspec

from server import schemas as s

FIRST_EVENTS = ("GameCreated", "GameForked")  # each publishes the commitments of epoch 0
LEDGER_TYPES = (*FIRST_EVENTS, "DiceEpochStarted", "DiceSeedRevealed", "DicePrivateSeedRevealed")
DICE_TYPES = (*LEDGER_TYPES, "DiceRolled")
_dict = msgspec.json.Decoder(dict[str, Any])


class DiceLedger:
    """Epochs, commitments and revealed seeds, learnt from a game's events in version order."""

    def __init__(self) -> None:
        self.epochs: dict[int, dict[str, Any]] = {}

    def see(self, version: int, type_: str, data: bytes) -> None:
        if type_ not in LEDGER_TYPES:
            return
        fields = _dict.decode(data)
        if type_ in FIRST_EVENTS:
            self._start(0, version, fields["dice_commitment"], fields.get("private_dice_commitment", ""), None)
        elif type_ == "DiceEpochStarted":
            self._start(
                fields["epoch"],
                version,
                fields["commitment"],
                fields.get("private_commitment", ""),
                fields.get("reason"),
            )
        else:
            epoch = self.epochs.setdefault(fields["epoch"], {"commitment": "", "committed_version": 0})
            prefix = "private_" if type_ == "DicePrivateSeedRevealed" else ""
            if f"{prefix}seed" not in epoch:
                epoch[f"{prefix}seed"] = fields["seed"]
                epoch[f"{prefix}revealed_version"] = version
                if not prefix:
                    epoch["reason"] = fields.get("reason")

    def _start(self, number: int, version: int, public: str, private: str, reason: str | None) -> None:
        started = {"commitment": public, "committed_version": version, "private_commitment": private}
        if reason:
            started["started_reason"] = reason
        self.epochs.setdefault(number, started)

    def infos(self) -> list[s.DiceEpochInfo]:
        return [
            s.DiceEpochInfo(
                epoch=number,
                commitment=e["commitment"],
                committed_version=e["committed_version"],
                seed=e.get("seed"),
                revealed_version=e.get("revealed_version"),
                reason=e.get("reason"),
                private_commitment=e.get("private_commitment", ""),
                private_seed=e.get("private_seed"),
                private_revealed_version=e.get("private_revealed_version"),
                started_reason=e.get("started_reason"),
            )
            for number, e in sorted(self.epochs.items())
        ]

    def seed_of(self, epoch: int, *, private: bool = False) -> str | None:
        found: str | None = self.epochs.get(epoch, {}).get("private_seed" if private else "seed")
        return found
