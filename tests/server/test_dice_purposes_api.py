"""GET /v1/rulesets/{id} tells a referee every dice purpose: what to put in `EnterDice.purpose`, and what the
faces decide (here: which face picks which member in a gods2 turmoil roll)."""

from __future__ import annotations

from tests.server.conftest import Api


async def test_the_ruleset_document_lists_its_dice_purposes(api: Api) -> None:
    response = await api.client.get("/v1/rulesets/gods2")
    assert response.status_code == 200
    purposes = {p["purpose"]: p for p in response.json()["dice_purposes"]}
    assert purposes["turmoil:<race>"]["dice"] == "1d6"
    assert "3-4 a random member" in purposes["turmoil:<race>"]["faces"]
    assert "face k picks the k-th" in purposes["turmoil_member:<race>"]["faces"]
    for ruleset_id in ("second-era", "lote"):
        listed = (await api.client.get(f"/v1/rulesets/{ruleset_id}")).json()["dice_purposes"]
        assert listed and all(p["decides"] and p["faces"] for p in listed)
