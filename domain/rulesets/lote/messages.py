"""Every message of `lote` in one namespace: the commands (`commands.py`, `orders.py`) and the events (`events.py`)."""

from __future__ import annotations

from domain.rulesets.lote.model.commands import *  # noqa: F403
from domain.rulesets.lote.model.events import *  # noqa: F403
from domain.rulesets.lote.model.report_events import *  # noqa: F403
