"""Victory by City, Temple or Tower ([002:122-129]) and the end of the turn: reports, then the turn closes.

Five parts of one kind built by one tribe on one Land at the end of a turn raise an edifice; if they still
stand at the end of the following turn, its builder's god wins the Era and the game ends.
"""

from __future__ import annotations

from collections import Counter

from domain.engine import DecisionContext
from domain.engine.messages import GameEnded
from domain.rulesets.second_era import content
from domain.rulesets.second_era.events import (
    BattleFought,
    EdificeFallen,
    EdificeRaised,
    EraWon,
    Harvested,
    OrderFailed,
    TurnReported,
    TurnResolved,
    UpkeepPaid,
)
from domain.rulesets.second_era.fate_events import AdaptationUnpaid, TribeEmptied
from domain.rulesets.second_era.resolve.log import Log
from domain.rulesets.second_era.values import Resources


def standing_edifices(log: Log) -> dict[str, tuple[str, str]]:
    """Land -> (kind, tribe) for every Land holding five parts of one kind by one builder."""
    need = content.acts().parts_per_edifice
    tribes = log.state.tribes
    # An extinct tribe's structures stand but raise no edifice (DeclareTribeExtinct).
    counts = Counter(
        (s.land, s.kind, s.tribe)
        for s in log.state.structures.values()
        if s.tribe in tribes and not tribes[s.tribe].extinct
    )
    found: dict[str, tuple[str, str]] = {}
    for (land, kind, tribe), n in sorted(counts.items()):
        if n >= need and land not in found:
            found[land] = (kind, tribe)
    return found


def resolve_victory(log: Log, ctx: DecisionContext) -> None:
    standing = standing_edifices(log)
    pending = dict(log.state.pending_edifices)
    winners: list[EraWon] = []
    for land, (kind, tribe) in sorted(standing.items()):
        if pending.get(land) == (kind, tribe):
            god = log.state.tribes[tribe].god
            edifice = content.acts().structures[kind].edifice
            winners.append(EraWon(god=god, tribe=tribe, land=land, edifice=edifice))
        else:
            log.emit(EdificeRaised(land=land, kind=kind, tribe=tribe))
    for land in sorted(pending):
        if standing.get(land) != pending[land]:
            log.emit(EdificeFallen(land=land))
    if winners:
        log.emit(*winners)
        names = ", ".join(f"{w.god} ({w.edifice} on {w.land})" for w in winners)
        log.emit(GameEnded(reason=f"The Era is won: {names}.", at=ctx.now))


def resolve_reports(log: Log, ctx: DecisionContext) -> None:
    """Each god's turn report: its tribe after the turn, its harvest and unpaid upkeep (for the GM's rulings),
    the battles it fought and the orders that failed."""
    failed: dict[str, list[str]] = {}
    harvested: dict[str, Resources] = {}
    shortfall: dict[str, Resources] = {}
    battles: dict[str, int] = {}
    for event in log.events:
        match event:
            case OrderFailed():
                failed.setdefault(event.god, []).append(f"order {event.order_no} failed: {event.reason}")
            case Harvested():
                harvested[event.tribe] = event.gained
            case UpkeepPaid():
                shortfall[event.tribe] = event.shortfall
            case AdaptationUnpaid():
                note = f"{event.unpaid} mana of Adaptation unpaid on {event.land}; the GM rules what follows"
                failed.setdefault(event.god, []).append(note)
            case BattleFought():
                for side in (event.attacker, event.defender):
                    battles[side] = battles.get(side, 0) + 1
    for tribe_id in sorted(log.state.tribes):
        tribe = log.state.tribes[tribe_id]
        if tribe.clan_count() == 0 and not tribe.extinct:
            # The text never says what becomes of a tribe with no Clans: the GM rules (DeclareTribeExtinct,
            # AddClans); until then it is recorded every turn.
            log.emit(TribeEmptied(tribe=tribe_id, god=tribe.god))
            failed.setdefault(tribe.god, []).append("your tribe has no clans left; the GM rules its fate")
    for god_id in sorted(log.state.gods):
        god = log.state.gods[god_id]
        tribe = log.state.tribes[god.tribe]
        log.emit(
            TurnReported(
                god=god_id,
                turn=ctx.turn,
                land=tribe.land,
                clans=dict(tribe.clans),
                stockpile=tribe.stockpile,
                god_mana=god.mana,
                notes=tuple(failed.get(god_id, ())),
                harvested=harvested.get(tribe.id, Resources()),
                upkeep_shortfall=shortfall.get(tribe.id, Resources()),
                battles=battles.get(tribe.id, 0),
            )
        )
    log.emit(TurnResolved(turn=ctx.turn))
