"""OpenSpiel's own ISMCTS bot on Córdoba (hidden hands), against uniform random play."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import mezquita.adapters.openspiel  # noqa: F401  (registers mezquita_<game> with OpenSpiel)

game = pyspiel.load_game("mezquita_cordoba", {"seed": 1})
rng = np.random.RandomState(0)
evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=60, random_state=rng)

score = 0.0
for g in range(6):
    seat = g % 2  # the bot takes each seat in turn
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == seat:
            state.apply_action(bot.step(state))  # resamples hidden cards each simulation
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    score += state.returns()[seat]
print(f"OpenSpiel ISMCTS (60 simulations) scored {score} of 6 against random play")
