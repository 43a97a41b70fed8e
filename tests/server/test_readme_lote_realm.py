"""The README's Lords of the Earth realm walk-through, run as written with bash and curl against a live server:
Byzantium's bot with its realm plan (`--plan`: a Jewish bank loan taken, an internal one refused while the
scenario's is outstanding), Vladimir's Have Children act by hand, the `birth` item the GM reads and rules (a son,
Boris), and what each nation reads afterwards: its own FINANCE or ROYAL FAMILY section, nothing in the Newsfax.
Needs `curl` (`.ci/run` installs it when missing)."""

from __future__ import annotations

from tests.server.conftest import LiveServer
from tests.server.test_readme_lote import run_walkthrough

HEADING = "### Lords of the Earth, the realm: a loan and a royal birth"


async def test_the_readme_lote_realm_walkthrough_runs_as_written(live_server: LiveServer) -> None:
    printed = await run_walkthrough(live_server, HEADING)
    lines = printed.splitlines()
    assert "[byz] turn 1: {'type': 'TakeLoan', 'line': 'loan-jewish'" in printed  # the bot's plan line
    assert "[byz] turn 1: TakeLoan refused: lote.loan_outstanding (line loan-internal: " in printed  # internal bank
    assert "[L5921-5943] Vladimir (K, age 45, Diplomacy 8) had children at Kiev" in printed  # the GM's item
    assert (
        "['Owed to internal: 39 GP (30 at 30%, due turn 3)', 'Owed to jewish: 13 GP (10 at 30%, due turn 4)', "
        "'Loan from jewish: 10 GP at 30%, due turn 4']" in lines
    ), printed
    assert "['Boris m 0']" in lines and "[]" in lines, printed  # the Rus family; no finance of the Rus
    assert lines[-2:] == ["0", "0"], printed  # the Newsfax prints neither
