"""CFR+ (OpenSpiel) on a small Córdoba with explicit chance: the start seat's game value, the
exploitability of the CFR+ average policy, and that of Mezquita's heuristic bot."""

import sys
import time

import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

import mezquita.adapters.openspiel  # noqa: F401  (registers mezquita_<game> with OpenSpiel)
from mezquita.agents import Turn, make_agent

# cards, landmarks, iterations; by default 3 3 40, the variant that is not degenerate
CARDS, LANDMARKS, ITERATIONS = map(int, sys.argv[1:] or (3, 3, 40))

start = time.perf_counter()
game = pyspiel.load_game("mezquita_cordoba", {"cards": CARDS, "landmarks": LANDMARKS,
                                              "explicit_chance": True})
solver = cfr.CFRPlusSolver(game)
for _ in range(ITERATIONS):
    solver.evaluate_and_update_policy()
solved = time.perf_counter() - start
average = solver.average_policy()
value = expected_game_score.policy_value(game.new_initial_state(), [average, average])[0]

heuristic = make_agent("heuristic", game.mezquita, seed=0)  # deterministic: one action each


def heuristic_policy(state: pyspiel.State) -> dict[int, float]:
    truth, seat = state.mezquita_state, state.current_player()
    return {heuristic.act(Turn.of(truth, seat)): 1.0}  # the seat's view only


bot = policy.tabular_policy_from_callable(game, heuristic_policy)
print(f"cards {CARDS}, landmarks {LANDMARKS}, {ITERATIONS} CFR+ iterations in {solved:.1f} s: "
      f"start seat's value {value:.4f}; exploitability of the average policy "
      f"{exploitability.exploitability(game, average):.4f}, of the heuristic "
      f"{exploitability.exploitability(game, bot):.4f}")
