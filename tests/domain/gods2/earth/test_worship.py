"""Century-end worship mana into the shared ledger ([000:66-68], [000:82], [000:210-214])."""

from __future__ import annotations

from fractions import Fraction

from domain.rulesets.gods2.earth.commands import CloseActivityPhase, EndCentury, StartReligiousTurmoil
from domain.rulesets.gods2.earth.events import CenturyStarted
from domain.rulesets.gods2.kernel.earth_model import CitySetup, EarthSetup
from domain.rulesets.gods2.kernel.events import DemonPoolCredited, ManaCredited
from tests.domain.gods2.earth.scenario import earth, earth_game, fill, race, sq
from tests.domain.gods2.scenario import ZEUS
from tests.domain.harness import Game


def world(pantheon: dict[str, str], units: int = 10, **kw: object) -> EarthSetup:
    squares = [sq(x, 0) for x in range(units // 5 + (1 if units % 5 else 0))]
    placed = fill("r", squares, 5)
    if units % 5:
        placed[squares[-1]] = ("r", units % 5)
    return earth([race("r", pantheon=pantheon, aggression=-20)], placed, **kw)  # type: ignore[arg-type]


def end(g: Game) -> list[object]:
    g.when(CloseActivityPhase())
    return g.when(EndCentury())


def test_each_god_receives_the_worship_of_her_share_of_the_population() -> None:
    """[000:66] Zeus (War 2) with 60% of 10: 6 worshippers x 1/10 x 2 cards = 6/5; Hera (Love 1) 4 x 1/10 = 2/5."""
    g = earth_game(world({"zeus": "60", "hera": "40"}))
    paid = {(e.character, e.source): e.amount for e in end(g) if isinstance(e, ManaCredited)}
    assert paid == {("zeus", "war-worship"): Fraction(6, 5), ("hera", "love-worship"): Fraction(2, 5)}
    assert (g.rules.characters["zeus"].pending, g.rules.characters["zeus"].accumulators["war-worship"]) == (
        1,
        Fraction(1, 5),
    )


def test_cities_count_for_worship() -> None:
    """[000:15] cities add 3 (great cities 6) to the population that worships."""
    e = earth(
        [race("r", pantheon={"zeus": "100"}, aggression=-20, knowledges=["agriculture", "civilization"])],
        {sq(0, 0): ("r", 2), sq(1, 0): ("r", 2)},
        cities={sq(0, 0): CitySetup(name="Troy"), sq(1, 0): CitySetup(name="Ilion", great=True)},
    )
    g = earth_game(e)
    paid = [e.amount for e in end(g) if isinstance(e, ManaCredited)]
    assert paid == [Fraction(13, 10) * 2]  # (4 + 3 + 6) worshippers x 1/10 x 2 War cards


def test_fractions_accumulate_until_whole() -> None:
    """[000:214] GODS-73: three payments of 2/5 give 1 whole mana and leave 1/5 in the accumulator."""
    g = earth_game(world({"zeus": "100"}, units=2))
    before = g.rules.characters["zeus"].total_mana
    for century in (1, 2, 3):
        if century > 1:
            g.given(CenturyStarted(century=century))
        end(g)
    zeus = g.rules.characters["zeus"]
    assert zeus.total_mana - before == 1 and zeus.accumulators["war-worship"] == Fraction(1, 5)


def test_a_race_in_turmoil_at_any_time_in_the_century_gives_no_worship() -> None:
    """[000:82] if a race is in turmoil at any time during a century it provides no worship mana."""
    g = earth_game(world({"zeus": "60", "hera": "40"}), chars={"zeus": {"locale": "window"}})
    g.when(StartReligiousTurmoil(race="r"), ZEUS)
    g.dice(1)
    assert [e for e in end(g) if isinstance(e, ManaCredited)] == []


def test_diabolists_pay_the_demonic_pool_and_atheists_nobody() -> None:
    """[000:68] diabolists are a mana source for the demons, who share it; atheists provide no mana."""
    g = earth_game(world({"zeus": "50", "DIABOLISM": "30", "ATHEISM": "20"}))
    events = end(g)
    pool = [e for e in events if isinstance(e, DemonPoolCredited)]
    assert [p.amount for p in pool] == [Fraction(3, 10)]
    assert [e.character for e in events if isinstance(e, ManaCredited)] == ["zeus"]


def test_worship_pays_a_debt_first() -> None:
    """[003:156] new income pays a mana debt before anything else."""
    from domain.rulesets.gods2.heaven.commands import DebitMana

    g = earth_game(world({"zeus": "100"}, units=20))
    g.when(DebitMana(character="zeus", amount=21, reason="lost a wager"))
    credited = next(e for e in end(g) if isinstance(e, ManaCredited))
    assert (credited.whole, credited.debt_paid) == (4, 1)
    assert g.rules.characters["zeus"].debt == 0
