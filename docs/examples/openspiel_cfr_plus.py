"""CFR+ (OpenSpiel) on a small variant, Córdoba with explicit chance or a tiny board of Wittig's
Cordoba (perfect information, no chance): the start seat's game value, the exploitability of
the CFR+ average and current policies, and that of Mezquita's heuristic bot and of uniform
random play."""

import sys
import time

import pyspiel
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

import mezquita.adapters.openspiel  # noqa: F401  (registers mezquita_<game> with OpenSpiel)
from mezquita.agents import Turn, make_agent

# cordoba CARDS LANDMARKS ITERATIONS (by default cordoba 3 3 40, the variant that is not
# degenerate) or cordoba-wittig BOARD ITERATIONS (e.g. cordoba-wittig tiny 30)
GAME, *ARGS = sys.argv[1:] or ("cordoba", "3", "3", "40")
if GAME == "cordoba":
    cards, landmarks, iterations = map(int, ARGS)
    params = {"cards": cards, "landmarks": landmarks, "explicit_chance": True}
else:  # Wittig's Cordoba has no chance: the tree starts at the first move
    params, iterations = {"board": ARGS[0]}, int(ARGS[1])

start = time.perf_counter()
game = pyspiel.load_game(f"mezquita_{GAME}", params)
solver = cfr.CFRPlusSolver(game)
for _ in range(iterations):
    solver.evaluate_and_update_policy()
solved = time.perf_counter() - start
average = solver.average_policy()
value = expected_game_score.policy_value(game.new_initial_state(), [average, average])[0]

heuristic = make_agent("heuristic", game.mezquita, seed=0)  # one action per information state


def heuristic_policy(state: pyspiel.State) -> dict[int, float]:
    truth, seat = state.mezquita_state, state.current_player()
    return {heuristic.act(Turn.of(truth, seat)): 1.0}  # the seat's view only


bot = policy.tabular_policy_from_callable(game, heuristic_policy)
setting = ", ".join(f"{name} {v}" for name, v in params.items() if name != "explicit_chance")
print(f"{GAME} ({setting}), {iterations} CFR+ iterations in {solved:.1f} s: start seat's value "
      f"{value:.4f}; exploitability of the average policy "
      f"{exploitability.exploitability(game, average):.4f} (current policy "
      f"{exploitability.exploitability(game, solver.current_policy()):.4f}), of the heuristic "
      f"{exploitability.exploitability(game, bot):.4f}, of uniform random play "
      f"{exploitability.exploitability(game, policy.UniformRandomPolicy(game)):.4f}")
