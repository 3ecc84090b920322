"""Saved Stable-Baselines3 policies as opponents (needs the ``sb3`` extra). Apart from
`mezquita.adapters.sb3` so that `mezquita.adapters.opponents` can load a saved model without
importing the vector environments that import it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias, cast

import gymnasium
import numpy as np
import torch
from stable_baselines3.common.policies import ActorCriticPolicy

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from stable_baselines3 import PPO

#: the policies an opponent plays: PPO's and MaskablePPO's (not a subclass of PPO's)
ActorCritic: TypeAlias = "ActorCriticPolicy | MaskableActorCriticPolicy"


class PolicyOpponent:
    """An SB3 actor-critic policy (flat observations) as an opponent: it samples its action
    distribution restricted to the legal mask (``deterministic``: the most likely legal
    action)."""

    def __init__(self, policy: ActorCritic, deterministic: bool = False) -> None:
        if not isinstance(policy.observation_space, gymnasium.spaces.Box):
            raise ValueError("a policy opponent needs a policy trained on flat observations "
                             "(observation='flat')")
        self.policy = policy
        self.deterministic = deterministic

    def __repr__(self) -> str:
        return f"PolicyOpponent({type(self.policy).__name__})"

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.batch(observation[None], mask[None])[0])

    def batch(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """One action per row of ``observations`` (2-D), legal under the row of ``masks``."""
        with torch.no_grad():
            features = torch.as_tensor(observations, dtype=torch.float32,
                                       device=self.policy.device)
            # a Discrete action space: the distribution is one torch Categorical (SB3 types it
            # as any torch distribution or a list of them)
            logits = cast(torch.distributions.Categorical,
                          self.policy.get_distribution(features).distribution).logits
            logits = logits.masked_fill(~torch.as_tensor(masks, dtype=torch.bool,
                                                         device=logits.device), -torch.inf)
            if self.deterministic:
                return logits.argmax(dim=1).cpu().numpy()
            return torch.distributions.Categorical(logits=logits).sample().cpu().numpy()


def load_policy(path: str | Path, deterministic: bool = False) -> PolicyOpponent:
    """The policy of a model saved with ``model.save(path)`` (MaskablePPO or PPO) as an
    opponent."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3 import PPO

    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no saved model at {path}")
    model: MaskablePPO | PPO
    try:
        model = MaskablePPO.load(path, device="cpu")
    except (KeyError, TypeError, ValueError):
        model = PPO.load(path, device="cpu")
    return PolicyOpponent(model.policy, deterministic)
