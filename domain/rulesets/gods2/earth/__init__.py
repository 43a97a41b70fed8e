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

Chosen readings (digest appendix; GMs may differ only where a setting says so):
- Diabolism and atheism veto unless they gain at least five percentage points ([000:74], reading 1).
- Diplomacy: each side that tries rolls once; any success averts the war ([000:266], reading 2).
- Casualty percentages below zero are zero; with no losses on either side nobody loses (readings 3, 4).
- Barbarian growth: the spreading half rounds up (reading 5). Great cities count for the six-squares rule
  (reading 6). Losing Civilization drops every knowledge that needs it, transitively (reading 7).
- Resistances: dividers and multipliers, then flat changes, round up once, never below 0 (reading 8);
  vulnerabilities do not change level reductions (reading 9); lowered levels last until the century ends.
- Expelled members' shares during turmoil: the rest are rescaled to 100 (the text leaves them undefined,
  reading 10). An obliterated god's share goes to the other gods only (reading 11); with none, `SetPantheon`.
- Pantheon orders: the proposer hands the order in at the Window (or to the GMs between sessions); the other
  gods sign from anywhere; it applies when the last god signs ([000:72-78]). The text gives no time limit; an
  order not every member has signed when a century ends lapses (`PantheonChangeLapsed`, seen by the members):
  the century's worship is paid on the pantheon as it stands ([000:66]) and an unsigned order would otherwise
  stay pending forever. A new order may be handed in at once.
- Combined history powers ([000:130]): the caster's `CastHistoryPower` naming other payers only proposes it
  (`CoCastingProposed`); each payer agrees with `SignCoCasting` and the last signature casts it. Nothing is
  spent before; `WithdrawCoCasting` (any party) or the referees calling the next number lapses it.
- Primitive races' units may be moved freely by the referees within their borders ([000:57]); civilized
  races never move old units, barbarians only when migrating, leaving one per square ([000:59-61]).
- A war is fought `Settings.war_delay_minutes` (5) rule-minutes (of `minute_seconds` each) after its declaration
  unless the referee says `at_once` ([000:261]).
- Worship: each worship source of the pack pays worshippers x rate x cards of its sphere (flat: once); deaths
  on Earth are counted in the death worksheet's boxes (`earth.death.war`, `earth.death.starvation`,
  `earth.death.<Bx>`) and pay the event sources naming them at century end ([000:208-214]).

- Century-end and era-end sources that depend on the map (the pack's `earth.map_sources`) are counted by the
  engine at `EndCentury` ([000:210]); the referee may replace a count with a reason (`sources`).
- Spreading terrain ([000:255], the pack's `earth.spreading`) is applied at each century's start (`spreading`).
- A second period of Creation ([000:218]): races typed by the referees with a reason, no history powers, no
  pantheon orders, no century-end sources (`creation`).

Modules: the Earth's pack section and state are the shared kernel's (`kernel/earth_content.py`,
`kernel/earth_model.py`: Heaven's `State` carries the map); here `stats` (derived characteristics), `resistances`,
`population`, `war` (formulas), `pantheon` (share arithmetic), and the decisions `century`, `wars`, `cities`,
`religion`, `worship`, `sources` (map mana), `spreading`, `creation`, `window`, `history` (casting), `effects`,
`rulings`, routed by `decide`; `evolve` folds the events; `views` shows them. Earth imports only the shared
kernel, never Heaven (import-linter contracts in pyproject.toml).
"""
