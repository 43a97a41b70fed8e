"""Spy leaders (§6.1.8 [L5168-5172]; §6.1.11 [L5251-5253]; §7.3.27 Subvert Leader [L7233-7247]; §7.3.11 Royal
Family subversion [L6966-6968]).

"These are leaders activated by a subversion of another Nation's royal family or by a successful Subvert Leader
Intel operation of an enemy leader":

- Subvert Leader: an SL operation the GM settled a success "forces the targeted leader to make a Loyalty check.
  If the target fails the check then he becomes a Spy leader of the Subverting nation". At the end of the turn
  each such operation raises a `spy_loyalty` item for the operator with the leader's Loyalty and Charisma and a
  GM-only 2d6 (purpose `spy-loyalty:<nation>:<leader>`); the rulebook gives no table, so the engine proposes
  `fails` when the 2d6 exceeds his Loyalty and `holds` otherwise; `fails` makes him a Spy at once.
- Royal Family: when an infiltration of the Royal Family sector reaches subversion (the intel records'), the GM
  names the royal who was turned with `RecordSpy` (a leader of the royal house, or a name on the family list).
- "the newly controlling nation can either maintain him in his previous post (so he remains a Spy) or have him
  revolt. Some, none or all of his troops will follow him if he revolts, depending on his Charisma rating": the
  master's order line `RaiseSpyRevolt` raises a `spy_revolt` item at the start of the turn, proposing the share of
  each unit his Charisma gives (Charisma / 11, rounded down); the GM rules `all`, `none` or the units (`I:10,C:2`).
  The revolt takes effect when ruled: the Spy leaves his nation with those troops (`LeaderRebelled`; the rest stay
  where he stood) and is no longer anyone's Spy.
- "If the 'turned' member of the Royal Family becomes King, then the invidious possibility of seizing the entire
  country comes to the fore": a `spy_king` item for the master when a Spy is crowned, `none` (proposed) or
  `seized` (`CrownSeized`; moving the seats is the GM's).
- His death: "half of the subversion will be lost and any troops he may have will go away" ([L5171-5172]) or "the
  Infiltration that he represents is lost" ([L5251-5253]): setting `p2d_spy_death` ("half" by default);
  `SpyLost` carries it, and for a Spy of a subverted Royal Family the master's infiltration of that sector loses
  it (`turn/dynasty_steps.spy_losses`); his troops do not stay as a garrison.

While he serves, his own nation still sees him in his post; only his master (and the GM) knows him for a Spy: the
master's view lists him with type `S` and its status report has a SPIES section.
"""

from __future__ import annotations

from typing import Any

from domain.engine import DecisionContext, Rejected
from domain.rulesets.lote.dynasty.check import member
from domain.rulesets.lote.dynasty.events import CrownSeized, LeaderRebelled, SpyLost, SpyRecruited
from domain.rulesets.lote.dynasty.orders import RaiseSpyRevolt
from domain.rulesets.lote.model.events import AdjudicationRaised
from domain.rulesets.lote.model.state import Adjudication, Spy, State

FAILS, HOLDS = "fails", "holds"
SEIZED, NONE = "seized", "none"
ROYAL_LEADERS = frozenset({"K", "Q", "H", "P"})


