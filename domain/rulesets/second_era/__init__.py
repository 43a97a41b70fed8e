"""`second-era`: the forum god game "The Second Era" (seed 002), organised in rules/second-era.md.

Each god guides one nomadic tribe of the race chosen in the First Era. A turn is one orders phase: gods give
up to 3 Actions and any free orders, sealed until the phase closes; then the turn is resolved in the order of
`resolve.RESOLUTION_ORDER`. Five Towns, Shrines or Floors standing on one Land through the end of the
following turn win the Era. Rules that are data live in `content/`; readings of ambiguous text are in
`settings.Settings` and the docstrings that cite the line they read.

Where the readings live (digest numbers in brackets):
- harvest: per fauna entry [#19], "Foraging" = Farmer [#20], additive bonuses, one rounding (economy.py);
  harvest after moving [#18] and a god's mana drawn from its tribe (settings.py);
- instant spells per level [#21], battle spells from the free slot, artefacts' constant battle effects
  (resolve/instants.py); the tribe's own spell choice (magic.choose_spells);
- hero overlap [#22] and flat-then-percentage war scores and slots [#23] (battle.py, magic.spell_slots);
- battles: who defends, invasion order, fall-back Lands (resolve/battles.py); which clans fall first
  (content/clans.json `loss_order`); the hero killed [#24] and the hero levelled (SetChampion);
- monster ability costs [#25], monster rounding, raids take no Land, hunger from the turn after spawning
  (monsters.py, resolve/monster_battle.py, resolve/monsters.py);
- sealed bids for Raze and hostile Travel [#27] (resolve/raze.py, resolve/travel.py, setting `raze_bids`);
- starvation and every other shortfall: recorded in `UpkeepPaid`, ruled by the GM (RemoveClans,
  AdjustStockpile, AddClans, AdjustGodMana); unpaid Adaptation (`AdaptationUnpaid`: RelocateTribe) and a tribe
  left with no Clans (`TribeEmptied`: DeclareTribeExtinct or AddClans) (fate_events.py, decide_now.py);
- monsters' magic [002:104]: transmuting the hoard and curses only by order, Travel by order, no Sacrifice
  (resolve/monster_magic.py, decide_monsters.py); raid loot of the monster's choice, a spell included
  (resolve/monster_battle.py); trade with another god's tribe when that god agrees ([002:107] "friendly",
  trade_sides.py);
- across eras (eras.py): the next era starts from this one's end with the winner's edifice [002:123]
  (`POST /v1/games/{id}/successor`); First-Era actions at the cost the GM sets [002:5] (`PerformFirstEraAct`, a
  catalogue in the scenario or a content pack); the GM's typed map changes (map_rulings.py).
"""

from __future__ import annotations

from datetime import timedelta

from domain.engine import ContentHooks, Phase, Ruleset
from domain.rulesets.second_era import content
from domain.rulesets.second_era.commands import GM_COMMANDS, SEAT_COMMANDS, Command
from domain.rulesets.second_era.decide import decide
from domain.rulesets.second_era.dice_purposes import DICE_PURPOSES
from domain.rulesets.second_era.eras import FirstEraActsPack, carry_over, pin_pack, validate_pack
from domain.rulesets.second_era.events import Event
from domain.rulesets.second_era.evolve import evolve
from domain.rulesets.second_era.resolve import resolve_turn
from domain.rulesets.second_era.scenario import Setup, initial_state
from domain.rulesets.second_era.settings import Settings
from domain.rulesets.second_era.state import State
from domain.rulesets.second_era.views import View, available, redact, validate_seat, view_for

content.load_all()

ORDERS_DEADLINE = timedelta(days=2)

ruleset = Ruleset(
    id="second-era",
    version=1,
    title="The Second Era",
    description=__doc__ or "",
    command_type=Command,
    event_type=Event,
    setup_type=Setup,
    settings_type=Settings,
    state_type=State,
    view_type=View,
    initial_state=initial_state,
    decide=decide,
    evolve=evolve,
    view_for=view_for,
    redact=redact,
    available=available,
    gm_commands=GM_COMMANDS,
    validate_seat=validate_seat,
    dice_purposes=DICE_PURPOSES,
    phases=(Phase("orders", commands=SEAT_COMMANDS, deadline=ORDERS_DEADLINE, resolver=resolve_turn),),
    carry_over=carry_over,
    content=ContentHooks(
        validate=validate_pack,
        pin=pin_pack,
        sample=("domain/rulesets/second_era/content/first-era-acts-sample.json",),
        pack_type=FirstEraActsPack,
    ),
)

__all__ = ["Settings", "Setup", "State", "View", "ruleset"]
