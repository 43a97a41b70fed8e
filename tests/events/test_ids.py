"""`events.ids.random_uuid`: canonical UUID 4 strings, all different, none shared with a forked child."""

from __future__ import annotations

import os
import uuid

from events.ids import random_uuid


def test_random_uuids_are_canonical_version_4_strings_and_unique() -> None:
    made = [random_uuid() for _ in range(5000)]  # more than one 4 KiB read
    assert len(set(made)) == len(made)
    for text in made:
        parsed = uuid.UUID(text)
        assert str(parsed) == text and parsed.version == 4 and parsed.variant == uuid.RFC_4122


def test_a_forked_child_does_not_repeat_the_parents_ids() -> None:
    random_uuid()  # the parent holds unread random bytes now
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report its next id, then leave at once
        os.close(read)
        os.write(write, random_uuid().encode())
        os._exit(0)
    os.close(write)
    child = os.read(read, 100).decode()
    os.close(read)
    os.waitpid(pid, 0)
    assert child != random_uuid()
