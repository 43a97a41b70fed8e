"""The report layer's records (digest §1.5-1.6): news items, the private status report and the public Newsfax.

The report layer is separate from the truth: the GM may keep facts out of the Newsfax (Conceal Fact, Secret
Diplomacy) and print misinformation ([L6836-6849]) by editing these records, and the state of the world never
changes. `Press` is the draft the GM reviews during the `reports` phase, plus what was last published.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

NewsKind = Literal["event", "narrative", "announcement", "diplomacy"]


class NewsItem(msgspec.Struct, frozen=True):
    """One line of the Newsfax draft: generated from a public event, or written by the GM.

    `fabricated` (misinformation) and `concealed` are known to the GM only; `source` names the event behind a
    generated line.
    """

    item_id: str
    kind: NewsKind
    text: str
    nation: str | None = None
    source: str = ""
    fabricated: bool = False
    concealed: bool = False


class StatusReport(msgspec.Struct, frozen=True):
    """A nation's private status report (§2; digest §1.5): every stat-sheet field and its lines, as printed.

    `sheet` maps each stat-sheet field to its printed value (exact amounts as decimals to two places); the line
    dictionaries hold the rulebook's line formats keyed by region, city, leader, fleet and route id. `text` is the
    whole report as plain text.
    """

    nation: str
    name: str
    turn: int
    year: int
    sheet: dict[str, str]
    regions: dict[str, str]
    cities: dict[str, str]
    leaders: dict[str, str]
    royal_family: list[str]
    fleets: dict[str, str]
    routes: dict[str, str]
    text: str = ""
    battles: list[str] = []  # P1-G: the nation's battles this turn, its own side and the result (`military/news.py`)
    finance: list[str] = []  # loans, the census and the turn's dealings with other nations (`finance/report.py`)
    control: list[str] = []  # the turn's diplomacy and control results (`control/news.py`)
    intel: list[str] = []  # the turn's operations, and those against the nation it learned of (`intel/report.py`)
    dynasty: list[str] = []  # regency, wounds, a Dynastic Failure under way, the Spies it runs (`dynasty/report.py`)
    religion: list[str] = []  # faith, RS, operations, minorities, influence, sanctions (`religion/report.py`)


class NationNews(msgspec.Struct, frozen=True):
    """§3.5 L3014-3062: the nation's heading, its monarch, the Diplomacy line and the narrative lines."""

    nation: str
    heading: str
    monarch: str
    diplomacy: list[str]
    lines: list[str]


class PoolListing(msgspec.Struct, frozen=True):
    """§3.6 L3064-3088: the mercenaries for hire under one world-region heading (QRs not disclosed)."""

    pool: str
    world_region: str
    units: dict[str, int]


class Ranking(msgspec.Struct, frozen=True):
    """§3.7 L3089-3108: actual MSI, ESI rank (not value), International Trade Value, the player if listed."""

    nation: str
    name: str
    msi: str
    esi_rank: int
    itv: str
    player: str = ""
    phone: str = ""
    email: str = ""


class Newsfax(msgspec.Struct, frozen=True):
    """§3 L2985-3112: heading with the due date of the next orders, announcements, nations, pools, rankings."""

    game: str
    campaign_no: int
    turn: int
    years: str
    era: str
    due: datetime | None
    announcements: list[str]
    nations: list[NationNews]
    mercenary_pools: list[PoolListing]
    rankings: list[Ranking]
    text: str = ""


class Press(msgspec.Struct, frozen=True):
    """The report layer: this turn's news draft and the GM's amendments, and what was last published."""

    items: dict[str, NewsItem] = {}
    report_amendments: dict[str, dict[str, str]] = {}
    ranking_amendments: dict[str, dict[str, str]] = {}
    published_reports: dict[str, StatusReport] = {}
    newsfax: Newsfax | None = None
