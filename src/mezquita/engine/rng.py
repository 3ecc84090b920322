"""`Rng`: the seeded generator inside every state.

SplitMix64 keeps its whole state in one integer, so cloning a state costs nothing and the
state's JSON form is one number. It is used for deals and draws, not for cryptography.
"""

from __future__ import annotations

import hashlib
import struct
from functools import cache

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: outputs computed together by `Rng.shuffle` (one Python integer of this many 128-bit lanes)
_BATCH = 128


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
        i = len(items) - 1
        while i > 0:
            for high in self._highs(min(i, _BATCH)):
                j = high * (i + 1) >> 32  # below(i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1

    def _highs(self, n: int) -> tuple[int, ...]:
        """The top 32 bits of the next ``n`` outputs, computed together: the SplitMix64 steps
        run once on an integer holding the ``n`` generator states in 128-bit lanes (a 64-bit
        value times a 64-bit constant fits in its lane; masks cut each lane back to 64 bits
        and keep shifted bits from crossing into the next lane)."""
        ones, lanes, steps, words = _lane_constants(n)
        s = (self.state * ones + steps) & lanes
        s = ((s ^ ((s >> 30) & lanes)) * _MIX1) & lanes
        s = ((s ^ ((s >> 27) & lanes)) * _MIX2) & lanes
        s ^= (s >> 31) & lanes
        self.state = (self.state + n * _GAMMA) & _MASK
        return words.unpack(s.to_bytes(16 * n, "little"))[1::4]  # bits 32-63 of each lane


@cache  # n <= _BATCH: at most 128 entries
def _lane_constants(n: int) -> tuple[int, int, int, struct.Struct]:
    """For ``n`` lanes: 1 in each lane, 64 one-bits in each lane, ``k * _GAMMA`` (mod 2**64)
    in lane ``k - 1``, and the unpacker of the lanes' 32-bit words."""
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(n))
    return ones, ones * _MASK, steps, struct.Struct(f"<{4 * n}I")


def derive_seed(seed: int, *keys: int | str) -> int:
    """A seed in ``0 .. 2**62 - 1`` derived from ``seed`` and ``keys`` (game number, seat,
    turn, a name...): the one way the arena, the server and the CLI derive seeds, so that
    derived streams never collide and the same inputs always give the same seed."""
    text = "/".join(map(str, (seed, *keys))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 2
