"""Intelligence operations (P2-B; §2.6, §2.8, §7 [L6641-7295]): capacities and bonuses allotted to operations,
every operation code of Table 7-1 checked as it is entered, the action range traced, counter-operations (CI by
type, CA by leader, CR held in hand), Special Operations chaining others, and leaders' Espionage.

`orders.py` holds the order-form line (kept free of imports above `scenario`), `commands.py` the GM's ruling,
`records.py` the state's records, `events.py` what they produce, `rules.py` the tables and arithmetic,
`check.py` the validation of a line as it is entered, `resolve.py` the R5 step that raises each operation as an
adjudication item with every input computed, `decide.py` the GM's settlement, `evolve.py` the fold,
`visibility.py` who sees what and `report.py` the status-report and Newsfax lines.

The infiltration state machine, subversion's view grants and misinformation are `infiltration*.py`,
`subversion.py` and `misinformation.py` (the helper lote-infil's), reacting to `IntelOperationSettled`.
"""
