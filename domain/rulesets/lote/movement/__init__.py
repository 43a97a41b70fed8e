"""Movement (P1-F): the map's checks (`mapcheck.py`), action points and the fixed costs (`ap.py`), itineraries
priced step by step (`itinerary.py`), their simultaneous execution with contacts for the GM (`execute.py`) and the
Homeland Build Zone (`hbz.py`, §3.13)."""
