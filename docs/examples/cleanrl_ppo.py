"""A CleanRL-style PPO loop (one file, plain torch) on the Gymnasium vector environment of
Córdoba, against the heuristic bot from a random seat, with invalid actions masked out."""

import sys

import gymnasium
import numpy as np
import torch
from torch import nn

import mezquita.adapters.gymnasium  # noqa: F401  (registers mezquita/<game>-v0)

STEPS = int(sys.argv[1]) if len(sys.argv) > 1 else 4_096  # a smoke run: give more to learn
NUM_ENVS, NUM_STEPS, EPOCHS, MINIBATCHES = 16, 64, 4, 4
GAMMA, LAMBDA, CLIP, ENTROPY, VALUE = 1.0, 0.95, 0.2, 0.01, 0.5
torch.manual_seed(0)
torch.set_num_threads(1)  # a small network: one thread is the fastest

# Autoreset mode SAME_STEP: a finished game is replaced within the step that ends it, so every
# observation returned has a legal action and `done` marks where one game's returns stop.
envs = gymnasium.make_vec("mezquita/cordoba-v0", num_envs=NUM_ENVS, opponents="heuristic",
                          seat="random")
size, actions = envs.single_observation_space["observation"].shape[0], envs.single_action_space.n


def mlp(out: int, std: float) -> nn.Sequential:
    last = nn.Linear(64, out)
    nn.init.orthogonal_(last.weight, std)
    return nn.Sequential(nn.Linear(size, 64), nn.Tanh(), nn.Linear(64, 64), nn.Tanh(), last)


actor, critic = mlp(actions, 0.01), mlp(1, 1.0)
optimizer = torch.optim.Adam([*actor.parameters(), *critic.parameters()], lr=2.5e-4, eps=1e-5)


def policy(x: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
    return torch.distributions.Categorical(logits=actor(x).masked_fill(~mask, -1e9))


obs_buf = torch.zeros(NUM_STEPS, NUM_ENVS, size)
mask_buf = torch.zeros(NUM_STEPS, NUM_ENVS, actions, dtype=torch.bool)
act_buf, logp_buf, rew_buf, done_buf, val_buf = (torch.zeros(NUM_STEPS, NUM_ENVS) for _ in range(5))
obs, _ = envs.reset(seed=0)
x, mask = torch.tensor(obs["observation"]), torch.tensor(obs["action_mask"], dtype=torch.bool)
done = torch.zeros(NUM_ENVS)
results = []
for _ in range(STEPS // (NUM_STEPS * NUM_ENVS)):
    for t in range(NUM_STEPS):  # collect a rollout
        obs_buf[t], mask_buf[t], done_buf[t] = x, mask, done
        with torch.no_grad():
            dist = policy(x, mask)
            action = dist.sample()
            logp_buf[t], val_buf[t] = dist.log_prob(action), critic(x).squeeze(1)
        act_buf[t] = action
        obs, reward, terminated, truncated, _ = envs.step(action.numpy())
        rew_buf[t] = torch.tensor(reward, dtype=torch.float32)
        results += reward[terminated].tolist()
        x, mask = torch.tensor(obs["observation"]), torch.tensor(obs["action_mask"], dtype=torch.bool)
        done = torch.tensor(terminated | truncated, dtype=torch.float32)
    with torch.no_grad():  # generalised advantage estimation
        advantages, last = torch.zeros_like(rew_buf), torch.zeros(NUM_ENVS)
        next_value, next_done = critic(x).squeeze(1), done
        for t in reversed(range(NUM_STEPS)):
            live = 1.0 - next_done
            delta = rew_buf[t] + GAMMA * next_value * live - val_buf[t]
            advantages[t] = last = delta + GAMMA * LAMBDA * live * last
            next_value, next_done = val_buf[t], done_buf[t + 1] if t + 1 < NUM_STEPS else done
        returns = advantages + val_buf
    b_obs, b_mask = obs_buf.reshape(-1, size), mask_buf.reshape(-1, actions)
    b_act, b_logp, b_adv, b_ret = (v.reshape(-1) for v in (act_buf, logp_buf, advantages, returns))
    batch = NUM_STEPS * NUM_ENVS
    for _ in range(EPOCHS):  # clipped-surrogate updates on minibatches
        for idx in torch.randperm(batch).split(batch // MINIBATCHES):
            dist = policy(b_obs[idx], b_mask[idx])
            ratio = (dist.log_prob(b_act[idx]) - b_logp[idx]).exp()
            adv = (b_adv[idx] - b_adv[idx].mean()) / (b_adv[idx].std() + 1e-8)
            pg_loss = torch.max(-adv * ratio, -adv * ratio.clamp(1 - CLIP, 1 + CLIP)).mean()
            v_loss = 0.5 * (critic(b_obs[idx]).squeeze(1) - b_ret[idx]).pow(2).mean()
            loss = pg_loss + VALUE * v_loss - ENTROPY * dist.entropy().mean()
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_([*actor.parameters(), *critic.parameters()], 0.5)
            optimizer.step()
recent = results[-500:]
print(f"{len(results)} games in {STEPS} steps; the last {len(recent)} scored "
      f"{np.mean(recent):.1%} against the heuristic")
