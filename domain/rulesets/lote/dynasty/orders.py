"""The dynasty lines of the order form (§6.1.3, §6.1.10). Children are named as the royal family lists them.
A marriage abroad takes a line on each side: `ProposeMarriage` and the other nation's `AcceptMarriage`."""

from __future__ import annotations

import msgspec

from domain.engine.bounds import Name


class _Order(msgspec.Struct, frozen=True, tag_field="type", forbid_unknown_fields=True):
    line: Name


class PromotePrince(_Order, frozen=True, tag="PromotePrince"):
    """[L5064-5070] a royal child come of age (15) becomes a Prince "in play the following turn" (at the end of
    this one), within ceil(BL/2) Princes and if the government has Princes (Table 6-3)."""

    child: Name


class DemotePrince(_Order, frozen=True, tag="DemotePrince"):
    """[L5073-5075] "In order to demote any Prince you must give him a Friendly Region or City which will then
    become a Non-Paying Tributary": he leaves the leaders, his troops stay where he was (start of the turn)."""

    prince: Name
    fief: Name


class MarryAlly(_Order, frozen=True, tag="MarryAlly"):
    """[L5183-5187; L5196-5199] a royal child (15 or more) marries one of your Full Allies: the Ally becomes a Prince
    (within the Prince limit) and his home region becomes Friendly (end of the turn)."""

    child: Name
    ally: Name


class ProposeMarriage(_Order, frozen=True, tag="ProposeMarriage"):
    """[L5188-5191; L5200-5202] a royal child (15 or more) married to a foreign ruler or leader (`partner`: a leader
    id of `to`, or a member of its royal family); `to` must accept the same match."""

    child: Name
    to: Name
    partner: Name


class AcceptMarriage(_Order, frozen=True, tag="AcceptMarriage"):
    """The other side of `ProposeMarriage`: `from_nation`'s `child` to your `partner`."""

    from_nation: Name
    child: Name
    partner: Name


class RaiseSpyRevolt(_Order, frozen=True, tag="RaiseSpyRevolt"):
    """[L7240-7245] a Spy of yours leaves his post and revolts ("Some, none or all of his troops will follow him if
    he revolts, depending on his Charisma rating"): a `spy_revolt` item at the start of the turn. `spy` is the
    leader's id as your SPIES section lists it."""

    spy: Name


DynastyOrder = PromotePrince | DemotePrince | MarryAlly | ProposeMarriage | AcceptMarriage | RaiseSpyRevolt
