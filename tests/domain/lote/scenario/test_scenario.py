"""The scenario format: the four-nations example creates a game; errors name the record and the field."""

from __future__ import annotations

import msgspec
import pytest

from domain.engine import Rejected
from domain.rulesets.lote import ruleset
from domain.rulesets.lote.scenario.scenario import Setup
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.lote.helpers import EXAMPLE, city, example_setup, game, nation, region, scenario, seat


def test_the_four_nations_example_creates_a_game_through_the_harness() -> None:
    g = game(example_setup())
    cultures = {n.culture for n in g.rules.nations.values()}
    assert cultures == {"C", "S", "N", "B"}
    assert g.state.meta.phase == "orders"
    # the first turn's sheets are assessed at import ([L52-56]: the report shows this turn's revenue)
    assert all(n.revenue.raw > 0 for n in g.rules.nations.values())


def test_a_scenario_field_error_names_the_record_and_field() -> None:
    doc = msgspec.json.decode(EXAMPLE.read_bytes())
    doc["nations"]["kip"]["culture"] = "X"
    setup = msgspec.json.decode(msgspec.json.encode(doc), type=Setup)
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    assert err.value.code == "lote.scenario.invalid"
    assert err.value.message.startswith("nation 'kip' field $.culture: Invalid enum value 'X'")


def test_a_city_in_an_unknown_region_is_refused_naming_the_city_and_field() -> None:
    setup = scenario(nations={"a": nation("A")}, regions={"R": region(2)}, cities={"Town": city("Nowhere", 1)})
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    assert err.value.code == "lote.scenario.unknown_region"
    assert "city 'Town' field 'region'" in err.value.message


def test_a_garrison_with_an_unknown_unit_code_is_refused() -> None:
    setup = scenario(nations={"a": nation("A")}, regions={"R": region(2, garrison={"a": {"ZZ": 3}})})
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    assert err.value.code == "lote.scenario.unknown_unit" and "region 'R' field 'garrison.a'" in err.value.message


def test_a_malformed_decimal_names_its_field() -> None:
    setup = scenario(nations={"a": nation("A", nmv="lots")}, regions={"R": region(2)})
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    # the decimal's shape is part of the schema (domain/engine/bounds.py), so decoding the record refuses it
    assert err.value.code == "lote.scenario.invalid" and "nation 'a' field $.nmv" in err.value.message


def test_leader_ratings_run_from_1_to_11() -> None:
    """[L2093-2097] stats 1..11 ('A' = 10, 'B' = 11)."""
    leader = {"nation": "a", "army_no": "1", "type": "K", "name": "K", "age": 30, "combat": 12,
              "diplomacy": 5, "charisma": 5, "location": "R"}  # fmt: skip
    setup = scenario(nations={"a": nation("A")}, regions={"R": region(2)}, leaders={"k": leader})
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    assert "leader 'k' field 'combat'" in err.value.message


def test_a_city_larger_than_its_terrain_allows_is_refused() -> None:
    """[L4693-4704] Table 5-13: a tundra city is at most 3 GPv."""
    setup = scenario(nations={"a": nation("A")}, regions={"R": region(1, "t")}, cities={"C": city("R", 4)})
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    assert "city 'C' field 'gpv'" in err.value.message


def test_the_start_year_sets_years_per_turn_and_base_tax() -> None:
    """[L1369-1377] Table 2-17: 1400-1499 gives four-year turns at 80%."""
    setup = msgspec.structs.replace(scenario(nations={"a": nation("A")}, regions={"R": region(2)}), start_year=1450)
    g = game(setup)
    assert (g.rules.years_per_turn, g.rules.base_tax_pct) == (4, 80)


def test_a_player_seat_must_control_a_nation_of_the_scenario() -> None:
    setup = scenario(nations={"a": nation("A")}, regions={"R": region(2)})
    with pytest.raises(Rejected) as err:
        game(setup, seats=["zz"])
    assert err.value.code == "lote.unknown_nation"
    assert seat("a").controls == "a"


def test_the_tax_rate_defaults_to_the_base_rate_of_the_calendar() -> None:
    """[L1369-1377] Table 2-17: a nation starting in 1520 taxes at 60% unless the scenario says otherwise."""
    setup = msgspec.structs.replace(scenario(nations={"a": nation("A")}, regions={"R": region(2)}), start_year=1520)
    assert game(setup).rules.nations["a"].tax_rate_pct == 60


def test_loans_stay_on_the_stat_sheet() -> None:
    """[L8815-8868] a loan: source, principal, 30% interest, due turn."""
    loans = game(example_setup()).rules.nations["byz"].loans
    assert [(x.source, x.principal, x.rate_pct, x.due_turn) for x in loans] == [("internal", "30", 30, 3)]


def test_every_message_setup_and_view_can_be_documented_as_json_schema() -> None:
    """GET /v1/rulesets/{id} publishes the schemas: exact amounts are documented as "n/d" strings."""
    from events.codec import codec_for

    codec = codec_for(ruleset)
    for kind in (codec.command_union, codec.event_union, ruleset.setup_type, ruleset.settings_type, ruleset.view_type):
        assert msgspec.json.schema(kind)


def _scenario_code(setup: Setup) -> str:
    with pytest.raises(Rejected) as err:
        ruleset.initial_state(setup, Settings())
    return err.value.code


def test_scenario_refusals_name_their_codes() -> None:
    """Each record problem has a stable code: ratings 1-11 ([L2093-2097]), statuses of known nations, and a Full
    Ally from a region or a city ([L4443-4452]), not both."""
    bad_rating = {"nation": "a", "army_no": "1", "type": "K", "name": "K", "age": 30, "combat": 12,
                  "diplomacy": 5, "charisma": 5, "location": "R"}  # fmt: skip
    setup = scenario(nations={"a": nation("A")}, regions={"R": region(2)}, leaders={"k": bad_rating})
    assert _scenario_code(setup) == "lote.scenario.bad_value"
    stranger = scenario(nations={"a": nation("A")}, regions={"R": region(2, statuses={"zz": "f"})})
    assert _scenario_code(stranger) == "lote.scenario.unknown_nation"
    ally = {"nation": "a", "army_no": "2", "type": "A", "name": "Ally", "age": 30, "combat": 5, "diplomacy": 5,
            "charisma": 5, "location": "R", "home_region": "R", "home_city": "Town"}  # fmt: skip
    both = scenario(nations={"a": nation("A")}, regions={"R": region(2)}, cities={"Town": city("R", 1)},
                    leaders={"ally": ally})  # fmt: skip
    assert _scenario_code(both) == "lote.scenario.two_homes"
    assert _scenario_code(scenario(nations={"a": nation("A")}, regions={"R": region(2)}, start_year=3)) == (
        "lote.scenario.bad_year"
    )
