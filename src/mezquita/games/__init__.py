"""One package per game: rules, data files, observation encoding, heuristic bot, notes."""
