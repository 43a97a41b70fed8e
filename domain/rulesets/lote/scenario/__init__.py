"""The inputs of a game: the rulebook's reference tables (`data/*.json`), the Appendix A switches, the scenario
document (map, nations, leaders, cities, trade) and the enumerations every area shares. Imports no other area."""
