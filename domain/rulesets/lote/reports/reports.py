"""The private status report (§2; digest §1.5): every stat-sheet field, and the region, city and leader lines in
the rulebook's formats, as JSON (`StatusReport`) and as plain text.

What even the owner may not see stays out: the King's Leadership and leaders' Loyalty ([L2111-2117]), Hostile and
At War statuses ([L2227-2230]). Uncontrolled regions are not listed either ([L2222-2226]). The GM's amendments
(`AmendStatusReport`) replace or remove a printed value or line, or add a phantom line; the state is untouched.

Readings the rulebook leaves open, chosen here:
- exact amounts print as decimals to two places, rounded half away from zero (display only; the state keeps
  the exact fractions);
- unit codes print in lower case and comma-separated, as in `100i,100c` ([L2045]); an empty garrison prints `-`;
- the city's Resistance Value prints without the +1 for a road, port, holy city or university, as the Orleanais
  example does (`<9>` for a port, [L2555]; setting A14 keeps that +1 for revolt and diplomacy checks);
- the megalith levels of a region always print (0 when there are none), so every line has the same fields;
- other nations holding a status in a place are appended after ` / ` as `nation(status)` ([L2166-2167]).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from importlib import resources

import msgspec

from domain.rulesets.lote.control.news import report_lines as control_lines
from domain.rulesets.lote.dynasty.report import report_lines as dynasty_lines
from domain.rulesets.lote.finance.report import finance_lines
from domain.rulesets.lote.intel.report import report_lines as intel_lines
from domain.rulesets.lote.leaders.garrisons import city_rv
from domain.rulesets.lote.military import pillage_report
from domain.rulesets.lote.military.news import report_lines as battle_lines
from domain.rulesets.lote.model.report_types import StatusReport
from domain.rulesets.lote.model.state import Nation, State
from domain.rulesets.lote.religion.report import report_lines as religion_lines
from domain.rulesets.lote.reports.derived import derive
from domain.rulesets.lote.scenario.enums import dec
from domain.rulesets.lote.scenario.scenario import CityRecord, FleetRecord, LeaderRecord, RegionRecord
from domain.rulesets.lote.trade.report import route_line


class _Names(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    table: str
    lines: str
    values: dict[str, str]


class ReportTables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    source: str
    army_status_names: _Names
    era: str
    title: str


REPORT_TABLES = msgspec.json.decode(
    resources.files("domain.rulesets.lote.scenario").joinpath("data").joinpath("reports.json").read_bytes(),
    type=ReportTables,
)
# statuses a report never prints ([L2222-2230]): Uncontrolled is not listed, Hostile and At War are the GM's
UNLISTED = frozenset({"aw", "hs", "un"})
HIDDEN = frozenset({"aw", "hs"})
LINE_KINDS = ("region", "city", "leader", "fleet", "route")


def rating_digit(value: int) -> str:
    """[L2045, L15394] a leader's ratings print as one character each: 0-9, then A = 10, B = 11..."""
    return "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[max(0, min(value, 35))]


def units_text(units: dict[str, int]) -> str:
    shown = [f"{n}{code.lower()}" for code, n in units.items() if n]
    return ",".join(shown) or "-"


def _others(statuses: Mapping[str, str], nid: str) -> str:
    others = [f"{n}({s})" for n, s in sorted(statuses.items()) if n != nid and s not in HIDDEN]
    return f" / {' '.join(others)}" if others else ""


