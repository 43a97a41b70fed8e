"""The orders phase: 3 Actions a turn, sealed orders, movement rules ([002:5-6], [002:47-51])."""

from __future__ import annotations

from datetime import timedelta

from domain.engine.messages import PhaseStarted
from domain.rulesets.second_era import ruleset
from domain.rulesets.second_era.commands import (
    CancelOrder,
    GrowTribe,
    MoveTribe,
    RemoveClans,
    SetClanRoles,
    SetSpellOrders,
)
from domain.rulesets.second_era.events import OrderCancelled, OrderFailed, OrderGiven, TribeMoved, TurnReported
from domain.rulesets.second_era.views import redact, view_for
from tests.domain.harness import GM, T0, seat
from tests.domain.second_era.world import ANN, BOB, move_to, new_game, of, resolve

OBSERVER = seat("watcher", role="observer")


def test_the_turn_opens_with_an_orders_phase_and_a_deadline() -> None:
    """Turn flow: one orders phase per turn with a deadline; closing it resolves the turn."""
    game = new_game()
    assert game.events[-1] == PhaseStarted(turn=1, phase="orders", at=T0, deadline=T0 + timedelta(days=2))
    resolve(game)
    assert (game.state.meta.turn, game.state.meta.phase) == (2, "orders")
    assert game.rules.turn == 2


def test_an_order_is_queued_sealed_until_the_turn_resolves() -> None:
    """Orders are simultaneous: giving one changes nothing until resolution."""
    game = new_game()
    events = game.when(MoveTribe(to_land="w-sea"), ANN)
    assert events == [OrderGiven(god="ann", order_no=1, order=MoveTribe(to_land="w-sea"))]
    assert game.rules.tribes["anns"].land == "w-plains"
    assert TribeMoved(tribe="anns", path=("w-sea",)) in resolve(game)
    assert game.rules.tribes["anns"].land == "w-sea"


def test_other_gods_and_observers_never_see_an_order() -> None:
    """Visibility: sealed orders are shown only to their god and the GM."""
    given = OrderGiven(god="ann", order_no=1, order=MoveTribe(to_land="w-sea"))
    assert redact(given, ANN) == given
    assert redact(given, GM) == given
    assert redact(given, BOB) is None
    assert redact(given, OBSERVER) is None
    assert redact(OrderCancelled(god="ann", order_no=1), BOB) is None


def test_a_god_sees_its_own_queued_orders_in_its_view_and_no_one_elses() -> None:
    game = new_game()
    game.when(MoveTribe(to_land="w-sea"), ANN)
    gods = {g.id: g for g in view_for(game.rules, BOB).gods}
    assert gods["ann"].orders is None and gods["ann"].mana is None
    mine = {g.id: g for g in view_for(game.rules, ANN).gods}
    assert mine["ann"].orders is not None and len(mine["ann"].orders) == 1


def test_results_are_public_but_reports_are_private() -> None:
    """What is public on the forum stays public: moves; each god's report is its own."""
    game = new_game()
    game.when(MoveTribe(to_land="w-sea"), ANN)
    events = resolve(game)
    moved = of(events, TribeMoved)[0]
    assert redact(moved, BOB) == moved
    reports = {e.god: e for e in of(events, TurnReported)}
    assert set(reports) == {"ann", "bob"}
    assert redact(reports["ann"], BOB) is None and redact(reports["ann"], ANN) == reports["ann"]


def test_a_god_has_three_actions_per_turn() -> None:
    """[002:5] 3 Actions per turn; a fourth is refused."""
    game = new_game()
    for role in ("farmer", "miner", "war"):
        game.when(GrowTribe(role=role), ANN)
    assert game.rejects(GrowTribe(role="mage"), ANN).code == "second_era.no_actions_left"


def test_free_orders_do_not_use_an_action() -> None:
    """[002:13] [002:15] free orders (here spell orders) are beyond the 3 Actions."""
    game = new_game()
    for role in ("farmer", "miner", "war"):
        game.when(GrowTribe(role=role), ANN)
    game.when(SetSpellOrders(spells=None), ANN)


def test_a_cancelled_order_gives_its_action_back() -> None:
    game = new_game()
    for role in ("farmer", "miner", "war"):
        game.when(GrowTribe(role=role), ANN)
    game.when(CancelOrder(order_no=2), ANN)
    game.when(GrowTribe(role="mage"), ANN)
    assert [q.order_no for q in game.rules.orders["ann"]] == [1, 3, 4]


def test_cancelling_an_unknown_order_is_refused() -> None:
    assert new_game().rejects(CancelOrder(order_no=7), ANN).code == "second_era.unknown_order"


def test_actions_come_back_each_turn() -> None:
    """[002:5] 3 Actions per turn, every turn."""
    game = new_game()
    for land in ("w-sea", "w-volcano", "w-plains"):
        game.when(MoveTribe(to_land=land), ANN)
    resolve(game)
    game.when(MoveTribe(to_land="w-sea"), ANN)


def test_only_a_seat_that_controls_a_god_may_give_orders() -> None:
    game = new_game()
    assert game.rejects(MoveTribe(to_land="w-sea"), GM).code == "second_era.no_god"


