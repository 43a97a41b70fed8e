"""Trade (P2-A; §2.16, §5.2, §4.3.2, §6.2.4.7, §6.2.4.26): routes traced over the map and classified, kept up
turn by turn, the fleets and wars that act on them, and the GM's rulings.

`trace.py` traces land and sea routes and gives their Table 2-47 status, `check.py` checks the Trade Route
Initiation line (and a fleet's route) as it is entered, `resolve.py` the steps `turn/` runs (R0 requests, opening,
R8 re-tracing, duration and shipping, before the next sheets are drawn), `seas.py` the R6 items (Blockade and Piracy
steps, standing blockades, battles between trading partners), `links.py` which nations trade this turn (gold and agro
pass between them) and the trade through a sea zone, `commands.py`/`decide.py` the GM's rulings, `events.py`/
`evolve.py` the fold and `report.py` who sees what, the status-report line and the Newsfax lines.

Routes the GM kept by hand before tracing (`RecordTradeRoute`, `traced` false) keep their GM status and keep
paying; the engine ages them, applies war and cessation, and closes an LTC one when the Silk Route ends
(`TraceTradeRoute` hands one over to the engine). Their old events fold as before.
"""