def region_line(name: str, region: RegionRecord, nid: str, city_status: str | None = None) -> str:
    """[L2137-2172] `Arcadia 1+2s5 (25) [10] p rc w 1 : 6i 30% : (G) Grail Fra`."""
    status = region.statuses.get(nid, "")
    out = f"{name} {region.gpv}+{region.pwb}{region.spacer}{region.resistance}"
    # [L2146-2150] years since conquest, while the region or its city is Pacified or Pacified Tributary
    if status in ("p", "pt") or city_status in ("p", "pt"):
        out += f" ({region.years_from_conquest})"
    if region.fortress_wp is not None or region.port_area:
        out += f" [{region.fortress_wp or 0}]"
    levels = sum(m.levels for m in region.megaliths)
    out += f" {status} {region.religion.lower()} {region.terrain} {levels}"
    out += f" : {units_text(region.garrison.get(nid, {}))} {region.cultivation_pct}% :"
    tail = [f"({region.trade_center})" if region.trade_center else "", region.notes, region.language]
    out += "".join(f" {t}" for t in tail if t)
    return out + _others(region.statuses, nid)


def city_line(name: str, city: CityRecord, nid: str) -> str:
    """[L2533-2557] `Orleanais [3+10p15] <9> f rc : 15i Notes Fra`."""
    codes = "".join(c for c in city.codes if c != "/") or "/"
    out = f"{name} [{city.gpv}+{city.pwb}{codes}{city.walls}] <{city_rv(city.gpv, city.walls)}>"
    out += f" {city.statuses.get(nid, '')} {city.religion.lower()} : {units_text(city.garrison.get(nid, {}))}"
    out += "".join(f" {t}" for t in (city.notes, city.language) if t)
    return out + _others(city.statuses, nid)


def leader_line(leader: LeaderRecord) -> str:
    """[L2045-2077] `#1 KBBB King Arthur 24 100i,100c Avalon Normal` (the hidden fourth stat never prints)."""
    stats = "".join(rating_digit(v) for v in (leader.combat, leader.diplomacy, leader.charisma))
    status = REPORT_TABLES.army_status_names.values.get(leader.status, leader.status)
    return (
        f"#{leader.army_no} {leader.type}{stats} {leader.name} {leader.age} {units_text(leader.units)} "
        f"{leader.location} {status}"
    )


def fleet_line(fleet_id: str, fleet: FleetRecord) -> str:
    """§2.15 L2630-2653: the fleet, its base port, duty, MSP and route."""
    ships = f" {units_text(fleet.ships)}" if fleet.ships else ""
    return f"{fleet_id} {fleet.base_port} {fleet.activity} {fleet.msp} MSP route {fleet.route}{ships}"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return dec(value)
    if value is None:
        return "-"
    return str(value)


def sheet(state: State, nation: Nation) -> dict[str, str]:
    """Every stat-sheet field of the nation (§2.3 of the digest), flattened as printed, with the derived figures."""
    out: dict[str, str] = {}
    for field in msgspec.structs.fields(nation):
        value = getattr(nation, field.name)
        if field.name == "id":
            continue
        if isinstance(value, msgspec.Struct):
            for sub in msgspec.structs.fields(value):
                out[f"{field.name}.{sub.name}"] = _value(getattr(value, sub.name))
        elif isinstance(value, dict) and value:
            for key, amount in sorted(value.items()):
                out[f"{field.name}.{key}"] = _value(amount)
        elif isinstance(value, dict):
            out[field.name] = "-"
        elif isinstance(value, list):
            out[field.name] = "; ".join(" ".join(_value(v) for v in msgspec.structs.astuple(x)) for x in value) or "-"
        else:
            out[field.name] = _value(value)
    out["revenue.base"] = dec(nation.revenue.base)
    out["revenue.raw"] = dec(nation.revenue.raw)
    out["support.total"] = dec(nation.support.total)
    out["agro.surplus"] = dec(nation.agro.surplus)
    derived = derive(state, nation)
    out["hbz"] = str(derived.hbz)
    out["action_range"] = str(derived.action_range)
    out["esi"] = dec(derived.esi)
    out["max_tax_pct"] = str(derived.max_tax_pct)
    for rating, cap in sorted(derived.rating_caps.items()):
        out[f"cap.{rating}"] = str(cap)
    return out


