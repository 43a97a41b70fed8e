"""Movement (P1-F): action points and itineraries; today the Home Base Zone (`hbz.py`, §3.13)."""
