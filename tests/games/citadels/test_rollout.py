"""The playout policy, opponent model and leaf value search bots use on determinised Citadels
states."""

import random

import mezquita
from mezquita.games.citadels.decisions import SPACE

from .scenarios import position

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


def test_cut_scores_add_half_a_point_per_gold_and_card_in_hand():
    """A search that cuts a playout ranks seats by score plus what builds the next districts:
    a seat a point behind with four gold comes out ahead."""
    state = position({0: "king"}, players=3, cities=[["temple", "watchtower"], ["temple"]],
                     gold=[0, 4, 2], hands=[[], [], ["market"]])
    assert state.scores() == [2, 1, 0]
    assert state.game.cut_scores(state) == [2.0, 3.0, 1.5]


def test_cut_scores_count_a_quarter_point_above_five_players():
    """At 6 to 8 players a gold or a card counts a quarter of a point."""
    for players, worth in ((5, 0.5), (6, 0.25), (7, 0.25)):
        state = position({0: "king"}, players=players, cities=[["temple"]], gold=[4] * players,
                         hands=[["market"]] * players)
        assert state.game.cut_scores(state)[0] == 1 + worth * 5
