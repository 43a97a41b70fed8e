"""A real browser for the tests: Debian's chromium driven by Playwright (async API), and the app on a live uvicorn.

The `chromium` fixture is session-wide (on pytest-asyncio's session loop: browser tests are marked
`pytest.mark.asyncio(loop_scope="session")`) and FAILS the test when /usr/bin/chromium is missing (`.ci/run`
installs it with apt-get). Playwright's own browser download (`playwright install`) is never used.

The server runs in a thread of its own (`threaded_server`), with its own loop, on a free loopback port: the
tests' loop is the session's, so a server on a test-scoped loop would not run while a test awaits the browser.
"""

from __future__ import annotations

import asyncio
import http.server
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import uvicorn

from server.app import create_app
from server.bootstrap import Services
from server.cli import listen
from tests.server.conftest import make_settings

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).parent / "screenshots"


def require_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), as .ci/run does")


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[Any]:
    """A headless chromium (a Playwright async `Browser`) for the whole session."""
    require_chromium()
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            await browser.close()


def free_socket() -> socket.socket:
    return listen("127.0.0.1", 0)


@dataclass
class ThreadedServer:
    base_url: str
    services: Services


@dataclass
class PageWatch:
    """Every request a page made and every console error it logged."""

    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> Any:
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def off_host(self) -> list[str]:
        return [url for url in self.requests if not url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:"))]


def serve_in_thread(app: Any) -> tuple[uvicorn.Server, threading.Thread, str]:
    sock = free_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    for _ in range(3000):
        if server.started or not thread.is_alive():
            break
        threading.Event().wait(0.02)
    assert server.started, "the server did not start"
    return server, thread, f"http://127.0.0.1:{port}"


@pytest.fixture
def other_origin() -> Iterator[str]:
    """A second origin (another loopback port) serving tests/browser/pages/: a third-party frontend."""
    pages = Path(__file__).parent / "pages"

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(pages), **kwargs)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def threaded_server(db_url: str, tmp_path: Path, other_origin: str) -> Iterator[ThreadedServer]:
    """The app on a live uvicorn in its own thread; CORS allows `other_origin`."""
    captured: list[Services] = []
    app = create_app(make_settings(db_url, tmp_path, cors_origins=(other_origin,)), on_ready=captured.append)
    server, thread, base_url = serve_in_thread(app)
    try:
        yield ThreadedServer(base_url=base_url, services=captured[0])
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@pytest.fixture
def screenshots(request: pytest.FixtureRequest) -> Path:
    """Where this test saves a screenshot per step (gitignored)."""
    folder = SCREENSHOTS / request.node.name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
