"""The OpenSpiel adapter passes ``pyspiel.random_sim_test`` for every game, and OpenSpiel's
own algorithms run on it."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import mezquita
from mezquita.adapters.common import canonical
from mezquita.adapters.openspiel import short_name

IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION


def load(config) -> pyspiel.Game:
    game_id, options = config
    return pyspiel.load_game(short_name(game_id), {**options, "seed": 5})


def play_randomly(state: pyspiel.State, steps: int, seed: int) -> pyspiel.State:
    """Random moves; a simultaneous node takes one random action of every player."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_random_sim_test_passes(config):
    # serialize=False as for OpenSpiel's own Python games: SerializeGameAndState needs the
    # game's RNG state, which a Python game cannot provide; serialisation is tested below.
    pyspiel.random_sim_test(load(config), num_sims=1, serialize=False, verbose=False)


def test_game_type_matches_the_game_info(config):
    game = load(config)
    info = mezquita.load(config[0], **config[1]).info
    kind = game.get_type()
    assert kind.min_num_players <= game.num_players() <= kind.max_num_players
    imperfect = kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert imperfect == info.hidden_information
    simultaneous = kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert simultaneous == info.simultaneous
    # every game deals its setup from a seed, hidden or not: sampled chance, never none
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.get_parameters()["explicit_chance"] is False


def test_new_initial_states_follow_the_seed_stream(config):
    first = [str(load(config).new_initial_state()) for _ in range(3)]
    again = [str(load(config).new_initial_state()) for _ in range(3)]
    assert first == again


def test_serialize_and_pickle_round_trip(config):
    game = load(config)
    state = play_randomly(game.new_initial_state(), 7, seed=1)
    assert str(game.deserialize_state(state.serialize())) == str(state)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_strings_and_tensors_are_the_seat_view(config):
    game = load(config)
    state = play_randomly(game.new_initial_state(), 3, seed=2)
    truth = state.mezquita_state
    for seat in range(game.num_players()):
        view = truth.view(seat)
        assert state.observation_tensor(seat) == pytest.approx(
            truth.game.encode_view(view))
        assert state.observation_string(seat) == canonical(view)
        assert canonical(view) in state.information_state_string(seat)


def test_resample_from_infostate_keeps_what_the_seat_knows(config):
    game = load(config)
    if game.get_type().information != IMPERFECT:
        pytest.skip("perfect information: nothing to resample")
    state = play_randomly(game.new_initial_state(), 5, seed=3)
    seat = 0 if state.is_simultaneous_node() else state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = {str(state.resample_from_infostate(seat, sampler)) for _ in range(5)}
    for world in (state.resample_from_infostate(seat, sampler) for _ in range(5)):
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions(seat) == state.legal_actions(seat)
    assert len(worlds) > 1, "resampling never changed the hidden information"


@pytest.mark.parametrize("bot_name", ["ismcts", "mcts"])
def test_openspiel_search_bots_choose_legal_moves_along_a_game(config, bot_name):
    game = load(config)
    kind = game.get_type()
    if bot_name == "ismcts" and kind.information != IMPERFECT:
        pytest.skip("OpenSpiel's ISMCTS takes imperfect-information games only")
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        pytest.skip("OpenSpiel's MCTS and ISMCTS take sequential games only")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    rng = np.random.RandomState(1)
    if bot_name == "ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 10, random_state=rng)
    else:
        bot = mcts.MCTSBot(game, 1.4, 10, evaluator, random_state=rng)
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal():
        if decisions < 4:  # a few searched moves (Python search is slow), then random
            action = bot.step(state)
            assert action in state.legal_actions()
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_applying_an_action_at_a_terminal_state_raises_spiel_error(config):
    state = play_randomly(load(config).new_initial_state(), 100_000, seed=4)
    assert state.is_terminal()
    with pytest.raises(pyspiel.SpielError, match="terminal"):
        state.apply_action(0)


def test_information_state_tensor_recalls_every_own_decision(config):
    game = load(config)
    state = play_randomly(game.new_initial_state(), 6, seed=6)
    truth, g = state.mezquita_state, game.mezquita
    size, width = g.observation_size, g.observation_size + g.num_actions
    for seat in range(game.num_players()):
        tensor = np.asarray(state.information_state_tensor(seat))
        assert tensor.shape == (game.information_state_tensor_size(),)
        assert tensor[:size].tolist() == pytest.approx(state.observation_tensor(seat))
        own = [a for s, a in truth.history if s == seat]
        taken = [int(np.argmax(tensor[size + k * width + size: size + (k + 1) * width]))
                 for k in range(len(own))]
        assert taken == own
        assert not tensor[size + len(own) * width:].any()


