"""The turn cycle (`cycle.py`: the phases and the order of the resolution steps) and the machinery around it:
the resolution context, the steps by phase, the command handler, the event fold and the game's start."""
