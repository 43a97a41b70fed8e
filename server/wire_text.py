"""Patterns for text a client sends, stated in the schema: the server refuses NUL anywhere in a body
(`request.nul_character`: PostgreSQL text cannot hold it) and blank names and reasons (`*_required`)."""

from __future__ import annotations

NO_NUL = r"^[^\u0000]*$"
NOT_BLANK = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"