def _married(spouse: str, abroad: str) -> str:
    """A royal's marriage as the family line prints it (`dynasty/`): `m. Odo (bur)` abroad, `m. Odo` at home."""
    if not spouse:
        return ""
    return f"m. {spouse} ({abroad})" if abroad else f"m. {spouse}"


def _listed(statuses: Mapping[str, str], nid: str) -> bool:
    return nid in statuses and statuses[nid] not in UNLISTED


def build_report(state: State, nid: str, turn: int, year: int) -> StatusReport:
    """The report as the GM would publish it now: the truth, then his amendments."""
    nation = state.nations[nid]
    cities = {name: c for name, c in state.cities.items() if _listed(c.statuses, nid)}
    city_status = {c.region: c.statuses[nid] for c in cities.values()}
    lines: dict[str, dict[str, str]] = {
        "region": {
            name: region_line(name, r, nid, city_status.get(name))
            for name, r in state.regions.items()
            if _listed(r.statuses, nid)
        },
        "city": {name: city_line(name, c, nid) for name, c in cities.items()},
        "leader": {lid: leader_line(x) for lid, x in state.leaders.items() if x.nation == nid},
        "fleet": {fid: fleet_line(fid, f) for fid, f in state.fleets.items() if f.nation == nid},
        "route": {rid: route_line(rid, r) for rid, r in state.routes.items() if nid in (r.nation_a, r.nation_b)},
    }
    printed = sheet(state, nation) | pillage_report.sheet_lines(state, nid)
    for key, text in state.press.report_amendments.get(nid, {}).items():
        kind, _, subject = key.partition(":")
        target = lines[kind] if kind in lines and subject else printed
        name = subject if kind in lines and subject else key
        if text:
            target[name] = text
        else:
            target.pop(name, None)
    family = [
        " ".join(t for t in (f.name, f.gender, str(f.age), _married(f.spouse, f.married_to_nation), f.notes) if t)
        for f in state.royal_family
        if f.nation == nid
    ]
    report = StatusReport(
        nation=nid,
        name=nation.name,
        turn=turn,
        year=year,
        sheet=printed,
        regions=lines["region"],
        cities=lines["city"],
        leaders=lines["leader"],
        royal_family=family,
        fleets=lines["fleet"],
        routes=lines["route"],
        battles=battle_lines(state, nid),
        control=control_lines(state, nid),
        finance=finance_lines(state, nid, turn),
        intel=intel_lines(state, nid, turn),
        dynasty=dynasty_lines(state, nid, leader_line),
        religion=religion_lines(state, nid, turn),
    )
    return msgspec.structs.replace(report, text=render(report, state))


def render(report: StatusReport, state: State) -> str:
    """The report as plain text: the sheet, then regions with their cities indented below, leaders and the rest."""
    out = [f"STATUS REPORT: {report.name} ({report.nation}), turn {report.turn}, year {report.year}", ""]
    out += [f"{key}: {value}" for key, value in report.sheet.items()]
    out += ["", "REGIONS AND CITIES"]
    placed: set[str] = set()
    for name, line in report.regions.items():
        out.append(line)
        for city, text in report.cities.items():
            if city in state.cities and state.cities[city].region == name:
                out.append(f"    {text}")
                placed.add(city)
    out += [f"    {text}" for city, text in report.cities.items() if city not in placed]
    for title, section in (
        ("LEADERS", list(report.leaders.values())),
        ("ROYAL FAMILY", report.royal_family),
        ("MERCHANT FLEETS", list(report.fleets.values())),
        ("TRADE ROUTES", list(report.routes.values())),
        ("FINANCE", report.finance),
        ("DIPLOMACY AND CONTROL", report.control),
        ("INTEL OPERATIONS", report.intel),
        ("DYNASTY", report.dynasty),
        ("RELIGION", report.religion),
    ):
        out += ["", title, *(section or ["-"])]
    if report.battles:
        out += ["", "BATTLES AND SIEGES", *report.battles]
    return "\n".join(out) + "\n"
