"""The policies a fast simulator plays, as the small integer codes its kernels branch on."""

from __future__ import annotations

import numpy as np

RANDOM, HEURISTIC = 0, 1
POLICY_CODES = {"random": RANDOM, "heuristic": HEURISTIC}


def policy_codes(policies, n: int) -> np.ndarray:
    """An ``(n, 2)`` int8 array of policy codes: ``policies`` as such an array, or as two
    names ("random", "heuristic") used for all ``n`` games."""
    if isinstance(policies, np.ndarray):
        return policies.astype(np.int8)
    names = list(policies)
    if len(names) != 2 or any(p not in POLICY_CODES for p in names):
        raise ValueError(f"policies must be two of {', '.join(POLICY_CODES)}; got {policies!r}")
    return np.tile(np.array([POLICY_CODES[p] for p in names], np.int8), (n, 1))