def test_a_tribe_moves_within_its_continent() -> None:
    """[002:6] any different Land within the same Continent."""
    game = new_game()
    game.when(MoveTribe(to_land="w-volcano"), ANN)
    assert game.rejects(MoveTribe(to_land="w-volcano"), ANN).code == "second_era.not_reachable"


def test_a_tribe_crosses_to_another_continent_only_along_a_connection() -> None:
    """[002:6] a connected Land in a different Continent; each step is an Action."""
    game = new_game()
    assert game.rejects(MoveTribe(to_land="e-sea"), ANN).code == "second_era.not_reachable"
    game.when(MoveTribe(to_land="w-sea"), ANN)
    game.when(MoveTribe(to_land="e-sea"), ANN)
    assert of(resolve(game), TribeMoved)[0].path == ("w-sea", "e-sea")


def test_moving_to_an_unknown_land_is_refused() -> None:
    assert new_game().rejects(MoveTribe(to_land="atlantis"), ANN).code == "second_era.unknown_land"


def test_a_terrestrial_tribe_needs_a_spell_slot_to_move_into_the_sky() -> None:
    """[002:48] Terrestrial races need one Spell Slot of Adaptation for the Sky or the Abyss."""
    game = new_game(ann_clans={"farmer": 3})
    assert game.rejects(MoveTribe(to_land="w-sky"), ANN).code == "second_era.needs_adaptation"
    mage = new_game(ann_clans={"farmer": 2, "mage": 1})
    mage.when(MoveTribe(to_land="w-sky"), ANN)


def test_subterranean_tribes_need_two_slots_for_a_volcano_but_none_for_plains() -> None:
    """[002:49] two Spell Slots for Sky or Volcano; [002:51] Plains and Seas are free to all."""
    game = new_game(nature="subterranean", ann_land="w-caves", bob_land="e-abyss", ann_clans={"mage": 1, "miner": 2})
    assert game.rejects(MoveTribe(to_land="w-volcano"), ANN).code == "second_era.needs_adaptation"
    game.when(MoveTribe(to_land="w-plains"), ANN)
    two = new_game(nature="subterranean", ann_land="w-caves", bob_land="e-abyss", ann_clans={"mage": 2, "miner": 1})
    two.when(MoveTribe(to_land="w-volcano"), ANN)


def test_the_available_commands_are_the_orders_for_a_god_and_rulings_for_the_gm() -> None:
    game = new_game()
    assert "MoveTribe" in ruleset.available(game.rules, ANN)
    assert "RemoveClans" not in ruleset.available(game.rules, ANN)
    assert "RemoveClans" in ruleset.available(game.rules, GM)
    assert "MoveMonster" not in ruleset.available(game.rules, ANN)  # no monster yet


def test_actions_are_no_longer_available_once_three_are_given() -> None:
    """[002:5] 3 Actions per turn; free orders stay available."""
    game = new_game()
    for role in ("farmer", "miner", "war"):
        game.when(GrowTribe(role=role), ANN)
    tags = ruleset.available(game.rules, ANN)
    assert "GrowTribe" not in tags and "MoveTribe" not in tags
    assert "SetSpellOrders" in tags and "OfferTrade" in tags


def test_moving_onto_a_free_land_after_another_tribe_left_it_causes_no_battle() -> None:
    """[002:6] only ending the turn on an occupied Land forces a battle: two tribes may swap Lands."""
    game = new_game()
    move_to(game, "bobs", "w-sea")
    resolve(game)
    game.when(MoveTribe(to_land="w-sea"), ANN)
    game.when(MoveTribe(to_land="w-plains"), BOB)
    events = resolve(game)
    assert not [e for e in events if type(e).__name__ == "BattleFought"]
    assert (game.rules.tribes["anns"].land, game.rules.tribes["bobs"].land) == ("w-sea", "w-plains")


def test_mage_clans_ordered_this_turn_count_for_adaptation() -> None:
    """[002:48] free orders (clan roles) resolve before moving: a new Mage clan opens the Sky this turn."""
    game = new_game(ann_clans={"farmer": 3})
    game.when(SetClanRoles(clans={"farmer": 2, "mage": 1}), ANN)
    game.when(MoveTribe(to_land="w-sky"), ANN)
    resolve(game)
    assert game.rules.tribes["anns"].land == "w-sky"


def test_a_move_into_a_habitat_the_tribe_can_no_longer_live_on_fails_at_resolution() -> None:
    """[002:48] the tribe stops before the Sky when its Mage clan is gone by the time it moves."""
    game = new_game(ann_clans={"farmer": 2, "mage": 1})
    game.when(MoveTribe(to_land="w-sea"), ANN)
    game.when(MoveTribe(to_land="w-sky"), ANN)
    game.when(RemoveClans(tribe="anns", role="mage", count=1, reason="plague"), GM)
    events = resolve(game)
    assert of(events, OrderFailed)[0].code == "second_era.needs_adaptation"
    assert game.rules.tribes["anns"].land == "w-sea"
