"""Small statistics for tournaments: Wilson intervals, medians."""

from __future__ import annotations

import math
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


def rate(successes: float, trials: int) -> dict:
    """``{"rate", "ci95": [lo, hi]}`` rounded for reports."""
    lo, hi = wilson(successes, trials)
    return {"rate": round(successes / trials, 4) if trials else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def describe(values: list[float]) -> dict:
    """Mean, median, min and max of a non-empty list."""
    return {"mean": round(sum(values) / len(values), 2), "median": median(values),
            "min": min(values), "max": max(values)}


def clustered_rate(clusters: list[tuple[float, int]]) -> dict:
    """A rate whose trials come in groups (a game's seats): ``clusters`` are
    ``(successes, trials)`` per game. The interval is Wilson's on the *effective* number of
    trials, the trials divided by the design effect of the ratio estimator's between-game
    variance, so seats of one game are not counted as independent (one seat per game: plain
    Wilson). ``{"rate", "ci95", "n", "games"}``."""
    clusters = [(s, t) for s, t in clusters if t]
    trials = sum(t for _, t in clusters)
    if not trials:
        return {"rate": 0.0, "ci95": [0.0, 1.0], "n": 0, "games": 0}
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
    return {"rate": round(p, 4), "ci95": [round(lo, 4), round(hi, 4)], "n": trials, "games": g}


def rate_difference(a: dict, b: dict) -> dict:
    """``b - a`` for two rates (each ``{"rate", "ci95"}``) with Newcombe's hybrid score
    interval, which combines the two Wilson intervals. ``{"diff", "ci95"}``."""
    p1, (l1, u1) = a["rate"], a["ci95"]
    p2, (l2, u2) = b["rate"], b["ci95"]
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return {"diff": round(d, 4), "ci95": [round(lo, 4), round(hi, 4)]}


def mean_ci(values: list[float]) -> dict:
    """Mean with a normal 95% interval (``{"mean", "ci95", "n", "sd"}``)."""
    n = len(values)
    if not n:
        return {"mean": 0.0, "ci95": [0.0, 0.0], "n": 0, "sd": 0.0}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": round(m, 3), "ci95": [round(m - half, 3), round(m + half, 3)], "n": n,
            "sd": round(sd, 3)}


def mean_difference(a: dict, b: dict) -> dict:
    """``b - a`` for two `mean_ci` results (Welch's normal interval)."""
    d = b["mean"] - a["mean"]
    se = math.sqrt(a["sd"] ** 2 / max(a["n"], 1) + b["sd"] ** 2 / max(b["n"], 1))
    return {"diff": round(d, 3), "ci95": [round(d - Z95 * se, 3), round(d + Z95 * se, 3)]}
