"""The playout policy and opponent model search bots use on determinised Citadels states."""

import random

import mezquita
from mezquita.games.citadels.decisions import SPACE

THANK = SPACE.by_name["thank"].id()


def test_policy_games_end_with_legal_moves_and_thank_the_ball_room_first():
    """Games played by the policy alone reach the end with legal moves only; whenever the
    Ball Room's owner must be thanked, the policy does so first."""
    rng = random.Random(3)
    for players, seed in ((4, 1), (4, 2), (7, 3)):
        game = mezquita.load("citadels", players=players, dark_city=("all",))
        state = game.new_state(seed)
        while movers := state.to_move():
            seat = movers[0]
            legal = state.legal_actions(seat)
            action = game.rollout_policy(state, seat, legal, rng)
            assert action in legal
            if THANK in legal:
                assert action == THANK
            state.apply(seat, action)
        assert state.is_terminal() and sum(state.returns()) == 1.0
