"""Events of the transition phase between sessions ([003:55]). Each concerns one character's sheet, which is
private ([003:53]): only that character (and the GMs) see them."""

from __future__ import annotations

import msgspec


class SphereCardBought(msgspec.Struct, frozen=True, tag="SphereCardBought", tag_field="type"):
    """One card of `sphere`, now held `cards` times; `cost` was paid by the `ManaSpent` before it ([003:132])."""

    character: str
    sphere: str
    cost: int
    cards: int
    priced_by: str  # "pack" (the sphere's card cost) or "gm" (the GMs set the price)
    reason: str = ""


class PowerGained(msgspec.Struct, frozen=True, tag="PowerGained", tag_field="type"):
    character: str
    power: str
    reason: str


class SessionReported(msgspec.Struct, frozen=True, tag="SessionReported", tag_field="type"):
    """[003:55] the end-of-session report: the player's part (goals, purchases) and the server's (the sheet)."""

    character: str
    session: int
    goals: list[str]
    goals_met: list[str]
    intended_purchases: dict[str, int]
    notes: str
    mana: int
    pending: int
    debt: int
    artifacts: list[str]
    gifts: list[str]
    borrowed: list[str]
    demesnes: list[str]
    oaths: list[str]
    contracts: list[str]


TransitionEvent = SphereCardBought | PowerGained | SessionReported
