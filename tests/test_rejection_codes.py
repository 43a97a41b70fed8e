"""Every refusal code defined in `domain/` is asserted by some test.

The scan finds the codes the domain can raise: literal `Rejected("area.reason", ...)` calls, and the codes the
rulesets build through their one refusal helper each (`reject("reason")` in gods2 and Second Era, `refuse(order,
"reason")` and `_bad("reason")` in LotE's orders and scenarios, LotE's `NoRoute("reason", ...)` for a trade route
that cannot be traced, Second Era's scenario `_bad`). A code counts as tested when its full text appears in a test
module under tests/ (other than this one). Codes built at run time
from a variable (`f"{what}.invalid"`) are outside the scan.

A new code without a test fails the check; a refusal no path can reach is removed rather than kept untested.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITERAL = re.compile(r'\bRejected\(\s*"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"')
HELPERS: dict[str, list[tuple[re.Pattern[str], str]]] = {
    "gods2": [(re.compile(r'\breject\(\s*"([a-z0-9_]+)"'), "gods2.")],
    "kingdoms": [
        (re.compile(r'\breject\(\s*"([a-z0-9_]+)"'), "kingdoms."),
        (re.compile(r'\b_bad\(\s*"([a-z0-9_]+)"'), "kingdoms.scenario."),
    ],
    "second_era": [
        (re.compile(r'\breject\(\s*"([a-z0-9_]+)"'), "second_era."),
        (re.compile(r'\b_bad\(\s*"([a-z0-9_]+)"'), "second_era.scenario."),
    ],
    "lote": [
        (re.compile(r'\brefuse\(\s*[\w\[\]\-]+,\s*"([a-z0-9_]+)"'), "lote."),
        (re.compile(r'\b_bad\(\s*"([a-z0-9_]+)"'), "lote.scenario."),
        (re.compile(r'\bNoRoute\(\s*"([a-z0-9_]+)"'), "lote."),  # why a trade route cannot be traced (`trade/`)
    ],
}


def defined_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "domain").rglob("*.py"):
        text = path.read_text()
        codes |= set(LITERAL.findall(text))
        ruleset = path.relative_to(ROOT / "domain").parts
        for name, patterns in HELPERS.items():
            if "rulesets" in ruleset and name in ruleset:
                for pattern, prefix in patterns:
                    codes |= {prefix + c for c in pattern.findall(text)}
    return codes


def asserted_text() -> str:
    here = Path(__file__).resolve()
    return "\n".join(p.read_text() for p in (ROOT / "tests").rglob("*.py") if p.resolve() != here)


def test_the_scan_finds_the_refusals_of_every_ruleset() -> None:
    codes = defined_codes()
    areas = ("gods2.", "second_era.", "lote.", "lote.scenario.", "kingdoms.", "kingdoms.scenario.", "engine.", "dice.")
    for area in areas:
        assert any(c.startswith(area) for c in codes), area
    assert "gods2.unknown_casting" in codes and "lote.too_much_nfp" in codes


def test_every_rejection_code_is_asserted_by_a_test() -> None:
    tests = asserted_text()
    untested = {c for c in defined_codes() if f'"{c}"' not in tests}
    assert sorted(untested) == [], "refusal codes without a test"
