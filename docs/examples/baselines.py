"""Reference baselines: MaskablePPO (sb3-contrib) learns a game on the fast simulator from a
random seat, in stages OPPONENT:STEPS, where OPPONENT is an agent name, self-play (a frozen
copy of the learner refreshed every 2,048 steps) or a pool of those joined by "+", one member
drawn per episode (heuristic+self-play); then it plays new deals on the engine against each
difficulty level and prints its win share (a draw counts half) with a 95% Wilson interval.

    python docs/examples/baselines.py cordoba heuristic:300000 --games 200
    python docs/examples/baselines.py cortica random:100000 self-play:200000 --expert-games 100
    python docs/examples/baselines.py cordoba heuristic+self-play:300000 --games 200

Without arguments it is a smoke run: Córdoba, 4,096 steps of self-play, 10 games a level."""

import argparse
import time

import torch
from sb3_contrib import MaskablePPO

import mezquita
from mezquita.adapters.gymnasium import MezquitaEnv
from mezquita.adapters.opponents import Pool
from mezquita.adapters.sb3 import SelfPlay, vec_env
from mezquita.agents.levels import levels_of
from mezquita.arena.stats import wilson

parser = argparse.ArgumentParser(description="MaskablePPO trained, then measured on the levels")
parser.add_argument("game", nargs="?", default="cordoba")
parser.add_argument("stages", nargs="*", default=["self-play:4096"], help="OPPONENT:STEPS ...")
parser.add_argument("--games", type=int, default=10, help="games against each level")
parser.add_argument("--expert-games", type=int,
                    help="games against Expert and Master, the slow searches (default: --games)")
parser.add_argument("--seed", type=int, default=0)
parser.add_argument("--save", help="save the trained model there (model.save)")
args = parser.parse_args()
torch.set_num_threads(1)  # a small network: one thread is the fastest


def opponent(spec: str) -> tuple[object, SelfPlay | None]:
    """A stage's opponent and its self-play callback (None without self-play): an agent name,
    self-play, or a Pool of those joined by "+", drawn uniformly per episode."""
    names = spec.split("+")
    selfplay = SelfPlay(every=2_048, seed=args.seed) if "self-play" in names else None
    members = [selfplay if name == "self-play" else name for name in names]
    return (members[0] if len(members) == 1 else Pool(members)), selfplay


model = None
start = time.perf_counter()
for stage in args.stages:
    spec, steps = stage.rsplit(":", 1)
    opponents, selfplay = opponent(spec)
    envs = vec_env(args.game, n_envs=16, opponents=opponents, seat="random", seed=args.seed)
    if model is None:
        model = MaskablePPO("MlpPolicy", envs, n_steps=256, batch_size=1024, seed=args.seed)
    else:
        model.set_env(envs)  # the next stage goes on from the policy learnt so far
    model.learn(int(steps), callback=selfplay, reset_num_timesteps=False)
print(f"{args.game}, {' then '.join(args.stages)}, seed {args.seed}: {model.num_timesteps} "
      f"steps in {(time.perf_counter() - start) / 60:.1f} min")
if args.save:
    model.save(args.save)

for level, spec in levels_of(mezquita.load(args.game)).items():
    games = args.expert_games if level in ("expert", "master") and args.expert_games else args.games
    env = MezquitaEnv(args.game, seat="random", opponents=level, observation="flat")
    score, start = 0.0, time.perf_counter()
    for g in range(games):
        obs, _ = env.reset(seed=10**9 + g)  # deals far from the training ones
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, done, _, _ = env.step(int(action))
        score += reward
    low, high = wilson(score, games)
    print(f"against {level} ({spec}): {score / games:.1%} (95% interval {low:.1%}-{high:.1%}) "
          f"over {games} games, {(time.perf_counter() - start) / 60:.1f} min")
