"""The committed OpenAPI documents are a contract for client generators: valid OpenAPI 3.1 (openapi-spec-validator,
no dangling `$ref`), every response with a schema, an example request and response on every operation (each valid
against its schema), every ruleset's commands a discriminated union of named types, and a 405 that says what the
path allows."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from domain import rulesets
from events.codec import tag_of
from server.openapi_docs import problems
from server.openapi_rulesets import type_prefix
from tests.server.conftest import ADMIN, Api

OPENAPI = Path(__file__).resolve().parents[2] / "openapi"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def document(name: str = "openapi.json") -> dict[str, Any]:
    return json.loads((OPENAPI / name).read_text())  # type: ignore[no-any-return]


def operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, m, op) for path, item in doc["paths"].items() for m, op in item.items() if m in METHODS]


def valid_against(doc: dict[str, Any], schema: dict[str, Any], value: Any) -> list[str]:
    validator = Draft202012Validator({**schema, "components": doc["components"]})
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(value)]


@pytest.mark.parametrize("name", ["openapi.json", *(f"rulesets/{r.id}.json" for r in rulesets.builtin())])
def test_each_committed_document_is_valid_openapi_3_1(name: str) -> None:
    assert problems(document(name)) == []


def test_a_dangling_ref_or_a_3_2_keyword_makes_the_document_invalid() -> None:
    dangling = copy.deepcopy(document())
    dangling["components"]["schemas"]["GameDetail"]["properties"]["you"] = {"$ref": "#/components/schemas/Nope"}
    assert problems(dangling) == ["dangling $ref #/components/schemas/Nope"]
    item_schema = copy.deepcopy(document())
    stream = item_schema["paths"]["/v1/games/{game_id}/events/stream"]["get"]["responses"]["200"]["content"]
    stream["text/event-stream"]["itemSchema"] = {"type": "object"}
    assert any("itemSchema" in problem for problem in problems(item_schema))


def test_every_response_has_a_schema() -> None:
    doc = document()
    missing = [
        f"{method.upper()} {path} {status} {media}"
        for path, method, op in operations(doc)
        for status, answer in op["responses"].items()
        for media, content in answer.get("content", {}).items()
        if "schema" not in content
    ]
    assert missing == []
    assert all(op["responses"] for _, _, op in operations(doc))


def test_every_operation_has_a_valid_example_request_and_response() -> None:
    doc = document()
    found = []
    for path, method, op in operations(doc):
        label = f"{method.upper()} {path}"
        for content in op.get("requestBody", {}).get("content", {}).values():
            assert "example" in content, f"{label}: no example request body"
            found += [f"{label} request: {e}" for e in valid_against(doc, content["schema"], content["example"])]
        if "requestBody" not in op:
            assert all("example" in p for p in op.get("parameters", ()) if p["required"]), label
        success = next(code for code in op["responses"] if code.startswith("2"))
        for media, content in op["responses"][success].get("content", {}).items():
            assert "examples" in content, f"{label}: no example {success} {media}"
            for example in content["examples"].values():
                found += [f"{label} {success}: {e}" for e in valid_against(doc, content["schema"], example["value"])]
    assert found == []


@pytest.mark.parametrize("ruleset", rulesets.builtin(), ids=lambda r: r.id)
def test_each_ruleset_document_types_its_commands_as_a_discriminated_union(ruleset: Any) -> None:
    prefix = type_prefix(ruleset.id)
    doc = document(f"rulesets/{ruleset.id}.json")
    schemas = doc["components"]["schemas"]
    union = schemas[f"{prefix}Command"]
    members = getattr(ruleset.command_type, "__args__", None) or (ruleset.command_type,)
    mapping = union["discriminator"]["mapping"]
    assert {tag_of(m) for m in members} <= set(mapping)
    assert sorted(r["$ref"] for r in union["oneOf"]) == sorted(mapping.values())
    for tag, target in mapping.items():
        named = schemas[target.rsplit("/", 1)[1]]
        assert named["properties"]["type"] == {"enum": [tag]} and "type" in named["required"], tag
    body = doc["paths"]["/v1/games/{game_id}/commands"]["post"]["requestBody"]["content"]["application/json"]
    assert schemas[body["schema"]["$ref"].rsplit("/", 1)[1]] == {"$ref": f"#/components/schemas/{prefix}Command"} | {
        "description": schemas["GameCommand"]["description"]
    }
    view = schemas["StateResponse"]["properties"]["view"]["$ref"]
    assert view.startswith(f"#/components/schemas/{prefix}_")
    assert schemas[f"{prefix}Event"]["discriminator"]["propertyName"] == "type"


def test_exact_values_have_one_named_wire_form() -> None:
    exact = document()["components"]["schemas"]["Exact"]
    second_era = json.dumps(document("rulesets/second-era.json"))
    assert exact["pattern"] == r"^-?(0|[1-9]\d*)(/[1-9]\d*)?$"
    assert '"$ref": "#/components/schemas/Exact"' in second_era
    assert '"description": "An exact fraction' not in second_era  # no inlined copies


async def test_the_server_serves_each_ruleset_document_as_committed(api: Api) -> None:
    for ruleset in rulesets.builtin():
        response = await api.client.get(f"/v1/rulesets/{ruleset.id}/openapi.json")
        assert response.status_code == 200, response.text
        assert response.json() == document(f"rulesets/{ruleset.id}.json")
    missing = await api.client.get("/v1/rulesets/no-such/openapi.json")
    assert missing.status_code == 404 and missing.json()["code"] == "ruleset.not_found"


async def test_a_method_the_path_does_not_have_is_a_405_that_lists_the_allowed_ones(api: Api) -> None:
    doc = document()
    checked = 0
    for path, item in doc["paths"].items():
        allowed = sorted(m.upper() for m in item if m in METHODS)
        url = path.replace("{game_id}", "g1").replace("{turn}", "1").replace("{ruleset_id}", "second-era")
        for method in ("GET", "POST", "PUT", "PATCH", "DELETE"):
            if method in allowed:
                continue
            response = await api.client.request(method, url, headers=api.auth(ADMIN))
            assert response.status_code == 405, (method, url, response.text)
            assert response.headers["Allow"] == ", ".join(allowed), (method, url)
            assert response.json()["code"] == "route.method_not_allowed"
            checked += 1
    assert checked >= 60
