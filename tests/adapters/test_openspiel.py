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
from mezquita.games.citadels.cards import CHAR_INDEX
from mezquita.games.citadels.cards import NUM_CHARS as C

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


def _blocks(game: pyspiel.Game) -> tuple[int, int, int, int]:
    """The information-state tensor's layout: observation size, memory size, recalled
    decisions and the width of one (its observation, then its action one-hot)."""
    g = game.mezquita
    return (g.observation_size, g.memory_size, game.recall_window,
            g.observation_size + g.num_actions)


def _recalled(tensor: np.ndarray, game: pyspiel.Game) -> list[int]:
    """The actions of the decisions an information-state tensor recalls, oldest first."""
    size, memory, window, width = _blocks(game)
    return [int(np.argmax(tensor[size + memory + k * width + size:
                                 size + memory + (k + 1) * width]))
            for k in range(window)
            if tensor[size + memory + k * width + size: size + memory + (k + 1) * width].any()]


def test_information_state_tensor_is_observation_memory_and_recalled_decisions(config):
    game = load(config)
    state = play_randomly(game.new_initial_state(), 6, seed=6)
    truth, g = state.mezquita_state, game.mezquita
    size, memory, window, width = _blocks(game)
    assert game.information_state_tensor_size() == size + memory + window * width
    # by default: the game's memory block, or where it has none its whole game's decisions
    # (when that fits) or the last RECALL_WINDOW
    assert (window == 0) == (memory > 0)
    for seat in range(game.num_players()):
        tensor = np.asarray(state.information_state_tensor(seat))
        assert tensor.shape == (game.information_state_tensor_size(),)
        assert tensor[:size].tolist() == pytest.approx(state.observation_tensor(seat))
        assert tensor[size:size + memory].tolist() == pytest.approx(
            g.encode_memory(truth, seat, [0.0] * memory))
        own = [a for s, a in truth.history if s == seat]
        assert _recalled(tensor, game) == (own[-window:] if window else [])


#: per game: players -> (observation, memory block) of the information-state tensor, which
#: recalls no decisions by default (before the memory blocks, the last 32 decisions: 62,693
#: floats with 2 Citadels seats, 67,643 with 4, 75,068 with 7; 9,912 in Wittig's Cordoba)
COMPACT = {"citadels": {2: (389, 150), 3: (464, 130), 4: (539, 110), 7: (764, 164)},
           "cordoba-wittig": {2: (88, 1)}}


@pytest.mark.parametrize("game_id, players", [(g, n) for g, sizes in COMPACT.items() for n in sizes])
def test_compact_information_state_tensors_have_their_documented_size(game_id, players):
    options = {"players": players} if game_id == "citadels" else {}
    game = pyspiel.load_game(short_name(game_id), options)
    assert game.information_state_tensor_size() == sum(COMPACT[game_id][players])
    assert game.recall_window == 0
    assert _blocks(game)[:2] == COMPACT[game_id][players]


def test_the_default_tensors_of_the_games_without_memory_are_unchanged():
    """Córdoba and Cortiça recall their whole game, Europa its last RECALL_WINDOW decisions."""
    assert [pyspiel.load_game(short_name(g)).information_state_tensor_size()
            for g in ("cordoba", "cortica", "europa")] == [3626, 74455, 55664]


def _played(game: pyspiel.Game, seed: int, until) -> pyspiel.State:
    """A random game of ``game`` played until ``until(state)`` holds."""
    state, rng = game.new_initial_state(), random.Random(seed)
    while not until(state):
        assert not state.is_terminal(), "the game ended first"
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _turns_of_round(round_number: int):
    return lambda state: (state.mezquita_state.round == round_number
                          and state.mezquita_state.phase.key == "turns")


@pytest.mark.parametrize("game_id, options", [
    ("citadels", {"players": 2}), ("citadels", {"players": 4}), ("cordoba-wittig", {}),
    ("citadels", {"players": 4, "recall_window": 5})])
def test_compact_tensors_are_deterministic_and_the_same_in_a_resampled_world(game_id, options):
    """Clones and pickles give the same tensor, and so does a world resampled for the seat
    (the others' hidden cards and characters redealt). With ``recall_window`` the tensor
    also holds the seat's last decisions after its memory block."""
    game = pyspiel.load_game(short_name(game_id), {**options, "seed": 8})
    until = (_turns_of_round(2) if game_id == "citadels"
             else lambda state: len(state.mezquita_state.history) > 40)
    state = _played(game, 8, until)
    seat = state.current_player()
    tensor = np.asarray(state.information_state_tensor(seat))
    size, memory, window, _ = _blocks(game)
    assert tensor[size:size + memory].any()
    own = [a for s, a in state.mezquita_state.history if s == seat]
    assert _recalled(tensor, game) == (own[-window:] if window else [])
    assert np.asarray(state.clone().information_state_tensor(seat)).tolist() == tensor.tolist()
    assert np.asarray(pickle.loads(pickle.dumps(state)).information_state_tensor(seat)).tolist() \
        == tensor.tolist()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        world = state.resample_from_infostate(seat, sampler)
        assert np.asarray(world.information_state_tensor(seat)).tolist() == tensor.tolist()


def _memory(state: pyspiel.State, seat: int) -> np.ndarray:
    size, memory, _, _ = _blocks(state.get_game())
    return np.asarray(state.information_state_tensor(seat))[size:size + memory]


