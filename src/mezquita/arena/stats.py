"""Small statistics for tournaments: Wilson intervals for rates, log-scale intervals for
means that cannot be negative, score-test p-values against a fair share and Holm's
step-down adjustment across a report's verdicts."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from statistics import median

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (draws may count as half successes)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: float, trials: int, effective: float | None = None) -> dict:
    """``{"rate", "ci95": [lo, hi], "n"}`` rounded for reports. ``effective`` (at most
    ``trials``): the number of independent trials the interval may assume, when some games
    repeat others move for move (`effective_share`); ``n`` is that number."""
    p = successes / trials if trials else 0.0
    n = trials if effective is None else min(float(trials), effective)
    lo, hi = wilson(p * n, n)
    return {"rate": round(p, 4), "ci95": [round(lo, 4), round(hi, 4)], "n": round(n, 2)}


def effective_share(digests: list[str | None]) -> float:
    """Distinct games over games: 1 when no game repeats another move for move (or when the
    games carry no digest, e.g. from the fast simulator), ``1/n`` when all ``n`` are one game.
    A rate's interval uses its trials times this share as its sample size."""
    known = [d for d in digests if d is not None]
    if len(known) < len(digests) or not known:
        return 1.0
    return len(set(known)) / len(known)


def p_value(row: dict, fair: float) -> float:
    """Two-sided score-test p-value of a `rate` row (its ``n`` trials) against ``fair``."""
    n = row.get("n", 0)
    if not n or not 0 < fair < 1:
        return 1.0
    z = (row["rate"] - fair) / math.sqrt(fair * (1 - fair) / n)
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error control), in input order."""
    m = len(p_values)
    order = sorted(range(m), key=p_values.__getitem__)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def positive_mean_ci(values: Sequence[float], share: float = 1.0) -> dict:
    """Mean of non-negative values (counts, lengths, margins) with a 95% interval on the log
    scale, so it never goes below 0 (all zero: 0 up to the rule of three, ``3/n``).
    ``share``: `effective_share` of the games. ``{"mean", "ci95", "n" (effective), "sd"}``."""
    n = len(values)
    if not n:
        return {"mean": 0.0, "ci95": [0.0, 0.0], "n": 0, "sd": 0.0}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    effective = max(1.0, n * share)
    if m <= 0:
        return {"mean": 0.0, "ci95": [0.0, round(3 / effective, 4)], "n": round(effective, 2),
                "sd": 0.0}
    spread = math.exp(Z95 * sd / math.sqrt(effective) / m)
    return {"mean": _sig(m), "ci95": [_sig(m / spread), _sig(m * spread)],
            "n": round(effective, 2), "sd": _sig(sd)}


def _sig(x: float) -> float:
    """``x`` to 4 significant digits (a small positive bound stays positive)."""
    return float(f"{x:.4g}")


def describe(values: Sequence[float]) -> dict:
    """Mean, median, min and max of a non-empty list."""
    return {"mean": round(sum(values) / len(values), 2), "median": median(values),
            "min": min(values), "max": max(values)}


def clustered_rate(clusters: Iterable[Sequence[float]]) -> dict:
    """A rate whose trials come in groups (a game's seats): ``clusters`` are
    ``(successes, trials)`` per game. The interval is Wilson's on the *effective* number of
    trials, the trials divided by the design effect of the ratio estimator's between-game
    variance, so seats of one game are not counted as independent (one seat per game: plain
    Wilson). ``{"rate", "ci95", "n" (effective trials), "trials", "games"}``."""
    clusters = [(s, t) for s, t in clusters if t]
    trials = sum(t for _, t in clusters)
    if not trials:
        return {"rate": 0.0, "ci95": [0.0, 1.0], "n": 0, "trials": 0, "games": 0}
    p = sum(s for s, _ in clusters) / trials
    g = len(clusters)
    effective = float(trials)
    if g > 1 and 0 < p < 1:
        var = sum((s - p * t) ** 2 for s, t in clusters) / trials ** 2
        if var > 0:
            effective = min(trials, max(1.0, p * (1 - p) / var))
    elif g <= 1:
        effective = 1.0
    lo, hi = wilson(p * effective, effective)
    return {"rate": round(p, 4), "ci95": [round(lo, 4), round(hi, 4)], "n": round(effective, 2),
            "trials": trials, "games": g}


def rate_difference(a: dict, b: dict) -> dict:
    """``b - a`` for two rates (each ``{"rate", "ci95"}``) with Newcombe's hybrid score
    interval, which combines the two Wilson intervals. ``{"diff", "ci95"}``."""
    p1, (l1, u1) = a["rate"], a["ci95"]
    p2, (l2, u2) = b["rate"], b["ci95"]
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return {"diff": round(d, 4), "ci95": [round(lo, 4), round(hi, 4)]}


def mean_difference(a: dict, b: dict) -> dict:
    """``b - a`` for two `positive_mean_ci` results (Welch's normal interval)."""
    d = b["mean"] - a["mean"]
    se = math.sqrt(a["sd"] ** 2 / max(a["n"], 1) + b["sd"] ** 2 / max(b["n"], 1))
    return {"diff": round(d, 3), "ci95": [round(d - Z95 * se, 3), round(d + Z95 * se, 3)]}
