"""`decide` for the report layer: the GM's Newsfax lines, concealments and misinformation (digest §1.6).

Each is a typed ruling with a required reason, recorded as an event that changes only the draft reports.
"""

from __future__ import annotations

from domain.engine import Rejected
from domain.rulesets.lote.model.commands import AmendRanking, AmendStatusReport, ConcealNews, PrintNews
from domain.rulesets.lote.model.report_events import NewsConcealed, NewsPrinted, RankingAmended, StatusReportAmended
from domain.rulesets.lote.model.report_types import NewsItem
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.reports.newsfax import AUTO_PREFIX
from domain.rulesets.lote.reports.reports import LINE_KINDS, sheet

PressCommand = PrintNews | ConcealNews | AmendStatusReport | AmendRanking


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _nation(state: State, nation: str) -> None:
    if nation not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nation!r}.")


def decide_press(state: State, command: PressCommand) -> list[object]:
    match command:
        case PrintNews():
            if command.item_id.startswith(AUTO_PREFIX):
                raise Rejected("lote.reserved_news_id", f"Ids starting with {AUTO_PREFIX!r} are the drafted lines'.")
            if command.item_id in state.press.items:
                raise Rejected("lote.news_exists", f"Newsfax line {command.item_id!r} exists; choose another id.")
            if command.nation is not None:
                _nation(state, command.nation)
            if not command.text.strip():
                raise Rejected("lote.empty_news", "A Newsfax line needs its text.")
            item = NewsItem(
                item_id=command.item_id,
                kind="announcement" if command.nation is None else "narrative",
                text=command.text,
                nation=command.nation,
                fabricated=command.fabricated,
            )
            return [NewsPrinted(item=item, reason=_reason(command.reason))]
        case ConcealNews():
            if command.item_id not in state.press.items:
                drafted = ", ".join(sorted(state.press.items)) or "none"
                raise Rejected("lote.unknown_news", f"No Newsfax line {command.item_id!r} (drafted: {drafted}).")
            return [NewsConcealed(item_id=command.item_id, reason=_reason(command.reason))]
        case AmendStatusReport():
            _nation(state, command.nation)
            kind, _, subject = command.key.partition(":")
            if not (kind in LINE_KINDS and subject) and command.key not in sheet(state, state.nations[command.nation]):
                raise Rejected(
                    "lote.unknown_report_field",
                    f"{command.key!r} is neither a stat-sheet field of the report nor a line key like "
                    "'region:<name>', 'city:<name>', 'leader:<id>', 'fleet:<id>' or 'route:<id>'.",
                )
            return [
                StatusReportAmended(
                    nation=command.nation, key=command.key, text=command.text, reason=_reason(command.reason)
                )
            ]
        case AmendRanking():
            _nation(state, command.nation)
            return [
                RankingAmended(
                    nation=command.nation, field=command.field, text=command.text, reason=_reason(command.reason)
                )
            ]
