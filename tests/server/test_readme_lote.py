"""The README's Lords of the Earth walk-through, run as written with bash and curl against a live server: a
nation's bot submits its form, the GM closes orders and validation, confirms the queued adjudication, and the
nation reads its published status report. Needs `curl` (`.ci/run` installs it when missing)."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from tests.server.conftest import ADMIN, LiveServer

ROOT = Path(__file__).resolve().parents[2]
HEADING = "### Lords of the Earth, one turn with the GM"


def walkthrough(heading: str = HEADING) -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("```sh", readme.index(heading)) + len("```sh")
    return readme[start : readme.index("```", start)]


async def run_walkthrough(live_server: LiveServer, heading: str) -> str:
    """The README's shell block under `heading`, run with bash against the live server; what it printed."""
    if shutil.which("curl") is None:
        pytest.fail("curl is missing: install it (apt-get install -y curl), as .ci/run does")
    prelude = (
        "set -euo pipefail\n"
        f"API={live_server.base_url}\nADMIN={ADMIN}\n"
        """json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }\n"""
    )
    script = prelude + walkthrough(heading).replace(".venv/bin/python ", f"{sys.executable} ")
    process = await asyncio.create_subprocess_exec(
        "bash", "-c", script, cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    out, _ = await asyncio.wait_for(process.communicate(), timeout=240)
    printed = out.decode()
    assert process.returncode == 0, printed
    return printed


async def test_the_readme_lote_walkthrough_runs_as_written(live_server: LiveServer) -> None:
    printed = await run_walkthrough(live_server, HEADING)
    assert "SubmitOrders" in printed  # the bot's form
    assert '"type":"AdjudicationDecided"' in printed  # the GM's ruling on the queued item
    assert "STATUS REPORT: Kingdom of Denmark (dan), turn 1" in printed  # what the nation reads at the end
