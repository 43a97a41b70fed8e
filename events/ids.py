"""Random ids (command ids, correlation ids) as UUID version 4 strings, cheaper than `str(uuid.uuid4())`.

`uuid4()` reads 16 bytes from the kernel and builds a `UUID` object only to format it: two of them (a command id,
a correlation id) were 2% of a command's CPU. These ids are not secrets (clients see them), only unique: they
come from `os.urandom` read 4 KiB at a time, with the version and variant bits of a UUID 4 set, formatted
directly. A forked child drops the parent's unread bytes, so parent and child never hand out the same ids.
"""

from __future__ import annotations

import os

_CHUNK = 4096
_buffer = b""
_at = _CHUNK
_VARIANT = "89ab"  # the RFC 4122 variant: the top two bits of byte 8 are 10


def random_uuid() -> str:
    """A random UUID (version 4, RFC 4122 variant) in its canonical 36-character form."""
    global _buffer, _at
    if _at >= len(_buffer):
        _buffer, _at = os.urandom(_CHUNK), 0
    raw = _buffer[_at : _at + 16]
    _at += 16
    h = raw.hex()
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_VARIANT[raw[8] >> 6]}{h[17:20]}-{h[20:]}"


def _forget() -> None:
    global _buffer, _at
    _buffer, _at = b"", _CHUNK


os.register_at_fork(after_in_child=_forget)
