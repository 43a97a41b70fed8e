"""Visibility (digest B6): sealed orders and private economy for their god; the forum's news for everyone."""

from __future__ import annotations

from typing import get_args

from domain.rulesets.second_era.commands import BirthHero, GrowTribe, MoveTribe
from domain.rulesets.second_era.events import (
    BattleFought,
    Event,
    Harvested,
    HeroBorn,
    ManaSpent,
    OrderFailed,
    TribeGrew,
    TribeMoved,
    TurnReported,
    UpkeepPaid,
)
from domain.rulesets.second_era.values import Resources
from domain.rulesets.second_era.views import redact, view_for
from tests.domain.harness import GM, seat
from tests.domain.second_era.world import ANN, BOB, new_game, of, resolve, stock

WATCHER = seat("watcher", role="observer")


def test_a_gods_stockpile_mana_and_spells_are_hidden_from_other_gods() -> None:
    game = new_game(ann_mana=7)
    stock(game, "anns", food=5)
    theirs = {t.id: t for t in view_for(game.rules, BOB).tribes}["anns"]
    assert theirs.stockpile is None and theirs.spells is None and theirs.spell_slots is None
    assert theirs.land == "w-plains" and theirs.clans == {"farmer": 3}  # public, as on the forum
    mine = {t.id: t for t in view_for(game.rules, ANN).tribes}["anns"]
    assert mine.stockpile is not None and mine.stockpile.food == 5
    gm = {g.id: g for g in view_for(game.rules, GM).gods}["ann"]
    assert gm.mana == 7


def test_the_economy_and_reports_are_private_to_their_god() -> None:
    game = new_game(ann_mana=30)
    game.when(BirthHero(name="h", ability="miner"), ANN)
    game.when(GrowTribe(role="war"), ANN)
    events = resolve(game)
    private = [*of(events, Harvested), *of(events, UpkeepPaid), *of(events, TurnReported), *of(events, ManaSpent)]
    private += of(events, OrderFailed)
    assert private
    for event in private:
        owner = ANN if event.god == "ann" else BOB
        other = BOB if owner is ANN else ANN
        assert redact(event, owner) == event
        assert redact(event, other) is None and redact(event, WATCHER) is None
        assert redact(event, GM) == event


def test_what_happens_on_the_map_is_public() -> None:
    """What would be posted on the forum: new heroes, moves, battles."""
    game = new_game(ann_mana=30, bob_land="w-sea")
    game.when(BirthHero(name="h", ability="miner"), ANN)
    game.when(MoveTribe(to_land="w-plains"), BOB)
    game.dice(3, 3)
    events = resolve(game)
    for event in [*of(events, HeroBorn), *of(events, TribeMoved), *of(events, BattleFought), *of(events, TribeGrew)]:
        assert redact(event, WATCHER) == event


def test_each_god_gets_a_report_of_its_turn() -> None:
    """Per-god turn report: where the tribe stands, its clans and stockpile, harvest, unpaid upkeep, battles
    and the orders that failed."""
    game = new_game()
    game.when(GrowTribe(role="war"), ANN)
    reports = {e.god: e for e in of(resolve(game), TurnReported)}
    assert set(reports) == {"ann", "bob"}
    assert reports["ann"].notes and "Grow Tribe" in reports["ann"].notes[0]
    assert reports["bob"].notes == ()
    assert reports["bob"].harvested == Resources(production=9, gold=3)  # 3 miners on earth
    assert reports["bob"].upkeep_shortfall == Resources(food=3)
    assert reports["bob"].battles == 0


PUBLIC_EVENTS = {
    "ArtefactCreated", "ArtefactDestroyed", "ArtefactTaken", "BattleFought", "BattleSpellCast", "ClansAdded",
    "ClansHealed", "ClansLost", "ClansRemoved", "CursesCast", "EdificeFallen", "EdificeRaised", "EraWon",
    "GodManaAdjusted", "HeroBorn", "HeroKilled", "HeroLevelled", "InstantCast", "MonsterDied", "MonsterHealed",
    "MonsterLevelled", "MonsterMoved", "MonsterRested", "MonsterSpawned", "MonsterSpellCast", "MonsterWounded",
    "RazeResolved", "ResourcesTaken", "SpellStolen", "StructureBuilt", "TravelResolved", "TribeDriven",
    "TribeGrew", "TribeMoved", "ClanRolesSet", "TurnResolved", "MonsterSpellStolen", "MonsterCursesCast",
    "MonsterInstantCast", "TribeEmptied", "TribeExtinct", "AdaptationUnpaid", "TribeRelocated",
    "FaunaChanged", "LandAdded", "LandAltered", "LandsConnected", "LandsDisconnected", "StructurePlaced",
    "StructureRemoved",
}  # fmt: skip
DETAILS_SEALED = {"FirstEraActPerformed"}  # public, the god's written details hidden
SEALED_BIDS = {"RazeBegun", "TravelBegun"}  # public, bid hidden
BETWEEN_PARTIES = {"TradeOffered", "TradeAccepted", "TradeEnded", "TradeCarriedOut", "TradeFailed"}
PRIVATE_BY_GOD = {
    "OrderGiven", "OrderCancelled", "OrderFailed", "ManaSpent", "TurnReported", "SpellTaught", "SpellOrdersSet",
    "RetreatSet", "ChampionSet", "SpellsCast", "Transmuted", "Harvested", "UpkeepPaid", "StockpileAdjusted",
    "RazeCountered", "TravelResisted", "MonsterScavenged", "MonsterAte", "MonsterTraded", "MonsterManaTaken",
    "MonsterSpellsCast", "MonsterSpellOrdersSet", "HoardChanged", "HoardTransmuted",
}  # fmt: skip


def test_every_event_has_a_visibility_decided_on_purpose() -> None:
    """Each event tag is classified: public, public with a sealed bid, between trade parties, or private."""

    tags = {t.__struct_config__.tag for t in get_args(Event)}
    classified = PUBLIC_EVENTS | SEALED_BIDS | BETWEEN_PARTIES | PRIVATE_BY_GOD | DETAILS_SEALED
    assert tags == classified, sorted(tags ^ classified)
    for kind in get_args(Event):
        if kind.__struct_config__.tag in PRIVATE_BY_GOD:
            assert "god" in kind.__struct_fields__
