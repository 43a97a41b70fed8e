"""wrk, the C load generator the HTTP benchmarks drive: found on PATH or installed from Debian's packages.

The client must not share the server's interpreter (nor pull every ratio towards 1 by eating the same cores in
Python), so the HTTP benchmarks send their load with wrk: one thread, an event loop in C, keep-alive
connections. `find_wrk` says where it came from. Requests are pre-formatted in a generated Lua script that
cycles through them; `done()` prints one JSON line with the counts and latency percentiles.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

_MARK = "WRK-RESULT "


def find_wrk() -> tuple[str, str]:
    """wrk's path, and how it was found ("found on PATH" or "installed with apt-get")."""
    found = shutil.which("wrk")
    if found:
        return found, f"wrk found at {found}"
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        raise SystemExit("wrk is needed: install it (Debian: `apt-get install wrk`) and run again.")
    print("wrk is not installed: installing Debian's package with apt-get ...", flush=True)
    if subprocess.run([apt, "install", "-y", "-q", "wrk"], capture_output=True).returncode != 0:
        subprocess.run([apt, "update", "-q"], capture_output=True, check=True)
        subprocess.run([apt, "install", "-y", "-q", "wrk"], capture_output=True, check=True)
    found = shutil.which("wrk")
    if not found:
        raise SystemExit("apt-get did not install wrk; install it by hand and run again.")
    return found, f"wrk installed with apt-get at {found}"


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: str | None = None


@dataclass(frozen=True)
class WrkResult:
    requests: int
    seconds: float
    non_2xx: int
    socket_errors: int
    p50_ms: float
    p99_ms: float

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def _lua_string(text: str) -> str:
    return "[==[" + text + "]==]"


def lua_script(requests: list[Request]) -> str:
    lines = ["local reqs = {}"]
    for i, r in enumerate(requests, start=1):
        headers = ", ".join(f"[ {_lua_string(k)} ] = {_lua_string(v)}" for k, v in r.headers.items())
        body = _lua_string(r.body) if r.body is not None else "nil"
        lines.append(f"reqs[{i}] = wrk.format({_lua_string(r.method)}, {_lua_string(r.path)}, {{{headers}}}, {body})")
    lines += [
        "local n = #reqs",
        "local i = 0",
        "request = function() i = i % n + 1; return reqs[i] end",
        "done = function(summary, latency, requests)",
        "  local e = summary.errors",
        f'  io.write(string.format("{_MARK}%d %d %d %d %f %f\\n", summary.requests, summary.duration,',
        "    summary.errors.status, e.connect + e.read + e.write + e.timeout,",
        "    latency:percentile(50.0), latency:percentile(99.0)))",
        "end",
    ]
    return "\n".join(lines) + "\n"


def run(wrk: str, base: str, requests: list[Request], *, seconds: float, connections: int) -> WrkResult:
    """Send `requests` round-robin over `connections` keep-alive connections for `seconds`."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(lua_script(requests))
        script = f.name
    try:
        out = subprocess.run(
            [wrk, "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "10s", "-s", script, base],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        Path(script).unlink(missing_ok=True)
    line = next((x for x in out.splitlines() if x.startswith(_MARK)), None)
    if line is None:
        raise RuntimeError(f"wrk printed no result:\n{out}")
    count, micros, status, sockets, p50, p99 = line.removeprefix(_MARK).split()
    return WrkResult(
        requests=int(count),
        seconds=int(micros) / 1e6,
        non_2xx=int(status),
        socket_errors=int(sockets),
        p50_ms=float(p50) / 1000,
        p99_ms=float(p99) / 1000,
    )


def as_json(result: WrkResult) -> str:
    return json.dumps(result.__dict__)
