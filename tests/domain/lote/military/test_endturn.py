"""The end-of-turn rules for fleets and Feudal Allies: [L6090-6096] "fleets must end the turn in a controlled
Port ... Fleets are not allowed to end a turn on either an Inter-Island Arrow or an Open-Ocean arrow or in a Coastal
Sea Zone. Fleets that do so will be destroyed."; [L2322-2333] "the Feudal army can be called up and used as a normal
army as long as they end the turn back in their home region ... they will return home, regardless of the situation".
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote import messages as m
from domain.rulesets.lote import redact
from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.scenario.scenario import Setup
from tests.domain.harness import Game
from tests.domain.lote.helpers import EXAMPLE, game, seat

BYZ = seat("byz")


def _game(edit: Any) -> Game:
    doc = msgspec.json.decode(EXAMPLE.read_bytes())
    edit(doc)
    return game(msgspec.json.decode(msgspec.json.encode(doc), type=Setup))


def _with_transports(doc: dict[str, Any]) -> None:
    doc["leaders"]["byz-1"]["units"]["T"] = 27  # 81 cargo for Basil's 80 (Table 13-5)


def _whole_turn(g: Game) -> list[Any]:
    g.when(AdvancePhase())
    events = g.when(AdvancePhase())
    for item in list(g.rules.adjudications.values()):
        if item.outcome is None:
            g.when(m.ConfirmAdjudication(item_id=item.item_id, reason="as proposed"))
    return events + g.when(AdvancePhase())


def test_an_itinerary_that_leaves_the_fleet_at_sea_is_refused() -> None:
    g = _game(_with_transports)
    at_sea = g.rejects(GiveItinerary(line="f1", army="byz-1", steps=[Step(kind="sail", to="Black Sea")]), BYZ)
    assert at_sea.code == "lote.itinerary_ends_at_sea"
    assert "step 1" in at_sea.message and "'Black Sea'" in at_sea.message and "destroyed" in at_sea.message


def test_a_fleet_alone_ends_in_a_port_its_nation_or_a_guide_controls() -> None:
    """A fleet without troops: Thrace has Constantinople's port on the Black Sea; Bithynia and Crimea have coasts but
    no port city or port area; Crimea with the Kipchaks as guides would still have no port. An army carrying troops
    may land them on any coast (the amphibious operation of [L6162-6175])."""

    def fleet(doc: dict[str, Any]) -> None:
        doc["leaders"]["byz-1"]["units"] = {"T": 5}

    g = _game(fleet)
    home = [Step(kind="sail", to="Black Sea"), Step(kind="land", to="Thrace")]
    g.when(GiveItinerary(line="f1", army="byz-1", steps=home), BYZ)
    for coast in ("Bithynia", "Crimea"):
        steps = [Step(kind="sail", to="Black Sea"), Step(kind="land", to=coast)]
        refused = g.rejects(GiveItinerary(line="f1", army="byz-1", steps=steps, guided_by=["kip"]), BYZ)
        assert refused.code == "lote.itinerary_fleet_not_in_port" and f"'{coast}'" in refused.message
    landing = _game(_with_transports)
    steps = [Step(kind="sail", to="Black Sea"), Step(kind="land", to="Crimea")]
    landing.when(GiveItinerary(line="f1", army="byz-1", steps=steps), BYZ)


def test_a_fleet_still_at_sea_at_the_end_of_the_turn_is_destroyed() -> None:
    """A fleet stopped at sea (here: standing in the Black Sea all turn) is lost with the troops aboard."""

    def at_sea(doc: dict[str, Any]) -> None:
        _with_transports(doc)
        doc["leaders"]["byz-1"]["location"] = "Black Sea"

    g = _game(at_sea)
    events = _whole_turn(g)
    (lost,) = [e for e in events if isinstance(e, m.FleetLost)]
    assert (lost.army, lost.place, lost.units) == ("byz-1", "Black Sea", {"HC": 10, "I": 20, "T": 27})
    assert g.rules.leaders["byz-1"].units == {}
    assert redact(lost, seat("kip")) is None and redact(lost, BYZ) is not None


def test_a_feudal_ally_goes_home_at_the_end_of_the_turn() -> None:
    def feudal(doc: dict[str, Any]) -> None:
        doc["leaders"]["rus-2"].update(type="F", location="Kiev", units={"I": 5})

    g = _game(feudal)
    events = _whole_turn(g)
    (home,) = [e for e in events if isinstance(e, m.FeudalAllyReturned)]
    assert (home.army, home.home, home.came_from) == ("rus-2", "Novgorod", "Kiev")
    assert g.rules.leaders["rus-2"].location == "Novgorod"
    assert redact(home, seat("byz")) is None
