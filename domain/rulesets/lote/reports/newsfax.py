"""The Newsfax (§3 L2985-3112) and the report layer's fold.

Lines are drafted from public events as they are folded ([L3050-3061]: new cities, fortresses, megaliths, new
technologies, the death of Kings, rebellions and civil war) and from diplomacy results the GM marks public
([L3027-3044]); the GM adds narrative lines and announcements, conceals drafted lines and prints misinformation
(`PrintNews`, `ConcealNews`, `AmendRanking`). Publication (`close.publish`) freezes the Newsfax and every
nation's status report into events; the next turn starts a fresh draft.

Readings chosen here: the nation heading appends the culture letter ([L3016-3019]); the monarch line is the
King's (or Queen's) name and the titles the scenario gives him (`titles`); the rankings list sorts by the printed MSI
(so a faked MSI moves the nation), ties by name, and ESI ranks share a place when equal (1, 2, 2, 4).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

import msgspec

from domain.rulesets.lote import messages as m
from domain.rulesets.lote.control.news import news_lines
from domain.rulesets.lote.intel.report import news_lines as intel_news
from domain.rulesets.lote.military import news as battle_news
from domain.rulesets.lote.military.pillage_report import PILLAGE_EVENTS, news_line
from domain.rulesets.lote.model.report_types import NationNews, Newsfax, NewsItem, PoolListing, Press, Ranking
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.religion.report import news_lines as religion_news
from domain.rulesets.lote.reports.reports import REPORT_TABLES
from domain.rulesets.lote.scenario.enums import dec
from domain.rulesets.lote.trade.report import news_lines as trade_news

R = msgspec.structs.replace
AUTO_PREFIX = "auto-"  # drafted lines' ids; the GM's own lines may not use it
PressEvent = (
    m.NewsPrinted | m.NewsConcealed | m.StatusReportAmended | m.RankingAmended | m.StatusReportPublished
    | m.NewsfaxPublished
)  # fmt: skip


def _drafted(state: State, nation: str | None, kind: str, text: str, source: str) -> State:
    items = state.press.items
    item_id = f"{AUTO_PREFIX}t{state.turn}-{len(items) + 1}"  # items only grow within a turn: ids stay unique
    item = NewsItem(item_id=item_id, kind=kind, text=text, nation=nation, source=source)  # type: ignore[arg-type]
    return R(state, press=R(state.press, items={**items, item_id: item}))


def note_news(before: State, after: State, event: m.Event) -> State:
    """Draft a Newsfax line for an event the Newsfax always reports ([L3050-3061]); other events draft nothing."""
    match event:
        case m.CityFounded():
            facing = f", facing the {', '.join(event.port_sea_zones)}" if event.port_sea_zones else ""
            text = f"Founded the city of {event.name} in {event.region}{facing}."
            return _drafted(after, event.nation, "event", text, "CityFounded")
        case m.FortressBuilt():
            return _drafted(after, event.nation, "event", f"Built a fortress in {event.region}.", "FortressBuilt")
        case m.MegalithCompleted():
            where = ", ".join(event.regions)
            text = f"Completed a {event.kind.replace('_', ' ')} of {dec(event.levels)} level(s) in {where}."
            return _drafted(after, event.nation, "event", text, "MegalithCompleted")
        case m.NationParameterSet(parameter="tech_level") if event.nation in before.nations:
            if event.value.isdigit() and int(event.value) > before.nations[event.nation].tech_level:
                text = f"Developed new technologies: Tech Level {event.value}."
                return _drafted(after, event.nation, "event", text, "NationParameterSet")
            return after
        case m.ControlStatusSet(diplomacy=True) if event.status is not None:
            return _drafted(after, event.nation, "diplomacy", f"{event.place}({event.status})", "ControlStatusSet")
        case m.LeaderDied() if event.leader_id in before.leaders and before.leaders[event.leader_id].type in "KQ":
            dead = before.leaders[event.leader_id]
            title = "Queen" if dead.type == "Q" else "King"
            return _drafted(after, event.nation, "event", f"Death of {title} {dead.name}.", "LeaderDied")
        case m.LeaderPromoted(leader_type="K") if event.leader_id in after.leaders:
            text = f"{after.leaders[event.leader_id].name} succeeded to the throne."
            return _drafted(after, event.nation, "event", text, "LeaderPromoted")
        case m.ChildPromoted() if event.leader.type in ("K", "Q"):
            return _drafted(
                after, event.nation, "event", f"{event.leader.name} succeeded to the throne.", "ChildPromoted"
            )
        case m.LeaderRebelled() if event.leader_id in before.leaders:
            text = (
                f"Rebellion: {before.leaders[event.leader_id].name} rose against {before.nations[event.nation].name}."
            )
            return _drafted(after, event.nation, "event", text, "LeaderRebelled")
        case m.GarrisonRevolted():
            text = f"Rebellion in {event.place}: the garrison was put to the sword."
            return _drafted(after, event.nation, "event", text, "GarrisonRevolted")
        case m.DynasticFailureBegan():
            text = "Dynastic Failure: the realm is torn by civil war over the succession."
            return _drafted(after, event.nation, "event", text, "DynasticFailureBegan")
        case _ if isinstance(event, m.TradeEvent):
            for nation, text in trade_news(before, event):  # no nation: an announcement
                after = _drafted(after, nation, "event" if nation else "announcement", text, type(event).__name__)
            return after
        case _ if isinstance(event, PILLAGE_EVENTS):
            line = news_line(event)
            return after if line is None else _drafted(after, event.nation, "event", line, type(event).__name__)
        case m.IntelOperationSettled():
            for nation, kind, text in intel_news(before, event):
                after = _drafted(after, nation, kind, text, "IntelOperationSettled")
            return after
        case _ if isinstance(event, m.ReligionEvent):
            for nation, kind, text in religion_news(before, event):
                after = _drafted(after, nation, kind, text, type(event).__name__)
            return after
        case m.BattleResolved() if event.battle_id in before.battles:
            for nation, text in battle_news.newsfax_lines(before, before.battles[event.battle_id], event.result):
                after = _drafted(after, nation, "event", text, "BattleResolved")
            return after
        case _:
            for nation, kind, text in news_lines(before, event):  # type: ignore[arg-type]
                after = _drafted(after, nation, kind, text, type(event).__name__)
            return after


def evolve_press(state: State, event: PressEvent) -> State:
    press = state.press
    match event:
        case m.NewsPrinted():
            press = R(press, items={**press.items, event.item.item_id: event.item})
        case m.NewsConcealed():
            item = press.items.get(event.item_id)
            if item is not None:
                press = R(press, items={**press.items, event.item_id: R(item, concealed=True)})
        case m.StatusReportAmended():
            mine = {**press.report_amendments.get(event.nation, {}), event.key: event.text}
            press = R(press, report_amendments={**press.report_amendments, event.nation: mine})
        case m.RankingAmended():
            mine = {**press.ranking_amendments.get(event.nation, {}), event.field: event.text}
            press = R(press, ranking_amendments={**press.ranking_amendments, event.nation: mine})
        case m.StatusReportPublished():
            press = R(press, published_reports={**press.published_reports, event.nation: event.report})
        case m.NewsfaxPublished():
            press = R(press, newsfax=event.newsfax)
    return R(state, press=press)


def next_draft(press: Press) -> Press:
    """After publication: a fresh draft; what was published stays readable."""
    return Press(published_reports=press.published_reports, newsfax=press.newsfax)


def _esi_ranks(state: State) -> dict[str, int]:
    esi = {nid: n.revenue.esi for nid, n in state.nations.items()}
    return {nid: 1 + sum(1 for other in esi.values() if other > value) for nid, value in esi.items()}


def rankings(state: State) -> list[Ranking]:
    """§3.7 L3089-3108 (and §2.2.8 L784-794): MSI is the GM's figure (`SetNationParameter msi`)."""
    ranks = _esi_ranks(state)
    rows: list[tuple[Fraction, Ranking]] = []
    for nid, nation in state.nations.items():
        amended = state.press.ranking_amendments.get(nid, {})
        msi = amended.get("msi", dec(nation.msi))
        try:
            order = Fraction(msi)
        except (ValueError, ZeroDivisionError):
            order = nation.msi
        player = nation.player
        row = Ranking(
            nation=nid,
            name=nation.name,
            msi=msi,
            esi_rank=ranks[nid],
            itv=amended.get("itv", dec(nation.revenue.itv)),
            player=player.name if player.print_name else "",
            phone=player.phone if player.print_phone else "",
            email=player.email if player.print_email else "",
        )
        rows.append((order, row))
    rows.sort(key=lambda pair: (-pair[0], pair[1].name))
    return [row for _, row in rows]


