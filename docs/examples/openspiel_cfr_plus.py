"""CFR+ (OpenSpiel) on a small Córdoba with explicit chance: the start seat's game value, the
exploitability of the CFR+ average policy, and that of Mezquita's heuristic bot."""

import sys

import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

import mezquita.adapters.openspiel  # noqa: F401  (registers mezquita_<game> with OpenSpiel)
from mezquita.agents import Turn, make_agent

LANDMARKS = int(sys.argv[1]) if len(sys.argv) > 1 else 2  # 3: the non-trivial variant
ITERATIONS = int(sys.argv[2]) if len(sys.argv) > 2 else 5

game = pyspiel.load_game("mezquita_cordoba", {"cards": 3, "landmarks": LANDMARKS,
                                              "explicit_chance": True})
solver = cfr.CFRPlusSolver(game)
for _ in range(ITERATIONS):
    solver.evaluate_and_update_policy()
average = solver.average_policy()
value = expected_game_score.policy_value(game.new_initial_state(), [average, average])[0]

heuristic = make_agent("heuristic", game.mezquita, seed=0)  # deterministic: one action each


def heuristic_policy(state: pyspiel.State) -> dict[int, float]:
    truth, seat = state.mezquita_state, state.current_player()
    return {heuristic.act(Turn.of(truth, seat)): 1.0}  # the seat's view only


bot = policy.tabular_policy_from_callable(game, heuristic_policy)
print(f"cards 3, landmarks {LANDMARKS}, {ITERATIONS} CFR+ iterations: start seat's value "
      f"{value:.4f}; exploitability of the average policy "
      f"{exploitability.exploitability(game, average):.4f}, of the heuristic "
      f"{exploitability.exploitability(game, bot):.4f}")
