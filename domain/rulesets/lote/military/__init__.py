"""Military resolution (P1-G): battles, sieges and assaults.

- `detect.py`: which R6 contacts and attack actions are fights, and the `Battle` each is (sides, items);
- `inputs.py`: each side's inputs (leaders, QRs, units, Defend, forts, walls, Great Wall, passive-siege values);
- `resolver.py`: the documented automatic resolver (a proposal, or the result in "auto" campaigns);
- `raising.py`: R6 joins each battle and raises its items; `results.py`: what a result does;
- `commands.py`, `events.py`, `decide.py`, `evolve.py`: `ResolveBattle` and the battle events;
- `visibility.py`: what a seat sees of a battle; `news.py`: its Newsfax and status-report lines.
The data types (`Battle`, `Side`, `BattleResult`) are in `model/battles.py` so that the state can hold them.
"""
