"""The infiltration state machine (§7.3.11 [L6927-6999], §7.3.16 [L7050-7063], §7.3.17 [L7065-7080], §7.3.26
[L7216-7231]): one record per (owner, target nation, sector), folded from the GM's settlements.

- Infiltrate Enemy (IE) ruled a success raises the level by the levels the GM gives (at least 1): "Each
  infiltration is rated on a 1 to 10 scale. At level 10 and greater the sector is 'subverted'" ([L6933-6936]).
- "An established infiltration requires the assignment of a Maintain Infiltration operation each turn, or it will
  degrade and the possibility of the infiltration being discovered by the target nation increases dramatically"
  ([L6940-6944]); "If a MI does not support an infiltration each turn, then it degrades one or more levels"
  ([L7054-7058]). Reading: an infiltration held at the start of a turn with no MI line naming it gets an
  `infiltration` decay item at R5 (the GM rules how many levels, at least one, and whether the target is tipped
  off: `RuleInfiltrationDecay`, or `ConfirmAdjudication` of one level, unnoticed); an MI the GM rules anything but
  a success (failed, blocked, never run) degrades it by the levels he gives with that ruling (at least one). An
  infiltration established this turn needs no MI until the next. An IE on an infiltration does not maintain it:
  only an MI does (the text's "If a MI does not support an infiltration each turn").
- Purge Infiltration (PI) ruled a success takes the levels the GM gives (0 if it connected with nothing, [L7075-7078])
  off every infiltration of the purging nation's sector (or only the named nation's, when the PI names one); one
  it hit is known to the purging nation from then on (detected).
- Subvert Infiltration (SI) "runs on the same scale as a normal infiltration, except that once the SI exceeds 10
  then the infiltration carries over into the infiltrating country's Intel Service sector" ([L7220-7223]). It
  is an `si` record of the infiltrated nation against the infiltrator's infiltration of its own sector. Reading
  (setting `p2b_si_carry_over`): at 10 the enemy infiltration is turned (it feeds back what the GM writes and
  is a tripwire, [L7223-7228]); the levels past 10 carry over into an infiltration of the infiltrator's Espionage
  Service sector (`excess`), or the Espionage Service infiltration takes the SI's whole level (`level`). The SI
  record stays at 10 and "must be maintained by a MI operation, just like a normal infiltration" (`MI / <nation>
  : si:<sector>`).
- A level at 0 or below ends the infiltration (the record goes, and with it a Subvert Infiltration of it). Levels
  apply in the order the GM rules them.
- Detection: an operation on an infiltration that the GM rules `noticed`, `detected` or `blown` tells the target
  the infiltration exists (its owner too when `detected` or `blown`); so does a decay he rules detected. Nothing
  else about it (its level) ever reaches the target.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

import msgspec

from domain.rulesets.lote.intel.events import InfiltrationDecayed, IntelOperationSettled
from domain.rulesets.lote.intel.orders import IntelOperation
from domain.rulesets.lote.intel.records import Infiltration, InfiltrationKind, IntelOp, IntelRecords
from domain.rulesets.lote.intel.rules import OP_SECTOR, SUBVERSION
from domain.rulesets.lote.model.state import State

R = msgspec.structs.replace
SEEN = frozenset({"noticed", "detected", "blown"})
NAMED = frozenset({"detected", "blown"})
DECAY_KIND: Final[Literal["infiltration"]] = "infiltration"
# [L6966-6991] the bonuses a subverted sector gives, for the GM reading an operation against it
BONUSES = {
    "military": "a big bonus to provoke mutinies, army revolts and subvert leaders [L6966-6968]",
    "populace": "a big bonus on all Cause Unrest operations [L6969-6971]",
    "religion": "big bonuses to all religious operations against the nation [L6986-6989]",
}


def key(owner: str, target: str, sector: str, kind: InfiltrationKind = "ie") -> str:
    return f"{owner}>{target}:{sector}" + (":si" if kind == "si" else "")


def key_of(x: Infiltration) -> str:
    return key(x.owner, x.target, x.sector, x.kind)


def subverted(x: Infiltration) -> bool:
    return x.kind == "ie" and x.level >= SUBVERSION


def turned(records: IntelRecords, x: Infiltration) -> bool:
    """Whether the infiltrated nation's Subvert Infiltration holds this infiltration at 10 ([L7223-7228])."""
    si = records.infiltrations.get(key(x.target, x.owner, x.sector, "si"))
    return x.kind == "ie" and si is not None and si.level >= SUBVERSION


