"""Stored events: the envelope, the codec and upcasters, the event stores (in-memory and PostgreSQL), the hash
chain, and the command handler that turns a command into appended events."""
