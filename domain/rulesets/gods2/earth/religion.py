"""Pantheons ([000:66-96]): unanimous change orders with the diabolism and atheism veto, turmoil started at
will, the end-of-century turmoil table and the chosen member's expulsion."""

from __future__ import annotations

from collections.abc import Sequence

from domain.engine import DecisionContext
from domain.engine.ids import owned_id
from domain.rulesets.gods2.earth import pantheon
from domain.rulesets.gods2.earth.commands import (
    ExpelFromPantheon,
    ProposePantheonChange,
    SignPantheonChange,
    StartReligiousTurmoil,
)
from domain.rulesets.gods2.earth.common import at_window, earth_of, race_of, require_activity
from domain.rulesets.gods2.earth.creation import require_not_creation
from domain.rulesets.gods2.earth.events import (
    MemberExpelled,
    PantheonChanged,
    PantheonChangeProposed,
    PantheonChangeSigned,
    PantheonChangeVetoed,
    TurmoilRolled,
    TurmoilStarted,
)
from domain.rulesets.gods2.kernel.common import me, reject
from domain.rulesets.gods2.kernel.content import parse_fraction
from domain.rulesets.gods2.kernel.earth_model import SPECIAL_MEMBERS, Earth, PantheonOrder, Race
from domain.rulesets.gods2.kernel.events import CharacterObliterated
from domain.rulesets.gods2.kernel.model import State


def _not_banned(state: State, by: str, race: Race) -> None:
    """[003:290] a god who surrendered Earthly influence over a race may not influence it until the era ends."""
    if race.id in state.characters[by].earthly_bans:
        raise reject("earthly_ban", f"You surrendered your Earthly influence over the {race.name} [003:290].")


def _hand_in(state: State, ctx: DecisionContext) -> str:
    """[000:78] during a session the order goes to the Earth map referees (one signer at the Window, no ticket);
    between sessions to the gamemasters, from anywhere."""
    if state.in_transition:
        return me(state, ctx).id
    require_activity(earth_of(state))
    return at_window(state, ctx, "hand in a pantheon change order").id


