"""Observation vectors as the adapters' float32 arrays."""

from __future__ import annotations

import struct
from functools import cache

import numpy as np


def float32(vector: list[float]) -> np.ndarray:
    """``np.array(vector, np.float32)``, the same new array, about twice as fast on long
    vectors: `struct` packs the floats at once where numpy converts them one by one."""
    return np.frombuffer(_packer(len(vector)).pack(*vector), np.float32).copy()


@cache
def _packer(size: int) -> struct.Struct:
    return struct.Struct(f"{size}f")