@pytest.mark.parametrize("game_id", ["citadels", "cordoba-wittig"])
def test_long_games_recall_a_window_of_their_last_decisions(game_id):
    """Citadels and Wittig's Cordoba: the whole game's recall would pass MAX_INFO_TENSOR, so
    the tensor keeps the same layout over the last RECALL_WINDOW decisions: its size, what it
    holds after more decisions than the window, determinism, and no leak (a world resampled
    for the seat, other seats' hidden cards redealt, gives the seat the same tensor)."""
    from mezquita.adapters.openspiel import RECALL_WINDOW

    game = pyspiel.load_game(short_name(game_id), {"seed": 8})
    g = game.mezquita
    size, width = g.observation_size, g.observation_size + g.num_actions
    assert game.information_state_tensor_size() == size + RECALL_WINDOW * width
    state = game.new_initial_state()
    rng = random.Random(8)
    while not state.is_terminal():
        seat = state.current_player()
        if sum(s == seat for s, _ in state.mezquita_state.history) > RECALL_WINDOW + 3:
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal(), "the game ended before the window filled"
    own = [a for s, a in state.mezquita_state.history if s == seat][-RECALL_WINDOW:]
    tensor = np.asarray(state.information_state_tensor(seat))
    assert tensor[:size].tolist() == pytest.approx(state.observation_tensor(seat))
    assert [int(np.argmax(tensor[size + k * width + size: size + (k + 1) * width]))
            for k in range(RECALL_WINDOW)] == own
    assert np.asarray(state.clone().information_state_tensor(seat)).tolist() == tensor.tolist()
    assert np.asarray(pickle.loads(pickle.dumps(state)).information_state_tensor(seat)).tolist() \
        == tensor.tolist()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        world = state.resample_from_infostate(seat, sampler)
        assert np.asarray(world.information_state_tensor(seat)).tolist() == tensor.tolist()


EXPLICIT_SMALL = {"cards": 3, "landmarks": 2, "explicit_chance": True}


def test_explicit_chance_lists_the_deals_and_passes_random_sim_test():
    game = pyspiel.load_game("mezquita_cordoba", EXPLICIT_SMALL)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == game.max_chance_outcomes() == 36
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_cfr_and_exploitability_run_to_the_end_on_the_small_variant():
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game("mezquita_cordoba", EXPLICIT_SMALL)
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(8):
        solver.evaluate_and_update_policy()
    solved = exploitability.exploitability(game, solver.average_policy())
    assert 0.0 <= solved < 0.5 * uniform


def test_explicit_chance_on_a_setting_too_large_is_refused_at_once():
    with pytest.raises(ValueError, match="13,168,189,440,000 deals"):
        pyspiel.load_game("mezquita_cordoba", {"explicit_chance": True})
    with pytest.raises(ValueError, match="cannot list its deals"):
        pyspiel.load_game("mezquita_citadels", {"explicit_chance": True})


def test_recall_window_parameter_sets_the_window_and_refuses_nonsense():
    game = pyspiel.load_game("mezquita_cordoba", {"recall_window": 2})
    g = game.mezquita
    assert game.information_state_tensor_size() == g.observation_size + 2 * (
        g.observation_size + g.num_actions)
    with pytest.raises(ValueError, match="recall_window is a number of decisions"):
        pyspiel.load_game("mezquita_cordoba", {"recall_window": -1})


def _information_states(game: pyspiel.Game, deals: list[int], depth: int):
    """Every node of the explicit-chance tree under ``deals`` to ``depth`` moves: per seat,
    its information-state string and everything it saw on the way (its view and its log at
    every node from the deal on, the definition of what the seat can tell apart)."""
    for deal in deals:
        root = game.new_initial_state()
        root.apply_action(deal)
        frontier = [(root, [()] * game.num_players())]
        for level in range(depth + 1):
            grown = []
            for state, seen in frontier:
                truth = state.mezquita_state
                seen = [(*s, (canonical(truth.view(seat)), canonical(truth.log(seat))))
                        for seat, s in enumerate(seen)]
                for seat in range(game.num_players()):
                    yield seat, seen[seat], state.information_state_string(seat)
                if level < depth and not state.is_terminal():
                    grown += [(state.child(a), seen) for a in state.legal_actions()]
            frontier = grown


def _assert_exact(game: pyspiel.Game, deals: list[int], depth: int) -> int:
    """Equal strings exactly where the seat saw the same: no two histories it can tell apart
    share a string (which would break perfect recall) and no string tells apart two it
    cannot (a leak). Returns how many (seat, node) pairs were compared."""
    strings_of, seen_of, count = {}, {}, 0
    for seat, seen, string in _information_states(game, deals, depth):
        assert strings_of.setdefault((seat, seen), string) == string, "a leak"
        assert seen_of.setdefault((seat, string), seen) == seen, "not perfect recall"
        count += 1
    return count


def test_information_state_strings_are_exact_on_the_whole_small_tree():
    game = pyspiel.load_game("mezquita_cordoba", {"cards": 3, "landmarks": 3,
                                                  "explicit_chance": True})
    assert _assert_exact(game, list(range(36)), depth=6) == 2 * 6_840  # seats x nodes


def test_information_state_strings_recall_a_hand_that_later_draws_make_alike():
    """Hands of 3 from 5 cards: seat 0's first hand is 1,2,3 or 1,2,4; playing 1 then 4 (its
    draws 4 then 5, or 3 then 5) leaves the same hand, board and log, yet the seat saw
    different hands at first. Seat 1's deck is fixed; seat 0's takes every order that
    draws 5 last (both of those among them)."""
    game = pyspiel.load_game("mezquita_cordoba", {"cards": 5, "hand": 3, "landmarks": 2,
                                                  "explicit_chance": True})
    deals = [k for k, (deal, _) in enumerate(game.deals)
             if deal[0][0] == 5 and deal[1] == [1, 2, 3, 4, 5]]
    assert len(deals) == 24
    _assert_exact(game, deals, depth=4)
