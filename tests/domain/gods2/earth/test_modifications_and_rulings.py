"""Racial modifications' timing kinds ([000:172-184]) and the referees' rulings on races ([000:76], [003:435])."""

from __future__ import annotations

from domain.rulesets.gods2.earth.commands import (
    ApplyCult,
    CallTicket,
    CastHistoryPower,
    EndModification,
    SetPantheon,
    TakeQueueTicket,
    TriggerModification,
)
from domain.rulesets.gods2.heaven.commands import ObliterateCharacter
from domain.rulesets.gods2.kernel.earth_model import EarthSetup
from tests.domain.gods2.earth.scenario import earth, earth_game, race, sq
from tests.domain.gods2.scenario import HERA, ZEUS
from tests.domain.harness import Game


def world(pantheon: dict[str, str] | None = None) -> EarthSetup:
    return earth([race("r", pantheon=pantheon, aggression=-20)], {sq(0, 0): ("r", 3), sq(1, 0): ("r", 3)})


def cast(g: Game, power: str, actor: object = ZEUS) -> list[object]:
    g.when(TakeQueueTicket(), actor)  # type: ignore[arg-type]
    g.when(CallTicket())
    return g.when(CastHistoryPower(power=power, race="r"), actor)  # type: ignore[arg-type]


def military(g: Game) -> int:
    return g.view(ZEUS).earth.races[0].military


def at_window() -> dict[str, object]:
    return {"zeus": {"locale": "window"}, "hera": {"locale": "window"}}


def test_a_trigger_delay_power_works_only_when_its_trigger_occurs() -> None:
    """[000:176] Mv: no effect until the trigger event occurs; then it is used up."""
    g = earth_game(world(), chars=at_window())
    cast(g, "battle_omen")
    assert military(g) == 0
    g.when(TriggerModification(race="r", trigger="next_war", reason="war declared on them"))
    assert military(g) == 2


def test_an_untriggered_mv_power_cannot_be_cast_again() -> None:
    """[000:176] a race cannot have the same power cast on it again until the first is triggered and used."""
    g = earth_game(world(), chars=at_window())
    cast(g, "battle_omen")
    g.when(TakeQueueTicket(), ZEUS)
    g.when(CallTicket())
    assert g.rejects(CastHistoryPower(power="battle_omen", race="r"), ZEUS).code == "gods2.already_waiting"


def test_mv_plus_powers_save_up_and_fire_one_per_trigger() -> None:
    """[000:176] Mv+ may be cast many times; each trigger fires only one casting."""
    g = earth_game(world(), chars=at_window())
    cast(g, "hidden_reserves")
    cast(g, "hidden_reserves")
    g.when(TriggerModification(race="r", trigger="next_war", reason="the first war"))
    assert military(g) == 1
    g.when(TriggerModification(race="r", trigger="next_war", reason="the second war"))
    assert military(g) == 2


def test_a_permanent_modification_is_one_of_a_kind_and_ends_at_its_trigger() -> None:
    """[000:180] Mp: only one of each at a time; permanent until its trigger event."""
    g = earth_game(world(), chars=at_window())
    cast(g, "sacred_grove", HERA)
    assert g.view(ZEUS).earth.races[0].diplomacy == 1
    g.when(TakeQueueTicket(), HERA)
    g.when(CallTicket())
    assert g.rejects(CastHistoryPower(power="sacred_grove", race="r"), HERA).code == "gods2.already_modified"
    g.when(TriggerModification(race="r", trigger="grove_felled", reason="Engineering cut the grove"))
    assert g.view(ZEUS).earth.races[0].diplomacy == 0 and g.rules.earth.races["r"].modifications == ()


def test_the_referees_end_a_modification_as_its_description_says() -> None:
    """[000:172] the effects last as long as the description states and then go away."""
    g = earth_game(world(), chars=at_window())
    cast(g, "sacred_grove", HERA)
    mod = g.rules.earth.races["r"].modifications[0].id
    g.when(EndModification(race="r", modification=mod, reason="the description says one war"))
    assert g.rules.earth.races["r"].modifications == ()


