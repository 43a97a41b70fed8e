"""The ruleset-agnostic engine: the ruleset contract, the game lifecycle, dice and refusals."""

from domain.engine.actors import PUBLIC, SYSTEM, Actor, Role
from domain.engine.dice import DiceRolled, derive_roll
from domain.engine.errors import Rejected
from domain.engine.ruleset import (
    ContentHooks,
    DecisionContext,
    DicePurpose,
    NoSettings,
    Phase,
    Ruleset,
    SeatInfo,
    Timer,
)
from domain.engine.state import GameMeta, GameMetaView, GameState

__all__ = [
    "PUBLIC",
    "SYSTEM",
    "Actor",
    "ContentHooks",
    "DecisionContext",
    "DicePurpose",
    "DiceRolled",
    "GameMeta",
    "GameMetaView",
    "GameState",
    "NoSettings",
    "Phase",
    "Rejected",
    "Role",
    "Ruleset",
    "SeatInfo",
    "Timer",
    "derive_roll",
]
