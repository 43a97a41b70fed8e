"""The royal family's life (P2-D; §2.13 [L2122-2136], §6.1.1-6.1.10 [L5037-5204], §6.2.4.18 [L5921-5943]):
births by the Have Children action (a GM item with its inputs and recorded dice), coming of age and the
automatic Heir, Princes promoted and demoted, marriages to Allies and abroad.

It builds on `leaders/` (leader generation, limits, and the succession with its Dynastic Failure item in
`leaders/succession.py`), and keeps the same layout as `finance/`: `orders.py` (imported by the order form, so
it imports nothing above `scenario`), `events.py`, `check.py`, `resolve.py`, `evolve.py`.
"""
