"""The rolls of The Gods II (all on Earth: Heaven rolls no dice), for referees entering physical dice."""

from __future__ import annotations

from domain.engine import DicePurpose

NTH = "face k picks the k-th of the N {what}, in alphabetical order of their ids (rolled only when N > 1)"

DICE_PURPOSES = (
    DicePurpose(
        purpose="aggression:<race>",
        dice="1d6",
        decides="how many wars a race declares at the start of a century",
        faces="die + the race's Aggression: 4 or less no war, 5-6 one war, 7-8 two wars, 9 or more three wars",
        rule="[000:242-251]",
    ),
    DicePurpose(
        purpose="war_target:<race>",
        dice="1dN",
        decides="which bordering race each declared war is against (one roll per war; repeats allowed)",
        faces=NTH.format(what="bordering races with a population"),
        rule="[000:242-251]",
    ),
    DicePurpose(
        purpose="war_order",
        dice="1dN",
        decides="the order in which the century's aggressive wars are fought (the gods' wars come first)",
        faces="face k draws the k-th of the N aggressive wars not yet drawn, in the order they were declared; "
        "rolled again until one is left",
    ),
    DicePurpose(
        purpose="diplomacy:<war>:<side>",
        dice="1d6",
        decides="whether a side's diplomacy averts the war (`AttemptDiplomacy`; side is attacker or defender)",
        faces="die + own Diplomacy - the enemy's Aggression: 5 or less the war occurs, 6 or more it is averted",
        rule="[000:268-271]",
    ),
    DicePurpose(
        purpose="city:<square>",
        dice="1d6",
        decides="whether a civilized winner destroys or takes a city in a square the loser vacates",
        faces="at or under the winner's Aggression the city is destroyed, above it the winner takes it "
        "(primitive and barbarian winners always destroy it, without a roll)",
        rule="[000:280]",
    ),
    DicePurpose(
        purpose="spread:<square>",
        dice="1dN",
        decides="which neighbour of a square with a spreading feature its terrain spreads into at the start of a "
        "century (one roll per square reached; the pack's `earth.spreading` says how many)",
        faces="face k picks the k-th of the N neighbours it may still spread into, in alphabetical order of their "
        "ids (rolled only while more qualify than it still reaches)",
        rule="[000:255]",
    ),
    DicePurpose(
        purpose="turmoil:<race>",
        dice="1d6",
        decides="what a race in turmoil does to its pantheon at the end of the century",
        faces="1-2 nothing; 3-4 a random member (turmoil_member) is expelled; 5-6 a random member "
        "(turmoil_member) expels a member of its choice",
        rule="[000:86-92]",
    ),
    DicePurpose(
        purpose="turmoil_member:<race>",
        dice="1dN",
        decides="the random pantheon member of a turmoil roll of 3-6",
        faces=NTH.format(what="members of the pantheon, ATHEISM and DIABOLISM included"),
        rule="[000:86-92]",
    ),
    DicePurpose(
        purpose="turmoil_victim:<race>",
        dice="1dN",
        decides="whom ATHEISM or DIABOLISM expels when a turmoil roll of 5-6 picks it",
        faces=NTH.format(what="other members of the pantheon"),
        rule="[000:86-92]",
    ),
)
