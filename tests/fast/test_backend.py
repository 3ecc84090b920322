"""The compiled kernels' on-disk cache follows the constants they are compiled with."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mezquita.fast import backend

MODULE = """
import os
from mezquita.fast.backend import njit

LIMIT = int(os.environ["LIMIT"])  # derived at import, as the simulators derive the game's


@njit
def limit():
    return LIMIT
"""


@pytest.mark.skipif(not backend.HAVE_NUMBA, reason="numba not installed")
def test_a_changed_constant_is_compiled_in_though_the_source_file_is_the_same(tmp_path):
    """numba's cache checks a function's source file only: without the constants in its key,
    the second process would load the kernel compiled with LIMIT = 3."""
    (tmp_path / "derived.py").write_text(MODULE)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}

    def compiled_limit(limit: int) -> str:
        code = "import derived; print(derived.limit())"
        return subprocess.run([sys.executable, "-c", code], env={**env, "LIMIT": str(limit)},
                              capture_output=True, text=True, check=True).stdout.strip()

    assert [compiled_limit(3), compiled_limit(3), compiled_limit(4)] == ["3", "3", "4"]
    assert any((tmp_path / "cache").rglob("*.nbi"))  # compiled once, then loaded from the cache


def test_the_key_covers_numbers_tuples_and_arrays_and_nothing_else():
    np = pytest.importorskip("numpy")
    base = {"A": 1, "B": (2, 3.5), "T": np.arange(3), "f": print, "__doc__": "x"}
    key = backend.constants_key(base)
    assert backend.constants_key({**base, "f": len, "__doc__": "y", "objects": (print,)}) == key
    for changed in ({"A": 2}, {"B": (2, 3.6)}, {"T": np.arange(1, 4)}, {"T": np.arange(3.0)}):
        assert backend.constants_key({**base, **changed}) != key
