"""Every message of `lote` in one namespace: the commands (`model/commands.py`, `model/orders.py`, each area's
`commands.py`) and the events (`model/events.py`, `model/report_events.py`, each area's `events.py`).

Only `turn/` and `reports/` import this module: an area below them that did would import every other area.
"""

from __future__ import annotations

from domain.rulesets.lote.control.commands import *  # noqa: F403
from domain.rulesets.lote.control.events import *  # noqa: F403
from domain.rulesets.lote.dynasty.commands import *  # noqa: F403
from domain.rulesets.lote.dynasty.events import *  # noqa: F403
from domain.rulesets.lote.dynasty.orders import *  # noqa: F403
from domain.rulesets.lote.finance.events import *  # noqa: F403
from domain.rulesets.lote.finance.orders import *  # noqa: F403
from domain.rulesets.lote.intel.commands import *  # noqa: F403
from domain.rulesets.lote.intel.events import *  # noqa: F403
from domain.rulesets.lote.intel.orders import *  # noqa: F403
from domain.rulesets.lote.leaders.commands import *  # noqa: F403
from domain.rulesets.lote.leaders.events import *  # noqa: F403
from domain.rulesets.lote.military.commands import *  # noqa: F403
from domain.rulesets.lote.military.events import *  # noqa: F403
from domain.rulesets.lote.military.pillage_events import *  # noqa: F403
from domain.rulesets.lote.model.commands import *  # noqa: F403
from domain.rulesets.lote.model.events import *  # noqa: F403
from domain.rulesets.lote.model.report_events import *  # noqa: F403
from domain.rulesets.lote.religion.commands import *  # noqa: F403
from domain.rulesets.lote.religion.events import *  # noqa: F403
from domain.rulesets.lote.religion.orders import *  # noqa: F403
from domain.rulesets.lote.trade.commands import *  # noqa: F403
from domain.rulesets.lote.trade.events import *  # noqa: F403

Command = (
    CoreCommand  # noqa: F405
    | LeaderCommand  # noqa: F405
    | MilitaryCommand  # noqa: F405
    | ControlCommand  # noqa: F405
    | TradeCommand  # noqa: F405
    | IntelCommand  # noqa: F405
    | DynastyCommand  # noqa: F405
    | ReligionCommand  # noqa: F405
)
Event = (
    CoreEvent  # noqa: F405
    | LeaderEvent  # noqa: F405
    | MilitaryEvent  # noqa: F405
    | PillageEvent  # noqa: F405
    | ControlEvent  # noqa: F405
    | FinanceEvent  # noqa: F405
    | DynastyEvent  # noqa: F405
    | TradeEvent  # noqa: F405
    | IntelEvent  # noqa: F405
    | ReligionEvent  # noqa: F405
)
GM_COMMANDS = (
    CORE_GM_COMMANDS  # noqa: F405
    | LEADER_GM_COMMANDS  # noqa: F405
    | MILITARY_GM_COMMANDS  # noqa: F405
    | CONTROL_GM_COMMANDS  # noqa: F405
    | TRADE_GM_COMMANDS  # noqa: F405
    | INTEL_GM_COMMANDS  # noqa: F405
    | DYNASTY_GM_COMMANDS  # noqa: F405
    | RELIGION_GM_COMMANDS  # noqa: F405
)
