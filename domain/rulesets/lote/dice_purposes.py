"""The rolls of Lords of the Earth, for referees entering physical dice. Both are GM-only: the engine proposes an
outcome from them in the adjudication queue, the GM rules, and seats see the ruling, not the dice."""

from __future__ import annotations

from domain.engine import DicePurpose

DICE_PURPOSES = (
    DicePurpose(
        purpose="investment:<nation>:<rating>",
        dice="2d6",
        decides="whether a nation's investment raises one of its ratings (`bl`, `infra`, `oc`, `cav_qr`...) a level "
        "this turn (a proposal the GM adjudicates)",
        faces="the sum S of both dice: the rating rises when pool GP x S / 7 reaches the settings' "
        "investment_gp_per_level x (the next level), plus investment_bl_is_penalty x Imperial Size for `bl`, and "
        "the rating is under its cap; otherwise it holds",
        rule="[L4062-4079] [L1219-1224]",
    ),
    DicePurpose(
        purpose="colony-resistance:<region>",
        dice="1d10",
        decides="the resistance value (RV) of a new colony in an unsettled region (a proposal the GM adjudicates)",
        faces="the face is the RV, 1 to 10",
        rule="[L4565-4566]",
    ),
)
