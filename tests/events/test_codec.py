"""The codec: canonical JSON, exact fractions, and upcasters for events whose stored shape broke."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

from events.codec import GameCodec, dec_hook, enc_hook, encode, register_upcaster
from events.store import canonical, event_hash
from tests.rulesets import sealed_bids
from tests.rulesets.sealed_bids import BidPlaced


class Ledger(msgspec.Struct, frozen=True):
    mana: Fraction


def test_fractions_are_stored_exactly_as_strings() -> None:
    data = msgspec.json.encode(Ledger(mana=Fraction(7, 3)), enc_hook=enc_hook)
    assert data == b'{"mana":"7/3"}'
    assert msgspec.json.decode(data, type=Ledger, dec_hook=dec_hook).mana == Fraction(7, 3)
    assert msgspec.json.decode(b'{"mana":"2"}', type=Ledger, dec_hook=dec_hook).mana == 2


@pytest.mark.parametrize("bad", [b'{"mana":"1/0"}', b'{"mana":"pi"}', b'{"mana":1.5}'])
def test_a_bad_fraction_is_a_validation_error(bad: bytes) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(bad, type=Ledger, dec_hook=dec_hook)


def test_encoding_is_canonical_with_sorted_keys() -> None:
    assert encode(BidPlaced(bidder="ann", amount=3)) == b'{"amount":3,"bidder":"ann","type":"BidPlaced"}'
    assert canonical(b'{ "b": 1, "a": {"d": 2, "c": 3} }') == b'{"a":{"c":3,"d":2},"b":1}'


def test_the_hash_covers_every_field() -> None:
    base = event_hash(bytes(32), "s", 1, "T", b'{"a":1}', b'{"m":1}')
    assert base != event_hash(bytes(32), "s", 2, "T", b'{"a":1}', b'{"m":1}')
    assert base != event_hash(bytes(32), "s", 1, "U", b'{"a":1}', b'{"m":1}')
    assert base != event_hash(bytes(32), "s", 1, "T", b'{"a":2}', b'{"m":1}')
    assert base != event_hash(bytes(32), "s", 1, "T", b'{"a":1}', b'{"m":2}')
    assert base != event_hash(b"\x01" * 32, "s", 1, "T", b'{"a":1}', b'{"m":1}')


def test_an_upcaster_reads_an_old_event_shape_as_the_new_one() -> None:
    """A stored `BidMade {who, gold}` (an old shape) decodes as today's `BidPlaced {bidder, amount}`."""

    def upcast(old: dict[str, object]) -> dict[str, object]:
        return {"type": "BidPlaced", "bidder": old["who"], "amount": old["gold"]}

    register_upcaster("test-bids", "BidMade", upcast)
    codec = GameCodec(sealed_bids.ruleset)
    assert codec.decode_event("BidMade", b'{"type":"BidMade","who":"ann","gold":4}') == BidPlaced("ann", 4)
    # Current events are untouched.
    assert codec.decode_event("BidPlaced", encode(BidPlaced("bob", 1))) == BidPlaced("bob", 1)


def test_every_migration_has_a_number_of_its_own() -> None:
    from events.migrate import available

    numbers = [number for number, _, _ in available()]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1
