"""The rolls of The Second Era, for referees entering physical dice (all public: posted with the battle)."""

from __future__ import annotations

from domain.engine import DicePurpose

BATTLE_FACES = (
    "first die the attacker's, second the defender's; each side's total is its war score + its die + its spells' "
    "bonus: equal totals draw and each side loses 1; a higher attacker total wins and the defender loses half the "
    "difference, rounded down; a higher defender total wins and the attacker loses half, rounded up"
)

DICE_PURPOSES = (
    DicePurpose(
        purpose="battle:<land>:<attacker tribe>:<defender tribe>",
        dice="2d6",
        decides="a battle between two tribes on a Land",
        faces=BATTLE_FACES,
        rule="[002:53-57]",
    ),
    DicePurpose(
        purpose="raid:<land>:<monster>:<target tribe or monster>",
        dice="2d6",
        decides="a monster's raid on a tribe or on another monster",
        faces=BATTLE_FACES.replace("attacker's", "monster's").replace("defender's", "target's", 1),
        rule="[002:53-57] [002:104]",
    ),
    DicePurpose(
        purpose="destruction:<land>:<tribe, monster or artefact>",
        dice="Nd6",
        decides="the war bonus of a Destruction spell cast in a battle, or of a Destruction artefact (N = the sum "
        "of its Destruction levels)",
        faces="the sum of the dice is added to the caster's battle total",
        rule="[002:54] [002:78]",
    ),
    DicePurpose(
        purpose="arrival:<land>",
        dice="Nd6",
        decides="which of N tribes that reached a Land in the same fewest moves defends it",
        faces="die k goes to the k-th tied tribe in alphabetical order of their gods; the highest die defends; "
        "tribes tied on the highest die roll again",
    ),
)
