"""Europa bot ladder and designer figures, as Markdown tables with 95% confidence intervals.

    PYTHONPATH=src python tools/europa/figures.py [games per ladder pair] [games per setting]
        [games per shared-victory line]

Ladder: two-player, seat-rotated matches of each level against random and against the level
below (win rate of the stronger side, shared wins counted as their share, Wilson intervals).
Designer figures: mirror matches of each level at 2, 4 and 6 players: the first seat's (the
oldest player's) share of the wins, the game length in rounds (mean with a normal 95%
interval), and the share of evaluated cards kept per colour (Wilson intervals).
Shared victories: mirror matches of Hard and Expert at 2, 4 and 6 players: how often first
place is shared and how often the leader stands on the track's last field.
"""

from __future__ import annotations

import math
import sys
import time

import mezquita
from mezquita.arena.schedule import seating
from mezquita.arena.stats import wilson
from mezquita.arena.tournament import play_game
from mezquita.engine import derive_seed
from mezquita.games.europa.cards import COLOURS, card
from mezquita.games.europa.heuristic import LEVELS

NAMES = [f"europa-{level}" for level in LEVELS]


def _ci(successes: float, trials: int) -> str:
    low, high = wilson(successes, trials)
    return f"{successes / trials:.1%} ({low:.1%}-{high:.1%})"


def game_seed(stream: int, index: int) -> int:
    """The deal seed of game ``index`` of a seed stream."""
    return derive_seed(stream, "game", index)


def ladder(games: int) -> list[str]:
    """Rows: stronger vs weaker, the stronger side's win rate over ``games`` games."""
    game = mezquita.load("europa", players=2)
    pairs = [(n, "random") for n in NAMES] + list(zip(NAMES[1:], NAMES))
    rows = ["| match (2 players) | games | win rate of the first named | 95% CI |", "|---|---|---|---|"]
    for strong, weak in pairs:
        points = 0.0
        for i in range(games):
            seats = seating([strong, weak], 2, i)
            result = play_game(game, seats, game_seed(11, i), i)
            points += sum(r for s, r in enumerate(result.returns) if seats[s] == strong)
        low, high = wilson(points, games)
        rows.append(f"| {strong} vs {weak} | {games} | {points / games:.1%} | {low:.1%}-{high:.1%} |")
    return rows


def designer(games: int) -> list[str]:
    """Rows: per level and player count, first-seat wins, rounds, cards kept per colour."""
    rows = ["| bot (mirror) | players | games | first seat wins (fair 1/n) | rounds | "
            "kept yellow | kept red | kept blue |", "|---|---|---|---|---|---|---|---|"]
    for name in NAMES:
        for players in (2, 4, 6):
            game = mezquita.load("europa", players=players)
            first, rounds = 0.0, []
            tried = dict.fromkeys(COLOURS, 0)
            kept = dict.fromkeys(COLOURS, 0)
            for i in range(games):
                result = play_game(game, [name] * players, game_seed(23, i), i, keep_record=True)
                first += result.returns[0]
                state = _replay(game, result.record)
                rounds.append(state.round)
                for e in state.events:
                    if e["do"] == "evaluate":
                        colour = card(e["card"]).colour
                        tried[colour] += 1
                        kept[colour] += e["kept"]
            mean = sum(rounds) / games
            sd = math.sqrt(sum((r - mean) ** 2 for r in rounds) / max(games - 1, 1))
            half = 1.96 * sd / math.sqrt(games)
            cells = [_ci(kept[c], tried[c]) if tried[c] else "—" for c in COLOURS]
            rows.append(f"| {name} | {players} | {games} | {_ci(first, games)} (fair {1 / players:.0%}) | "
                        f"{mean:.1f} ± {half:.1f} | " + " | ".join(cells) + " |")
    return rows


def shared(games: int) -> list[str]:
    """Rows: per level (Hard, Expert) and player count, shared first places and leaders on
    the last field."""
    rows = ["| bot (mirror) | players | games | shared first place | leader on the last field |",
            "|---|---|---|---|---|"]
    for name in ("europa-geographer", "europa-cartographer"):
        for players in (2, 4, 6):
            game = mezquita.load("europa", players=players)
            together = last = 0
            for i in range(games):
                result = play_game(game, [name] * players, game_seed(5, i), i, keep_record=True)
                positions = _replay(game, result.record).positions
                together += positions.count(max(positions)) > 1
                last += max(positions) == game.last_field
            rows.append(f"| {name} | {players} | {games} | {_ci(together, games)} | {_ci(last, games)} |")
    return rows


def _replay(game, record: dict):
    state = game.new_state(record["seed"])
    for seat, action in record["actions"]:
        state.apply(seat, action)
    return state


if __name__ == "__main__":
    pair_games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    setting_games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    shared_games = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    start = time.time()
    print("\n".join(ladder(pair_games)))
    print()
    print("\n".join(designer(setting_games)))
    print()
    print("\n".join(shared(shared_games)))
    print(f"\n({time.time() - start:.0f} s)")