def test_citadels_memory_holds_the_seat_draft_and_the_reveals_of_the_round_before():
    """A constructed position of 2 players in round 2's turns: the draft memory holds each
    of the seat's steps (pool offered, character chosen, pick or discard) at the documented
    offsets, and the block after it the characters each seat revealed in round 1."""
    game = pyspiel.load_game("mezquita_citadels", {"players": 2, "seed": 3})
    state = _played(game, 3, _turns_of_round(2))
    truth = state.mezquita_state
    # seat 1 is the Crown's left: steps 2, 3 and 6 of the 2-player plan
    truth.draft_log = [[0, 0, [0, 1, 2, 3, 4, 5], 0], [1, 0, [1, 2, 3, 4, 5], 3],
                       [1, 1, [1, 2, 4, 5], 4], [0, 0, [1, 2, 5, 6], 6],
                       [0, 1, [1, 2, 5], 1], [1, 0, [2, 5], 5]]
    width = 2 * C + 2
    want = [0.0] * (3 * width + 2 * C)
    for k, (pool, card, kind) in enumerate([([1, 2, 3, 4, 5], 3, 0), ([1, 2, 4, 5], 4, 1),
                                            ([2, 5], 5, 0)]):
        for c in pool:
            want[k * width + c] = 1.0
        want[k * width + C + card] = 1.0
        want[k * width + 2 * C + kind] = 1.0
    events = truth.events
    start = max(i for i, e in enumerate(events) if e["do"] == "round")
    for event in events[:start]:
        if event["do"] == "call" and event["seat"] is not None and event["status"] != "witch":
            want[3 * width + C * ((event["seat"] - 1) % 2) + CHAR_INDEX[event["character"]]] = 1.0
    assert sum(want[3 * width:]) >= 2  # both seats revealed a character in round 1
    assert _memory(state, 1).tolist() == want
    assert _memory(state, 0)[:width].tolist() == [
        float(c in (0, 1, 2, 3, 4, 5)) for c in range(C)] + [1.0] + [0.0] * (C - 1) + [1.0, 0.0]


def test_citadels_tensors_differ_exactly_where_the_draft_memory_does():
    """Two information states of one seat that differ only in the pool it was offered (a
    character it saw and passed on in one, one it never saw in the other): the same
    observation, different tensors."""
    game = pyspiel.load_game("mezquita_citadels", {"players": 4, "seed": 5})
    state = _played(game, 5, _turns_of_round(1))
    seat = state.mezquita_state.draft_log[1][0]  # the second drafter saw a pool of 6
    other = state.clone()
    log = other.mezquita_state.draft_log
    pool = log[1][2]
    unseen = next(c for c in other.mezquita_state.face_down if c not in pool)
    log[1] = [seat, log[1][1], sorted([*pool[:-1], unseen]), log[1][3]]
    assert other.observation_tensor(seat) == state.observation_tensor(seat)
    assert other.information_state_tensor(seat) != state.information_state_tensor(seat)


def test_citadels_tensor_shows_nothing_of_another_seat_hidden_hand_and_character():
    """Another seat's hand swapped with the deck and its character with a face-down one
    (its draft steps rewritten to match): this seat's tensor does not change."""
    game = pyspiel.load_game("mezquita_citadels", {"players": 4, "seed": 6})
    state = _played(game, 6, _turns_of_round(2))
    truth = state.mezquita_state
    seat = truth.to_move()[0]
    other = state.clone()
    changed = other.mezquita_state
    seen = [pool for s, _, pool, _ in changed.draft_log if s == seat]
    revealed = [c for c, _, _ in changed.calls]
    # another seat's character not yet revealed, and a face-down one in the same pools the
    # seat saw (so the seat's draft cannot tell them apart)
    them, old, new = next((s, c, d) for s in range(4) if s != seat for c in changed.held[s]
                          if c not in revealed for d in changed.face_down
                          if [c in pool for pool in seen] == [d in pool for pool in seen])
    index = changed.held[them].index(old)
    changed.held[them][index] = new
    changed.face_down[changed.face_down.index(new)] = old
    changed.holder[old], changed.holder[new] = -1, them
    swap = {old: new, new: old}
    changed.draft_log = [[s, kind, sorted(swap.get(c, c) for c in pool), swap.get(card, card)]
                         for s, kind, pool, card in changed.draft_log]  # entries are shared
    hand = changed.hands[them]
    changed.hands[them], changed.deck = changed.deck[:len(hand)], changed.deck[len(hand):] + hand
    assert str(other) != str(state)
    assert other.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_wittig_memory_counts_the_repetitions_of_the_position_now():
    game = pyspiel.load_game("mezquita_cordoba-wittig", {"seed": 1})
    state = _played(game, 1, lambda s: len(s.mezquita_state.history) > 6
                    and s.mezquita_state.phase == "stone")
    truth = state.mezquita_state
    assert _memory(state, 0).tolist() == pytest.approx([1 / 3])
    truth.seen[truth.position_key()] = 2
    assert _memory(state, 0).tolist() == pytest.approx([2 / 3])
    assert _memory(state, 1).tolist() == pytest.approx([2 / 3])


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
    game = pyspiel.load_game("mezquita_citadels", {"recall_window": 2})
    g = game.mezquita
    assert game.information_state_tensor_size() == g.observation_size + g.memory_size + 2 * (
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
