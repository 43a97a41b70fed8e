"""Trade (P2-A; §2.16, §5.2, §4.3.2, §6.2.4.7, §6.2.4.26): routes traced over the map and classified, kept up
turn by turn, and the GM's rulings on war, blockade and piracy.

`trace.py` traces land and sea routes and gives their Table 2-47 status, `check.py` checks the Trade Route
Initiation line as it is entered, `resolve.py` the steps `turn/` runs (R0 requests, opening, R8 re-tracing,
duration and shipping), `commands.py`/`decide.py` the GM's rulings, `events.py`/`evolve.py` the fold and
`report.py` the status-report and Newsfax lines.

Routes the GM kept by hand before tracing (`RecordTradeRoute`, `traced` false) keep their GM status and keep
paying; the engine only ages them and applies war (`TraceTradeRoute` hands one over to the engine).
"""
