"""Opponents for the single-seat environments: agent names, policies, saved models, pools.

An opponent spec is one of

- an **agent name** (``"random"``, ``"heuristic"``, ``"ismcts-200"``...): a Mezquita agent,
  built per episode, that sees its own view only (`Turn`);
- a **policy**: any callable ``(observation, mask) -> action`` taking the seat's own flat
  observation (``float32[observation_size]``, the game's ``encode_view`` layout) and its
  legal mask (``bool[num_actions]``) and returning a legal action id. A policy may also
  offer ``batch(observations, masks) -> actions`` on 2-D arrays: the batched environment
  (`FastVectorEnv`) then calls it once for all its games;
- a **saved Stable-Baselines3 model**: the path of a ``.zip`` written by ``model.save`` of
  a (Maskable)PPO trained on flat observations (needs the ``sb3`` extra; see
  `mezquita.adapters.sb3_policy.load_policy`);
- a **pool**: `Pool` of any of the above, one member drawn per episode for each opponent
  seat.

``opponents`` in the environments is one spec for every other seat, or a list with one spec
per other seat in seat order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from mezquita.agents.registry import check_agent_names
from mezquita.engine import Game, IllegalAction

Policy = Callable[[np.ndarray, np.ndarray], int]


class Pool:
    """Opponents drawn per episode: each opponent seat gets one of ``members`` (specs as in
    the module docstring), chosen with probabilities proportional to ``weights`` (default:
    uniform) from the environment's own generator, so seeded runs repeat."""

    def __init__(self, members: Sequence[Any], weights: Sequence[float] | None = None) -> None:
        if not members:
            raise ValueError("a pool needs at least one member")
        if any(isinstance(m, Pool) for m in members):
            raise ValueError("a pool member cannot be a pool")
        if weights is not None and (len(weights) != len(members) or min(weights) < 0
                                    or sum(weights) <= 0):
            raise ValueError(f"give {len(members)} non-negative weights with a positive sum, "
                             f"not {list(weights)!r}")
        self.members = list(members)
        total = float(sum(weights)) if weights is not None else float(len(members))
        self.p = np.array(weights if weights is not None else [1.0] * len(members)) / total

    def __repr__(self) -> str:
        return f"Pool({self.members!r})"


def seat_specs(opponents: Any, n_players: int) -> list[Any]:
    """One spec (or `Pool`) per other seat, from ``opponents`` as the environments take it."""
    if isinstance(opponents, str | Pool | os.PathLike) or callable(opponents):
        return [opponents] * (n_players - 1)
    if not isinstance(opponents, list | tuple):
        raise ValueError(f"opponents is an agent name, a callable (observation, mask) -> action, "
                         f"a saved model path, a Pool or a list of those, not {opponents!r}")
    specs = list(opponents)
    if len(specs) != n_players - 1:
        raise ValueError(f"give one opponent or {n_players - 1} opponents (one per other "
                         f"seat), not {len(specs)}")
    return specs


def resolve(spec: Any, game: Game) -> str | Policy:
    """An agent name (checked) or a policy callable for one spec that is not a pool; a saved
    model path is loaded."""
    if _is_model_path(spec):
        from .sb3_policy import load_policy

        return load_policy(spec)
    if isinstance(spec, str):
        check_agent_names([spec], game)
        return spec
    if callable(spec):
        return spec
    raise ValueError(f"an opponent is an agent name, a callable (observation, mask) -> action, "
                     f"a saved model path or a Pool, not {spec!r}")


def resolve_all(specs: list[Any], game: Game) -> list[list[str | Policy]]:
    """Per other seat, its resolved members (one unless the spec is a `Pool`)."""
    return [[resolve(m, game) for m in (s.members if isinstance(s, Pool) else [s])] for s in specs]


def draw(specs: list[Any], rng: np.random.Generator) -> list[int]:
    """Per other seat, the index of the member that plays it this episode."""
    return [int(rng.choice(len(s.members), p=s.p)) if isinstance(s, Pool) else 0 for s in specs]


def policy_action(policy: Policy, observation: np.ndarray, mask: np.ndarray, seat: int) -> int:
    """The policy's action, checked against ``mask``: a policy that plays an illegal action is
    a bug in the policy, reported as such (`IllegalAction`), never played."""
    action = policy(observation, mask)
    if not (isinstance(action, int | np.integer) and 0 <= action < len(mask) and mask[action]):
        raise IllegalAction(f"opponent policy {policy!r} at seat {seat} chose {action!r}, which "
                            "is not legal (policies get the legal mask: sample from it)")
    return int(action)


def _is_model_path(spec: Any) -> bool:
    return isinstance(spec, os.PathLike) or (isinstance(spec, str) and spec.endswith(".zip"))


def agent_names(specs: list[Any]) -> list[str]:
    """The agent names among ``specs`` and their pools' members (saved models apart)."""
    return [m for s in specs for m in (s.members if isinstance(s, Pool) else [s])
            if isinstance(m, str) and not _is_model_path(m)]
