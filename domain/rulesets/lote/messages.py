"""Every message of `lote` in one namespace: the commands (`commands.py`, `orders.py`) and the events (`events.py`)."""

from __future__ import annotations

from domain.rulesets.lote.commands import *  # noqa: F403
from domain.rulesets.lote.events import *  # noqa: F403
from domain.rulesets.lote.report_events import *  # noqa: F403
