"""Backend choice: numba when it is installed, else numpy; and the decorators ``njit``,
``njit_inline`` and ``kernel``, which compile with numba when present and otherwise return the
function unchanged (never called then: the numpy backend has its own vectorised code).

numba compiles a module's global values into the machine code as constants, and its on-disk
cache checks only the source file of a function; the simulators derive their constants from
the game modules, so each compiled function's cache is also keyed by the constants its
module defines before it (`constants_key`; the simulators define theirs first): a changed
game constant compiles the kernels afresh instead of reusing ones built with the old value.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from typing import Any

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


def constants_key(namespace: dict[str, Any]) -> str:
    """A digest of the values in ``namespace`` (a module's globals) that numba would compile
    in as constants: numbers, strings, tuples of them, numpy scalars and arrays."""
    digest = hashlib.sha256()
    for name, value in sorted(namespace.items()):
        if name.startswith("__"):
            continue
        if hasattr(value, "dtype") and hasattr(value, "tobytes"):  # numpy (not imported here)
            digest.update(f"{name}:{value.dtype}{value.shape}=".encode())
            digest.update(value.tobytes())
        elif _plain(value):
            digest.update(f"{name}={value!r};".encode())
    return digest.hexdigest()


def _plain(value: Any) -> bool:
    """A number, a string, or a tuple of plain values (whose ``repr`` is the same in every
    process, unlike an object's)."""
    if isinstance(value, tuple):
        return all(map(_plain, value))
    return isinstance(value, (int, float, str))


if HAVE_NUMBA:
    from numba import njit as _njit

    def _compiled(fn, **options):
        """``numba.njit`` with the on-disk cache (compiled once per machine, and again when
        a constant of ``fn``'s module changes: see the module docstring) and numpy's error
        model (no zero-division checks: divisors are never zero here)."""
        dispatcher = _njit(cache=True, nogil=True, error_model="numpy", **options)(fn)
        # numba has no public way to key its cache: the stamp its index is checked against
        cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
        if cache_file is None or not hasattr(cache_file, "_source_stamp"):
            # another numba: compiled in every process rather than cached with stale constants
            return _njit(nogil=True, error_model="numpy", **options)(fn)
        cache_file._source_stamp = (cache_file._source_stamp, constants_key(fn.__globals__))
        return dispatcher

    def njit(fn):
        """``fn`` compiled by numba (see `_compiled`)."""
        return _compiled(fn)

    def njit_inline(fn):
        """``njit`` inlined into its callers at numba's level (the per-decision helpers)."""
        return _compiled(fn, inline="always")

    def kernel(fn):
        """``njit`` without numba's reference counting (its ``_nrt`` option), for the loops
        over whole batches: they allocate nothing (every array comes from the caller), and
        counted, each array variable costs an atomic increment and decrement, which took
        four fifths of a Cortiça decision's time. Helpers inlined into a kernel are compiled
        with it; other ``njit`` functions it calls get its arrays uncounted."""
        return _compiled(fn, _nrt=False)
else:
    def njit(fn):
        """No numba: the plain function (the numpy backend does not call it)."""
        return fn

    njit_inline = kernel = njit
