"""SplitMix64 on numpy ``uint64`` arrays (wrapping arithmetic): the stream of
`mezquita.engine.rng.Rng`, so a simulator deals exactly what the engine deals."""

from __future__ import annotations

import numpy as np

from .backend import njit_inline

GAMMA = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
S27, S30, S31, S32 = np.uint64(27), np.uint64(30), np.uint64(31), np.uint64(32)
#: xor-ed into a game's deal seed to start its policy stream (decorrelated by the mixing)
POLICY_SALT = np.uint64(0x5851F42D4C957F2D)


@njit_inline
def next64(rng, i, k):
    """The next output of stream ``rng[i, k]`` (scalar code, for the numba kernels)."""
    s = rng[i, k] + GAMMA
    rng[i, k] = s
    z = (s ^ (s >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return z ^ (z >> S31)


@njit_inline
def below(rng, i, k, n):
    """A uniform integer in ``0 .. n-1`` from stream ``rng[i, k]`` (``Rng.below``)."""
    return np.int64(((next64(rng, i, k) >> S32) * np.uint64(n)) >> S32)


def below_np(rng: np.ndarray, rows: np.ndarray, k: int, n) -> np.ndarray:
    """``below`` for many rows at once; ``n`` an int or an array over ``rows``."""
    state = rng[rows, k]
    out = draw_np(state, n)
    rng[rows, k] = state
    return out


def draw_np(state: np.ndarray, n) -> np.ndarray:
    """``below`` for every stream of the 1-d array ``state`` (advanced in place)."""
    with np.errstate(over="ignore"):
        state += GAMMA
        z = state ^ (state >> S30)
        z *= MIX1
        z ^= z >> S27
        z *= MIX2
        z ^= z >> S31
        z >>= S32
        z *= np.asarray(n, np.uint64)
        z >>= S32
        return z.astype(np.int64)


def streams(seeds) -> np.ndarray:
    """``(N, 2)`` uint64 generator states: column 0 the engine's deal stream (``Rng(seed)``),
    column 1 the policies' stream."""
    seeds = np.asarray(seeds, dtype=np.uint64)
    out = np.empty((len(seeds), 2), np.uint64)
    out[:, 0] = seeds
    out[:, 1] = seeds ^ POLICY_SALT
    return out