def _monarch(state: State, nid: str) -> str:
    kings = [x for _, x in sorted(state.leaders.items()) if x.nation == nid and x.type in ("K", "Q")]
    if not kings:
        return ""
    return f"{kings[0].name}, {kings[0].titles}" if kings[0].titles else kings[0].name


def build_newsfax(state: State, turn: int, due: datetime | None) -> Newsfax:
    """The Newsfax as it would print now: drafted and written lines less those concealed."""
    shown = [i for i in state.press.items.values() if not i.concealed]
    nations = [
        NationNews(
            nation=nid,
            heading=f"{nation.name.upper()} ({nation.culture})",
            monarch=_monarch(state, nid),
            diplomacy=[i.text for i in shown if i.nation == nid and i.kind == "diplomacy"],
            lines=[i.text for i in shown if i.nation == nid and i.kind in ("event", "narrative")],
        )
        for nid, nation in sorted(state.nations.items(), key=lambda pair: pair[1].name)
    ]
    paper = Newsfax(
        game=state.name,
        campaign_no=state.campaign_no,
        turn=turn,
        years=f"{state.year}-{state.year + state.years_per_turn}",
        era=REPORT_TABLES.era,
        due=due,
        announcements=[i.text for i in shown if i.nation is None],
        nations=nations,
        mercenary_pools=[
            PoolListing(pool=pid, world_region=p.world_region, units={u: n for u, n in p.units.items() if n})
            for pid, p in sorted(state.mercenary_pools.items())
        ],
        rankings=rankings(state),
    )
    return R(paper, text=render(paper))


