"""Control and revolts (P1-H): command-control tracing, lines of communication, revolt checks, occupation and
liberation, assimilation, successor-state seizures; cession, satrapies and sharing (their GM commands and events
live here, their order checks in `diplomacy/`)."""
