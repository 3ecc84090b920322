"""Outcome-sampling Monte Carlo CFR (OpenSpiel) on a small Córdoba, keyed by the adapter's
information-state strings; then its average policy plays against uniform random play."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr

import mezquita.adapters.openspiel  # noqa: F401  (registers mezquita_<game> with OpenSpiel)

# Five landmarks; every new initial state is a new random deal (sampled chance).
game = pyspiel.load_game("mezquita_cordoba", {"landmarks": 5, "seed": 2})
solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
for _ in range(500):
    solver.iteration()
policy = solver.average_policy()

rng = np.random.default_rng(0)
score = 0.0
for g in range(100):
    seat, state = g % 2, game.new_initial_state()
    while not state.is_terminal():
        probs = policy.action_probabilities(state) if state.current_player() == seat else {
            a: 1.0 for a in state.legal_actions()}
        actions, weights = zip(*probs.items())
        state.apply_action(rng.choice(actions, p=np.array(weights) / sum(weights)))
    score += state.returns()[seat]
print(f"MCCFR: {len(solver._infostates)} information states after 500 iterations; "
      f"its average policy scored {score / 100:.2f} per game against random play")
