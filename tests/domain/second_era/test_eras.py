"""Across eras: the winner's edifice carries into the next era [002:123]; First-Era actions at their old cost
[002:5]."""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine.messages import GameEnded
from domain.rulesets.second_era import ruleset
from domain.rulesets.second_era.commands import BuildStructure, GrowTribe
from domain.rulesets.second_era.economy import harvest
from domain.rulesets.second_era.era_commands import PerformFirstEraAct
from domain.rulesets.second_era.era_events import FirstEraActPerformed
from domain.rulesets.second_era.era_values import Edifice, FirstEraAct
from domain.rulesets.second_era.eras import carry_over, start_clans
from domain.rulesets.second_era.events import EdificeRaised, EraWon, ManaSpent, OrderFailed, StructureBuilt
from domain.rulesets.second_era.settings import Settings
from domain.rulesets.second_era.state import Structure
from domain.rulesets.second_era.values import Resources
from tests.domain.harness import Game
from tests.domain.second_era.world import ANN, BOB, fauna, make_setup, new_game, of, resolve, stock

ACTS = [
    FirstEraAct(id="create-fauna", name="Create Fauna", mana=10, effect="A fauna appears."),
    FirstEraAct(id="raise-causeway", name="Raise Causeway", mana=15, resources={"production": 5}),
]


def _won_city(game: Game) -> Game:
    for n in range(5):
        town = Structure(id=f"town-ann-{n + 1}", kind="town", land="w-plains", tribe="anns", built_turn=1)
        game.given(StructureBuilt(structure=town, cost=Resources()))
    resolve(game)
    assert of(resolve(game), EraWon) and game.state.meta.status == "ended"
    return game


def _next_era(setup: Any, **kw: Any) -> Game:
    return Game(ruleset, setup, seats=["ann", "bob"], **kw)


def test_the_winner_starts_the_next_era_with_the_edifice_it_constructed() -> None:
    """[002:123] "They also start the next era with the edifice they have constructed." """
    game = _won_city(new_game())
    assert game.rules.won == (Edifice(land="w-plains", edifice="city", kind="town", god="ann", tribe="anns"),)
    setup = carry_over(game.rules, Settings())
    assert setup.edifices == [Edifice(land="w-plains", edifice="city", kind="town", god="ann", tribe="anns")]
    nxt = _next_era(setup)
    assert nxt.rules.edifices["w-plains"].edifice == "city"
    assert [e.edifice for e in nxt.view(BOB).edifices] == ["city"]  # public, like the map
    assert nxt.rules.structures == {} and nxt.rules.winner is None and nxt.state.meta.status == "running"


def test_a_carried_edifice_does_not_win_the_next_era_again() -> None:
    """[002:125-129] an Era is won by an edifice completed in it; the carried City is the last Era's victory."""
    nxt = _next_era(carry_over(_won_city(new_game()).rules, Settings()))
    for _ in range(3):
        events = resolve(nxt)
        assert not of(events, EdificeRaised) and not of(events, EraWon) and not of(events, GameEnded)


def test_a_carried_city_grants_its_five_towns_bonuses_to_its_builder_in_residence() -> None:
    """[002:125] each Town +25% Production and Food while the builder tribe is in residence; they stack."""
    plains = {"w-plains": [fauna("animal", 1)]}
    clans = {"miner": 1, "farmer": 2}
    towns = new_game(ann_clans=clans, fauna_on=plains)
    for n in range(5):
        town = Structure(id=f"town-{n}", kind="town", land="w-plains", tribe="anns", built_turn=1)
        towns.given(StructureBuilt(structure=town, cost=Resources()))
    city = Edifice(land="w-plains", edifice="city", kind="town", god="ann")
    carried = _next_era(msgspec.structs.replace(make_setup(ann_clans=clans, fauna_on=plains), edifices=[city]))
    with_city = harvest(carried.rules, carried.rules.tribes["anns"])
    assert with_city == harvest(towns.rules, towns.rules.tribes["anns"])
    # production 3 x 2.25 = 6.75 -> 6; food 1 x 2.25 -> 2; gold 1
    assert with_city == Resources(production=6, gold=1, food=2)
    # Away from its Land the city gives nothing: the same harvest as with no city at all.
    away = make_setup(ann_clans=clans, fauna_on=plains, ann_land="w-sea")
    elsewhere = _next_era(msgspec.structs.replace(away, edifices=[city]))
    plain = _next_era(away)
    assert harvest(elsewhere.rules, elsewhere.rules.tribes["anns"]) == harvest(plain.rules, plain.rules.tribes["anns"])


def test_the_next_era_keeps_the_map_gods_and_catalogue_and_starts_tribes_with_three_clans() -> None:
    """[002:38] each tribe consists of 3 Clans at game start; the map and gods are the First Era's legacy."""
    setup = make_setup(ann_mana=30, fauna_on={"w-sea": [fauna("animal", 2)]})
    game = Game(ruleset, msgspec.structs.replace(setup, first_era_acts=ACTS), seats=["ann", "bob"])
    stock(game, "anns", food=12, luxuries=12)
    game.when(GrowTribe(role="war"), ANN)
    game.when(GrowTribe(role="war"), ANN)
    resolve(game)
    assert game.rules.tribes["anns"].clans == {"farmer": 3, "war": 2}
    setup = carry_over(game.rules, Settings())
    assert {t.id: t.clans for t in setup.tribes} == {"anns": {"farmer": 2, "war": 1}, "bobs": {"miner": 3}}
    assert {t.id: t.land for t in setup.tribes} == {"anns": "w-plains", "bobs": "e-plains"}
    assert [(g.id, g.mana, g.spheres) for g in setup.gods] == [("ann", 30, ["life", "fire"]), ("bob", 0, ["earth"])]
    assert [(c.a, c.b) for c in setup.connections] == [("e-sea", "w-sea")]
    assert setup.first_era_acts == sorted(ACTS, key=lambda a: a.id)
    assert _next_era(setup).rules.lands == game.rules.lands


