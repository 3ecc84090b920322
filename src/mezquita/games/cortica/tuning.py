"""Measure a Cortiça card set against the tuning targets by bot self-play.

Targets (docs/games/cortica.md, "Card set history and tuning"): blue (first player) wins
45-55% of games; the median game lasts 6-12 rounds; every action card takes at least 5% of
all worker placements. `tune` plays ``games`` games with the seats swapped every other game
and reports each figure with a 95% confidence interval (Wilson for win rates, order
statistics for the median, and for the placement shares a ratio estimate over games, since
the placements of one game are not independent)::

    from mezquita.games.cortica.tuning import tune
    print(tune(games=1000).markdown())

or ``python -m mezquita.games.cortica.tuning --games 1000 --agent heuristic``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass

import mezquita
from mezquita.agents import Turn, make_agent

from .rules import CorticaGame

BLUE_WIN_TARGET = (0.45, 0.55)
ROUNDS_TARGET = (6, 12)
MIN_ACTION_SHARE = 0.05
Z95 = 1.96


@dataclass
class TuningResult:
    """Self-play figures of one card set.

    Attributes:
        cards: the card set's name.
        agents: the two agent names (first one is blue in even-numbered games).
        games: games played.
        blue_wins: games blue won.
        first_agent_wins: games the first agent won (the seat-swap check).
        rounds: rounds of each game.
        keys: the action card keys.
        placements: per game, the worker placements on each action card (in ``keys`` order).
    """

    cards: str
    agents: tuple[str, str]
    games: int
    blue_wins: int
    first_agent_wins: int
    rounds: list[int]
    keys: list[str]
    placements: list[list[int]]

    @property
    def blue_win_rate(self) -> tuple[float, float, float]:
        """Blue's win rate and its 95% Wilson interval."""
        return wilson(self.blue_wins, self.games)

    @property
    def median_rounds(self) -> tuple[float, float, float]:
        """The median game length in rounds and a 95% interval from order statistics."""
        ordered = sorted(self.rounds)
        n = len(ordered)
        half = Z95 * math.sqrt(n) / 2
        low = ordered[max(0, math.floor(n / 2 - half))]
        high = ordered[min(n - 1, math.ceil(n / 2 + half))]
        middle = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
        return middle, low, high

    def action_shares(self) -> dict[str, tuple[float, float, float]]:
        """Per action card, its share of placements with a 95% interval (ratio estimate)."""
        sizes = [sum(game) for game in self.placements]
        total, n = sum(sizes), len(sizes)
        shares = {}
        for k, key in enumerate(self.keys):
            share = sum(game[k] for game in self.placements) / total
            residuals = sum((game[k] - share * size) ** 2
                            for game, size in zip(self.placements, sizes))
            spread = Z95 * math.sqrt(residuals * n / max(1, n - 1)) / total
            shares[key] = (share, max(0.0, share - spread), min(1.0, share + spread))
        return shares

    def targets_met(self) -> dict[str, bool]:
        """Whether each target holds for the point estimate."""
        rate, median = self.blue_win_rate[0], self.median_rounds[0]
        return {
            "blue win rate 45-55%": BLUE_WIN_TARGET[0] <= rate <= BLUE_WIN_TARGET[1],
            "median length 6-12 rounds": ROUNDS_TARGET[0] <= median <= ROUNDS_TARGET[1],
            "every action >= 5% of placements": all(
                share >= MIN_ACTION_SHARE for share, _, _ in self.action_shares().values()),
        }

    def markdown(self) -> str:
        """The figures as a Markdown table."""
        rate, lo, hi = self.blue_win_rate
        med, mlo, mhi = self.median_rounds
        first = wilson(self.first_agent_wins, self.games)
        rows = [
            f"Card set `{self.cards}`, {self.games} games, {self.agents[0]} vs {self.agents[1]}, "
            "seats swapped every other game.",
            "",
            "| figure | value | 95% CI | target |",
            "|---|---|---|---|",
            f"| blue (first player) win rate | {rate:.1%} | {lo:.1%}-{hi:.1%} | 45-55% |",
            f"| {self.agents[0]} (first agent) win rate | {first[0]:.1%} | "
            f"{first[1]:.1%}-{first[2]:.1%} | |",
            f"| median game length (rounds) | {med:g} | {mlo}-{mhi} | 6-12 |",
        ]
        for key, (share, slo, shi) in self.action_shares().items():
            rows.append(f"| placements on {key} | {share:.1%} | {slo:.1%}-{shi:.1%} | >= 5% |")
        met = ", ".join(f"{name}: {'yes' if ok else 'NO'}" for name, ok in self.targets_met().items())
        rows += ["", f"Targets met: {met}."]
        return "\n".join(rows)


def wilson(successes: int, n: int) -> tuple[float, float, float]:
    """A proportion with its 95% Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    spread = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return p, max(0.0, centre - spread), min(1.0, centre + spread)


def tune(games: int = 1000, agents: tuple[str, str] = ("heuristic", "heuristic"),
         cards: str = "reconstruction-v1", seed: int = 0,
         progress: Callable[[int], None] | None = None) -> TuningResult:
    """Play ``games`` self-play games of card set ``cards`` and collect the tuning figures.

    Game ``i`` is dealt from ``seed + i``; the first agent is blue when ``i`` is even and red
    when it is odd. ``progress(i)`` is called after each game.
    """
    game: CorticaGame = mezquita.load("cortica", cards=cards)  # type: ignore[assignment]
    keys = [card.key for card in game.cards.actions]
    result = TuningResult(game.cards.name, agents, games, 0, 0, [], keys, [])
    for i in range(games):
        names = agents if i % 2 == 0 else agents[::-1]
        bots = [make_agent(name, game, (seed + i) * 2 + s) for s, name in enumerate(names)]
        state = game.new_state(seed + i)
        placed = [0] * len(keys)
        while not state.is_terminal():
            seat = state.to_move()[0]
            action = bots[seat].act(Turn.of(state, seat))
            if action in game.place:
                placed[game.place.indices(action)[0]] += 1
            state.apply(seat, action)
        winner = state.winner
        result.blue_wins += winner == 0
        result.first_agent_wins += winner == i % 2
        result.rounds.append(state.round)
        result.placements.append(placed)
        if progress is not None:
            progress(i)
    return result


def main(argv: list[str] | None = None) -> None:
    """Command-line entry: print the tuning table of a card set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--agent", default="heuristic", help="agent name, e.g. heuristic, mcts-200")
    parser.add_argument("--opponent", default=None, help="second agent (default: the same)")
    parser.add_argument("--cards", default="reconstruction-v1", help="card set name or path")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    agents = (args.agent, args.opponent or args.agent)
    print(tune(args.games, agents, args.cards, args.seed).markdown())


if __name__ == "__main__":
    main()
