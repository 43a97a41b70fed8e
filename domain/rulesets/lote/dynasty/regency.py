"""Regents (§6.1 Table 6-1 [L5030-5032]: "A leader chosen by the ruling powers of the Nation to rule in the stead of
a King or Queen that is under-age"; §6.2.4.30 [L6366-6373]: "Only a King (Queen), Heir or Regent can execute this
action").

- When: the text names one case, a ruler under age (15, [L5040-5041]); the engine begins a regency when an Heir
  still a child is crowned (`deaths.py`), and nowhere else.
- Who: "chosen by the ruling powers of the Nation", so the GM's: a `regency` item lists the candidates with their
  inputs (the nation's Heir, Princes, Lieutenants, Allies and Bishops, with Charisma and the hidden Loyalty; the
  royal family's members of age at home, such as the King's mother) and proposes `new` (a man of the court, rolled
  2d6-1 like any new leader); the GM rules `leader:<id>`, `family:<name>` or `new[:<Name>[:<age>]]` (age 30 unless
  given). The choice is not a matter of chance: no dice.
- What a Regent does: he Rules in the King's stead (the Rule action, and the CCR counts his hidden stat as the
  ruler's, `control/tracing.py`); the King under age may neither Rule nor Have Children (`check.py`,
  `lote.minor_king`); the Regent is not in the succession, has no children by the HC action (only Kings, Heirs and
  Princes, [L5938-5940]) and is not counted in the TL + 6 leaders (`leaders/limits.py`).
- The end: at the end of the turn the King is 15 (after the ageing), or when he dies. The rulebook says nothing
  of the Regent afterwards; the reading here: he takes back the post he held before; one raised to the regency
  from no post (or whose post is full) serves on as a Lieutenant if the limits have room, and otherwise retires
  (his troops stay where he stood). A Regent who dies leaves the regency to be filled again (a new item).

Who sees: the regency is the nation's own (its events, items and records); the Newsfax prints only the new
King's accession.
"""

from __future__ import annotations

from typing import Any

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.dynasty.check import COMING_OF_AGE, member
from domain.rulesets.lote.dynasty.events import RegencyBegan, RegencyEnded, RegentAppointed
from domain.rulesets.lote.leaders.generation import free_army_no, generate
from domain.rulesets.lote.leaders.limits import check_room
from domain.rulesets.lote.leaders.succession import seat_of
from domain.rulesets.lote.model.events import AdjudicationRaised
from domain.rulesets.lote.model.state import Adjudication, State
from domain.rulesets.lote.scenario.scenario import LeaderRecord

CANDIDATE_TYPES = frozenset({"H", "P", "L", "A", "B"})
NEW, NEW_AGE = "new", 30


def _item(state: State, nation: str, king_id: str, king: LeaderRecord, turn: int) -> Adjudication:
    leaders = [
        f"leader:{lid} ({x.type} {x.name}, {x.age}, Charisma {x.charisma}, Loyalty {x.hidden})"
        for lid, x in sorted(state.leaders.items())
        if x.nation == nation and x.type in CANDIDATE_TYPES
    ]
    family = [
        f"family:{f.name} ({f.gender}, {f.age})"
        for f in state.royal_family
        if f.nation == nation and not f.married_to_nation and f.age >= COMING_OF_AGE
    ]
    base = f"t{turn}-{nation}-regency-{king_id}"
    item_id, n = base, 2
    while item_id in state.adjudications:
        item_id, n = f"{base}-{n}", n + 1
    return Adjudication(
        item_id=item_id,
        turn=turn,
        nation=nation,
        kind="regency",
        subject=king_id,
        proposal=NEW,
        explanation=(
            f'{king.name} is King at {king.age}, under age until 15: [L5030-5032] a Regent "chosen by the ruling '
            f'powers of the Nation" rules in his stead. Candidates: {", ".join(leaders + family) or "none"}; or a '
            f"new man of the court (stats rolled). Rule 'leader:<id>', 'family:<name>' or 'new[:<Name>[:<age>]]'."
        ),
    )


def begin(state: State, nation: str, king_id: str, king: LeaderRecord, turn: int) -> list[Any]:
    why = f"[L5030-5032] {king.name} is under age ({king.age})"
    return [
        RegencyBegan(nation=nation, king=king_id, reason=why),
        AdjudicationRaised(item=_item(state, nation, king_id, king, turn)),
    ]