def decide_propose(state: State, command: ProposePantheonChange, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    race = race_of(earth, command.race)
    require_not_creation(earth, "a pantheon change (they begin at the end of Era Aleph, [000:72])")
    by = _hand_in(state, ctx)
    _not_banned(state, by, race)
    if by not in race.pantheon:
        raise reject("not_a_member", f"Only members of the {race.name}' pantheon change it [000:72].")
    shares = {m: parse_fraction(p) for m, p in command.shares.items()}
    problems = pantheon.shares_problems(shares)
    problems += [f"{m} is not a god" for m in shares if m not in SPECIAL_MEMBERS and m not in state.characters]
    if problems:
        raise reject("bad_shares", "; ".join(problems))
    order = PantheonOrder(id=owned_id(earth.serials, "order", by), race=race.id, shares=shares, signed=(by,))
    proposed = PantheonChangeProposed(
        order=order.id, race=race.id, shares=shares, by=by, members=pantheon.gods(race.pantheon)
    )
    return [proposed, *_settle(race, order)]


def decide_sign(state: State, command: SignPantheonChange, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    if not state.in_transition:
        require_activity(earth)
    by = me(state, ctx).id
    order = earth.orders.get(command.order)
    # [000:78] a pending order is between the members and the referees: a god outside the pantheon gets the
    # answer it gets for an order that does not exist.
    if order is None or by not in pantheon.gods(earth.races[order.race].pantheon):
        raise reject("unknown_order", f"No pending pantheon order {command.order!r} awaits your signature.")
    race = race_of(earth, order.race)
    if by in order.signed:
        raise reject("already_signed", "You have signed this order already.")
    _not_banned(state, by, race)
    signed = PantheonOrder(order.id, order.race, order.shares, (*order.signed, by))
    members = pantheon.gods(race.pantheon)
    return [PantheonChangeSigned(order=order.id, by=by, members=members), *_settle(race, signed)]


def _settle(race: Race, order: PantheonOrder) -> list[object]:
    """Once every god member has signed ([000:72]), diabolism and atheism agree or veto by rule ([000:74]); an
    agreed division also ends turmoil ([000:94])."""
    if any(g not in order.signed for g in pantheon.gods(race.pantheon)):
        return []
    vetoed = pantheon.vetoes(race.pantheon, order.shares)
    if vetoed:
        return [PantheonChangeVetoed(order=order.id, race=race.id, vetoed_by=vetoed)]
    return [
        PantheonChanged(
            race=race.id, shares=dict(order.shares), cause=order.id, ends_turmoil=race.in_turmoil, order=order.id
        )
    ]


def decide_start_turmoil(state: State, command: StartReligiousTurmoil, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    require_activity(earth)
    race = race_of(earth, command.race)
    c = at_window(state, ctx, "start religious turmoil")
    _not_banned(state, c.id, race)
    if c.id not in race.pantheon:
        raise reject("not_a_member", f"Only a member of the {race.name}' pantheon may start turmoil at will [000:84].")
    if race.in_turmoil:
        raise reject("already_in_turmoil", f"The {race.name} are already in religious turmoil.")
    return [TurmoilStarted(race=race.id, by=c.id)]


def expelled(race: Race, member: str, by: str | None) -> MemberExpelled:
    shares = pantheon.expel(race.pantheon, member)
    return MemberExpelled(race=race.id, member=member, by=by, shares=shares, turmoil_ended=len(shares) <= 1)


def turmoil_rolls(earth: Earth, ctx: DecisionContext) -> list[object]:
    """[000:86-92] one die per race in turmoil at the end of the century; random members are drawn uniformly
    among all members, diabolism and atheism included."""
    events: list[object] = []
    for race_id in sorted(earth.races):
        race = earth.races[race_id]
        if not race.in_turmoil:
            continue
        roll = ctx.dice.d6(f"turmoil:{race_id}")
        result = pantheon.turmoil_result(roll)
        members = sorted(race.pantheon)
        if result == "nothing" or len(members) < 2:
            events.append(TurmoilRolled(race=race_id, roll=roll))
            continue
        picked = members[ctx.dice.roll(f"turmoil_member:{race_id}", 1, len(members))[0] - 1]
        if result == "expel_random":
            events += [
                TurmoilRolled(race=race_id, roll=roll, picked=picked, expelled=picked),
                expelled(race, picked, None),
            ]
        elif picked in SPECIAL_MEMBERS:
            others = [m for m in members if m != picked]
            victim = (
                others[0]
                if len(others) == 1
                else others[ctx.dice.roll(f"turmoil_victim:{race_id}", 1, len(others))[0] - 1]
            )
            events += [
                TurmoilRolled(race=race_id, roll=roll, picked=picked, expelled=victim),
                expelled(race, victim, picked),
            ]
        else:
            # [000:92] the referees ask the god wherever he may be, even dead: he answers with ExpelFromPantheon.
            events.append(TurmoilRolled(race=race_id, roll=roll, picked=picked, chooser=picked))
    return events


def decide_expel(state: State, command: ExpelFromPantheon, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    race = race_of(earth, command.race)
    by = me(state, ctx).id  # [000:92] wherever he may be, even dead
    if race.expeller != by:
        raise reject("not_chosen", "Only the member chosen on a 5-6 turmoil roll names whom to expel [000:90].")
    if command.member == by or command.member not in race.pantheon:
        raise reject("bad_member", "Name another member of the pantheon.")
    return [expelled(race, command.member, by)]


def obliteration_changes(earth: Earth, god: str) -> list[object]:
    """[003:435] an obliterated god's share goes equally to the other gods of each pantheon he was in."""
    events: list[object] = []
    for race_id in sorted(earth.races):
        race = earth.races[race_id]
        shares = pantheon.without_obliterated(race.pantheon, god)
        if god in race.pantheon and shares is not None:
            events.append(PantheonChanged(race=race_id, shares=shares, cause=f"obliteration:{god}"))
    return events


def earth_follows(state: State, events: list[object]) -> list[object]:
    """What Heaven's events change on Earth: an obliterated god leaves every pantheon ([003:435])."""
    if state.earth is None:
        return events
    extra: list[object] = []
    for e in events:
        if isinstance(e, CharacterObliterated) and state.characters.get(e.character, None) is not None:
            if state.characters[e.character].is_god:
                extra += obliteration_changes(state.earth, e.character)
    return [*events, *extra]
