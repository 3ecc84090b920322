"""Train a linear softmax policy for Córdoba with REINFORCE, against the random bot."""

import gymnasium
import numpy as np

env = gymnasium.make("mezquita.adapters.gymnasium:mezquita/cordoba-v0", opponents="random")
weights = np.zeros((env.observation_space["observation"].shape[0], env.action_space.n))
rng = np.random.default_rng(0)


def play(seed: int, learn: bool) -> float:
    """One game; with ``learn``, a REINFORCE update from its final reward."""
    obs, _ = env.reset(seed=seed)
    steps, done = [], False
    while not done:
        logits = np.where(obs["action_mask"] == 1, obs["observation"] @ weights, -np.inf)
        p = np.exp(logits - logits.max())
        p /= p.sum()
        action = rng.choice(len(p), p=p)
        steps.append((obs["observation"], action, p))
        obs, reward, done, _, _ = env.step(action)
    for x, action, p in steps if learn else ():
        onehot = np.eye(len(p))[action]
        weights[:] += 0.1 * (reward - 0.5) * np.outer(x, onehot - p)
    return reward


before = np.mean([play(seed, learn=False) for seed in range(10**6, 10**6 + 200)])
for seed in range(1000):
    play(seed, learn=True)
after = np.mean([play(seed, learn=False) for seed in range(10**6, 10**6 + 200)])
print(f"win rate against random: {before:.2f} untrained, {after:.2f} after 1000 games")
