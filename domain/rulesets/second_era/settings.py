"""Game settings: the readings of the text on which GMs would reasonably differ ([002] is a draft)."""

from __future__ import annotations

from typing import Literal

import msgspec


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Chosen defaults follow the digest (second-era.md, appendix).

    - `moving_forfeits_harvest`: [002:6] "you only gather resources from a Land you start your turn
      on". Digest reading #18: a tribe that moves still harvests its start Land (False). True: a tribe that
      moves away harvests nothing from Lands.
    - `tribe_mana_funds_acts`: [002:3] says the gods must seek "new sources of mana" now that fauna no longer
      feed them; the text never says how a god's mana is refilled. True (chosen): a god's acts are paid from
      the god's own pool first and the rest from the mana stockpile of the god's tribe. False: the god's
      pool only.
    - `raze_bids`: [002:14] leaves the bid resolution open. "sealed" (digest #27): the raze succeeds when the
      raider's bid exceeds the owner's counter-bid; both bids are spent. "gm": a GM ruling decides.
    - `default_spells_keep_free_slot`: [002:61] a tribe without spell orders "tries to leave one slot free".
    """

    moving_forfeits_harvest: bool = False
    tribe_mana_funds_acts: bool = True
    raze_bids: Literal["sealed", "gm"] = "sealed"
    default_spells_keep_free_slot: bool = True
