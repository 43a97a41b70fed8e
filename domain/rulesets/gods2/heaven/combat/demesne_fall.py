"""What happens when a demesne reaches 0 hit points ([003:376])."""

from __future__ import annotations

from domain.rulesets.gods2.heaven.combat.events import CombatEnded, DemesneFell
from domain.rulesets.gods2.heaven.locales.events import CharacterMoved
from domain.rulesets.gods2.kernel.model import Combat, State


def demesne_fell(state: State, combat: Combat) -> list[object]:
    demesne = state.demesnes[combat.defender.id]
    attacker = state.characters[combat.attacker.id]
    events: list[object] = [
        CombatEnded(combat_id=combat.id, outcome="demesne_fell", winner=attacker.id, loser=demesne.id),
        DemesneFell(
            combat_id=combat.id,
            demesne=demesne.id,
            attacker=attacker.id,
            from_inside=combat.from_inside,
            former_owners=list(demesne.owners) if combat.from_inside else [],
        ),
    ]
    if not combat.from_inside:
        events.append(CharacterMoved(character=attacker.id, from_locale=attacker.locale, to_locale=demesne.id))
    return events