def test_start_clans_share_three_by_largest_remainders_ties_to_the_roles_lost_last() -> None:
    """[002:38] 3 Clans; [002:55-57] `loss_order` (war first ... mage last) breaks ties."""
    assert start_clans({"farmer": 4, "war": 2}) == {"farmer": 2, "war": 1}
    assert start_clans({"farmer": 1, "miner": 1, "mage": 1, "war": 1}) == {"farmer": 1, "mage": 1, "miner": 1}
    assert start_clans({"miner": 9}) == {"miner": 3}
    assert start_clans({}) == {"farmer": 3}


def _acts_game(**kw: Any) -> Game:
    setup = msgspec.structs.replace(make_setup(**kw), first_era_acts=ACTS)
    return Game(ruleset, setup, seats=["ann", "bob"])


def test_a_first_era_action_costs_what_the_gm_set() -> None:
    """[002:5] "All Actions from the previous Era are permitted at their old cost": mana from the god's pool."""
    game = _acts_game(ann_mana=12)
    game.when(PerformFirstEraAct(act="create-fauna", target="w-sea", details="a kraken"), ANN)
    events = resolve(game)
    assert ManaSpent(god="ann", from_god=10, from_tribe=0, purpose="Create Fauna (a First-Era action)") in events
    done = of(events, FirstEraActPerformed)[0]
    assert (done.act, done.mana, done.target, done.effect) == ("create-fauna", 10, "w-sea", "A fauna appears.")
    assert game.rules.gods["ann"].mana == 2


def test_a_first_era_action_pays_its_resources_from_the_tribe() -> None:
    """[002:5] the old cost, here 15 mana and 5 Production (the GM's catalogue)."""
    game = _acts_game(ann_mana=15)
    stock(game, "anns", production=7)
    game.when(PerformFirstEraAct(act="raise-causeway"), ANN)
    events = resolve(game)
    assert of(events, FirstEraActPerformed)[0].resources == Resources(production=5)
    assert game.rules.gods["ann"].mana == 0
    short = _acts_game(ann_mana=15)
    short.when(PerformFirstEraAct(act="raise-causeway"), ANN)
    failed = of(resolve(short), OrderFailed)
    assert failed and failed[0].code == "second_era.not_enough_resources" and short.rules.gods["ann"].mana == 15


def test_a_first_era_action_without_the_mana_fails_in_the_report() -> None:
    game = _acts_game(ann_mana=9)
    game.when(PerformFirstEraAct(act="create-fauna"), ANN)
    failed = of(resolve(game), OrderFailed)
    assert failed[0].code == "second_era.not_enough_mana" and not of(game.events, FirstEraActPerformed)


def test_a_first_era_action_is_one_of_the_three_actions() -> None:
    """[002:5] "As before, you have 3 Actions per turn." """
    game = _acts_game(ann_mana=100)
    game.when(PerformFirstEraAct(act="create-fauna"), ANN)
    game.when(PerformFirstEraAct(act="create-fauna"), ANN)
    game.when(BuildStructure(kind="town"), ANN)
    assert game.rejects(PerformFirstEraAct(act="create-fauna"), ANN).code == "second_era.no_actions_left"


def test_only_the_games_first_era_actions_may_be_ordered() -> None:
    game = _acts_game()
    assert game.rejects(PerformFirstEraAct(act="flood-world"), ANN).code == "second_era.unknown_first_era_act"
    assert new_game().rejects(PerformFirstEraAct(act="create-fauna"), ANN).code == "second_era.unknown_first_era_act"


def test_other_gods_see_the_action_but_not_what_its_god_wrote() -> None:
    game = _acts_game(ann_mana=10)
    game.when(PerformFirstEraAct(act="create-fauna", details="a kraken under e-sea"), ANN)
    done = of(resolve(game), FirstEraActPerformed)[0]
    assert ruleset.redact(done, ANN) == done
    seen = ruleset.redact(done, BOB)
    assert seen is not None and seen.details == "" and seen.act == "create-fauna" and seen.mana == 10


def test_the_scenario_refuses_an_edifice_that_is_not_one() -> None:
    """[002:125-129] a City is of Towns, a Temple of Shrines, a Tower of Floors."""
    bad = Edifice(land="w-plains", edifice="city", kind="floor", god="ann")
    setup = msgspec.structs.replace(make_setup(), edifices=[bad])
    try:
        _next_era(setup)
    except Exception as exc:  # the harness decides the creation, which refuses
        assert getattr(exc, "code", "") == "second_era.scenario.bad_edifice"
    else:
        raise AssertionError("accepted")
    repeated = msgspec.structs.replace(make_setup(), first_era_acts=[ACTS[0], ACTS[0]])
    try:
        _next_era(repeated)
    except Exception as exc:
        assert getattr(exc, "code", "") == "second_era.scenario.duplicate_id"
    else:
        raise AssertionError("accepted")


def test_a_game_without_acts_lists_none_and_the_seat_cannot_order_them() -> None:
    assert new_game().view(ANN).first_era_acts == []
    assert [a.id for a in _acts_game().view(BOB).first_era_acts] == ["create-fauna", "raise-causeway"]
