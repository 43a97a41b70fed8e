"""Events of the report layer (digest §1.5-1.6). Tags are permanent storage names: add fields with defaults.

They change only `State.press`, never the truth: a GM's concealment or misinformation is a record of what was
printed, with its reason.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.rulesets.lote.model.report_types import Newsfax, NewsItem, StatusReport


class _Event(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class NewsPrinted(_Event, frozen=True, tag="NewsPrinted"):
    item: NewsItem
    reason: str


class NewsConcealed(_Event, frozen=True, tag="NewsConcealed"):
    item_id: str
    reason: str


class StatusReportAmended(_Event, frozen=True, tag="StatusReportAmended"):
    nation: str
    key: str
    text: str
    reason: str


class RankingAmended(_Event, frozen=True, tag="RankingAmended"):
    nation: str
    field: Literal["msi", "itv"]
    text: str
    reason: str


class StatusReportPublished(_Event, frozen=True, tag="StatusReportPublished"):
    """A nation's private report as published at the end of the turn (visible to that nation and the GM)."""

    nation: str
    report: StatusReport


class NewsfaxPublished(_Event, frozen=True, tag="NewsfaxPublished"):
    """The public Newsfax of the turn, with the due date of the next orders ([L2988-2995])."""

    newsfax: Newsfax


__all__ = [
    "NewsConcealed",
    "NewsPrinted",
    "NewsfaxPublished",
    "RankingAmended",
    "StatusReportAmended",
    "StatusReportPublished",
]
