"""`mezquita.fast`: compiled, batched simulators of some games, for sweeps and learning.

An optional extra (``pip install 'mezquita[fast]'``: numba and numpy); the core never imports
it. A simulator plays N games at once from N seeds with policies written as array code
(``random`` and each game's ``heuristic``, the same decisions as the engine's agents, down to
the heuristic's tie-breaking noise where it has some), and
offers a pgx-style step API (``init`` / ``legal_mask`` / ``step`` / ``observe``) that
`mezquita.adapters.gymnasium.FastVectorEnv` wraps. The reference engine stays the truth:
the deal from a seed is the engine's own (the same SplitMix64 stream), and the tests replay
engine games through each simulator and require identical outcomes.

>>> import numpy as np
>>> from mezquita import fast
>>> sim = fast.simulator("cordoba", {"hand": 3})
>>> result = sim.play(np.arange(100_000), ("heuristic", "random"))  # scores, returns, length
>>> S, R = sim.init([7, 8])  # the step API: S holds the games, R their generators
>>> sim.step(S, R, sim.act(S, R, "random"))
>>> mask, obs = sim.legal_mask(S), sim.observe(S, sim.to_move(S))

`mezquita simulate` plays on a simulator when it has every agent (``--engine`` forces the
engine); ``mezquita.fast.tournament.run`` is that path as a function.

Two backends with the same results: ``"numba"`` (one compiled loop per game, one core) and
``"numpy"`` (the same rules vectorised over the batch, used when numba is missing or when
asked for with ``backend="numpy"``).
"""

from __future__ import annotations

import pkgutil

from mezquita.engine.registry import game_ids

from .backend import BACKENDS, default_backend

#: game id -> module of ``mezquita.fast`` holding its simulator class ``Simulator``: every
#: module named after a game (``cordoba-wittig`` would be ``cordoba_wittig.py``)
GAMES = {g: g.replace("-", "_") for g in game_ids()
         if g.replace("-", "_") in {m.name for m in pkgutil.iter_modules(__path__)}}
#: agent names the simulators play as array code
POLICIES = ("random", "heuristic")


def supports(game_id: str, agents: list[str], options: dict | None = None) -> bool:
    """True when ``game_id`` has a fast simulator that plays its ``options`` and every one
    of ``agents``."""
    if game_id not in GAMES or not all(a in POLICIES for a in agents):
        return False
    from importlib import import_module

    return import_module(f"{__name__}.{GAMES[game_id]}").supported(**(options or {}))


def simulator(game_id: str, options: dict | None = None, backend: str | None = None):
    """The fast simulator of ``game_id`` with ``options`` (the engine's option names)."""
    from importlib import import_module

    if game_id not in GAMES:
        raise KeyError(f"no fast simulator for {game_id!r} (have: {', '.join(GAMES)})")
    module = import_module(f"{__name__}.{GAMES[game_id]}")
    return module.Simulator(backend=backend or default_backend(), **(options or {}))


__all__ = ["BACKENDS", "GAMES", "POLICIES", "default_backend", "simulator", "supports"]
