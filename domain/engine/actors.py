"""Who is acting or looking: admin, the game's GM, a seat (player, bot, observer, co-GM) or the system."""

from __future__ import annotations

from typing import Literal

import msgspec

Role = Literal["admin", "gm", "co_gm", "player", "bot", "observer", "system"]

SEAT_ROLES: tuple[Role, ...] = ("player", "bot", "observer", "co_gm")
GM_ROLES: frozenset[str] = frozenset({"admin", "gm", "co_gm", "system"})


class Actor(msgspec.Struct, frozen=True):
    """An authenticated caller. Also the viewer for `view_for` and `redact`.

    `controls` names the ruleset entity a seat plays (a god, a nation...); rulesets key their secrets on it.
    """

    principal: str
    role: Role
    seat_id: str | None = None
    controls: str | None = None
    token_id: str | None = None

    @property
    def is_gm(self) -> bool:
        return self.role in GM_ROLES

    @property
    def may_act(self) -> bool:
        """Observers only watch."""
        return self.role != "observer"


PUBLIC = Actor(principal="public", role="observer")
SYSTEM = Actor(principal="system", role="system")
