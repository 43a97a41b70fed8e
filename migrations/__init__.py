"""Forward-only, numbered SQL migrations (`NNN_name.sql`), applied in order by `events.migrate`."""
