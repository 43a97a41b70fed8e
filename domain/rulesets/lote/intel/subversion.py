"""What a subverted sector gives its subvertor (§7.3.11 [L6945-6991]; digest §1.6), exactly as the text lists it:

- Espionage Service, Government, Royal Family: "a copy of the subverted nation's status report";
- Military: "a copy of the Military stats of the country" (read: its unit quality ratings and troop support from
  the stat sheet, its leaders and armies, and its battles of the turn);
- Religion: "to view all the religious stats of the nation" (its religion, Religious Strength, ROC, ROB,
  excommunication and interdict, tithe, Primate influence and religious support);
- Populace: "No status report is received"; University: "a extra Tech Point per turn if the subverted University
  is of a higher rating than their own" (`UniversityTechPointGained` at R8, [L6982-6984]).

The copy is of what the subverted nation itself receives: its status report as published at the end of the turn
(with the GM's amendments), cut to what the sectors grant, with the misinformation the GM fed to this spymaster
(`FeedMisinformation`) in place of the truth. It is an `IntelReportCopied` event the spymaster alone sees, so the
event log, time travel and the live stream show it from the first publication at which the sector is subverted
(10 or more) and never before; the seat's view holds the last copy of each nation (`IntelRecords.copies`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import msgspec

from domain.engine import DecisionContext
from domain.rulesets.lote.intel.events import IntelReportCopied, UniversityTechPointGained
from domain.rulesets.lote.intel.infiltration import key, subverted
from domain.rulesets.lote.intel.records import IntelCopy
from domain.rulesets.lote.model.report_types import StatusReport
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace
REPORT_SECTORS = frozenset({"espionage", "government", "royal_family"})
MILITARY_KEYS = frozenset({"cav_qr", "inf_qr", "warship_qr", "siege_qr", "support.troop"})
RELIGION_KEYS = frozenset(
    {"religion", "religious_strength", "roc", "rob", "excommunicated", "interdicted", "tithe_pct",
     "primate_influence", "support.religious"}
)  # fmt: skip
GRANTING = REPORT_SECTORS | {"military", "religion"}
LINE_KINDS = {"region": "regions", "city": "cities", "leader": "leaders", "fleet": "fleets", "route": "routes"}


class Runner(Protocol):
    state: State
    ctx: DecisionContext

    def emit(self, event: Any) -> None: ...


def grants(state: State) -> dict[tuple[str, str], tuple[str, ...]]:
    """(spymaster, subverted nation) -> the subverted sectors that grant a view of it."""
    out: dict[tuple[str, str], tuple[str, ...]] = {}
    for x in sorted(state.intel.infiltrations.values(), key=lambda x: (x.owner, x.target, x.sector)):
        if subverted(x) and x.sector in GRANTING and x.target in state.nations and x.owner in state.nations:
            out[(x.owner, x.target)] = (*out.get((x.owner, x.target), ()), x.sector)
    return out


def part(report: StatusReport, sectors: tuple[str, ...]) -> StatusReport:
    """The part of the report the sectors grant (the whole report for Espionage, Government, Royal Family)."""
    if REPORT_SECTORS & set(sectors):
        return report
    keys = (MILITARY_KEYS if "military" in sectors else frozenset()) | (
        RELIGION_KEYS if "religion" in sectors else frozenset()
    )
    military = "military" in sectors
    return StatusReport(
        nation=report.nation,
        name=report.name,
        turn=report.turn,
        year=report.year,
        sheet={k: v for k, v in report.sheet.items() if k in keys},
        regions={},
        cities={},
        leaders=dict(report.leaders) if military else {},
        royal_family=[],
        fleets={},
        routes={},
        battles=list(report.battles) if military else [],
    )


def fed(report: StatusReport, feeds: dict[str, str], whole: bool) -> StatusReport:
    """The misinformation fed through this copy: a field or a line replaced, added (a phantom) or left out; only
    within what the copy shows (a partial copy takes fields it holds and, for Military, leader lines)."""
    if not feeds:
        return report
    sheet = dict(report.sheet)
    lines: dict[str, dict[str, str]] = {f: dict(getattr(report, f)) for f in LINE_KINDS.values()}
    for field, text in sorted(feeds.items()):
        kind, _, subject = field.partition(":")
        if kind in LINE_KINDS and subject:
            if not whole and not (kind == "leader" and report.leaders):
                continue
            target, name = lines[LINE_KINDS[kind]], subject
        elif whole or field in sheet:
            target, name = sheet, field
        else:
            continue
        if text:
            target[name] = text
        else:
            target.pop(name, None)
    return R(report, sheet=sheet, **lines)


def copies(
    state: State, reports: dict[str, StatusReport], turn: int, render: Callable[[StatusReport], str]
) -> list[IntelReportCopied]:
    """At publication, each spymaster's copy of each nation whose sectors it holds subverted."""
    out = []
    for (spymaster, nation), sectors in grants(state).items():
        if nation not in reports:
            continue
        whole = bool(REPORT_SECTORS & set(sectors))
        report = fed(part(reports[nation], sectors), state.intel.feeds.get(f"t{turn}:{spymaster}>{nation}", {}), whole)
        report = R(report, text=render(report))
        out.append(IntelReportCopied(nation=spymaster, received=IntelCopy(nation, turn, sectors, report)))
    return out


POPULACE_STATUSES = frozenset({"nt", "t", "fa", "ea", "a"})  # [L6971-6974]


def diplomacy_notes(state: State, nid: str, place: str, statuses: dict[str, str]) -> str:
    """What intel adds to a diplomacy attempt's item: a subverted Populace's holder counts as not controlling its
    NT, T, FA, EA and A places ([L6971-6974]); the nation's Support Diplomacy there ([L7248-7258]) and its Cause
    Unrest there the same turn ([L6893-6896]), whose results the GM rules."""
    notes = []
    for holder, status in sorted(statuses.items()):
        x = state.intel.infiltrations.get(key(nid, holder, "populace"))
        if status in POPULACE_STATUSES and x is not None and subverted(x):
            notes.append(f"{holder}'s Populace is subverted: treat {place} as not controlled by {holder} [L6971-6974]")
    for op in sorted(state.intel.ops.values(), key=lambda o: o.item_id):
        if op.nation == nid and op.turn == state.turn and op.target == place and op.code in ("SD", "CU"):
            what = (
                "a bonus if it succeeds [L7248-7258]"
                if op.code == "SD"
                else "a bonus if the place revolted [L6893-6896]"
            )
            notes.append(f"{op.code} {op.item_id}: {what}")
    return "".join(f"; {n}" for n in notes)


def r8_university(run: Runner) -> None:
    """[L6982-6984] a subverted University of a higher rating than the subvertor's gives it one Tech Point."""
    state = run.state
    for x in sorted(state.intel.infiltrations.values(), key=lambda x: (x.owner, x.target)):
        if x.sector != "university" or not subverted(x):
            continue
        mine, theirs = state.nations.get(x.owner), state.nations.get(x.target)
        if mine is not None and theirs is not None and theirs.university_rating > mine.university_rating:
            run.emit(UniversityTechPointGained(nation=x.owner, subverted=x.target, turn=state.turn))
