"""`Rng`: the seeded generator inside every state.

SplitMix64 keeps its whole state in one integer, so cloning a state costs nothing and the
state's JSON form is one number. It is used for deals and draws, not for cryptography.
"""

from __future__ import annotations

import hashlib

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class Rng:
    """A small deterministic generator with the `random.Random` methods games need.

    The SplitMix64 step is written out in each method (no inner calls): deals and draws are
    on the hot path of every playout.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (n < 2**32)."""
        self.state = s = (self.state + _GAMMA) & _MASK
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return ((s ^ (s >> 31)) >> 32) * n >> 32

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, seq):
        """A uniform element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, ``below(i + 1)`` for i from the top)."""
        state, mask, gamma, mix1, mix2 = self.state, _MASK, _GAMMA, _MIX1, _MIX2
        for i in range(len(items) - 1, 0, -1):
            state = (state + gamma) & mask
            s = ((state ^ (state >> 30)) * mix1) & mask
            s = ((s ^ (s >> 27)) * mix2) & mask
            j = ((s ^ (s >> 31)) >> 32) * (i + 1) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = state


def derive_seed(seed: int, *keys: int | str) -> int:
    """A seed in ``0 .. 2**62 - 1`` derived from ``seed`` and ``keys`` (game number, seat,
    turn, a name...): the one way the arena, the server and the CLI derive seeds, so that
    derived streams never collide and the same inputs always give the same seed."""
    text = "/".join(map(str, (seed, *keys))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 2
