"""Backend choice: numba when it is installed, else numpy; and the decorators ``njit``,
``njit_inline`` and ``kernel``, which compile with numba when present and otherwise return the
function unchanged (never called then: the numpy backend has its own vectorised code)."""

from __future__ import annotations

import importlib.util
import os

BACKENDS = ("numba", "numpy")
HAVE_NUMBA = importlib.util.find_spec("numba") is not None


def default_backend() -> str:
    """``"numba"`` if installed, unless ``MEZQUITA_FAST_BACKEND=numpy`` asks otherwise."""
    wanted = os.environ.get("MEZQUITA_FAST_BACKEND")
    if wanted:
        check(wanted)
        return wanted
    return "numba" if HAVE_NUMBA else "numpy"


def check(backend: str) -> str:
    """``backend`` if it is usable here, else ValueError saying why."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend == "numba" and not HAVE_NUMBA:
        raise ValueError("numba is not installed (pip install 'mezquita[fast]')")
    return backend


if HAVE_NUMBA:
    from numba import njit as _njit

    def njit(fn):
        """``numba.njit`` with the on-disk cache (compiled once per machine) and numpy's error
        model (no zero-division checks: divisors are never zero here)."""
        return _njit(cache=True, nogil=True, error_model="numpy")(fn)

    def njit_inline(fn):
        """``njit`` inlined into its callers at numba's level (the per-decision helpers)."""
        return _njit(cache=True, nogil=True, error_model="numpy", inline="always")(fn)

    def kernel(fn):
        """``njit`` without numba's reference counting (its ``_nrt`` option), for the loops
        over whole batches: they allocate nothing (every array comes from the caller), and
        counted, each array variable costs an atomic increment and decrement, which took
        four fifths of a Cortiça decision's time. Helpers inlined into a kernel are compiled
        with it; other ``njit`` functions it calls get its arrays uncounted."""
        return _njit(cache=True, nogil=True, error_model="numpy", _nrt=False)(fn)
else:
    def njit(fn):
        """No numba: the plain function (the numpy backend does not call it)."""
        return fn

    njit_inline = kernel = njit