def regent_died(state: State, nation: str, regent_id: str, turn: int) -> list[Any]:
    held = state.dynasty.regencies.get(nation)
    if held is None or held.regent != regent_id or held.king not in state.leaders:
        return []
    return begin(state, nation, held.king, state.leaders[held.king], turn)


def _parse_new(rest: str) -> tuple[str, int] | None:
    name, _, age = rest.partition(":")
    if not age:
        return name, NEW_AGE
    if not age.isdigit() or not COMING_OF_AGE <= int(age) <= 120:
        return None
    return name, int(age)


def check_ruling(state: State, item: Adjudication, outcome: str) -> None:
    kind, sep, rest = outcome.partition(":")
    leader = state.leaders.get(rest)
    ok = (
        (kind == "leader" and leader is not None and leader.nation == item.nation and leader.type in CANDIDATE_TYPES)
        or (kind == "family" and (found := member(state, item.nation, rest)) is not None and found.age >= COMING_OF_AGE)
        or (kind == NEW and (not sep or (_parse_new(rest) is not None and 1 <= len(rest.partition(":")[0]) <= 20)))
    )
    if not ok:
        raise Rejected(
            "lote.bad_outcome",
            "A regency is 'leader:<id>' (an Heir, Prince, Lieutenant, Ally or Bishop of the nation), 'family:<name>' "
            "(a royal of 15 or more at home) or 'new[:<Name>[:<age>]]' (a name of 1 to 20 characters, age 15-120).",
        )


def outcome_events(state: State, item: Adjudication, outcome: str, ctx: DecisionContext) -> list[Any]:
    held = state.dynasty.regencies.get(item.nation)
    if held is None or held.king != item.subject or held.king not in state.leaders:
        return []  # the King came of age or died meanwhile
    why = f"adjudication {item.item_id}: [L5030-5032] the Regent"
    kind, _, rest = outcome.partition(":")
    if kind == "leader":
        return [
            RegentAppointed(nation=item.nation, king=held.king, regent=rest, was=state.leaders[rest].type, reason=why)
        ]
    found = member(state, item.nation, rest) if kind == "family" else None
    name, age = (found.name, found.age) if found is not None else (_parse_new(rest) or ("", NEW_AGE))
    taken = {x.army_no for x in state.leaders.values() if x.nation == item.nation}
    base = f"{item.nation}-e-t{ctx.turn}"
    regent_id, n = base, 2
    while regent_id in state.leaders:
        regent_id, n = f"{base}-{n}", n + 1
    record = generate(
        ctx,
        leader_id=regent_id,
        nation=item.nation,
        leader_type="E",
        name=(name or f"Regent for {state.leaders[held.king].name}")[:20],
        age=age,
        location=seat_of(state, item.nation, state.leaders[held.king].location),
        army_no=free_army_no(taken),
    )
    member_name = found.name if found is not None else ""
    return [
        RegentAppointed(
            nation=item.nation, king=held.king, regent=regent_id, leader=record, family_member=member_name, reason=why
        )
    ]


def _room(state: State, nation: str, leader_type: str, regent: str) -> bool:
    try:
        check_room(state, state.nations[nation], leader_type, without=regent)
    except Rejected:
        return False
    return True


def end(state: State, nation: str, reason: str) -> list[RegencyEnded]:
    """The regency ends: the Regent takes back his post, or serves on as a Lieutenant, or retires."""
    held = state.dynasty.regencies.get(nation)
    if held is None:
        return []
    regent = state.leaders.get(held.regent or "")
    if regent is None or held.regent is None:
        return [RegencyEnded(nation=nation, king=held.king, reason=reason)]
    becomes = next((t for t in (held.was, "L") if t and _room(state, nation, t, held.regent)), None)
    here = regent.location if regent.location in state.regions or regent.location in state.cities else None
    left = {} if becomes is not None or here is None else dict(regent.units)
    return [
        RegencyEnded(
            nation=nation,
            king=held.king,
            regent=held.regent,
            becomes=becomes,
            reason=reason,
            left_at=here if left else None,
            units=left,
        )
    ]


def r7_of_age(state: State) -> list[RegencyEnded]:
    """R7, after the ageing: a King now 15 rules for himself ([L5040-5041])."""
    out = []
    for nation, held in sorted(state.dynasty.regencies.items()):
        king = state.leaders.get(held.king)
        if king is None or king.age >= COMING_OF_AGE:
            out += end(state, nation, f"[L5040-5041] King {king.name if king else held.king} came of age")
    return out
