"""Self-play: MaskablePPO learns Córdoba against a frozen copy of itself, refreshed every
2,048 steps, from a random seat; then its frozen opponent and the heuristic bot are measured
against the trained policy on the engine."""

import sys

import torch
from sb3_contrib import MaskablePPO

from mezquita.adapters.gymnasium import MezquitaEnv
from mezquita.adapters.sb3 import SelfPlay, vec_env

STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 4_096  # a smoke run: give more to learn
torch.set_num_threads(1)  # a small network: one thread is the fastest

selfplay = SelfPlay(every=2_048)  # the opponent, and the callback that refreshes it
envs = vec_env("cordoba", n_envs=16, opponents=selfplay, seat="random", seed=0)
model = MaskablePPO("MlpPolicy", envs, n_steps=256, batch_size=1024, seed=0)
model.learn(STEPS, callback=selfplay)

for name, opponent in (("its frozen copy", selfplay), ("the heuristic", "heuristic")):
    env = MezquitaEnv("cordoba", seat="random", opponents=opponent, observation="flat")
    score = 0.0
    for g in range(100):
        obs, _ = env.reset(seed=10**9 + g)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        score += reward
    print(f"after {model.num_timesteps} steps and {selfplay.updates} copies: "
          f"{score:.0f}/100 against {name}")