def mi_key(nation: str, target_nation: str | None, target: str) -> str:
    """The infiltration an MI line maintains: `<sector>` (its own) or `si:<sector>` (its Subvert Infiltration)."""
    if target.startswith("si:"):
        return key(nation, target_nation or "", target[3:], "si")
    return key(nation, target_nation or "", target)


def _seen(x: Infiltration, detection: str) -> Infiltration:
    if detection not in SEEN:
        return x
    return R(x, detected=True, owner_known=x.owner_known or detection in NAMED)


def _put(infs: dict[str, Infiltration], x: Infiltration) -> None:
    if x.level <= 0:
        infs.pop(key_of(x), None)
        if x.kind == "ie":  # a Subvert Infiltration of it has nothing left to work on
            infs.pop(key(x.target, x.owner, x.sector, "si"), None)
    else:
        infs[key_of(x)] = x


def _raise(infs: dict[str, Infiltration], fresh: Infiltration, levels: int, detection: str) -> Infiltration:
    x = infs.get(key_of(fresh), fresh)
    x = _seen(R(x, level=x.level + levels), detection)
    _put(infs, x)
    return x


def settled(state: State, event: IntelOperationSettled) -> dict[str, Infiltration]:
    """The infiltrations after the GM's ruling on an IE, MI, SI or PI (other codes leave them as they are)."""
    infs = dict(state.intel.infiltrations)
    code, turn, ok = event.code, event.turn, event.result == "success"
    target, sector = event.target_nation or "", event.sector or ""
    if code == "IE" and sector:
        if ok and event.levels > 0:
            fresh = Infiltration(event.nation, target, sector, 0, since_turn=turn, maintained_turn=turn)
            _raise(infs, fresh, event.levels, event.detection)
        elif key(event.nation, target, sector) in infs:
            _put(infs, _seen(infs[key(event.nation, target, sector)], event.detection))
    elif code == "MI":
        found = infs.get(mi_key(event.nation, event.target_nation, event.target))
        if found is not None:
            kept = R(found, maintained_turn=turn) if ok else R(found, level=found.level + min(event.levels, 0))
            _put(infs, _seen(kept, event.detection))
    elif code == "SI" and sector:
        if ok and event.levels > 0:
            fresh = Infiltration(event.nation, target, sector, 0, kind="si", since_turn=turn, maintained_turn=turn)
            _carry(state, infs, _raise(infs, fresh, event.levels, event.detection), turn)
        elif key(event.nation, target, sector, "si") in infs:
            _put(infs, _seen(infs[key(event.nation, target, sector, "si")], event.detection))
    elif code == "PI" and sector and ok and event.levels < 0:
        for x in list(infs.values()):
            if x.kind == "ie" and x.target == event.nation and x.sector == sector and target in ("", x.owner):
                _put(infs, R(x, level=x.level + event.levels, detected=True))
    return infs


def _carry(state: State, infs: dict[str, Infiltration], si: Infiltration, turn: int) -> None:
    """[L7220-7223] past 10, the Subvert Infiltration carries over into the infiltrator's Espionage Service."""
    if si.level <= SUBVERSION:
        return
    infs[key_of(si)] = R(si, level=SUBVERSION)
    fresh = Infiltration(si.owner, si.target, "espionage", 0, since_turn=turn, maintained_turn=turn)
    spy = infs.get(key_of(fresh), fresh)
    if state.settings.p2b_si_carry_over == "level":
        spy = R(spy, level=max(spy.level, si.level))
    else:
        spy = R(spy, level=spy.level + si.level - SUBVERSION)
    infs[key_of(spy)] = spy


def decayed(state: State, event: InfiltrationDecayed) -> dict[str, Infiltration]:
    infs = dict(state.intel.infiltrations)
    found = infs.get(event.key)
    if found is not None:
        _put(infs, _seen(R(found, level=found.level - event.levels), event.detection))
    return infs


# --- R5: what resolution puts before the GM -----------------------------------------------------------


