"""Secular religion (P2-C; §2.7, §8.1-8.5 [L7296-7681], the secular effects of §8.6.7.1-2): Religious Strength
and how it moves, the ten religious operations of Table 8-5 on ROC and ROB within the Action Range, the
conversion of places (Diplomatic Conversion, Missionaries, Military Conversion, colonies) and their religious
minorities, the conversion of a nation (pagan adoption included), and excommunication and interdict as the GM
(later the Primacy) lays them.

`orders.py` holds the order-form lines (kept free of imports above `scenario`), `commands.py` the GM's commands,
`records.py` the state's records, `events.py` what they produce, `rules.py` Table 8-5, the range and the faith of
places, `check.py` the validation of a line as it is entered, `resolve.py` the resolution steps (R4 colonies, R5
operations, R6 conversions and checks, R7 Military Conversion, monuments and influence), `notes.py` the items'
explanations, `faith.py` what outcomes do, `decide.py` the GM's rulings, `outcomes.py` the decided items at the
close, `sanctions.py` excommunication and interdict, `evolve.py` the fold, `visibility.py` who sees what and
`report.py` the status-report and Newsfax lines.

Religion's effect on garrisons and maximum status is `leaders/garrisons.faith_relation` (Table 13-7 as the
records amend it), read by the garrison requirements and by `diplomacy/attempts.max_status`.
"""
