"""MaskablePPO (sb3-contrib) learns Córdoba against the heuristic bot on the fast simulator,
taking a random seat each game; then plays 200 new deals on the engine against the heuristic
and prints its win rate with a 95% Wilson interval."""

import sys
import time

import torch
from sb3_contrib import MaskablePPO

from mezquita.adapters.gymnasium import MezquitaEnv
from mezquita.adapters.sb3 import vec_env
from mezquita.arena.stats import wilson

STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 4_096  # a smoke run: give more to learn
torch.set_num_threads(1)  # a small network: one thread is the fastest

start = time.perf_counter()
envs = vec_env("cordoba", n_envs=16, opponents="heuristic", seat="random", seed=0)
model = MaskablePPO("MlpPolicy", envs, n_steps=256, batch_size=1024, seed=0).learn(STEPS)
minutes = (time.perf_counter() - start) / 60

env = MezquitaEnv("cordoba", seat="random", opponents="heuristic", observation="flat")
games, score = 200, 0.0
for g in range(games):
    obs, _ = env.reset(seed=10**9 + g)  # deals far from the training ones
    done = False
    while not done:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, reward, done, _, _ = env.step(int(action))
    score += reward
low, high = wilson(score, games)
print(f"after {model.num_timesteps} steps ({minutes:.1f} min): {score / games:.1%} against the "
      f"heuristic over {games} games (95% interval {low:.1%}-{high:.1%})")