def render(paper: Newsfax) -> str:
    due = paper.due.strftime("%Y-%m-%d %H:%M UTC") if paper.due is not None else "set by the GM"
    out = [
        f"{REPORT_TABLES.title.upper()}: {paper.game}, campaign {paper.campaign_no}",
        f"Turn {paper.turn}, {paper.years}, {paper.era} era. Orders due: {due}",
    ]
    if paper.announcements:
        out += ["", "ANNOUNCEMENTS", *paper.announcements]
    for entry in paper.nations:
        out += ["", entry.heading]
        if entry.monarch:
            out.append(entry.monarch)
        if entry.diplomacy:
            out.append(f"Diplomacy: {', '.join(entry.diplomacy)}")
        out += entry.lines
    out += ["", "MERCENARY POOLS"]
    for pool in paper.mercenary_pools:
        units = ", ".join(f"{n} {u}" for u, n in pool.units.items()) or "none"
        out.append(f"{pool.world_region}: {units}")
    out += ["", "MSI RANKINGS (MSI, ESI rank, ITV, player)"]
    for r in paper.rankings:
        contact = " ".join(t for t in (r.player, r.phone, r.email) if t)
        out.append(f"{r.name} {r.msi} {r.esi_rank} {r.itv} {contact}".rstrip())
    return "\n".join(out) + "\n"
