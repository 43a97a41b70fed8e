"""`Rejected`: a refused command, with a stable dotted code (`area.reason`).

A refused command is an error returned to the caller and appends nothing. A failed order during resolution is a
fact and belongs in the turn report as an event, never a `Rejected`.
"""

from __future__ import annotations


class Rejected(Exception):
    """A command the rules refuse. `code` is stable (clients switch on it); `message` says what to do."""

    def __init__(self, code: str, message: str, *, status: int = 422) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        # 422 for rule refusals, 403 for permission refusals, 409 for state conflicts.
        self.status = status


def forbidden(message: str) -> Rejected:
    return Rejected("engine.forbidden", message, status=403)
