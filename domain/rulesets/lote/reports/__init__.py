"""What the players read: the status report, the Newsfax, the GM's press edits, the derived figures and what
each seat may see (`views.py`), kept apart from the truth."""
