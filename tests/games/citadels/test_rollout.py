"""The playout policy search bots use on determinised Citadels states."""

import random

import mezquita
from mezquita.games.citadels.cards import DIST_POINTS
from mezquita.games.citadels.decisions import SPACE
from mezquita.games.citadels.rollout import rollout_action

BUILD = SPACE.by_name["build"]
INCOME, THANK = SPACE.by_name["income"].id(), SPACE.by_name["thank"].id()


def test_policy_games_end_and_prefer_income_then_the_best_build():
    """Games played by the policy alone reach the end with legal moves only; whenever income
    is on offer it is taken, and a build is always the most valuable one on offer."""
    rng = random.Random(3)
    for players, seed in ((4, 1), (4, 2), (7, 3)):
        game = mezquita.load("citadels", players=players)
        state = game.new_state(seed)
        while movers := state.to_move():
            seat = movers[0]
            legal = state.legal_actions(seat)
            action = game.rollout_policy(state, seat, legal, rng)
            assert action in legal
            builds = [DIST_POINTS[BUILD.indices(a)[0]] for a in legal if a in BUILD]
            if INCOME in legal or THANK in legal:
                assert action in (INCOME, THANK)
            elif builds:
                assert action in BUILD
                assert DIST_POINTS[BUILD.indices(action)[0]] == max(builds)
            state.apply(seat, action)
        assert state.is_terminal() and sum(state.returns()) == 1.0


def test_policy_takes_gold_with_cards_in_hand_and_draws_with_none():
    game = mezquita.load("citadels", players=4)
    state = game.new_state(5)
    gold, draw = SPACE.by_name["gold"].id(), SPACE.by_name["draw"].id()
    legal, rng = [gold, draw], random.Random(0)
    state.hands[0] = [0]
    assert rollout_action(state, 0, legal, rng) == gold
    state.hands[0] = []
    assert rollout_action(state, 0, legal, rng) == draw
