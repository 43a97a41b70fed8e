"""Every roll a ruleset makes is documented for referees (`Ruleset.dice_purposes`, served by
GET /v1/rulesets/{id}): found by reading every `dice.roll(...)` and `dice.d6(...)` call in domain/."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from domain import rulesets
from domain.engine import DicePurpose

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
PACKAGES = {"gods2": "gods2", "kingdoms": "kingdoms", "lote": "lote", "second_era": "second-era"}


def rolled_purposes() -> dict[str, set[str]]:
    """ruleset id -> the purposes its code rolls, with each `{...}` of an f-string as `*`."""
    found: dict[str, set[str]] = {}
    for path in sorted(DOMAIN.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("roll", "d6")
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "dice"
            ):
                continue
            relative = path.relative_to(DOMAIN).parts
            assert relative[0] == "rulesets", f"{path}: a roll outside a ruleset needs documenting too"
            found.setdefault(PACKAGES[relative[1]], set()).add(purpose_text(node.args[0], path))
    return found


def purpose_text(arg: ast.expr, path: Path) -> str:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    assert isinstance(arg, ast.JoinedStr), f"{path}:{arg.lineno}: a purpose should be a literal or an f-string"
    return "".join(part.value if isinstance(part, ast.Constant) else "*" for part in arg.values)


def pattern(documented: DicePurpose) -> str:
    return re.sub(r"<[^>]+>", "*", documented.purpose)


def test_every_purpose_rolled_in_domain_is_documented_and_nothing_else() -> None:
    rolled = rolled_purposes()
    assert set(rolled) == set(PACKAGES.values()), "every ruleset package should roll dice somewhere"
    for ruleset_id, purposes in rolled.items():
        documented = {pattern(p) for p in rulesets.get(ruleset_id).dice_purposes}
        assert purposes == documented, f"{ruleset_id}: rolled {sorted(purposes)}, documented {sorted(documented)}"


@pytest.mark.parametrize("ruleset_id", sorted(PACKAGES.values()))
def test_each_documented_purpose_says_its_dice_and_what_the_faces_do(ruleset_id: str) -> None:
    for documented in rulesets.get(ruleset_id).dice_purposes:
        assert re.fullmatch(r"(\d+|N)d(\d+|N)", documented.dice), documented
        assert documented.decides and documented.faces, documented
        if "N" in documented.dice:  # a count of dice or sides the referee must know: `faces` or `decides` names it
            assert "N " in documented.faces + documented.decides or "N)" in documented.decides, documented
