"""What a scenario carries over from an earlier session of the same campaign ([003:51], [003:55]): the parts of
a character sheet and of Heaven's records that outlast a session. A first session's scenario leaves them empty;
`domain/rulesets/gods2/campaign.py` fills them from the finished game's final state."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.engine.bounds import Name, Rows, Text


class GiftSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A gift card still held ([003:263-265])."""

    gift_id: Name
    power: Name
    giver: Name


class BorrowedSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    power: Name
    lender: Name


class DemesnePowerSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A power on a demesne's card that lasts beyond the session: permanent, or until the era ends ([003:241])."""

    power: Name
    lasts: Literal["permanent", "era"]
    caster: Name


class OathSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A divine oath in the Hall of Doom's records ([003:60])."""

    swearer: Name
    witness: Name
    text: Text


class ContractSetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A service contract posted in the Hall of Doom ([003:60]): every party signed it."""

    id: Name
    proposer: Name
    parties: Rows[Name]
    terms: Text


class VacancySetup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A Council seat still empty ([003:441], [003:498])."""

    seat_of: Name
    archetype: bool = False
    sphere: Name | None = None
    electors: Rows[Name] = []
