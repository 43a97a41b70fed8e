"""The Gods II (`gods2`): Heaven in real time (chapter 4), with the mana ledger the Earth half will share.

One always-open `session` phase: commands are decided at once; the timed rules (30 minutes dead, 10 minutes after
disengaging, 3-minute speeches, duel times, five-second bodyguard windows) are engine timers fired by
`FireDueTimers`. Rules that are data (powers, spheres, mana sources, offices) come from a versioned content pack.
Earth in Era Centrum (chapter 5) lives in `earth/`: its centuries are driven by referee commands inside the same
`session` phase (see `earth/__init__.py`).

Folders by rule area: `kernel/` (the model, the content pack, the mana ledger and the events both halves share),
`heaven/` (`combat/`, `council/`, `powers/`, `locales/`, `life`, `mana`; see `heaven/__init__.py`) and `earth/`.
Heaven and Earth never import each other; this package's own modules compose them: `commands` and `events`
(the unions), `decide` (routing), `evolve` (folding), `views`. The import-linter contracts in pyproject.toml keep it so.
"""

from __future__ import annotations

import msgspec

from domain.engine import ContentHooks, Phase, Ruleset
from domain.engine.content import decode_pack, inconsistent
from domain.rulesets.gods2.campaign import carry_over
from domain.rulesets.gods2.commands import GM_COMMANDS, Command
from domain.rulesets.gods2.decide import available, decide, on_timer, validate_seat
from domain.rulesets.gods2.earth.dice_purposes import DICE_PURPOSES
from domain.rulesets.gods2.earth.setup import initial_state
from domain.rulesets.gods2.events import Event
from domain.rulesets.gods2.evolve import evolve
from domain.rulesets.gods2.kernel.content import ContentPack, pack_problems
from domain.rulesets.gods2.kernel.model import Settings, Setup, State
from domain.rulesets.gods2.views import View, redact, view_for


def _validate_pack(document: bytes) -> ContentPack:
    """An uploaded pack: the sample pack's format (`content/sample-v1.json`), checked by `pack_problems`."""
    pack = decode_pack(document, ContentPack)
    problems = pack_problems(pack)
    if problems:
        raise inconsistent(problems)
    return pack


def _pin_pack(setup: Setup, pack: ContentPack) -> Setup:
    return msgspec.structs.replace(setup, content=pack)  # the pack travels in the scenario's `content`


ruleset = Ruleset(
    id="gods2",
    version=1,
    title="The Gods II",
    description="Live-action god game: Heaven in real time (locales, mana, powers, combat, death, Council).",
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
    on_timer=on_timer,
    phases=(Phase("session"),),
    dice_purposes=DICE_PURPOSES,
    carry_over=carry_over,
    content=ContentHooks(
        validate=_validate_pack,
        pin=_pin_pack,
        sample=("domain/rulesets/gods2/content/sample-v1.json",),
        pack_type=ContentPack,
    ),
)

__all__ = ["ruleset"]
