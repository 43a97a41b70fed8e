"""Earth in Era Centrum (The Gods II, chapter 5): the map, the races, the sixteen centuries, wars, cities,
pantheons and the worship mana they pay into the shared Heaven ledger.

Phase design. Heaven runs in real time and does not pause across century boundaries ([000:222]); a century's
length in Heaven is the gamemasters' choice ([000:51]). So the engine's phase table keeps its single `session`
phase, and a century's own clock is Earth state (`Earth.century`, `Earth.stage`), driven by referee commands:
`StartCentury` (growth, placement, starvation, Mc modifications, aggressive attacks: the stage becomes
`activity`), `CloseActivityPhase` ([000:204]: no divine intervention until the next century; stage
`calculation`) and `EndCentury` (turmoil rolls, worship mana, flags; stage `before`). Heaven's commands are
never blocked by the Earth's stage; gods' Earth commands are refused outside the Activity phase. A second
engine phase would have closed Heaven while the referees calculate, which the text forbids.

Referees are the game's GMs. Where the text asks them for judgement ([000:228] "realistic", [000:276]
"common sense") the engine proposes (placement, the squares losses come from, the squares vacated) and a
referee may replace the proposal with a validated command and a reason.

Modules: `content` (pack section), `model` (state), `stats` (derived characteristics), `resistances`,
`population`, `war` (formulas), `pantheon` (share arithmetic), and the decisions `century`, `wars`, `cities`,
`religion`, `worship`, `window`, routed by `decide`; `evolve` folds the events.
"""
