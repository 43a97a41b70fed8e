"""R6 hands the battle code its contacts as data (`movement.execute.Outcome.contacts`): the place, the month and
the armies met, so `military/` never parses an item's wording."""

from __future__ import annotations

from domain.rulesets.lote.model.orders import GiveItinerary, Step
from domain.rulesets.lote.movement.execute import Contact, execute
from tests.domain.lote.helpers import example_setup, game


def test_a_contact_is_returned_as_place_month_and_sorted_armies() -> None:
    """[L5372-5387] Basil II's 10th AP falls in year 2, May (Table 6-15): he meets the Kipchak army at home."""
    g = game(example_setup())
    order = GiveItinerary(
        line="mv", army="byz-1", steps=[Step(kind="move", to=r) for r in ("Bulgaria", "Wallachia", "Kipchak")]
    )
    outcome = execute(g.rules, {"byz-1": order}, 1)
    assert outcome.contacts == (Contact("Kipchak", (2, 5), ("byz-1", "kip-1"), ("byz-1",)),)
    assert outcome.ends == {"byz-1": "Kipchak"}
