"""Finance (P2-E; §9.1.6, §9.4-9.7, §5.5.3, §2.11.5.2): the census, loans from banks and from other nations,
transfers of gold, NFP and units between nations, bribing mercenaries, and agro sales.

`orders.py` holds the order-form lines (kept free of imports above `scenario`, because the order form of
`model/` lists them), `events.py` what they produce, `rules.py` the arithmetic, `check.py` the validation of a
line as it is entered, `resolve.py` the resolution steps `turn/cycle.py` runs, `evolve.py` the fold and
`report.py` the status-report lines.

Two-sided dealings need both seats' own lines: a seat gives only what it owns and never acts for another.
"""
