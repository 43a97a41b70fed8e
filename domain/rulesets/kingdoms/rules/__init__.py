"""Pure rules of the kingdoms game over content records: strength, battles, characters, spies, monsters, offices.

No engine state here: every function takes content records and plain values. Random outcomes are drawn through
the caller's dice (`draws.Roller`, which `ctx.dice` satisfies), so each is a recorded roll; every `draw_*` has a
pure twin taking the chance or the face.

The rolls, for the ruleset's dice-purpose catalogue (P is the purpose the caller passes). A chance is drawn on
1d100, or 1dN with N = lcm(100, the chance's denominator) for finer chances (2/3 on 1d300, 1/8 on 1d200): a face
at or under chance x N succeeds, and nothing is rolled when the chance is 0 or 1.

| function | purpose | dice | faces |
|---|---|---|---|
| `battle.battle_line_length` | P | 1dN, N = the terrain range's size | face k: the range's k-th value |
| `battle.draw_fanaticism`, `draw_escape`, `draw_bite` | P | chance | fanaticism / escape / bite % |
| `battle.draw_drawn_strength` | P | 1d4 | Elephants: face k is strength k + 1 |
| `battle.draw_random_events` | P:first, P:column<k> | chance | whether that event happens (first 100%, columns 25%) |
| | ...:event | 1dN, N = total weight | face k: the entry owning the k-th weight |
| | ...:side | 1d2 | 1 attacker, 2 defender |
| `battle.draw_nemesis` | P | 1dN, N eligible | face k: the k-th eligible enemy unit |
| `battle_line.draw_nemeses` | P:<unit id> | 1dN, N eligible | face k: the k-th eligible enemy unit |
| `characters.draw_experience`, `draw_unify`, `draw_encounter` | P | chance | table % |
| `spies.draw_noticed`, `draw_follow` | P | chance | 100 - escape % / pursue formula |
| `spies.draw_report` | P:<figure> | 1dN, N = 2 x margin + 1 | face k: error k - margin - 1 % |
| `combat.draw_strike` | P:hit, P:damage | chance; 1dN damage range | hit %; face k: damage low + k - 1 |
| `combat.draw_refusal_pct` | P | 1dN over the temper's refusal range | the character's refusal % |
| `combat.draw_duel_entry` | P:refusal, P:bluff | chance | refusal %; bluff 2/3 (1d300: 1-200) |
| `combat.draw_flee_after_blow`, `draw_begging` | P | chance | 50% / begging formula |
| `combat.draw_rage` | P | 1d4 | extra hit points |
| `monsters.draw_negotiation` | P | chance | negotiation formula |
| `encounter.resolve_encounter` | P:rage | 1d4 | Berserk extra hit points |
| | P:r<n>:flee, P:r<n>:talk | chance | flee % / negotiation % in round n (from 0) |
| | P:r<n>:character:hit/damage, P:r<n>:monster:hit/damage | chance; 1dN | the blows of round n |
| | P:r<n>:after_blow, P:r<n>:after_blow:flee | chance | a Coward's flight after a harmful blow |
"""
