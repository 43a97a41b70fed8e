"""The README's Lords of the Earth war walk-through, run as written with bash and curl against a live server: the
Khan's bot with its war plan (`--plan`), the Rus itineraries by hand (one refused, naming the step), the battle
in Pereyaslavl (the GM reads the resolver's proposal, the Rus only the place, month and nation), `ResolveBattle`,
the dispute re-adjudicated (a dry run, then the commit with the same dice) and the battle settled again with the
GM's correction, which the Rus read in their status report. Needs `curl` (`.ci/run` installs it when missing)."""

from __future__ import annotations

from tests.server.conftest import LiveServer
from tests.server.test_readme_lote import run_walkthrough

HEADING = "### Lords of the Earth, war: itineraries, contacts, battles and a disputed battle"


async def test_the_readme_lote_war_walkthrough_runs_as_written(live_server: LiveServer) -> None:
    printed = await run_walkthrough(live_server, HEADING)
    assert "[kip] turn 1: {'type': 'GiveItinerary'" in printed and "SubmitOrders" in printed  # the Khan's bot
    assert '"code":"lote.itinerary_no_link"' in printed and "step 1" in printed  # Perm is not next to Kiev
    assert "'by': 'auto'" in printed and "'rolls': [" in printed  # the GM reads the resolver's proposal
    assert "'subject': 'Pereyaslavl@1.4:kip'" in printed and "'explanation': ''" in printed  # the Rus only this
    assert "(2, None)" in printed and "(2, {'status': 'accepted'" in printed  # the dry run, then the commit
    battles = [line for line in printed.splitlines() if line.startswith("Battle of Pereyaslavl (year 1 month 4)")]
    assert battles == [
        "Battle of Pereyaslavl (year 1 month 4): defending against the Kipchak Horde with 4c,12i; lost 8i. Battle of "
        "Pereyaslavl: the Kipchak Horde defeated the Principality of Kiev; Pereyaslavl is now Pacified (p) to the "
        "Kipchak Horde.",
        "Battle of Pereyaslavl (year 1 month 4): defending against the Kipchak Horde with 4c,12i; lost 3i. Battle of "
        "Pereyaslavl: the Kipchak Horde defeated the Principality of Kiev; Pereyaslavl is now Pacified Tributary (pt) "
        "to the Kipchak Horde.",
    ], printed
