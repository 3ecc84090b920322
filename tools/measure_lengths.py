"""Measure how long each game typically lasts, for the lobby's game cards.

For every registered game with its default options: 20 games between its own heuristic bots
(the Medium level's strategy, without its mistakes), counting the decisions each player makes
(a decision is one action: a card played, a tip placed, a character drafted). Writes the
median and the 10%-90% range to each game's ``data/length.json`` (the lobby shows it):

    PYTHONPATH=src python tools/measure_lengths.py
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from mezquita.agents.base import Turn
from mezquita.agents.registry import make_agent
from mezquita.engine import derive_seed, games, load

GAMES = 20
GAMES_DIR = Path(__file__).resolve().parents[1] / "src" / "mezquita" / "games"


def decisions_per_player(game_id: str, seed: int) -> float:
    """One game between heuristic bots: the mean number of decisions per player."""
    game = load(game_id)
    agents = [make_agent("heuristic", game, derive_seed(seed, "agent", s)) for s in range(game.num_players)]
    state = game.new_state(derive_seed(seed, "deal"))
    while movers := state.to_move():
        seat = movers[0]
        state.apply(seat, agents[seat].act(Turn.of(state, seat)))
    return len(state.history) / game.num_players


def main() -> None:
    for info in games():
        counts = sorted(decisions_per_player(info.id, seed) for seed in range(GAMES))
        deciles = statistics.quantiles(counts, n=10)
        length = {"players": load(info.id).num_players,
                  "moves_per_player": round(statistics.median(counts)),
                  "low": round(deciles[0]), "high": round(deciles[-1]), "games": GAMES,
                  "measured": "median decisions per player, heuristic bots, default options"}
        print(info.id, length)
        out = GAMES_DIR / info.id.replace("-", "_") / "data" / "length.json"
        out.write_text(json.dumps(length, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
