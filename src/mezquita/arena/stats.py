"""Small statistics for tournaments: Wilson intervals, medians."""

from __future__ import annotations

import math
from statistics import median

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
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
