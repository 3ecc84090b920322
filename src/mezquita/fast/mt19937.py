"""Python's own `random.Random` (MT19937) in scalar code, for policies that mirror an engine
agent's draws: seeding from an integer (``init_by_array`` on its 32-bit words), ``random()``
and ``gauss()`` with its cached second value.

A generator is one row of ``MT_WIDTH`` uint64 values: the 624 state words, the index, a flag
"a gauss value is cached" and that value (read through a float64 view of the same row).
"""

from __future__ import annotations

import math
import random

import numpy as np

from .backend import njit, njit_inline

N, M = 624, 397
MT_WIDTH = N + 3
INDEX, HAS_GAUSS, GAUSS = N, N + 1, N + 2
U0, U1, U5, U6, U7, U11 = (np.uint64(k) for k in (0, 1, 5, 6, 7, 11))
U15, U18, U30, U32 = (np.uint64(k) for k in (15, 18, 30, 32))
MASK32 = np.uint64(0xFFFFFFFF)
UPPER, LOWER = np.uint64(0x80000000), np.uint64(0x7FFFFFFF)
MATRIX = np.uint64(0x9908B0DF)
TEMPER_B, TEMPER_C = np.uint64(0x9D2C5680), np.uint64(0xEFC60000)
TWOPI = 2.0 * math.pi


def _genrand() -> np.ndarray:
    """``init_genrand(19650218)``, where every ``init_by_array`` starts (the same for all
    seeds, so computed once)."""
    words = [19650218]
    for i in range(1, N):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return np.array(words, np.uint64)


GENRAND = _genrand()


def seeded(seed: int, out: np.ndarray) -> None:
    """Fill the generator row ``out`` with ``random.Random(seed)``'s state."""
    _, words, gauss = random.Random(int(seed)).getstate()
    out[:N + 1] = words
    out[HAS_GAUSS] = 0 if gauss is None else 1
    out[GAUSS:GAUSS + 1].view(np.float64)[0] = 0.0 if gauss is None else gauss


@njit
def seed_nb(mt, seed):
    """``random.Random(seed)`` for a seed in ``0 .. 2**64 - 1`` (CPython's ``init_by_array``
    on the seed's 32-bit words, low word first)."""
    key0 = seed & MASK32
    key1 = seed >> U32
    length = 2 if key1 != U0 else 1
    for i in range(N):
        mt[i] = GENRAND[i]
    i = 1
    j = 0
    for _ in range(N):
        prev = mt[i - 1]
        key = key0 if j == 0 else key1
        mixed = (mt[i] ^ (((prev ^ (prev >> U30)) * np.uint64(1664525)) & MASK32))
        mt[i] = (mixed + key + np.uint64(j)) & MASK32
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        prev = mt[i - 1]
        mixed = (mt[i] ^ (((prev ^ (prev >> U30)) * np.uint64(1566083941)) & MASK32))
        mt[i] = (mixed + (np.uint64(1 << 32) - np.uint64(i))) & MASK32
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = UPPER
    mt[INDEX] = np.uint64(N)
    mt[HAS_GAUSS] = U0


@njit
def _twist(mt):
    for k in range(N):
        y = (mt[k] & UPPER) | (mt[(k + 1) % N] & LOWER)
        v = mt[(k + M) % N] ^ (y >> U1)
        if y & U1:
            v ^= MATRIX
        mt[k] = v
    mt[INDEX] = U0


@njit_inline
def _u32(mt):
    if mt[INDEX] >= np.uint64(N):
        _twist(mt)
    i = mt[INDEX]
    mt[INDEX] = i + U1
    y = mt[i]
    y ^= y >> U11
    y ^= (y << U7) & TEMPER_B
    y ^= (y << U15) & TEMPER_C
    return y ^ (y >> U18)


@njit_inline
def uniform(mt):
    """``Random.random()``: 53 bits from two outputs."""
    a = _u32(mt) >> U5
    b = _u32(mt) >> U6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit
def gauss(mt, mtf, sigma):
    """``Random.gauss(0.0, sigma)`` (``mtf``: the float64 view of the row ``mt``)."""
    if mt[HAS_GAUSS] != U0:
        mt[HAS_GAUSS] = U0
        z = mtf[GAUSS]
    else:
        x2pi = uniform(mt) * TWOPI
        g2rad = math.sqrt(-2.0 * math.log(1.0 - uniform(mt)))
        z = math.cos(x2pi) * g2rad
        mtf[GAUSS] = math.sin(x2pi) * g2rad
        mt[HAS_GAUSS] = U1
    return 0.0 + z * sigma