def decay_item_id(turn: int, x: Infiltration) -> str:
    suffix = "-si" if x.kind == "si" else ""
    return f"t{turn}-{x.owner}-infiltration-{x.target}-{x.sector}{suffix}"


def unmaintained(state: State, maintained: Iterable[str]) -> list[Infiltration]:
    """Infiltrations held at the start of the turn that no MI line names (`maintained`: the keys MI lines name)."""
    named = set(maintained)
    return [x for k, x in sorted(state.intel.infiltrations.items()) if k not in named and x.level > 0]


def decay_explanation(state: State, x: Infiltration) -> str:
    owner, target = state.nations.get(x.owner), state.nations.get(x.target)
    what = "Subvert Infiltration of the infiltration of its" if x.kind == "si" else "infiltration of"
    parts = [
        f"[L7054-7058] {owner.name if owner else x.owner}'s {what} {target.name if target else x.target}'s "
        f"{x.sector.replace('_', ' ')} sector (level {x.level}, held since turn {x.since_turn}, last maintained on "
        f"turn {x.maintained_turn}) has no Maintain Infiltration this turn: it degrades one or more levels and "
        "confers no bonus this turn",
        "[L6940-6944] the possibility of its being discovered by the target increases dramatically"
        + ("; the target already knows of it" if x.detected else ""),
        "rule: levels lost (1 or more) and detection hidden | noticed | detected (RuleInfiltrationDecay); "
        "ConfirmAdjudication: 1 level, hidden",
    ]
    return "; ".join(parts)


# --- notes on operations' items (registered in resolve.NOTE_SOURCES) ------------------------------------


def notes(state: State, op: IntelOp) -> list[str]:
    """What the GM needs to know of the infiltrations an operation touches."""
    records = state.intel
    out: list[str] = []
    sector = op.sector if op.code in ("IE", "MI", "SI") else OP_SECTOR.get(op.code)
    if op.code == "AO":
        sector = op.target if op.target in ("government", "religion") else None
    if op.target_nation and sector and not sector.startswith("si:") and op.code != "SI":
        held = records.infiltrations.get(key(op.nation, op.target_nation, sector))
        if held is not None:
            state_of = "subverted" if subverted(held) else f"level {held.level}"
            fresh = held.maintained_turn >= state.turn - 1
            out.append(
                f"{op.nation}'s infiltration of {op.target_nation}'s {sector}: {state_of}"
                + ("" if fresh else ", not maintained last turn: no bonus ([L7054-7058])")
                + (" (bonus to operations against that sector, [L6937-6940])" if fresh else "")
            )
            if subverted(held) and sector in BONUSES:
                out.append(f"subverted {sector.replace('_', ' ')}: {BONUSES[sector]}")
            if turned(records, held):
                out.append(
                    f"{op.target_nation} turned it (Subvert Infiltration at 10): it feeds back what "
                    f"{op.target_nation} wants and is a tripwire for this operation ([L7223-7228])"
                )
    if op.code in ("PI", "SI") and op.sector:
        hits = [
            x
            for x in records.infiltrations.values()
            if x.kind == "ie" and x.target == op.nation and x.sector == op.sector
            and ((op.code == "PI" and op.target_nation in (None, "", x.owner)) or x.owner == op.target_nation)
        ]  # fmt: skip
        found = ", ".join(f"{x.owner} level {x.level}" + (" (detected)" if x.detected else "") for x in hits)
        out.append(f"infiltrations of {op.nation}'s {op.sector}: {found or 'none'}")
        for x in hits:
            form = state.forms.get(x.owner)
            lines = form.lines.values() if form is not None else ()
            for o in lines:
                if (
                    isinstance(o, IntelOperation)
                    and o.code == "MI"
                    and mi_key(x.owner, o.target_nation, o.target) == (key_of(x))
                ):
                    out.append(f"{x.owner} maintains it this turn with MI+{o.bonus}: it resists ([L7058-7063])")
        if op.code == "PI":
            out.append("the sector may lose some capacity, spies or not ([L7069-7078]): SetNationParameter")
    if op.code == "MI":
        held = records.infiltrations.get(mi_key(op.nation, op.target_nation, op.target))
        out.append(f"maintains level {held.level}" if held is not None else "the infiltration is gone")
    return out
