"""The GM's command for battles, sieges and assaults (P1-G): `ResolveBattle` settles one with the GM's result
and reason (confirming the automatic resolver's proposal or overriding it)."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Name, Quantity, Reason, Table
from domain.rulesets.lote.model.battles import ControlResult, Winner


class _Command(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    pass


class ResolveBattle(_Command, frozen=True, tag="ResolveBattle"):
    """Settle the battle, siege or assault `battle_id` (the GM's ruling, §3.0; digest §4 R6-R9).

    - `winner`: "attacker", "defender" or "none" (a drawn fight, a siege still going on).
    - `losses`: units lost, by army (leader id) or, for a garrison, by the place's name; each at most what is there.
    - `retreats`: where a beaten army falls back to (a region next to the battle, or a sea zone).
    - `control`: "default" takes the attacker's action ([L5583-5605] A: Pacified, or Pacified Tributary when the
      survivors fall short of the garrison requirement; AT: Pacified Tributary; AL: liberation; S, AS, PS: the city
      Pacified, [L5524-5527]); or the GM's "p", "pt", "liberate", "none".
    - `garrison`: units the winning attacker's army drops off as the garrison; left out, the engine proposes the
      fewest units meeting the requirement (§2.14.11).
    - `walls_left`: a siege or assault, the city's wall points afterwards (an Active Siege destroys them all unless
      the city surrenders, [L5512-5516]).
    - `capture_treasury`: when the place held the loser's treasury (§9.1.5 [L8423-8428]) its saved GP pass to the
      winner (default true).
    - `use_proposal`: settle with the automatic resolver's proposal (its dice recorded); every other field but
      `reason` must then be left out.
    """

    battle_id: Name
    reason: Reason
    winner: Winner = "none"
    losses: Table[Name, Table[Name, Quantity]] = {}
    retreats: Table[Name, Name] = {}
    control: Literal["default"] | ControlResult = "default"
    garrison: Table[Name, Quantity] | None = None
    walls_left: Quantity | None = None
    capture_treasury: bool = True
    capital_destroyed: bool = False
    use_proposal: bool = False


MilitaryCommand = ResolveBattle
MILITARY_GM_COMMANDS = frozenset({"ResolveBattle"})