def _item_id(state: State, turn: int, nation: str, kind: str, subject: str) -> str:
    base = f"t{turn}-{nation}-{kind}-{subject}"
    candidate, n = base, 2
    while candidate in state.adjudications:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def loyalty_items(state: State, ctx: DecisionContext) -> list[Adjudication]:
    """R7: each Subvert Leader operation of this turn the GM settled a success ([L7233-7240])."""
    items = []
    for op in sorted(state.intel.ops.values(), key=lambda o: o.item_id):
        leader = state.leaders.get(op.target)
        if op.code != "SL" or op.result != "success" or op.turn != ctx.turn or leader is None:
            continue
        if leader.nation != op.target_nation or op.target in state.dynasty.spies:
            continue
        rolls = ctx.dice.roll(f"spy-loyalty:{op.nation}:{op.target}", 2, 6, visible_to=())  # GM-only
        items.append(
            Adjudication(
                item_id=_item_id(state, ctx.turn, op.nation, "spy_loyalty", op.target),
                turn=ctx.turn,
                nation=op.nation,
                kind="spy_loyalty",
                subject=op.target,
                proposal=FAILS if sum(rolls) > leader.hidden else HOLDS,
                explanation=(
                    f"[L7233-7240] Subvert Leader {op.item_id} succeeded: {leader.name} ({leader.type}, "
                    f"#{leader.army_no} of {leader.nation}) makes a Loyalty check: Loyalty {leader.hidden}, "
                    f"Charisma {leader.charisma}; "
                    f"2d6 = {sum(rolls)}. The rulebook gives no table: the engine proposes '{FAILS}' when the 2d6 "
                    f"exceeds his Loyalty. '{FAILS}' makes him a Spy of {op.nation}; '{HOLDS}' keeps him loyal."
                ),
                rolls=tuple(rolls),
            )
        )
    return items


def recruited(state: State, item: Adjudication, outcome: str) -> list[Any]:
    leader = state.leaders.get(item.subject)
    if outcome != FAILS or leader is None or item.subject in state.dynasty.spies:
        return []
    why = f"adjudication {item.item_id}: [L7238-7240] failed his Loyalty check"
    return [
        SpyRecruited(victim=leader.nation, master=item.nation, subject=item.subject, via="subvert_leader", reason=why)
    ]


def decide_record(state: State, victim: str, master: str, subject: str, reason: str) -> list[Any]:
    """`RecordSpy`: a royal of `victim` turned by `master`'s subversion of its Royal Family ([L6966-6968])."""
    for nid in (victim, master):
        if nid not in state.nations:
            raise Rejected("lote.unknown_nation", f"There is no nation {nid!r}.")
    if victim == master:
        raise Rejected("lote.spy_own_nation", "A Spy serves another nation than his own: name two nations.")
    leader = state.leaders.get(subject)
    if leader is not None and leader.nation == victim and leader.type in ROYAL_LEADERS:
        key, family = subject, False
    elif leader is None and member(state, victim, subject) is not None:
        key, family = f"family:{victim}:{subject}", True
    else:
        raise Rejected(
            "lote.spy_not_royal",
            f"{subject!r} is neither a King, Queen, Heir or Prince of {victim} (a leader id) nor a name on its royal "
            "family list at home ([L6966-6968]).",
        )
    if key in state.dynasty.spies:
        raise Rejected(
            "lote.already_a_spy", f"{subject!r} already serves {state.dynasty.spies[key].master}.", status=409
        )
    return [SpyRecruited(victim=victim, master=master, subject=key, via="royal_family", reason=reason, family=family)]


