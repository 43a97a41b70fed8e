"""Each bot command of the README, run as written (a subprocess, `.venv/bin/python` being this interpreter) against
a live server, on a game made from the README's sample scenario; and the bots need only the package's own
dependencies, so the README's first install command (`pip install -e .`) is enough to run them."""

from __future__ import annotations

import ast
import asyncio
import json
import re
import shlex
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import ADMIN, LiveServer

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "examples" / "scenarios"
BOT_LINE = re.compile(r"^\.venv/bin/python (examples/bots/(\w+)\.py .*)$", re.MULTILINE)

# bot -> (ruleset, scenario file, settings file or None, the README's token variable, the seat it controls)
GAMES: dict[str, tuple[str, str, str | None, str, str | None]] = {
    "second_era": ("second-era", "second-era-four-gods.json", None, "SUNNA", "sunna"),
    "gods2_heaven": ("gods2", "gods2-heaven.json", None, "TOKEN", "zeus"),
    "lote": ("lote", "lote-four-nations.json", None, "TOKEN", "dan"),
    "kingdoms_bot": ("kingdoms", "kingdoms-three-kingdoms.json", None, "TOKEN", "elvenwood"),
    "gods2_earth_referee": ("gods2", "gods2-earth.json", "gods2-earth.settings.json", "GM", None),
}
# What each bot's run must have appended (event types).
EFFECTS = {
    "second_era": "OrderGiven",
    "gods2_heaven": "CharacterMoved",
    "lote": "OrdersSubmitted",
    "kingdoms_bot": "OrderGiven",
    "gods2_earth_referee": "CenturyEnded",
}


def readme_bot_lines() -> dict[str, str]:
    """Each bot's first command line in the README (the "Rulesets and bots" block)."""
    lines: dict[str, str] = {}
    for match in BOT_LINE.finditer((ROOT / "README.md").read_text(encoding="utf-8")):
        lines.setdefault(match.group(2), match.group(1))
    return lines


def test_the_readme_runs_every_bot() -> None:
    assert (
        set(readme_bot_lines())
        == set(GAMES)
        == {p.stem for p in (ROOT / "examples/bots").glob("*.py")}
        - {
            "__init__",
            "wire",
            "second_era_strategy",
        }
    )


def test_the_bots_need_only_the_packages_own_dependencies() -> None:
    """Every third-party module a bot imports is provided by a runtime dependency (not an extra) of pantheon."""
    required = {
        re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower().replace("_", "-")
        for r in metadata.requires("pantheon") or []
        if "extra ==" not in r
    }
    providers = metadata.packages_distributions()
    local = {"examples", "wire", "second_era_strategy", "__future__"}
    for path in (ROOT / "examples/bots").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top in local or top in sys.stdlib_module_names:
                    continue
                dists = {d.lower().replace("_", "-") for d in providers.get(top, [])}
                assert dists & required, f"{path.name} imports {top} ({dists}), not a runtime dependency"


async def make_game(client: httpx.AsyncClient, bot: str) -> dict[str, str]:
    ruleset, scenario, settings, variable, controls = GAMES[bot]
    body: dict[str, Any] = {"ruleset": ruleset, "name": bot, "scenario": json.loads((SCENARIOS / scenario).read_text())}
    if settings:
        body["settings"] = json.loads((SCENARIOS / settings).read_text())
    created = await client.post("/v1/games", json=body, headers={"Authorization": f"Bearer {ADMIN}"})
    assert created.status_code == 201, created.text
    game = created.json()
    gm = {"Authorization": f"Bearer {game['gm_token']}"}
    token = game["gm_token"]
    if controls is not None:
        seat = {"name": controls, "role": "bot", "controls": controls}
        added = await client.post(f"/v1/games/{game['game_id']}/seats", json=seat, headers=gm)
        assert added.status_code == 201, added.text
        token = added.json()["token"]
    started = await client.post(f"/v1/games/{game['game_id']}/commands", json={"type": "StartGame"}, headers=gm)
    assert started.status_code == 200, started.text
    return {"ID": game["game_id"], variable: token, "GM_TOKEN": game["gm_token"]}


@pytest.mark.parametrize("bot", sorted(GAMES))
async def test_each_readme_bot_command_plays_against_a_live_server(live_server: LiveServer, bot: str) -> None:
    async with httpx.AsyncClient(base_url=live_server.base_url, timeout=30) as client:
        values = {"API": live_server.base_url, **await make_game(client, bot)}
        line = re.sub(r"\$(\w+)", lambda m: values[m.group(1)], readme_bot_lines()[bot])
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *shlex.split(line),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await asyncio.wait_for(process.communicate(), timeout=240)
        assert process.returncode == 0, out.decode()
        gm = {"Authorization": f"Bearer {values['GM_TOKEN']}"}
        events = (await client.get(f"/v1/games/{values['ID']}/events", headers=gm, params={"limit": 1000})).json()
    types = {e["type"] for e in events["events"]}
    assert EFFECTS[bot] in types, (out.decode(), sorted(types))