def test_a_spontaneous_cult_scales_the_other_members() -> None:
    """[000:76] cults occur spontaneously from racial characteristics; the others shrink proportionately."""
    g = earth_game(world({"zeus": "50", "hera": "50"}))
    g.when(ApplyCult(race="r", deity="DIABOLISM", points="20", reason="Void Gate at the start of the century"))
    assert g.rules.earth.races["r"].pantheon == {"zeus": 40, "hera": 40, "DIABOLISM": 20}
    assert g.rules.earth.races["r"].in_turmoil is False


def test_the_last_god_of_a_pantheon_obliterated_is_left_to_the_referees() -> None:
    """[003:435] the share goes to the other gods; with none, the referees rule with SetPantheon."""
    g = earth_game(world({"zeus": "70", "ATHEISM": "30"}))
    g.when(ObliterateCharacter(character="zeus", reason="obliterated"))
    assert g.rules.earth.races["r"].pantheon == {"zeus": 70, "ATHEISM": 30}
    g.when(SetPantheon(race="r", shares={"ATHEISM": "100"}, reason="no god is left to worship"))
    assert g.rules.earth.races["r"].pantheon == {"ATHEISM": 100}
    assert g.rejects(SetPantheon(race="r", shares={"ATHEISM": "90"}, reason="r")).code == "gods2.bad_shares"


def test_the_referees_apply_non_divine_events_from_the_pack() -> None:
    """[000:224], [000:255] the referees change the Earth as it would change without divine intervention
    (here a spreading flood described by the pack's Great Flood)."""
    from domain.rulesets.gods2.earth.commands import ApplyEarthEffect

    g = earth_game(world())
    g.when(ApplyEarthEffect(power="great_flood", squares=[sq(5, 5)], reason="the sea rises in the south"))
    assert g.rules.earth.squares[sq(5, 5)].terrain == "water"
    assert g.rules.earth.history[-1].author is None and "sea rises" in g.rules.earth.history[-1].text


def test_a_triggered_mv_power_may_be_cast_again_once_used_up() -> None:
    """[000:176] the same power again only after the first casting is triggered and used up."""
    g = earth_game(world(), chars=at_window())
    cast(g, "battle_omen")
    g.when(TriggerModification(race="r", trigger="next_war", reason="war"))
    g.when(TakeQueueTicket(), ZEUS)
    g.when(CallTicket())
    assert g.rejects(CastHistoryPower(power="battle_omen", race="r"), ZEUS).code == "gods2.already_waiting"
    mod = g.rules.earth.races["r"].modifications[0].id
    g.when(EndModification(race="r", modification=mod, reason="the war is over: used up"))
    assert any(
        e.__class__.__name__ == "RaceModified" for e in g.when(CastHistoryPower(power="battle_omen", race="r"), ZEUS)
    )


def test_end_of_century_activities_strike_the_races_that_cause_them() -> None:
    """[000:255] sacrifices from races with Sacrificial Rites occur at the end of the century."""
    from domain.rulesets.gods2.earth.commands import CloseActivityPhase, EndCentury
    from domain.rulesets.gods2.earth.events import DisasterStruck

    e = earth(
        [race("r", knowledges=["rites"], aggression=-20), race("s", aggression=-20)],
        {sq(0, 0): ("r", 3), sq(1, 0): ("r", 3), sq(5, 5): ("s", 3)},
    )
    g = earth_game(e)
    g.when(CloseActivityPhase())
    struck = [x for x in g.when(EndCentury()) if isinstance(x, DisasterStruck)]
    assert [(x.race, x.deaths) for x in struck] == [("r", 2)]
    assert g.rules.earth.history[-1].text == "Sacrificial Rites among the r"


def test_start_of_century_activities_come_after_growth() -> None:
    """[000:228] growth first; [000:255] then cults caused by Void Gates at the beginning of the century."""
    from domain.rulesets.gods2.earth.commands import StartCentury
    from domain.rulesets.gods2.earth.events import PantheonChanged, PopulationGrew

    e = earth([race("r", attributes=["void_touched"], aggression=-20)], {sq(0, 0): ("r", 3)})
    g = earth_game(e, activity=False)
    events = g.when(StartCentury())
    kinds = [type(x).__name__ for x in events if isinstance(x, PopulationGrew | PantheonChanged)]
    assert kinds == ["PopulationGrew", "PantheonChanged"]
    assert g.rules.earth.races["r"].pantheon == {"zeus": 95, "DIABOLISM": 5}
