"""The rolls of the kingdoms game, for referees entering physical dice. All are GM-only: players see outcomes in
their reports, never the dice (C6)."""

from __future__ import annotations

from domain.engine import DicePurpose


def _p(purpose: str, dice: str, decides: str, faces: str, rule: str) -> DicePurpose:
    return DicePurpose(purpose=purpose, dice=dice, decides=decides, faces=faces, rule=rule)


D100 = "at or under the chance succeeds"
DICE_PURPOSES = (
    _p("encounter:<character>", "1d100", "whether a character meets a monster", f"{D100} (terrain %, halved at home)",
       "[004:107-116]"),
    _p("monster:<character>", "1dN", "which monster of the table (N monsters) a character meets where none is known",
       "face k: the k-th monster of the table, in its order", "[004:256-262]"),
    _p("rage:<character>", "1d4", "a Berserker's extra hit points in a fight", "the face: extra hit points",
       "[004:187]"),
    _p("refusal:<character>", "1d100", "whether a Cautious or Cowardly character refuses combat",
       "at or under his refusal % he refuses", "[004:171-183]"),
    _p("flee:<character>", "1d100", "whether a character flees", f"{D100} (50%, +10% Cautious)", "[004:191]"),
    _p("hit:<character>", "1d100", "whether a character's tactic hits a monster",
       f"{D100} (50% + 10% a level, +10% Brave)", "duel default"),
    _p("damage:<character>", "Nd6", "a character's damage (N = ability level + 1)", "the sum of the faces",
       "duel default"),
    _p("monster-hit:<character>", "1d100", "whether the monster hits back", f"{D100} (40% + 10% a skill level)",
       "[004:256-262]"),
    _p("monster-damage:<character>", "1dN", "a monster's damage (N its table's damage die)", "the face",
       "[004:256-262]"),
    _p("mercy:<character>", "1d100", "whether a Coward's begging for mercy works", "1-50 spared", "[004:192]"),
    _p("feature:<character>", "1d100", "whether exploring finds a feature",
       "at or under the new explored % (Sea 5%) finds one", "[004:114]"),
    _p("unify:<army>", "1d100", "whether an invading army joins its kingdom's first force there",
       f"{D100} of the March table", "[004:218-236]"),
    _p("battle-line:<province>", "1dN", "the battle line's length (N = the terrain range's size)",
       "face k: the range's k-th value", "[004:102-112]"),
    _p("fanaticism:<army>", "1d100", "whether an army becomes fanatical", f"{D100} (Divine 50, Good 40, Evil 25)",
       "[004:63]"),
    _p("elephant:<unit>", "1d4", "an Elephant unit's strength this battle", "the face + 1 (2-5)", "[004:65]"),
    _p("bluff:<character>", "1d3", "whether a Coward's excuses avoid demoralization", "1-2 they do", "[004:193]"),
    _p("random-event-side:<province>", "1d2", "which side the battle's first random event strikes",
       "1 the attacker, 2 the defender", "[004:61]"),
    _p("random-event:<province>", "1d6", "the first random event's factor",
       "1: x3/4, 2: x9/10, 3: x1, 4: x11/10, 5: x5/4, 6: x3/2 (content default table)", "[004:61], [004:96]"),
    _p("escape:<unit>", "1d100", "whether a unit of a losing force escapes",
       "at or under 20% x its Speed (at most 100) it escapes", "[004:38]"),
    _p("werebeast:<unit>", "1d100", "whether a unit defeated by Werebeasts is bitten", "1-40 bitten", "[004:71]"),
    _p("notice:<character>", "1d100", "whether a spy escapes notice", "above the spy table's chance he is noticed",
       "[004:200-210]"),
    _p("spy-error:<character>", "1dN", "the error of one figure of a spy report (N = 2 x margin + 1)",
       "face k: an error of k - margin - 1 percent", "[004:200-210]"),
    _p("pursue:<character>", "1d100", "whether a pursuit or trail succeeds", f"{D100} (spy table, x2, / distance)",
       "[004:204-212]"),
    _p("experience:<character>:<action>", "1d100", "whether an action raises an ability",
       f"{D100} of the experience table", "[004:119-137]"),
)  # fmt: skip
