"""Itineraries on the sample scenario's map, given as order lines: priced step by step (Tables 4-9, 6-17, 6-25;
§4.4-4.7), held to the army's AP for the turn (§6.2.1 [L5273-5306]), each refusal naming the step and the reason."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from domain.engine import Rejected
from domain.rulesets.lote.model.events import OrderEntered
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.model.state import State
from domain.rulesets.lote.movement.itinerary import plan
from domain.rulesets.lote.scenario.scenario import Setup
from tests.domain.harness import Game
from tests.domain.lote.helpers import EXAMPLE, game, seat

BYZ = seat("byz")


def sample() -> Game:
    """The sample scenario, with 27 Transports (capacity 3 each, Table 13-5) for Basil II's 80 cargo points; they
    act 6 a year like his Heavy Cavalry, so his army still acts 6 + 1 = 7 a year."""
    doc = msgspec.json.decode(EXAMPLE.read_bytes())
    doc["leaders"]["byz-1"]["units"]["T"] = 27
    return game(msgspec.json.decode(msgspec.json.encode(doc), type=Setup))


def priced(g: Game, army: str, *steps: Step) -> list[Fraction]:
    state: State = g.rules
    order = GiveItinerary(line="m1", army=army, steps=list(steps))
    return [p.cost for p in plan(state, state.nations[state.leaders[army].nation], order).steps]


def test_the_sample_map_prices_roads_mountains_rivers_and_caravans() -> None:
    """Basil II (Civilized; Heavy Cavalry and Infantry 6 AP, Combat 10 +1: 7 a year, 35 a turn [L5297-5306]).
    Macedonia along the Via Egnatia: (1 + 0 terrain + 1 uncontrolled) x 1/2 on a Royal Road [L4770-4772] = 1;
    Bulgaria over the Haemus (type-1 mountains): 2 (m) + 1 = 3; Wallachia over the unbridged Danube: 2 (w) + 1 river
    + 1 uncontrolled = 4 (Table 6-25 [L6127-6143]); Nikephoros into Anatolia, Hostile Land over a caravan route:
    2 (d) + 2 + 1 + 1 = 6, then Defend 1 + 1 (d, Table 6-17) + 1 Hostile Land = 3."""
    g = sample()
    assert priced(g, "byz-1", Step(kind="move", to="Macedonia")) == [1]
    assert priced(g, "byz-1", Step(kind="move", to="Bulgaria"), Step(kind="move", to="Wallachia")) == [3, 4]
    assert priced(g, "byz-2", Step(kind="move", to="Anatolia"), Step(kind="act", action="D")) == [6, 3]


def test_sea_zones_with_the_current_against_it_and_with_the_monsoon() -> None:
    """§4.6.3-4.6.4: down the Bosporus current into the Aegean costs 1, back against it 2; the monsoon border
    halves the move into the Eastern Mediterranean; the fraction is lost when the army lands (L6061-6067): Cyprus
    has no port, so 1 + 0 (c) + 1 uncontrolled + 1 unload + 1 without a port = 4, on a total rounded up first."""
    g = sample()
    out = priced(g, "byz-1", *(Step(kind="sail", to=z) for z in ("Black Sea", "Aegean Sea", "Eastern Mediterranean")))
    assert out == [1, 1, Fraction(1, 2)]
    back = priced(g, "byz-1", Step(kind="sail", to="Black Sea"), Step(kind="sail", to="Aegean Sea"),
                  Step(kind="sail", to="Black Sea"))  # fmt: skip
    assert back == [1, 1, 2]
    state: State = g.rules
    order = GiveItinerary(
        line="m1",
        army="byz-1",
        steps=[Step(kind="sail", to=z) for z in ("Black Sea", "Aegean Sea", "Eastern Mediterranean")]
        + [Step(kind="land", to="Cyprus")],
    )
    steps = plan(state, state.nations["byz"], order).steps
    assert [p.total for p in steps] == [1, 2, Fraction(5, 2), 7]  # 2.5 rounds up to 3, then the landing's 4
    assert [(p.impulse, p.year) for p in steps] == [(1, 1), (2, 1), (3, 1), (7, 1)]


def test_a_ferry_crossing_takes_whole_ap_for_the_armys_cargo() -> None:
    """§4.7.2 [L3731-3750]: Basil's 10 HC (cargo 4) and 20 I (cargo 2) are 80 cargo points over the 10-FP
    Bosporus ferry: ceil(80 / 10) = 8 AP; Nikephoros's 5 LC (10 cargo) cross in 1."""
    g = sample()
    assert priced(g, "byz-1", Step(kind="ferry", to="Bosporus")) == [8]
    assert priced(g, "byz-2", Step(kind="ferry", to="Bosporus"), Step(kind="move", to="Macedonia")) == [1, 1]


def test_a_valid_itinerary_is_entered_on_the_form() -> None:
    g = sample()
    order = GiveItinerary(line="m1", army="byz-1", steps=[Step(kind="move", to="Bulgaria")])
    assert g.when(order, BYZ) == [OrderEntered(nation="byz", order=order)]


def _itinerary(army: str, *steps: Step, guided_by: list[str] | None = None) -> GiveItinerary:
    return GiveItinerary(line="m1", army=army, steps=list(steps), guided_by=guided_by or [])


