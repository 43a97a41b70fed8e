"""The Guardian Beasts of the Primeval Wilds ([003:78-84]), an automated combat system.

Alone, you need two tricks and/or blocks from your own combat powers, each used once ([003:82]). A party faces
one Beast per member not protected by a power, and must produce two per Beast between them; members with few
or no combat powers may thus be escorted ([003:84]). Members join the leader's party first, offering their
powers; the leader leads the party in, and each member pays for the powers he offered.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.gods2.heaven.commands import EnterPrimevalWilds, JoinWildsParty
from domain.rulesets.gods2.heaven.locales.events import GuardianBeastsDefeated, WildsPartyJoined
from domain.rulesets.gods2.heaven.locales.movement import arrive, check_entry, check_leaving
from domain.rulesets.gods2.kernel import ledger
from domain.rulesets.gods2.kernel.common import (
    character,
    me,
    place_kind,
    reject,
    require_free_agent,
    require_same_locale,
)
from domain.rulesets.gods2.kernel.content import GrantBlocks, GrantTricks, categories
from domain.rulesets.gods2.kernel.events import ManaSpent
from domain.rulesets.gods2.kernel.mana import require_can_spend, spend
from domain.rulesets.gods2.kernel.model import Character, State


def _offer(state: State, c: Character, powers: Sequence[str]) -> tuple[int, int]:
    """Tricks and blocks the powers give, and what they cost."""
    if len(set(powers)) != len(powers):
        raise reject("power_used_twice", "Each combat power may be used only once [003:82].")
    known = {p.id: p for p in state.pack.powers}
    produced, cost = 0, 0
    for power_id in powers:
        power = known.get(power_id)
        if power is None or not c.knows(power_id) or "C" not in categories(power):
            raise reject("not_your_combat_power", f"{power_id} is not a combat power {c.name} knows.")
        produced += sum(e.count for e in power.effects if isinstance(e, GrantTricks | GrantBlocks))
        cost += ledger.final_cost(power.cost)
    return produced, cost


def decide_join_wilds_party(state: State, command: JoinWildsParty, ctx: DecisionContext) -> Sequence[object]:
    c = me(state, ctx)
    require_free_agent(c, ctx.now, "join a party")
    leader = character(state, command.leader)
    if leader.id == c.id:
        raise reject("own_party", "Lead your own party with EnterPrimevalWilds.")
    require_same_locale(c, leader)
    _, cost = _offer(state, c, command.powers)
    require_can_spend(c, cost)
    return [WildsPartyJoined(character=c.id, leader=leader.id, powers=list(command.powers))]


def decide_enter_primeval_wilds(state: State, command: EnterPrimevalWilds, ctx: DecisionContext) -> Sequence[object]:
    leader = me(state, ctx)
    if place_kind(state, command.locale) != "primeval_wilds":
        raise reject("not_the_wilds", f"{command.locale} is not in the Primeval Wilds.")
    joined = [x for x in state.characters.values() if x.wilds_leader == leader.id and x.locale == leader.locale]
    party = [leader, *sorted(joined, key=lambda x: x.id)]
    offers = {leader.id: tuple(command.powers), **{m.id: m.wilds_powers for m in party[1:]}}
    produced = 0
    for member in party:
        check_leaving(state, member, command.locale, ctx)
        check_entry(state, member, command.locale)
        made, cost = _offer(state, member, offers[member.id])
        require_can_spend(member, cost)
        produced += made
    beasts = sum(1 for m in party if "guardian_beasts" not in m.protections)
    if produced < 2 * beasts:
        raise reject(
            "beast_not_defeated",
            f"The party's powers give {produced} tricks or blocks; {beasts} Beast(s) need {2 * beasts} [003:84].",
        )
    known = {p.id: p for p in state.pack.powers}
    events: list[object] = []
    for member in party:
        paying = member
        for power_id in offers[member.id]:
            spent = spend(paying, ledger.final_cost(known[power_id].cost), f"guardian beasts: {power_id}")
            events.append(spent)
            paying = _after(paying, spent)
    events.append(
        GuardianBeastsDefeated(
            party=[m.id for m in party], beasts=beasts, powers=[p for m in party for p in offers[m.id]]
        )
    )
    events += [arrive(state, m, command.locale) for m in party]
    return events


def _after(c: Character, event: ManaSpent) -> Character:
    return msgspec.structs.replace(c, mana=c.mana - event.from_held, pending=c.pending - event.from_pending)
