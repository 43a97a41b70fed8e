"""The base of every Second Era event: a frozen msgspec Struct tagged in the field "type"."""

from __future__ import annotations

import msgspec


class EventBase(msgspec.Struct, frozen=True, tag_field="type"):
    pass
