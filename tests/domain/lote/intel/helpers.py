"""A small world for the intel tests: Sweden and Denmark across the Sound, Norway beyond the mountains.

`swe` (TL 6, OC 3, OB 2, AC 2, AB 3) holds Svealand (capital Stockholm) and Skane; King `sk` at Stockholm, Heir
`sh` at Stockholm, Lieutenant `sl` with 5 infantry in Skane, Queen-mother `sq` (a Q, no spy). `den` (TL 6, OC 2,
OB 1, AC 1, AB 1) holds Sjaelland (capital Copenhagen, treasury there) and Jylland; King `dk` at Copenhagen,
Lieutenant `dl` in Jylland. `nor` holds Norway, a mountain region three land borders away from Skane.
"""

from __future__ import annotations

from typing import Any

from domain.engine.messages import AdvancePhase
from domain.rulesets.lote.scenario.settings import Settings
from tests.domain.harness import Game
from tests.domain.lote.helpers import city, game, nation, region, scenario
from tests.domain.lote.leaders.test_generation import king

SWE = {"tech_level": 6, "capital": "Stockholm", "saved_gp": "500", "oc": 3, "ob": 2, "ac": 2, "ab": 3}
DEN = {
    "tech_level": 6, "capital": "Copenhagen", "saved_gp": "500", "treasury": "Copenhagen",
    "oc": 2, "ob": 1, "ac": 1, "ab": 1,
}  # fmt: skip


def sound(settings: Settings | None = None, **extra: Any) -> Game:
    setup = scenario(
        nations={
            "swe": nation("Sweden", **{**SWE, **extra.get("swe", {})}),
            "den": nation("Denmark", **{**DEN, **extra.get("den", {})}),
            "nor": nation("Norway", capital="Bergen"),
        },
        regions={
            "Svealand": region(3, statuses={"swe": "hm"}, coastal=True),
            "Skane": region(2, statuses={"swe": "f"}, coastal=True),
            "Sjaelland": region(3, statuses={"den": "hm"}, coastal=True),
            "Jylland": region(2, statuses={"den": "f"}, coastal=True),
            "Halland": region(1, "w"),
            "Dal": region(1, "m"),
            "Norway": region(1, "m", statuses={"nor": "hm"}),
            **extra.get("regions", {}),
        },
        cities={
            "Stockholm": city("Svealand", 3, statuses={"swe": "hm"}),
            "Copenhagen": city("Sjaelland", 3, statuses={"den": "hm"}),
            "Bergen": city("Norway", 1, statuses={"nor": "hm"}),
        },
        sea_zones={"Sound": {}},
        coasts=[{"region": "Skane", "sea_zone": "Sound"}, {"region": "Sjaelland", "sea_zone": "Sound"}],
        borders=[
            {"a": "Svealand", "b": "Skane"},
            {"a": "Skane", "b": "Halland"},
            {"a": "Halland", "b": "Dal"},
            {"a": "Dal", "b": "Norway"},
            {"a": "Sjaelland", "b": "Jylland"},
        ],
        leaders={
            "sk": king("swe", "Stockholm"),
            "sh": king("swe", "Stockholm", type="H", army_no="2", charisma=7),
            "sl": king("swe", "Skane", type="L", army_no="3", units={"I": 5}),
            "sq": king("swe", "Stockholm", type="Q", army_no="4"),
            "dk": king("den", "Copenhagen"),
            "dl": king("den", "Jylland", type="L", army_no="2", units={"I": 5}),
            "nk": king("nor", "Bergen"),
        },
    )
    return game(setup, settings)


def confirm_the_rest(g: Game) -> None:
    """The GM confirms every pending item that is not an intel operation (revolt checks, famine...)."""
    from domain.rulesets.lote import messages as m

    for item in list(g.rules.adjudications.values()):
        if item.outcome is None and item.kind != "intel_op":
            g.when(m.ConfirmAdjudication(item_id=item.item_id))


def infiltrated(g: Game, owner: str, target: str, sector: str, levels: int, detection: str = "hidden") -> None:
    """Given: an earlier turn's Infiltrate Enemy the GM ruled a success (`si:<sector>`: a Subvert Infiltration)."""
    from domain.rulesets.lote import messages as m

    code, sector = ("SI", sector[3:]) if sector.startswith("si:") else ("IE", sector)
    g.given(
        m.IntelOperationSettled(
            item_id=f"t0-{owner}-intel-{sector}",
            turn=0,
            nation=owner,
            code=code,
            result="success",
            detection=detection,
            reason="an earlier turn",
            target_nation=target,
            target=sector,
            sector=sector,
            levels=levels,
        )
    )


def next_turn(g: Game) -> None:
    """The GM confirms what is left, closes the turn and publishes it: the next turn's orders open."""
    confirm_the_rest(g)
    g.when(AdvancePhase())
    g.when(AdvancePhase())
