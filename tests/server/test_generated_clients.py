"""Clients generated from the committed OpenAPI documents, as a third party would make them.

- Python: openapi-python-client (a test dependency) generates a client from `openapi/rulesets/second-era.json`;
  it plays a short Second Era turn against a live server with its typed classes (`SecondEraGrowTribe`, ...).
- TypeScript: openapi-typescript (clients/typescript/package.json, installed with `npm ci`) generates types from
  the main document and each ruleset's, and `tsc --strict` compiles a sample client against them.

Both FAIL, never skip, when a generator is missing (`.ci/run` installs Node and the npm packages).
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain import rulesets
from tests.server.conftest import ADMIN, LiveServer

ROOT = Path(__file__).resolve().parents[2]
TYPESCRIPT = ROOT / "clients" / "typescript"
BIN = Path(sys.executable).parent


def run(command: list[str], cwd: Path, timeout: int = 300) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


# --- Python -----------------------------------------------------------------------------------------------


def unshadow_cast(package: Path) -> None:
    """openapi-python-client 0.29 names a model's local variable after each field; a field called `cast` (a
    Second Era tribe's spells cast) then shadows `typing.cast` in `from_dict`. Call it by another name."""
    for module in package.rglob("*.py"):
        text = module.read_text()
        if re.search(r"^\s+cast = ", text, re.MULTILINE):
            text = re.sub(r"\bcast\(", "typing_cast(", text)
            future = "from __future__ import annotations\n"
            module.write_text(text.replace(future, future + "from typing import cast as typing_cast\n", 1))


@pytest.fixture
def second_era_client(tmp_path: Path) -> Iterator[Any]:
    generator = shutil.which("openapi-python-client", path=str(BIN)) or shutil.which("openapi-python-client")
    assert generator, "openapi-python-client is missing: pip install -e '.[test]'"
    env_path = f"{BIN}:{Path(generator).parent}"
    out = tmp_path / "second_era_client"
    command = [generator, "generate", "--path", str(ROOT / "openapi/rulesets/second-era.json"), "--meta", "none"]
    done = subprocess.run(
        [*command, "--output-path", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PATH": env_path, "HOME": str(tmp_path)},
    )
    assert done.returncode == 0 and (out / "client.py").exists(), done.stdout + done.stderr
    assert "Warning" not in done.stdout, done.stdout  # nothing of the document was skipped
    unshadow_cast(out)
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("second_era_client")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "second_era_client" or n.startswith("second_era_client.")]:
            del sys.modules[name]


async def test_the_generated_python_client_plays_a_second_era_turn_with_typed_commands(
    live_server: LiveServer, second_era_client: Any
) -> None:
    client = second_era_client
    api = importlib.import_module("second_era_client.api")
    m = importlib.import_module("second_era_client.models")
    for module in ("games.create_game", "games.add_seat", "commands.submit_command", "history.get_state"):
        importlib.import_module(f"second_era_client.api.{module}")
    scenario = json.loads((ROOT / "examples/scenarios/second-era-four-gods.json").read_text())
    admin = client.AuthenticatedClient(base_url=live_server.base_url, token=ADMIN)

    request = m.CreateGameRequest(name="Typed", ruleset="second-era", scenario=m.SecondEraSetup.from_dict(scenario))
    created = await api.games.create_game.asyncio(client=admin, body=request)
    assert isinstance(created, m.CreatedGame), created
    gm = client.AuthenticatedClient(base_url=live_server.base_url, token=created.gm_token)
    god = scenario["gods"][0]["id"]
    tribe = next(t for t in scenario["tribes"] if t["god"] == god)
    seat_request = m.AddSeatRequest(name=god, role=m.AddSeatRequestRole.PLAYER, controls=god)
    seat = await api.games.add_seat.asyncio(created.game_id, client=gm, body=seat_request)
    assert isinstance(seat, m.CreatedSeat), seat
    player = client.AuthenticatedClient(base_url=live_server.base_url, token=seat.token)

    async def send(who: Any, command: Any) -> Any:
        answer = await api.commands.submit_command.asyncio(created.game_id, client=who, body=command)
        assert isinstance(answer, m.CommandAccepted), answer
        return answer

    await send(gm, m.StartGame(type_=m.StartGameType.STARTGAME))
    given = await send(player, m.SecondEraGrowTribe(type_=m.SecondEraGrowTribeType.GROWTRIBE, role="farmer"))
    assert [e.type_ for e in given.events] == ["OrderGiven"]
    await send(player, m.SecondEraSetRetreat(type_=m.SecondEraSetRetreatType.SETRETREAT, to_land=None))
    advance = m.AdvancePhase(type_=m.AdvancePhaseType.ADVANCEPHASE, turn=1, phase="orders")
    await send(gm, advance)

    state = await api.history.get_state.asyncio(created.game_id, client=player)
    assert isinstance(state, m.StateResponse) and isinstance(state.view, m.SecondEraView), state
    assert state.view.turn == 2 and state.game.turn == 2
    grown = next(t for t in state.view.tribes if t.id == tribe["id"])
    assert isinstance(grown, m.SecondEraTribeView)
    # [002:8] one more Clan, of the role given in the order.
    assert grown.clans.to_dict()["farmer"] == tribe["clans"]["farmer"] + 1
    # Time travel through the exclusive `point` parameter (sent as `?at_turn=1`).
    before = await api.history.get_state.asyncio(created.game_id, client=player, point=m.GetStatePoint(at_turn=1))
    assert isinstance(before, m.StateResponse) and before.view.turn == 1, before


# --- TypeScript -------------------------------------------------------------------------------------------

SAMPLE = """
import type { components, operations } from "./second-era";
import type { components as Main } from "./openapi";

type Command = components["schemas"]["SecondEraCommand"];
type State = operations["getState"]["responses"][200]["content"]["application/json"];

export const grow: Command = { type: "GrowTribe", role: "farmer" };
export const start: Command = { type: "StartGame" };
export const farmers = (state: State): number[] => state.view.tribes.map((tribe) => tribe.clans["farmer"] ?? 0);
export const exact: Main["schemas"]["Exact"] = "1100/9";
export const problem = (p: Main["schemas"]["Problem"]): string => `${p.code}: ${p.detail}`;
// @ts-expect-error: a tag that is not a Second Era command
export const unknown: Command = { type: "NoSuchCommand" };
// @ts-expect-error: GrowTribe needs its role
export const incomplete: Command = { type: "GrowTribe" };
"""


def node_tools() -> Path:
    assert shutil.which("node") and shutil.which("npm"), "Node.js is missing: apt-get install -y nodejs npm"
    tools = TYPESCRIPT / "node_modules" / ".bin"
    if not (tools / "openapi-typescript").exists() or not (tools / "tsc").exists():
        run(["npm", "ci", "--no-audit", "--no-fund"], TYPESCRIPT)
    return tools


def test_typescript_types_generated_from_every_document_compile_strictly(tmp_path: Path) -> None:
    tools = node_tools()
    documents = {"openapi": ROOT / "openapi/openapi.json"}
    documents |= {r.id: ROOT / f"openapi/rulesets/{r.id}.json" for r in rulesets.builtin()}
    for name, path in documents.items():
        run([str(tools / "openapi-typescript"), str(path), "-o", str(tmp_path / f"{name}.ts")], TYPESCRIPT)
    (tmp_path / "sample.ts").write_text(SAMPLE)
    files = [str(tmp_path / f"{name}.ts") for name in documents] + [str(tmp_path / "sample.ts")]
    options = ["--strict", "--noEmit", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler"]
    run([str(tools / "tsc"), *options, *files], tmp_path)
