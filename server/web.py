"""The pages a browser opens: the landing page at `/`, Swagger UI at `/docs`, GraphiQL at `/graphql`, the GM
console at `/console/`.

Nothing is loaded from another host. Swagger UI comes from the `swagger-ui-bundle-v2` wheel (Swagger UI 5, which
reads OpenAPI 3.1) and GraphiQL with React from the `graphene-django-graphiql-static` wheel: both are ordinary
dependencies of the package, so `pip install -e .` brings them, and the pages work without internet. Only their
static files are used (never their Python code: the GraphiQL wheel's views need Django, which is not installed).
"""

from __future__ import annotations

import html
import importlib.util
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles

SWAGGER_ASSETS = "/docs/assets"
GRAPHIQL_ASSETS = "/graphql/assets"
OWN_ASSETS = "/assets"
CONSOLE = "/console"


def _package_dir(name: str) -> Path:
    """A package's folder without importing it (the GraphiQL wheel's modules import Django)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the {name} package is missing: reinstall Pantheon (`pip install -e .`)")
    return Path(next(iter(spec.submodule_search_locations)))


def swagger_dir() -> Path:
    vendor = _package_dir("swagger_ui_bundle") / "vendor"
    return max(vendor.glob("swagger-ui-5*"))  # the wheel holds exactly one version


def graphiql_dir() -> Path:
    return _package_dir("graphene_django_graphiql_static") / "static" / "graphene_django_graphiql_static"


def graphiql_html() -> str:
    """GraphiQL from local assets; replaces Strawberry's page, which loads React and GraphiQL from a CDN."""
    base = GRAPHIQL_ASSETS
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Pantheon GraphiQL</title>
  <link rel="icon" href="data:,">
  <style>body {{ margin: 0; }} #graphiql {{ height: 100vh; }}</style>
  <link rel="stylesheet" href="{base}/graphiql.min.css">
  <script src="{base}/react.production.min.js"></script>
  <script src="{base}/react-dom.production.min.js"></script>
  <script src="{base}/graphiql.min.js"></script>
  <script src="{base}/graphql-ws.min.js"></script>
</head>
<body>
  <div id="graphiql">Loading GraphiQL...</div>
  <script src="{OWN_ASSETS}/graphiql-init.js"></script>
</body>
</html>
"""


def landing_html(title: str, version: str) -> str:
    name = html.escape(f"{title} {version}")
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{name}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="{OWN_ASSETS}/landing.css">
</head>
<body>
<main>
  <h1>{name}</h1>
  <p>Event-sourced game server for GM-moderated strategy and god games. Authenticate with
  <code>Authorization: Bearer &lt;token&gt;</code>; errors are <code>application/problem+json</code>.</p>
  <h2>Explore</h2>
  <ul>
    <li><a href="/docs">REST API docs</a> (Swagger UI): every operation, try it out with a token</li>
    <li><a href="/graphql">GraphQL</a> (GraphiQL): queries, mutations, the <code>events</code> subscription</li>
    <li><a href="/console/">GM console</a>: games, timeline, scrubber, audit, rollback and re-adjudication (sign in
    with a GM, admin or seat token)</li>
  </ul>
  <h2>Schemas</h2>
  <ul>
    <li><a href="/openapi.json">/openapi.json</a>: the OpenAPI document</li>
    <li><a href="/schema.graphql">/schema.graphql</a>: the GraphQL schema (SDL)</li>
    <li><a href="/v1/rulesets">/v1/rulesets</a>: the rulesets; <code>/v1/rulesets/{{id}}</code> gives each one's
    commands, events, scenario, settings, views and dice purposes as JSON Schemas</li>
  </ul>
  <h2>Quick links</h2>
  <ul>
    <li><code>POST /v1/games</code> (admin token): create a game from a scenario; answers the GM token once</li>
    <li><code>POST /v1/games/{{id}}/seats</code> (GM): add a seat; answers its token once</li>
    <li><code>GET /v1/games/{{id}}/commands/available</code>: what you may send now, with JSON Schemas</li>
    <li><code>POST /v1/games/{{id}}/commands</code>: send one, with <code>Idempotency-Key</code> and
    <code>If-Match</code></li>
    <li><code>GET /v1/games/{{id}}/state</code>: your view (<code>?at_version=</code>, <code>?at_turn=</code>,
    <code>?at_time=</code> for the past)</li>
    <li><code>GET /v1/games/{{id}}/events/stream</code>: live events (Server-Sent Events); from a browser, get a
    ticket with <code>POST /v1/games/{{id}}/events/stream-ticket</code></li>
    <li><a href="/health">/health</a>: is the server up</li>
  </ul>
</main>
</body>
</html>
"""


def router(app: FastAPI) -> APIRouter:
    pages = APIRouter(include_in_schema=False)

    @pages.get("/", response_class=HTMLResponse)
    async def landing() -> HTMLResponse:
        return HTMLResponse(landing_html(app.title, app.version))

    @pages.get("/docs", response_class=HTMLResponse)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title=f"{app.title} - API docs",
            swagger_js_url=f"{SWAGGER_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{SWAGGER_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{SWAGGER_ASSETS}/favicon-32x32.png",
            swagger_ui_parameters={"persistAuthorization": True},
        )

    @pages.get(CONSOLE)
    async def console() -> RedirectResponse:
        return RedirectResponse(f"{CONSOLE}/", status_code=308)

    @pages.get("/schema.graphql", response_class=PlainTextResponse)
    async def graphql_sdl() -> PlainTextResponse:
        from server.graphql import schema_sdl

        return PlainTextResponse(schema_sdl() + "\n")

    return pages


def install(app: FastAPI) -> None:
    """The pages and their static files. Call before the GraphQL router is included (its assets sit under it)."""
    app.include_router(router(app))
    app.mount(SWAGGER_ASSETS, StaticFiles(directory=swagger_dir()), name="swagger-assets")
    app.mount(GRAPHIQL_ASSETS, StaticFiles(directory=graphiql_dir()), name="graphiql-assets")
    app.mount(OWN_ASSETS, StaticFiles(directory=Path(__file__).parent / "static"), name="assets")
    # The GM console (server/console/): static HTML, CSS and ES modules; it uses the public API only.
    app.mount(CONSOLE, StaticFiles(directory=Path(__file__).parent / "console", html=True), name="console")
