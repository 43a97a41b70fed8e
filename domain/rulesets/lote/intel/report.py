"""The intel lines of a nation's status report and of the Newsfax (registered from `reports/`).

The Newsfax "always" reports "Intel Actions against your Nation and the results" and "Failed Intel actions that
you attempted against other nations and were 'blown' or revealed to the public" ([L3050-3061]), unless concealed
by Intel activities (the GM's `ConcealNews`, [L6836-6849]). Reading, with the GM's detection ruling: an operation
the target never learned of (`hidden`) prints nothing anywhere but in the operator's own report; one it learned of
(`noticed`, `detected`, `blown`) prints in the target's section with its result, naming the operator only when
`blown`; a `blown` operation also prints in the operator's section. The target's status report names the operator
when the GM ruled it `detected` or `blown`. The report also lists the nation's infiltrations with their levels
(subverted at 10, [L6935-6936]; a Subvert Infiltration at 10 has turned the enemy's) and the infiltrations of its
own sectors it detected (whose, when it learned that; never their level). Infiltrations never reach the Newsfax.
"""

from __future__ import annotations

from domain.rulesets.lote.intel.events import IntelOperationSettled
from domain.rulesets.lote.intel.records import Infiltration, IntelOp
from domain.rulesets.lote.intel.visibility import operator_result
from domain.rulesets.lote.model.state import State

NAMES = {
    "AO": "Assault Organization", "BA": "Battle Assistance", "CA": "Counter Assassination",
    "CI": "Counter Intelligence", "CF": "Conceal Fact", "CR": "Crush Revolt", "CM": "Cause Mutiny",
    "CU": "Cause Unrest", "DAB": "Destroy Assassin Base", "DIB": "Destroy Intel Base", "IE": "Infiltrate Enemy",
    "JB": "Jailbreak", "KP": "Kidnap Leader", "KL": "Kill Leader", "KK": "Kill Ruler",
    "MI": "Maintain Infiltration", "PI": "Purge Infiltration", "RE": "Rearrange Expenditures", "RF": "Reveal Fact",
    "RO": "Revise Orders", "SO": "Special Operation", "SGS": "Steal Gold Shipment", "SJ": "Steal Object",
    "SK": "Steal Technology", "ST": "Steal Treasury", "SI": "Subvert Infiltration", "SL": "Subvert Leader",
    "SD": "Support Diplomacy", "TA": "Terrorist Attack",
}  # fmt: skip
RESULTS = {"success": "succeeded", "failure": "failed", "blocked": "was blocked", "not_run": "was never run"}
KNOWN_TO_TARGET = frozenset({"noticed", "detected", "blown"})
Line = tuple[str, str, str]  # (nation, news kind, text)


def _name(state: State, nid: str | None) -> str:
    nation = state.nations.get(nid or "")
    return nation.name if nation is not None else (nid or "")


def _what(code: str, target: str, sector: str | None, location: str | None) -> str:
    aim = (sector or target).replace("_", " ")
    at = f" at {location}" if location and location != target else ""
    return f"{NAMES.get(code, code)} ({code})" + (f" against {aim}" if aim else "") + at


def news_lines(state: State, event: IntelOperationSettled) -> list[Line]:
    """The Newsfax lines a settled operation drafts (the state is the one before the event)."""
    if event.detection not in KNOWN_TO_TARGET:
        return []
    what = _what(event.code, event.target, event.sector, event.location)
    result = RESULTS.get(event.result, event.result)
    lines: list[Line] = []
    target = event.target_nation
    if target is not None and target in state.nations:
        by = f" by {_name(state, event.nation)}" if event.detection == "blown" else ""
        lines.append((target, "event", f"Intel: {what}{by} {result}."))
    if event.detection == "blown":
        against = f" of {_name(state, event.target_nation)}" if event.target_nation else ""
        lines.append((event.nation, "event", f"Intel blown: {what}{against} {result}."))
    return lines


def _own_line(state: State, op: IntelOp) -> str:
    what = _what(op.code, op.target, op.sector, op.location)
    against = f" / {_name(state, op.target_nation)}" if op.target_nation else ""
    points = "Espionage" if op.capacity == "leader" else op.capacity.upper()
    result = operator_result(op.result, op.detection)
    status = RESULTS.get(result, "awaits the GM") if op.result else "awaits the GM"
    blown = " (blown)" if op.detection == "blown" else ""
    effect = f": {op.effect}" if op.effect else ""
    return f"{op.line}: {what}{against} +{op.bonus} ({points}) {status}{blown}{effect}"


def _against_line(state: State, op: IntelOp) -> str:
    what = _what(op.code, op.target, op.sector, op.location)
    by = f" by {_name(state, op.nation)}" if op.detection in ("detected", "blown") else " by unknown agents"
    return f"Against us: {what}{by} {RESULTS.get(op.result, op.result)}"


def _infiltration_line(state: State, x: Infiltration) -> str:
    sector = x.sector.replace("_", " ")
    if x.kind == "si":
        done = " (turned)" if x.level >= 10 else ""
        return f"Subvert Infiltration of {_name(state, x.target)}'s infiltration of our {sector}: level {x.level}{done}"
    done = " (subverted)" if x.level >= 10 else ""
    return f"Infiltration of {_name(state, x.target)}'s {sector}: level {x.level}{done}"


def _detected_line(state: State, x: Infiltration) -> str:
    sector = x.sector.replace("_", " ")
    by = _name(state, x.owner) if x.owner_known else "unknown agents"
    if x.kind == "si":
        whose = _name(state, x.owner) if x.owner_known else "a nation"
        return f"Detected: our infiltration of {whose}'s {sector} is being subverted"
    return f"Detected: an infiltration of our {sector} by {by}"


def report_lines(state: State, nid: str, turn: int) -> list[str]:
    """The turn's operations of the nation, those against it that it learned of, its infiltrations and the
    infiltrations of its sectors it detected."""
    ops = sorted((o for o in state.intel.ops.values() if o.turn == turn), key=lambda o: o.item_id)
    mine = [_own_line(state, o) for o in ops if o.nation == nid]
    against = [
        _against_line(state, o)
        for o in sorted(ops, key=lambda o: (o.code, o.target, o.result))
        if o.target_nation == nid and o.nation != nid and o.detection in KNOWN_TO_TARGET
    ]
    infs = sorted(state.intel.infiltrations.values(), key=lambda x: (x.kind, x.target, x.owner, x.sector))
    held = [_infiltration_line(state, x) for x in infs if x.owner == nid]
    found = sorted(_detected_line(state, x) for x in infs if x.target == nid and x.detected)
    return mine + against + held + found
