"""Intelligence operations (P2-B; §2.6, §2.8, §7 [L6641-7295]): capacities and bonuses allotted to operations,
every operation code of Table 7-1 checked as it is entered, the action range traced, counter-operations (CI by
type, CA by leader, CR held in hand and used on a revolt), Special Operations chaining others, leaders'
Espionage, the infiltration state machine, what a subverted sector gives its subvertor, and Conceal Fact and
misinformation in the report layer.

`orders.py` holds the order-form line (kept free of imports above `scenario`), `commands.py` the GM's rulings,
`records.py` the state's records, `events.py` what they produce, `rules.py` the tables and arithmetic,
`check.py` the validation of a line as it is entered, `trace.py` the action range, `resolve.py` the R5 step that
raises each operation (and each unmaintained infiltration's decay) as an adjudication item with every input
computed, `decide.py` the GM's settlements, `infiltration.py` the infiltration state machine (levels,
maintenance, decay, detection, subversion, Subvert Infiltration's reversal), `subversion.py` the copies and Tech
Points a subverted sector gives, `misinformation.py` the GM's Conceal Fact and misinformation, `evolve.py` the
fold, `visibility.py` who sees what and `report.py` the status-report and Newsfax lines.
"""
