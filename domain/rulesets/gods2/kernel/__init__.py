"""The Gods II's shared kernel: what Heaven and Earth both stand on, and nothing that decides a rule of either.

`model` (the one `State`, with Heaven's characters, locales and demesnes) and `earth_model` (the Earth map it
carries), `content` and `earth_content` (the content pack), `events` (the mana ledger's and a character's life
events, which both halves emit or watch), `ledger` (the mana arithmetic), `mana` (spending, transfers and income
on the ledger), `common` (lookups and refusals) and `setup` (Heaven's initial state, which Earth's setup extends).
Nothing here imports `heaven/` or `earth/` (import-linter contract in pyproject.toml).
"""
