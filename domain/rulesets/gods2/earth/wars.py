"""Wars on Earth ([000:242-284]): declarations, diplomacy, and the conduct of a war with its losses, vacated
squares, retreats, occupation and cities. The engine proposes every square choice; a referee may name them."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.gods2.earth import population, stats
from domain.rulesets.gods2.earth import war as formula
from domain.rulesets.gods2.earth.cities import civilization_losses
from domain.rulesets.gods2.earth.commands import AttemptDiplomacy, DeclareWar, OrderWars, ResolveWar
from domain.rulesets.gods2.earth.common import earth_of, fold, race_of, require_activity
from domain.rulesets.gods2.earth.events import DiplomacyAttempted, WarDeclared, WarFought, WarsOrdered
from domain.rulesets.gods2.kernel.common import minutes, reject, require_reason
from domain.rulesets.gods2.kernel.earth_content import EarthContent
from domain.rulesets.gods2.kernel.earth_model import Earth, War
from domain.rulesets.gods2.kernel.model import State


def decide_declare_war(state: State, command: DeclareWar, ctx: DecisionContext) -> Sequence[object]:
    require_reason(command.reason)
    earth = earth_of(state)
    require_activity(earth)
    attacker, defender = race_of(earth, command.attacker), race_of(earth, command.defender)
    if attacker.id == defender.id:
        raise reject("same_race", "A race does not make war on itself.")
    if command.instigator is not None and command.instigator not in state.characters:
        raise reject("unknown_character", f"There is no character {command.instigator!r}.")
    return [
        WarDeclared(
            war=f"war-{earth.serial + 1}",
            attacker=attacker.id,
            defender=defender.id,
            aggressive=False,
            century=earth.century,
            instigator=command.instigator,
            reason=command.reason,
            at=ctx.now,
        )
    ]


def _open_war(earth: Earth, war_id: str) -> War:
    war = earth.wars.get(war_id)
    if war is None:
        raise reject("unknown_war", f"There is no war {war_id!r} this century.")
    if war.averted or war.fought:
        raise reject("war_over", "That war was averted or has been fought.", status=409)
    return war


def decide_attempt_diplomacy(state: State, command: AttemptDiplomacy, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    require_activity(earth)
    war = _open_war(earth, command.war)
    own, enemy = (war.attacker, war.defender) if command.side == "attacker" else (war.defender, war.attacker)
    content = state.pack.earth
    diplomacy = stats.diplomacy(earth, earth.races[own], content)
    aggression = stats.aggression(earth, earth.races[enemy], content)
    roll = ctx.dice.d6(f"diplomacy:{war.id}:{command.side}")
    averted = formula.diplomacy_averts(roll, diplomacy, aggression)
    return [
        DiplomacyAttempted(
            war=war.id, side=command.side, roll=roll, total=roll + diplomacy - aggression, averted=averted
        )
    ]


def _adjacent_to(earth: Earth, square: str, race_id: str) -> bool:
    return any(
        earth.squares[n].race == race_id and earth.squares[n].units > 0 for n in earth.squares[square].neighbours
    )


def _border_first(earth: Earth, race_id: str, enemy: str) -> list[str]:
    held = stats.squares_of(earth, race_id)
    return [s.id for s in sorted(held, key=lambda s: (not _adjacent_to(earth, s.id, enemy), s.id))]


def propose_losses(earth: Earth, race_id: str, enemy: str, count: int) -> dict[str, int]:
    """[000:276] losses come from squares next to the enemy, spread along the border, then from the rest."""
    order = _border_first(earth, race_id, enemy)
    border = [s for s in order if _adjacent_to(earth, s, enemy)]
    left = {sid: earth.squares[sid].units for sid in order}
    taken: dict[str, int] = {}
    for group in (border, order):
        while count > 0 and any(left[s] for s in group):
            for sid in group:
                if count > 0 and left[sid] > 0:
                    left[sid] -= 1
                    taken[sid] = taken.get(sid, 0) + 1
                    count -= 1
    return taken


def _check_losses(earth: Earth, race_id: str, chosen: dict[str, int], due: int) -> None:
    for sid, n in chosen.items():
        sq = earth.squares.get(sid)
        if sq is None or sq.race != race_id or not 0 <= n <= sq.units:
            raise reject("bad_losses", f"{sid}: losses come from the race's own units there.")
    if sum(chosen.values()) != due:
        raise reject("bad_losses", f"The race loses {due} units; the squares named lose {sum(chosen.values())}.")


def decide_resolve_war(state: State, command: ResolveWar, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    require_activity(earth)
    war = _open_war(earth, command.war)
    delay = minutes(state.settings.war_delay_minutes, state.settings)  # rule-minutes, like every timed rule
    if war.declared_at is not None and ctx.now < war.declared_at + delay and not command.at_once:
        raise reject(
            "war_too_soon",
            f"Wars are fought about {state.settings.war_delay_minutes} minutes after their declaration so others may"
            " react [000:261]; set `at_once` if the century is ending.",
            status=409,
        )
    content = state.pack.earth
    att, dfn = earth.races[war.attacker], earth.races[war.defender]
    pops = []
    for race_id, given in ((att.id, command.attacker_population), (dfn.id, command.defender_population)):
        full = stats.effective_population(earth, race_id)
        if given is not None and not 0 <= given <= full:
            raise reject("bad_population", f"{race_id} brings between 0 and its {full} effective population [000:282].")
        pops.append(full if given is None else given)
    out = formula.fight(
        pops[0],
        stats.military(earth, att, content, "attacker"),
        pops[1],
        stats.military(earth, dfn, content, "defender"),
    )
    losses: dict[str, int] = {}
    for race_id, enemy, due, chosen in (
        (att.id, dfn.id, out.attacker_losses, command.attacker_losses),
        (dfn.id, att.id, out.defender_losses, command.defender_losses),
    ):
        due = min(due, stats.base_population(earth, race_id))  # cities' bonus units cannot die as units
        if chosen is not None:
            _check_losses(earth, race_id, chosen, due)
        losses.update(chosen if chosen is not None else propose_losses(earth, race_id, enemy, due))
    after = _apply_losses(earth, losses)
    fought = _territory(state, earth, after, war, out, (pops[0], pops[1]), losses, command, ctx)
    return [fought, *civilization_losses(earth, fold(earth, [fought]), content)]


def _apply_losses(earth: Earth, losses: dict[str, int]) -> Earth:
    squares = dict(earth.squares)
    for sid, n in losses.items():
        left = squares[sid].units - n
        squares[sid] = msgspec.structs.replace(squares[sid], units=left, race=squares[sid].race if left else None)
    return msgspec.structs.replace(earth, squares=squares)


def _territory(
    state: State,
    earth: Earth,
    after: Earth,
    war: War,
    out: formula.Outcome,
    pops: tuple[int, int],
    losses: dict[str, int],
    command: ResolveWar,
    ctx: DecisionContext,
) -> WarFought:
    """[000:278-280] the loser vacates; its units retreat (excess starves); the winner moves in by level."""
    content = state.pack.earth
    vacated: list[str] = []
    retreats: dict[str, int] = {}
    occupied: dict[str, int] = {}
    moved_from: dict[str, int] = {}
    destroyed: list[str] = []
    captured: list[str] = []
    starved = 0
    if out.loser is not None:
        loser, winner = (war.defender, war.attacker) if out.loser == "defender" else (war.attacker, war.defender)
        held = _border_first(earth, loser, winner)
        count = min(out.vacate, len(held))
        if command.vacated is not None:
            if len(set(command.vacated)) != count or any(s not in held for s in command.vacated):
                raise reject("bad_vacated", f"The loser vacates {count} of its squares: {held} [000:278].")
            vacated = list(command.vacated)
        else:
            vacated = held[:count]
        retreats, starved = _retreat(after, loser, vacated, content)
        occupied, moved_from = _occupy(after, winner, vacated, content)
        winner_race = earth.races[winner]
        for sid in vacated:
            if earth.squares[sid].city is None:
                continue
            roll = None
            if winner_race.level == "civilized":
                roll = ctx.dice.d6(f"city:{sid}")
            aggression = stats.aggression(earth, winner_race, content)
            if formula.city_destroyed(winner_race.level, roll, aggression) or sid not in occupied:
                destroyed.append(sid)
            else:
                captured.append(sid)
    return WarFought(
        war=war.id,
        attacker_population=pops[0],
        defender_population=pops[1],
        attacker_percent=out.attacker_percent,
        defender_percent=out.defender_percent,
        attacker_losses=out.attacker_losses,
        defender_losses=out.defender_losses,
        loser=out.loser,
        vacate=out.vacate,
        losses=losses,
        vacated=vacated,
        retreats=retreats,
        starved=starved,
        occupied=occupied,
        moved_from=moved_from,
        cities_destroyed=destroyed,
        cities_captured=captured,
        reason=command.reason,
    )


def _retreat(after: Earth, loser: str, vacated: list[str], content: EarthContent) -> tuple[dict[str, int], int]:
    """[000:278] units left in vacated squares retreat into bordering squares not occupied by other races; any
    square pushed over its limit loses the excess to starvation."""
    race = after.races[loser]
    moving = sum(after.squares[s].units for s in vacated)
    if moving == 0:
        return {}, 0
    targets = [
        s
        for s in population.bordering(after, race, content)
        if s not in vacated and (after.squares[s].race in (None, loser) or after.squares[s].units == 0)
    ]
    retreats: dict[str, int] = {}
    for sid in targets:
        room = stats.limit(after, race, after.squares[sid], content) - after.squares[sid].units
        put = min(max(0, room), moving)
        if put > 0:
            retreats[sid] = put
            moving -= put
    return retreats, moving


def _occupy(
    after: Earth, winner: str, vacated: list[str], content: EarthContent
) -> tuple[dict[str, int], dict[str, int]]:
    """[000:57-61] primitive winners never move in; the others move two units (one if two would exceed the
    limit) into each vacated square, from their squares next to it, never emptying a square."""
    race = after.races[winner]
    if race.level == "primitive":
        return {}, {}
    spare = {s.id: s.units - 1 for s in stats.squares_of(after, winner)}
    occupied: dict[str, int] = {}
    moved: dict[str, int] = {}
    for sid in vacated:
        want = min(2, stats.limit(after, race, after.squares[sid], content))
        near = [n for n in after.squares[sid].neighbours if spare.get(n, 0) > 0]
        sources = sorted(near or [s for s in spare if spare[s] > 0], key=lambda s: (-spare[s], s))
        for src in sources:
            take = min(want, spare[src])
            if take > 0:
                spare[src] -= take
                moved[src] = moved.get(src, 0) + take
                occupied[sid] = occupied.get(sid, 0) + take
                want -= take
    return occupied, moved


def decide_order_wars(state: State, command: OrderWars, ctx: DecisionContext) -> Sequence[object]:
    earth = earth_of(state)
    require_activity(earth)
    waiting = [w for w in earth.wars.values() if not w.fought and not w.averted]
    gods = [w.id for w in waiting if not w.aggressive]
    pool = [w.id for w in waiting if w.aggressive]
    drawn: list[str] = []
    while pool:
        pick = 0 if len(pool) == 1 else ctx.dice.roll("war_order", 1, len(pool))[0] - 1
        drawn.append(pool.pop(pick))
    return [WarsOrdered(order=gods + drawn)]


def expected(state: State, earth: Earth, war: War) -> formula.Outcome:
    """The war as it would go now with whole populations: the referees' guide to who tries diplomacy ([000:266])."""
    content = state.pack.earth
    att, dfn = earth.races[war.attacker], earth.races[war.defender]
    return formula.fight(
        stats.effective_population(earth, att.id),
        stats.military(earth, att, content, "attacker"),
        stats.effective_population(earth, dfn.id),
        stats.military(earth, dfn, content, "defender"),
    )
