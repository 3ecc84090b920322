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
#: most outputs `Rng.shuffle` computes together (one Python integer of this many 128-bit lanes)
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

    def shuffle(self, *lists: list) -> None:
        """Shuffle each list in place, in order (Fisher-Yates: for i from the top, swap item
        i with item ``below(i + 1)``). One call for several lists gives the orders (and
        leaves the generator where) one call per list does; the outputs are computed together.

        The ``below`` picks of a batch of outputs come from one integer holding the generator
        states in 128-bit lanes: the SplitMix64 steps run once on it (a 64-bit value times a
        64-bit constant fits in its lane; masks cut each lane back to 64 bits and keep shifted
        bits from crossing into the next lane), then each lane's top 32 output bits are
        multiplied by the lane's bound, one bit of the bounds at a time, and bits 64 and up of
        each lane are its pick (see `_batch`).
        """
        picks: tuple[int, ...] = ()
        for count, ones, lanes, steps, odd, bits, unpack in _shuffle_plan(tuple(map(len, lists))):
            s = (self.state * ones + steps) & lanes
            s = ((s ^ ((s >> 30) & lanes)) * _MIX1) & lanes
            s = ((s ^ ((s >> 27) & lanes)) * _MIX2) & lanes
            s ^= s >> 31  # bits 32-63 of each lane: the top 32 bits of the output
            self.state = (self.state + count * _GAMMA) & _MASK
            product = s & odd  # bit 0 of the bounds: the lanes with an odd bound
            for bit, tops in bits:  # tops: bits 32-63 of the lanes whose bound has this bit
                product += (s & tops) << bit
            picks += unpack(product.to_bytes(16 * count, "little"))
        k = 0
        for items in lists:
            top = i = len(items) - 1 if items else 0
            for j in picks[k:k + top]:
                items[i], items[j] = items[j], items[i]
                i -= 1
            k += top


@cache  # keyed by the list lengths a game shuffles: a few entries per game
def _shuffle_plan(lengths: tuple[int, ...]) -> tuple[tuple, ...]:
    """The bounds ``i + 1`` that shuffling lists of these lengths draws, in order, as batches
    of at most ``_BATCH`` (see `_batch`)."""
    bounds = [m for n in lengths for m in range(n, 1, -1)]
    return tuple(_batch(tuple(bounds[k:k + _BATCH])) for k in range(0, len(bounds), _BATCH))


def _batch(bounds: tuple[int, ...]) -> tuple:
    """What `Rng.shuffle` draws ``below(m)`` for each ``m`` of ``bounds`` with: their count;
    1 in each 128-bit lane; 64 one-bits in each lane; ``k * _GAMMA`` (mod 2**64) in lane
    ``k - 1``; bits 32-63 of the lanes whose bound is odd; per higher bit of the bounds, its
    position and bits 32-63 of the lanes whose bound has it; the unpacker of the picks (bits
    64 and up of each lane: one byte, two or four)."""
    n = len(bounds)
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum((((k + 1) * _GAMMA) & _MASK) << (128 * k) for k in range(n))

    def tops(bit: int) -> int:
        return sum(0xFFFFFFFF << (128 * k + 32) for k, m in enumerate(bounds) if m >> bit & 1)

    bits = tuple((bit, tops(bit)) for bit in range(1, max(bounds).bit_length()))
    lane = "".join("8xB7x" if m <= 1 << 8 else "8xH6x" if m <= 1 << 16 else "8xI4x" for m in bounds)
    return n, ones, ones * _MASK, steps, tops(0), bits, struct.Struct("<" + lane).unpack


def derive_seed(seed: int, *keys: int | str) -> int:
    """A seed in ``0 .. 2**62 - 1`` derived from ``seed`` and ``keys`` (game number, seat,
    turn, a name...): the one way the arena, the server and the CLI derive seeds, so that
    derived streams never collide and the same inputs always give the same seed."""
    text = "/".join(map(str, (seed, *keys))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 2