CASES = [
    ("lote.itinerary_unknown_army", _itinerary("nobody", Step(kind="move", to="Bulgaria")), "no army 'nobody'"),
    ("lote.itinerary_no_link", _itinerary("byz-1", Step(kind="move", to="Kiev")), "step 1"),
    ("lote.itinerary_no_link", _itinerary("byz-1", Step(kind="sail", to="Baltic Sea")), "no coast"),
    ("lote.itinerary_no_link", _itinerary("byz-1", Step(kind="ferry", to="Kerch")), "no ferry arrow"),
    ("lote.itinerary_at_sea", _itinerary("byz-1", Step(kind="sail", to="Black Sea"),
                                         Step(kind="move", to="Bulgaria")), "step 2"),
    ("lote.itinerary_on_land", _itinerary("byz-1", Step(kind="land", to="Bithynia")), "not at sea"),
    ("lote.itinerary_unknown_action", _itinerary("byz-1", Step(kind="act", action="ZZ")), "'ZZ'"),
    ("lote.itinerary_no_ships", _itinerary("byz-2", Step(kind="sail", to="Black Sea")), "no warships"),
    ("lote.itinerary_over_ap", _itinerary("byz-1", *[Step(kind="act", action="D", extra=9)] * 4), "step 4"),
]  # fmt: skip


@pytest.mark.parametrize(("code", "order", "says"), CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_each_refused_itinerary_names_its_step_and_reason(code: str, order: GiveItinerary, says: str) -> None:
    rejected = sample().rejects(order, BYZ)
    assert rejected.code == code and says in rejected.message


def test_an_arrow_is_sailed_only_its_way() -> None:
    """§4.6.1 [L3656-3666]: a one-way arrow cannot be sailed against its direction."""
    g = sample()
    state: State = g.rules
    arrow = msgspec.structs.replace(state.sea_borders[-1], a="Gotland Deep", b="Baltic Sea", kind="ocean_arrow")
    one_way = msgspec.structs.replace(arrow, one_way=True)
    dan = state.nations["dan"]
    crew = msgspec.structs.replace(state.leaders["dan-1"], units={"I": 6, "LT": 6})  # 12 cargo, 12 capacity
    state = msgspec.structs.replace(state, leaders={**state.leaders, "dan-1": crew})
    order = _itinerary("dan-1", Step(kind="sail", to="Baltic Sea"), Step(kind="sail", to="Gotland Deep"))
    for border, ok in ((arrow, True), (one_way, False)):
        edited = msgspec.structs.replace(state, sea_borders=[*state.sea_borders[:-1], border])
        edited = msgspec.structs.replace(
            edited, sea_borders=[b for b in edited.sea_borders if b.kind != "island_arrow"]
        )
        if ok:
            assert [p.cost for p in plan(edited, dan, order).steps] == [1, 1]
        else:
            with pytest.raises(Rejected) as err:
                plan(edited, dan, order)
            assert err.value.code == "lote.itinerary_one_way" and "step 2" in err.value.message


def test_another_nations_army_is_refused_as_if_it_did_not_exist() -> None:
    """A seat never learns of another nation's armies through a refusal's wording."""
    g = sample()
    theirs = g.rejects(_itinerary("kip-1", Step(kind="move", to="Khazar")), BYZ)
    missing = g.rejects(_itinerary("kip-9", Step(kind="move", to="Khazar")), BYZ)
    assert theirs.code == missing.code == "lote.itinerary_unknown_army"
    assert theirs.message.replace("kip-1", "X") == missing.message.replace("kip-9", "X")


def test_an_army_that_marched_to_the_coast_pays_to_load() -> None:
    """§6.2.4.21: troops in port with the fleet at the start of the turn load free (Basil sails from
    Constantinople for 1); troops that march to the coast load at 1 AP in a port, 2 on an open coast. Back along
    the Royal Road Thrace costs (1 + 0) x 1/2 (controlled, c2); Macedonia has no port."""
    g = sample()
    assert priced(g, "byz-1", Step(kind="move", to="Macedonia"), Step(kind="sail", to="Aegean Sea")) == [1, 3]
    back = priced(g, "byz-1", Step(kind="move", to="Macedonia"), Step(kind="move", to="Thrace"),
                  Step(kind="sail", to="Black Sea"))  # fmt: skip
    assert back == [1, Fraction(1, 2), 2]


def test_an_army_sails_only_in_ships_that_hold_its_cargo() -> None:
    """Table 13-5 [L14987-15220]: the Danish army's 10 Infantry (20 cargo) do not fit its 6 Light Transports
    (capacity 12); Basil's 80 cargo points fit 27 Transports (81)."""
    g = sample()
    rejected = g.rejects(_itinerary("dan-1", Step(kind="sail", to="Baltic Sea")), seat("dan"))
    assert rejected.code == "lote.itinerary_over_capacity" and "20 cargo" in rejected.message
    assert priced(g, "byz-1", Step(kind="sail", to="Black Sea")) == [1]


def test_an_army_follows_one_itinerary_a_turn() -> None:
    g = sample()
    g.when(_itinerary("byz-1", Step(kind="move", to="Bulgaria")), BYZ)
    second = msgspec.structs.replace(_itinerary("byz-1", Step(kind="move", to="Macedonia")), line="m2")
    rejected = g.rejects(second, BYZ)
    assert rejected.code == "lote.itinerary_army_twice" and "'m1'" in rejected.message
    g.when(_itinerary("byz-1", Step(kind="move", to="Macedonia")), BYZ)  # the same line is revised


def test_a_king_rules_with_three_quarters_of_his_alone_capacity() -> None:
    """§6.2.4.30 [L6379-6384]: Basil II (King, Civilized, 5-year turns) Rules for ceil(0.75 x 5 x (6 + 2)) = 30 AP,
    whatever troops he leads; his Lieutenant Nikephoros may not Rule."""
    g = sample()
    assert priced(g, "byz-1", Step(kind="act", action="Rule")) == [30]
    assert priced(g, "byz-1", Step(kind="act", action="Rule", extra=2)) == [32]
    rejected = g.rejects(_itinerary("byz-2", Step(kind="act", action="Rule")), BYZ)
    assert rejected.code == "lote.itinerary_cannot_rule" and "step 1" in rejected.message
