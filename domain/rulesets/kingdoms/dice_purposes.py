"""The rolls of the kingdoms game, for referees entering physical dice. All are GM-only: players see outcomes in
their reports, never the dice (C6).

A chance of the content pack is drawn on one die of N faces (`rules.draws.chance_sides`: 100 for a whole percent,
a multiple of 100 for a finer fraction, 300 for 2/3): a face at or under chance x N succeeds; a chance of 0 or 1
rolls nothing."""

from __future__ import annotations

from domain.engine import DicePurpose


def _p(purpose: str, dice: str, decides: str, faces: str, rule: str) -> DicePurpose:
    return DicePurpose(purpose=purpose, dice=dice, decides=decides, faces=faces, rule=rule)


CHANCE = "at or under the chance x N succeeds (N = 100 for a whole percent)"
DICE_PURPOSES = (
    _p("encounter:<character>", "1dN", "whether a character meets a monster (the terrain's chance, halved at home)",
       CHANCE, "[004:107-116]"),
    _p("monster:<character>", "1dN", "which monster of the content's table (N monsters) a character meets where "
       "none is known", "face k: the k-th monster of the table, in its order", "[004:256-262]"),
    _p("rage:<character>", "1d4", "a Berserker's extra hit points in a fight", "the face: extra hit points",
       "[004:187]"),
    _p("refusal:<character>", "1d100", "whether a Cautious or Cowardly character refuses combat",
       "at or under his refusal % he refuses", "[004:171-183]"),
    _p("flee:<character>", "1d100", "whether a character flees", "1-50 he flees (1-60 when Cautious)", "[004:191]"),
    _p("negotiate:<character>", "1dN", "whether talking neutralizes a monster (the content's negotiation chance)",
       CHANCE, "[004:243-248], [004:334]"),
    _p("hit:<character>", "1d100", "whether a character's tactic hits a monster",
       "at or under 50% + 10% a level (+10% Brave) it hits", "duel default"),
    _p("damage:<character>", "Nd6", "a character's damage (N = ability level + 1)", "the sum of the faces",
       "duel default"),
    _p("monster-hit:<character>", "1d100", "whether the monster hits back",
       "at or under 40% + 10% a skill level (-10% against the Cautious) it hits", "[004:256-262]"),
    _p("monster-damage:<character>", "1dN", "a monster's damage (N = the size of its damage range)",
       "face k: the range's k-th value", "[004:256-262]"),
    _p("mercy:<character>", "1d100", "whether a Coward's begging for mercy works", "1-50 spared", "[004:192]"),
    _p("feature:<character>", "1d100", "whether exploring finds a feature",
       "at or under the new explored % (Sea: the content's small chance) finds one", "[004:114]"),
    _p("unify:<army>", "1dN", "whether an invading army joins its kingdom's first force there (March table)",
       CHANCE, "[004:218-236]"),
    _p("battle-line:<province>", "1dN", "the battle line's length (N = the terrain range's size)",
       "face k: the range's k-th value", "[004:102-112]"),
    _p("fanaticism:<unit>", "1dN", "whether a unit becomes fanatical (Divine 50%, Good 40%, Evil 25%)", CHANCE,
       "[004:63]"),
    _p("elephant:<unit>", "1dN", "an Elephant unit's strength this battle (N = the drawn range's size, 4)",
       "face k: the range's k-th value (2-5)", "[004:65]"),
    _p("bluff:<character>", "1d3", "whether a Coward's excuses avoid demoralization", "1-2 they do", "[004:193]"),
    _p("random-event-chance:<province>", "1dN", "whether a random event strikes a column of the battle line "
       "(the content's chance)", CHANCE, "[004:61]"),
    _p("random-event-side:<province>", "1d2", "which side a random event strikes", "1 the attacker, 2 the defender",
       "[004:61]"),
    _p("random-event:<province>", "1dN", "which event of the content's table (N = its total weight)",
       "face k: the event owning the k-th weight, in the table's order", "[004:61], [004:96]"),
    _p("nemesis:<unit>", "1dN", "which of N eligible enemy units is the unit's nemesis",
       "face k: the k-th eligible unit", "[004:49]"),
    _p("escape:<unit>", "1dN", "whether a unit of a beaten force escapes (the content's formula by Speed)", CHANCE,
       "[004:38]"),
    _p("werebeast:<unit>", "1dN", "whether a unit beaten by Werebeasts is bitten (40%)", CHANCE, "[004:71]"),
    _p("notice:<character>", "1dN", "whether a spy is noticed (100% - the spy table's escape chance)", CHANCE,
       "[004:200-210]"),
    _p("spy-error:<character>", "1dN", "the error of one figure of a spy report (N = 2 x margin + 1)",
       "face k: an error of k - margin - 1 percent", "[004:200-210]"),
    _p("pursue:<character>", "1dN", "whether a pursuit or trail succeeds (spy table, x2, / distance)", CHANCE,
       "[004:204-212]"),
    _p("experience:<character>:<action>", "1dN", "whether an action raises an ability (the experience table)",
       CHANCE, "[004:119-137]"),
)  # fmt: skip
