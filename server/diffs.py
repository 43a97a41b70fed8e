"""Structured diffs of JSON-like values: what changed between two views, path by path."""

from __future__ import annotations

from typing import Any

from server.schemas import Change


def diff(before: Any, after: Any, path: str = "") -> list[Change]:
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[Change] = []
        for key in sorted(before.keys() | after.keys()):
            where = f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"
            if key not in after:
                changes.append(Change(where, before[key], None))
            elif key not in before:
                changes.append(Change(where, None, after[key]))
            else:
                changes.extend(diff(before[key], after[key], where))
        return changes
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [c for i, (b, a) in enumerate(zip(before, after, strict=True)) for c in diff(b, a, f"{path}/{i}")]
    return [] if before == after else [Change(path or "/", before, after)]