def _followers(units: dict[str, int], charisma: int) -> dict[str, int]:
    share = {u: n * charisma // 11 for u, n in units.items()}
    return {u: n for u, n in share.items() if n}


def _units_text(units: dict[str, int], everything: dict[str, int]) -> str:
    if units == everything and units:
        return "all"
    return ",".join(f"{u}:{n}" for u, n in sorted(units.items())) or NONE


def revolt_items(state: State, nid: str, orders: list[RaiseSpyRevolt], turn: int) -> list[Adjudication]:
    """R0: the master's `RaiseSpyRevolt` lines, each a `spy_revolt` item with the Spy's inputs."""
    items = []
    for order in orders:
        spy = state.dynasty.spies.get(order.spy)
        leader = state.leaders.get(order.spy)
        if spy is None or spy.master != nid or leader is None:
            continue
        proposal = _units_text(_followers(dict(leader.units), leader.charisma), dict(leader.units))
        items.append(
            Adjudication(
                item_id=_item_id(state, turn, nid, "spy_revolt", order.spy),
                turn=turn,
                nation=nid,
                kind="spy_revolt",
                subject=order.spy,
                proposal=proposal,
                explanation=(
                    f"line {order.line}: [L7240-7245] the Spy {leader.name} ({leader.type} of {leader.nation}) revolts "
                    f'at {leader.location}; troops {leader.units or "none"}, Charisma {leader.charisma}: "Some, '
                    'none or all of his troops will follow him ... depending on his Charisma". The engine proposes '
                    "each unit x Charisma / 11, rounded down. Rule 'all', 'none' or the units that follow ('I:10,C:2')."
                ),
            )
        )
    return items


def parse_followers(outcome: str, units: dict[str, int]) -> dict[str, int] | None:
    """`all`, `none` or `U:n,U:n` (each at most what he leads); None if not."""
    if outcome == "all":
        return dict(units)
    if outcome == NONE:
        return {}
    out: dict[str, int] = {}
    for part in outcome.split(","):
        unit, _, count = part.partition(":")
        if not count.isdigit() or unit not in units or int(count) > units[unit] or unit in out:
            return None
        out[unit] = int(count)
    return {u: n for u, n in out.items() if n}


def check_revolt_ruling(state: State, item: Adjudication, outcome: str) -> None:
    leader = state.leaders.get(item.subject)
    if parse_followers(outcome, dict(leader.units) if leader is not None else {}) is None:
        raise Rejected(
            "lote.bad_outcome",
            "A Spy's revolt is 'all', 'none' or the units that follow him, each at most what he leads.",
        )


def revolt_outcome(state: State, item: Adjudication, outcome: str) -> list[Any]:
    leader = state.leaders.get(item.subject)
    spy = state.dynasty.spies.get(item.subject)
    if leader is None or spy is None:
        return []
    followers = parse_followers(outcome, dict(leader.units)) or {}
    rest = {u: n - followers.get(u, 0) for u, n in leader.units.items() if n - followers.get(u, 0) > 0}
    here = leader.location if leader.location in state.regions or leader.location in state.cities else None
    why = f"adjudication {item.item_id}: [L7240-7245] the Spy revolted"
    return [
        LeaderRebelled(
            leader_id=item.subject,
            nation=leader.nation,
            reason=why,
            followers=followers,
            left_at=here if rest else None,
            left=rest if here else {},
            spy_master=spy.master,
        ),
        SpyLost(victim=spy.victim, master=spy.master, subject=item.subject, reason=why),
    ]


def lost_by_death(state: State, spy: Spy) -> list[SpyLost]:
    loss = state.settings.p2d_spy_death
    rule = "[L5171-5172] half of the subversion" if loss == "half" else "[L5251-5253] the Infiltration"
    return [
        SpyLost(victim=spy.victim, master=spy.master, subject=spy.subject, reason=f"{rule} is lost", infiltration=loss)
    ]


def crowned(state: State, nation: str, leader_id: str, family_name: str, turn: int) -> list[Any]:
    """A Spy crowned King ([L6966-6968]): a `spy_king` item for his master."""
    spy = state.dynasty.spies.get(leader_id) or state.dynasty.spies.get(f"family:{nation}:{family_name}")
    if spy is None:
        return []
    item = Adjudication(
        item_id=_item_id(state, turn, spy.master, "spy_king", leader_id),
        turn=turn,
        nation=spy.master,
        kind="spy_king",
        subject=leader_id,
        proposal=NONE,
        explanation=(
            f'[L6966-6968] the turned royal {spy.subject} of {nation} is now its King: "the invidious possibility of '
            f"seizing the entire country comes to the fore\". Rule '{SEIZED}' (the country passes to {spy.master}: "
            f"move the seats) or '{NONE}'."
        ),
    )
    return [AdjudicationRaised(item=item)]


def king_outcome(state: State, item: Adjudication, outcome: str) -> list[Any]:
    spy = state.dynasty.spies.get(item.subject)
    if outcome != SEIZED or spy is None:
        return []
    why = f"adjudication {item.item_id}: [L6966-6968] the country seized"
    return [CrownSeized(victim=spy.victim, master=spy.master, king=item.subject, reason=why)]
