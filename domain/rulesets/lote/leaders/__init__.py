"""Leaders, armies and garrisons (P1-E): leader generation, types and limits, succession, ageing, army
composition and status, garrison requirements."""
