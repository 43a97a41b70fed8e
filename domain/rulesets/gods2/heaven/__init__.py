"""Heaven in real time (The Gods II, chapter 4), one folder per rule area.

- `combat/`: sneak attacks, duels, bodyguards (`start`), rounds of powers and gestures (`rounds`, `gestures`),
  surrender, death and mutilation at a combat's end (`end`), demesnes under attack (`demesne`, `demesne_fall`).
- `council/`: the Great Council's meetings, motions, laws and offices (`meetings`), archetype succession.
- `powers/`: casting (`casting`), what a power does (`effects`), artifacts.
- `locales/`: movement, the Void and the primeval wilds, building and entering demesnes.
- `life`: death, revival, demons, obliteration, protections and the era clock; `mana`: the ledger's commands.
- `commands` (every Heaven command), `events` (every Heaven event) and `evolve` (folding them) are the
  vocabulary the areas share; they never import an area's decisions (import-linter contract in pyproject.toml).

Heaven never imports Earth (`earth/`); both use the shared `kernel/`.
"""
