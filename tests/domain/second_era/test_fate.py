"""What the text leaves to the GM about a tribe's fate, as typed rulings: a tribe with no Clans left
([002:38] a tribe is made up of Clans; nothing says what becomes of one with none) and unpaid Adaptation
mana ([002:48-50] the cost is stated, not the effect of not paying it)."""

from __future__ import annotations

from domain.rulesets.second_era.commands import (
    DeclareTribeExtinct,
    GrowTribe,
    MonsterAction,
    MoveTribe,
    RelocateTribe,
    RemoveClans,
)
from domain.rulesets.second_era.events import (
    ArtefactCreated,
    BattleFought,
    HeroBorn,
    MonsterSpawned,
    TurnReported,
)
from domain.rulesets.second_era.fate_events import AdaptationUnpaid, TribeEmptied, TribeExtinct, TribeRelocated
from domain.rulesets.second_era.state import Artefact, Hero, Monster
from domain.rulesets.second_era.values import Effect, Resources
from tests.domain.harness import GM, Game
from tests.domain.second_era.world import ANN, BOB, move_to, new_game, of, resolve, stock


def _emptied(game: Game) -> Game:
    game.when(RemoveClans(tribe="bobs", role="miner", count=3, reason="plague"), GM)
    return game


def _report(events: list[object], god: str) -> TurnReported:
    return next(e for e in of(events, TurnReported) if e.god == god)


def test_a_tribe_left_with_no_clans_is_put_to_the_gm_every_turn() -> None:
    """[002:38] the text never says what becomes of a tribe with no Clans: recorded until the GM rules."""
    game = _emptied(new_game())
    events = resolve(game)
    assert TribeEmptied(tribe="bobs", god="bob") in events
    assert any("no clans left" in note for note in _report(events, "bob").notes)
    assert TribeEmptied(tribe="bobs", god="bob") in resolve(game)
    assert of(resolve(new_game()), TribeEmptied) == []


def test_the_gm_may_declare_an_empty_tribe_extinct() -> None:
    """A ruling: its heroes die, its artefacts and stockpile are lost, it leaves its Land."""
    game = _emptied(new_game())
    stock(game, "bobs", gold=9)
    game.given(HeroBorn(hero=Hero(id="hero-1", tribe="bobs", name="Ivar", level=1, abilities=("warrior",))))
    charm = Artefact(
        id="artefact-2", god="bob", name="Charm", holder="bobs", effects=(Effect(effect="mining"),), creation_cost=20
    )
    game.given(ArtefactCreated(artefact=charm))
    assert game.when(DeclareTribeExtinct(tribe="bobs", reason="the last clan fled"), GM) == [
        TribeExtinct(tribe="bobs", god="bob", reason="the last clan fled")
    ]
    bobs = game.rules.tribes["bobs"]
    assert bobs.extinct and bobs.stockpile == Resources()
    assert game.rules.heroes == {} and game.rules.artefacts == {}
    assert game.rules.tribe_on("e-plains") is None
    assert of(resolve(game), TribeEmptied) == []  # ruled: no longer put to the GM


def test_an_extinct_tribe_takes_no_orders_and_holds_no_land() -> None:
    """An extinct tribe is off the map: another tribe walks onto its old Land without a battle [002:6-7]."""
    game = _emptied(new_game())
    game.when(DeclareTribeExtinct(tribe="bobs", reason="gone"), GM)
    assert game.rejects(GrowTribe(role="farmer"), BOB).code == "second_era.tribe_extinct"
    move_to(game, "anns", "e-sea")
    game.when(MoveTribe(to_land="e-plains"), ANN)
    events = resolve(game)
    assert of(events, BattleFought) == [] and game.rules.tribes["anns"].land == "e-plains"


def test_an_extinct_gods_monsters_still_take_orders() -> None:
    """[002:104] monsters act independently of tribes."""
    game = _emptied(new_game())
    game.when(DeclareTribeExtinct(tribe="bobs", reason="gone"), GM)
    beast = Monster(
        id="m-1",
        god="bob",
        sphere="earth",
        name="Troll",
        land="e-sea",
        level=1,
        hp=3,
        max_hp=3,
        abilities=("might", "rage"),
    )
    game.given(MonsterSpawned(monster=beast))
    assert game.when(MonsterAction(monster="m-1", action="scavenge"), BOB)


def test_a_tribe_with_clans_cannot_be_declared_extinct() -> None:
    game = new_game()
    assert game.rejects(DeclareTribeExtinct(tribe="bobs", reason="x"), GM).code == "second_era.tribe_has_clans"
    assert game.rejects(DeclareTribeExtinct(tribe="bobs", reason=" "), GM).code == "second_era.reason_required"


def _adapted_in_the_sky(mana: int) -> Game:
    game = new_game(ann_clans={"mage": 1, "farmer": 2})
    move_to(game, "anns", "w-sky")
    return stock(game, "anns", mana=mana, food=9)


def test_unpaid_adaptation_mana_is_recorded_for_a_gm_ruling() -> None:
    """[002:48] 1 mana per Clan per turn for Adaptation: 3 clans in the Sky owe 3; with 1 mana, 2 go unpaid."""
    game = _adapted_in_the_sky(mana=1)
    events = resolve(game)
    assert of(events, AdaptationUnpaid) == [AdaptationUnpaid(tribe="anns", god="ann", land="w-sky", unpaid=2)]
    assert any("Adaptation unpaid" in note for note in _report(events, "ann").notes)


def test_paid_adaptation_is_not_put_to_the_gm() -> None:
    """[002:48] paid in full: nothing to rule."""
    assert of(resolve(_adapted_in_the_sky(mana=3)), AdaptationUnpaid) == []


def test_the_gm_may_relocate_a_tribe_that_could_not_pay_its_adaptation() -> None:
    """A ruling: the tribe goes to a free Land its race can live on ([002:51] Plains and Seas)."""
    game = _adapted_in_the_sky(mana=0)
    resolve(game)
    events = game.when(RelocateTribe(tribe="anns", to_land="w-plains", reason="the floating isles sank"), GM)
    assert events == [TribeRelocated(tribe="anns", to_land="w-plains", reason="the floating isles sank")]
    assert game.rules.tribes["anns"].land == "w-plains"


def test_a_relocation_needs_a_free_land_the_race_can_live_on() -> None:
    """[002:3] one tribe per Land; [002:48] the Sky needs a slot of Adaptation a tribe without mages lacks."""
    game = new_game()
    taken = game.rejects(RelocateTribe(tribe="anns", to_land="e-plains", reason="r"), GM)
    assert taken.code == "second_era.land_taken"
    alien = game.rejects(RelocateTribe(tribe="anns", to_land="w-sky", reason="r"), GM)
    assert alien.code == "second_era.needs_adaptation"
