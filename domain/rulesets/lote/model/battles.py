"""The shape of a battle, siege or assault (P1-G): the inputs the engine computes for the GM, and the result.

A `Battle` is kept in `State.battles` under its id from the moment R6 raises it until the turn's end; its inputs
are the GM's alone (the hidden stats among them); a participant sees its own side and the result, a third nation
nothing (`reports/views.py`). The computation lives in `military/`; this module only holds the types, so that
the state can carry them. A storage format: fields are only ever added, with defaults.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import msgspec

from domain.rulesets.lote.scenario.enums import Exact

# battle: a field battle or an attack on a region (A, AT, AL, a hostile contact); siege: Active Siege (S);
# assault: Assault City (AS); passive_siege: Passive Siege (PS)
BattleKind = Literal["battle", "siege", "assault", "passive_siege"]
Winner = Literal["attacker", "defender", "none"]
# what the place becomes for the winning attacker: Pacified, Pacified Tributary, liberated (back to its old status
# for its former owner), or nothing changes
ControlResult = Literal["none", "p", "pt", "liberate"]
DefendKind = Literal["none", "defend", "hasty", "prepared"]


class LeaderInputs(msgspec.Struct, frozen=True):
    """A leader in the fight: open Combat rating and the hidden fourth stat (Leadership or Loyalty, GM only)."""

    leader_id: str
    name: str
    type: str
    combat: int
    hidden: int


class Side(msgspec.Struct, frozen=True):
    """One side's inputs. `leadership` is the combat leadership the side fights with: its best leader's Combat,
    0 for a garrison without a leader, the region's RV when the garrison reaches 50 x GPv ([L2440-2448])."""

    nations: tuple[str, ...]
    armies: tuple[str, ...] = ()
    leaders: tuple[LeaderInputs, ...] = ()
    units: dict[str, int] = {}  # every unit of the side (armies and garrison), by Table 13-5 code
    garrison: dict[str, int] = {}  # the units of `units` that are the place's garrison
    leadership: int = 0
    leadership_why: str = ""
    cav_qr: int = 0
    inf_qr: int = 0
    warship_qr: int = 0
    siege_qr: int = 0
    actions: tuple[str, ...] = ()  # the leader-action codes its armies perform here (A, AT, AL, S, AS, PS, D)
    defend: DefendKind = "none"
    siege_engineers: int = 0
    field_forts: int = 0
    wall_points: int = 0
    great_wall: bool = False
    hostile_land: bool = False
    passive_siege_value: int = 0  # Table 6-27: 3 per wall point, 2 per siege engineer, 1 per I, C, W
    strength: Exact = msgspec.field(default_factory=Fraction)  # the automatic resolver's combat value
    modifiers: tuple[str, ...] = ()  # every multiplier applied to `strength`, with its rule


class BattleResult(msgspec.Struct, frozen=True):
    """What happened: the winner, the units each army (or a place's garrison, keyed by the place) lost, where
    armies retreated, the control result and what came with it."""

    winner: Winner
    losses: dict[str, dict[str, int]] = {}
    retreats: dict[str, str] = {}
    control: ControlResult = "none"
    garrison: dict[str, int] = {}  # units the winning attacker's army leaves as the place's garrison
    walls_left: int | None = None  # a siege or assault: the wall points the city keeps
    treasury_captured: Exact = msgspec.field(default_factory=Fraction)
    capital_destroyed: bool = False
    rolls: tuple[int, ...] = ()  # the automatic resolver's dice (attacker's 2d6, defender's 2d6)
    by: Literal["gm", "auto"] = "gm"
    reason: str = ""


class Battle(msgspec.Struct, frozen=True):
    """A battle, siege or assault the GM settles (`ResolveBattle`) or the automatic resolver settles."""

    battle_id: str
    turn: int
    kind: BattleKind
    region: str  # the region (or sea zone) it is fought in
    when: tuple[int, int]  # (year of the turn, month); (0, 0) the start of the turn
    attacker: Side
    defender: Side
    city: str | None = None  # a siege or assault: the city
    attacker_from: str = ""  # where the attackers came from (their retreat, a Great Wall crossed)
    terrain: str = ""
    at_sea: bool = False
    items: tuple[str, ...] = ()  # its adjudication items, one per nation involved
    passive_siege_allowed: bool | None = None  # §6.2.4.25: attackers' PSV >= 2 x defenders' PSV
    notes: tuple[str, ...] = ()  # the rules the GM applies himself (no combat on arrows, Battle Assistance...)
    proposal: BattleResult | None = None  # the automatic resolver's result (a proposal in GM mode)
    result: BattleResult | None = None

    @property
    def nations(self) -> tuple[str, ...]:
        return (*self.attacker.nations, *self.defender.nations)
