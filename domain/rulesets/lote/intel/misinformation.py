"""Conceal Fact and misinformation in the report layer (§7.3.5 [L6836-6849], §7.3.20 [L7114-7130], §7.3.26
[L7216-7231]; digest §1.6). The truth is never touched: these commands change only what is printed, and only the
GM sees them as such (a seat reads the Newsfax or its copy of a report as printed, never the marks).

- `ConcealFact`: "If successful the datum being protected ... will not be revealed in the Newsfax": the GM keeps a
  drafted Newsfax line out of print on the strength of a Conceal Fact he ruled a success this turn. (That it is
  not revealed "by an opposing Reveal Fact operation" is his ruling on that RF: its item lists the Conceal Facts
  in force, and its effect is what he writes.)
- `PlantMisinformation`: "A sufficiently well supported Conceal Fact can also produce misinformation - including,
  but not limited to - MSI manipulation, phantom armies and cities, and events that never occurred": a fabricated
  Newsfax line and/or a faked MSI on the rankings, on the strength of a Conceal Fact ruled a success this turn
  (how well supported is enough is the GM's).
- `FeedMisinformation`: "Once the targeted infiltration has been compromised, it can be used to feed 'bad'
  information back to the other nation" ([L7223-7226]): what a spymaster's copy of the report prints, where the
  nation copied turned its infiltration (Subvert Infiltration at 10) or ran a Conceal Fact ruled a success this
  turn.
- A Reveal Fact's false answer ("A failed RF operation may return false information", [L7124-7127]) is its
  settlement's `effect` with `misinformation` set (`intel/decide.py`).
"""

from __future__ import annotations

import re

from domain.engine import Rejected
from domain.engine.bounds import SIGNED_DECIMAL
from domain.rulesets.lote.intel.commands import ConcealFact, FeedMisinformation, PlantMisinformation
from domain.rulesets.lote.intel.events import FactConcealed, MisinformationFed, MisinformationPlanted
from domain.rulesets.lote.intel.infiltration import turned
from domain.rulesets.lote.intel.records import IntelOp
from domain.rulesets.lote.intel.subversion import LINE_KINDS, grants
from domain.rulesets.lote.model.report_types import NewsItem
from domain.rulesets.lote.model.state import State

FIELD = re.compile(r"[a-z_]+(\.[a-z0-9_]+)?")
PLANTED_PREFIX = "misinformation-"


def _reason(reason: str) -> str:
    if not reason.strip():
        raise Rejected("lote.reason_required", "A GM ruling needs a reason.")
    return reason


def _concealment(state: State, item_id: str) -> IntelOp:
    op = state.intel.ops.get(item_id)
    if op is None or op.code != "CF" or op.result != "success" or op.turn != state.turn:
        raise Rejected(
            "lote.intel_not_a_concealment",
            f"{item_id!r} is not a Conceal Fact ruled a success this turn ([L6840-6845]): settle one first.",
        )
    return op


def _nation(state: State, nation: str) -> None:
    if nation not in state.nations:
        raise Rejected("lote.unknown_nation", f"There is no nation {nation!r}.")


def decide_conceal(state: State, command: ConcealFact) -> list[object]:
    _concealment(state, command.item_id)
    item = state.press.items.get(command.news_item)
    if item is None:
        drafted = ", ".join(sorted(state.press.items)) or "none"
        raise Rejected("lote.unknown_news", f"No Newsfax line {command.news_item!r} (drafted: {drafted}).")
    if item.concealed:
        raise Rejected("lote.intel_already_concealed", f"Newsfax line {command.news_item!r} is already concealed.")
    return [FactConcealed(item_id=command.item_id, news_item=command.news_item, reason=_reason(command.reason))]


def decide_plant(state: State, command: PlantMisinformation) -> list[object]:
    op = _concealment(state, command.item_id)
    reason = _reason(command.reason)
    if not command.text.strip() and command.msi is None:
        raise Rejected(
            "lote.intel_empty_misinformation", "Give the fabricated Newsfax line (`text`), a faked `msi`, or both."
        )
    if command.nation is not None:
        _nation(state, command.nation)
    if command.msi is not None and not SIGNED_DECIMAL.fullmatch(command.msi):
        raise Rejected("lote.bad_value", "msi is a number as the rankings print it (e.g. 12.5).")
    news = None
    if command.text.strip():
        n = len(state.press.items) + 1
        while f"{PLANTED_PREFIX}t{state.turn}-{n}" in state.press.items:
            n += 1
        news = NewsItem(
            item_id=f"{PLANTED_PREFIX}t{state.turn}-{n}",
            kind="announcement" if command.nation is None else "narrative",
            text=command.text,
            nation=command.nation,
            fabricated=True,
        )
    msi_nation = (command.nation or op.nation) if command.msi is not None else None
    return [MisinformationPlanted(item_id=op.item_id, reason=reason, news=news, nation=msi_nation, msi=command.msi)]


def channel(state: State, recipient: str, nation: str) -> str | None:
    """What lets `nation` feed `recipient` misinformation: a turned infiltration, or a Conceal Fact this turn."""
    for x in sorted(state.intel.infiltrations.values(), key=lambda x: x.sector):
        if x.owner == recipient and x.target == nation and turned(state.intel, x):
            return f"turned infiltration of {nation}'s {x.sector}"
    for op in sorted(state.intel.ops.values(), key=lambda o: o.item_id):
        if op.code == "CF" and op.nation == nation and op.result == "success" and op.turn == state.turn:
            return op.item_id
    return None


def decide_feed(state: State, command: FeedMisinformation) -> list[object]:
    _nation(state, command.recipient)
    _nation(state, command.nation)
    reason = _reason(command.reason)
    if (command.recipient, command.nation) not in grants(state):
        raise Rejected(
            "lote.intel_no_copy",
            f"{command.recipient} holds no subverted sector of {command.nation} that copies its report to it "
            "([L6952-6991]).",
        )
    source = channel(state, command.recipient, command.nation)
    if source is None:
        raise Rejected(
            "lote.intel_no_channel",
            f"{command.nation} has neither turned {command.recipient}'s infiltration (Subvert Infiltration at 10, "
            "[L7223-7226]) nor a Conceal Fact ruled a success this turn ([L6845-6849]) to feed it misinformation.",
        )
    kind, _, subject = command.key.partition(":")
    if not ((kind in LINE_KINDS and subject) or FIELD.fullmatch(command.key)):
        raise Rejected(
            "lote.unknown_report_field",
            f"{command.key!r} is neither a stat-sheet field (like 'gp' or 'support.troop') nor a line key like "
            "'region:<name>', 'city:<name>', 'leader:<id>', 'fleet:<id>' or 'route:<id>'.",
        )
    return [
        MisinformationFed(
            recipient=command.recipient,
            nation=command.nation,
            key=command.key,
            text=command.text,
            reason=reason,
            source=source,
        )
    ]
