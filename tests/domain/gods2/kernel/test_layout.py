"""The site's layout: the restricted locales never block access to the others ([003:110])."""

from __future__ import annotations

import pytest

from domain.engine import Rejected
from domain.rulesets.gods2.kernel.model import LocaleSetup
from tests.domain.gods2.scenario import game


def site(**entrances: list[str]) -> list[LocaleSetup]:
    kinds = {
        "hall": "hall_of_doom",
        "window": "window_on_world",
        "feasts": "hall_of_feasts",
        "wilds": "primeval_wilds",
        "underworld": "underworld",
        "void": "void",
        "corridor": "corridors_of_time",
        "city": "silver_city",
    }
    return [LocaleSetup(id=k, kind=v, entrances=entrances.get(k, [])) for k, v in kinds.items()]  # type: ignore[arg-type]


OPEN = {"hall": ["window", "feasts", "corridor", "city", "wilds", "underworld", "void"]}


def test_a_layout_where_every_locale_opens_off_the_free_ones_is_accepted() -> None:
    """[003:110] players should be able to reach at least one entrance to every locale without going through a
    restricted locale."""
    g = game(locales=site(**OPEN))
    assert set(g.rules.locales) == {"hall", "window", "feasts", "wilds", "underworld", "void", "corridor", "city"}


def test_a_locale_reached_only_through_a_restricted_one_is_refused() -> None:
    """[003:110] the three restricted locales (the Primeval Wilds, the Underworld, and the Void) do not block
    access to any other locales: here the Silver City opens only off the Void."""
    blocked = {
        "hall": ["window", "feasts", "corridor", "wilds", "underworld", "void"],
        "void": ["city"],
    }
    with pytest.raises(Rejected) as refused:
        game(locales=site(**blocked))
    assert refused.value.code == "gods2.bad_scenario"
    assert "locale city can be reached only through a restricted locale [003:110]" in refused.value.message


def test_a_restricted_locale_itself_may_open_off_another_restricted_one_only_if_a_free_one_leads_to_it() -> None:
    """Entering the Underworld from the Void is fine as long as the Underworld also opens off a free locale."""
    both = {**OPEN, "void": ["underworld"]}
    assert "underworld" in game(locales=site(**both)).rules.locales


def test_a_layout_naming_an_unknown_locale_is_refused() -> None:
    with pytest.raises(Rejected) as refused:
        game(locales=site(**{**OPEN, "city": ["atlantis"]}))
    assert "locale city opens onto unknown locale atlantis" in refused.value.message


def test_a_scenario_without_a_layout_is_not_checked() -> None:
    """The layout is optional: most scenarios only name the locales."""
    assert len(game(locales=site()).rules.locales) == 8
