"""The anchor every speed figure is a ratio to: OpenSpiel's C++ goofspiel (10 cards,
imperfect information) played at random from Python, measured in the same run.

The machine may be shared, so the anchor is not timed once: `interleave` times a figure in
short slices, each right after a slice of the anchor, and both keep their best slice (the
one least disturbed by other load); a figure's ratio is to the anchor slices taken with it
(``Figure.anchor_value``), so a figure measured while a neighbour was busy is compared with
an anchor measured under the same load. Figures timed in one piece (search, arena) take
anchor slices just before and after (`window`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from . import Figure

NAME = "goofspiel-10 imp_info (OpenSpiel C++) random playouts"
#: units compared with the anchor's games/s, and with its decisions/s
PER_GAME = ("games/s", "iterations/s")
PER_DECISION = ("decisions/s", "steps/s", "moves/s", "nodes/s")


def goofspiel_playout(rng: random.Random):
    """One random goofspiel game in OpenSpiel's C++ implementation, or None if not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel", {"num_cards": 10, "imp_info": True})

    def play(i: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
                steps += 2
        return steps

    return play


class Anchor:
    """The anchor's best measured rates so far (``None`` without open-spiel)."""

    def __init__(self, slice_seconds: float = 0.05) -> None:
        self.slice_seconds = slice_seconds
        self._play = goofspiel_playout(random.Random(0))
        self.games_per_s: float | None = None  # best over the run
        self.window_best: float | None = None  # best since the last ``window_start``
        self.decisions_per_game = 0.0
        self._count = 0

    @property
    def available(self) -> bool:
        return self._play is not None

    @property
    def decisions_per_s(self) -> float | None:
        return self.games_per_s * self.decisions_per_game if self.games_per_s else None

    def sample(self) -> None:
        """Time one slice of anchor games; keep the best rate."""
        if self._play is None:
            return
        games, decisions, elapsed = timed(self._play, self.slice_seconds, self._count)
        self._count += games
        self.decisions_per_game = decisions / games
        self.games_per_s = max(self.games_per_s or 0.0, games / elapsed)
        self.window_best = max(self.window_best or 0.0, games / elapsed)

    def window_start(self) -> None:
        """Start a new window of anchor slices (for the next figure), with one slice."""
        self.window_best = None
        self.sample()

    def rate_for(self, unit: str) -> float | None:
        """The anchor's rate of the current window in the units of a figure's ``unit``."""
        if not self.window_best:
            return None
        if unit in PER_GAME:
            return self.window_best
        return self.window_best * self.decisions_per_game if unit in PER_DECISION else None

    def stamp(self, figures: list[Figure]) -> list[Figure]:
        """Give ``figures`` the current window's anchor rate (one more slice first)."""
        self.sample()
        for f in figures:
            f.anchor_value = self.rate_for(f.unit)
            if f.anchor_value is not None:
                f.anchor_value = round(f.anchor_value, 1)
        return figures

    def interleave(self, run: Callable[[int], tuple[int, int]], seconds: float,
                   slices: int = 6) -> tuple[float, float]:
        """Best (units/s, decisions/s) of ``run(i) -> (units, decisions)`` over ``slices``
        slices of ``seconds / slices`` each, an anchor slice before each one."""
        best = (0.0, 0.0)
        count = 0
        self.window_best = None
        for _ in range(slices):
            self.sample()
            units = decisions = 0
            start = time.perf_counter()
            while (elapsed := time.perf_counter() - start) < seconds / slices or units == 0:
                u, d = run(count)
                units, decisions, count = units + u, decisions + d, count + 1
            if units / elapsed > best[0]:
                best = (units / elapsed, decisions / elapsed)
        return best

    def figure(self) -> Figure:
        """The anchor's own figure."""
        if self.games_per_s is None:
            return Figure(NAME, "", 0.0, "games/s", note="open-spiel not installed "
                          "(pip install 'mezquita[bench]')")
        return Figure(NAME, "", round(self.games_per_s, 1), "games/s",
                      note=f"{self.decisions_per_game:.0f} player decisions per game; "
                      f"{self.decisions_per_s:,.0f} decisions/s; the best slice of the run "
                      "(each figure's ratio is to the slices taken with it)")

    def finalise(self, figures: list[Figure]) -> None:
        """Set every figure's ratio to the anchor (``vs_anchor``, and ``ratio`` for those
        whose ``anchor`` is this one): to the slices taken with it (``anchor_value``), or for a
        figure without them to the anchor's best of the whole run."""
        for f in figures:
            if f.name == NAME or not self.games_per_s:
                continue
            base = f.anchor_value or (self.games_per_s if f.unit in PER_GAME
                                      else self.decisions_per_s if f.unit in PER_DECISION else None)
            if base:
                f.vs_anchor = round(f.value / base, 3)
                if f.anchor == NAME:
                    f.ratio = f.vs_anchor


def timed(play_one: Callable[[int], int], seconds: float, first: int = 0) -> tuple[int, int, float]:
    """Play games ``first, first + 1, ...`` until ``seconds`` pass; (games, decisions, s)."""
    n = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or n == 0:
        decisions += play_one(first + n)
        n += 1
    return n, decisions, max(elapsed, math.ulp(1.0))


#: the anchor of the current ``mezquita bench`` run (suites share it)
_shared: Anchor | None = None


def shared(quick: bool) -> Anchor:
    """The run's anchor, made on first use."""
    global _shared
    if _shared is None:
        _shared = Anchor(0.03 if quick else 0.1)
    return _shared


def reset() -> None:
    """Forget the shared anchor (a new bench run)."""
    global _shared
    _shared = None
