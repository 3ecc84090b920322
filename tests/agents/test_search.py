"""MCTS and ISMCTS: budgets, names, reproducibility, information hygiene, strength."""

from __future__ import annotations

import random
import time

import pytest

import mezquita
from mezquita.agents import Turn, make_agent, split_name
from mezquita.agents.ismcts import ISMCTS
from mezquita.agents.mcts import MCTS, Budget, estimate_returns, playout
from mezquita.agents.registry import UnknownAgent
from mezquita.arena import Plan, play_plan, summarise

from ..games.cordoba_wittig.scenarios import arrange
from .nim import NimGame


def play(game, names, seed):
    """One game between named agents; returns the final state."""
    agents = [make_agent(n, game, 10 + s) for s, n in enumerate(names)]
    state = game.new_state(seed)
    while movers := state.to_move():
        state.apply(movers[0], agents[movers[0]].act(Turn.of(state, movers[0])))
    return state


def test_level_names_count_iterations_or_seconds():
    assert split_name("ismcts-1000") == ("ismcts", 1000)
    assert split_name("ismcts-0.25s") == ("ismcts", 0.25)
    assert split_name("mcts-2s") == ("mcts", 2.0)
    assert split_name("heuristic") == ("heuristic", None)
    game = mezquita.load("cordoba")
    assert make_agent("ismcts-30", game).budget == Budget(iterations=30)
    assert make_agent("mcts-0.5s", game).budget == Budget(seconds=0.5)
    assert isinstance(make_agent("ismcts", game), ISMCTS)
    for bad in ("ismcts-0", "mcts-0s", "ismcts-fast"):
        with pytest.raises(UnknownAgent):
            make_agent(bad, game)


def test_iteration_budget_is_exact_and_time_budget_is_kept():
    game = mezquita.load("cordoba")
    turn = Turn.of(game.new_state(1), 0)
    bot = make_agent("ismcts-77", game)
    bot.act(turn)
    assert bot.stats.iterations == 77
    assert bot.stats.mean_playout > 5
    bot = make_agent("ismcts-0.05s", game)
    start = time.perf_counter()
    bot.act(turn)
    assert 0.05 <= time.perf_counter() - start < 0.5
    assert bot.stats.iterations > 1


@pytest.mark.parametrize("name", ["mcts-40", "ismcts-40"])
def test_same_seed_same_game(name):
    game = mezquita.load("cordoba", hand=3)
    first, second = play(game, [name, name], 5), play(game, [name, name], 5)
    assert first.history == second.history


def test_ismcts_reads_the_world_only_through_the_sampler():
    """A Turn carries view, legal ids and the sampler; the bot draws one world per iteration."""
    game = mezquita.load("cordoba", hand=3)
    state = game.new_state(3)
    calls = []

    def sampler(rng):
        calls.append(1)
        return state.resample(0, rng)

    turn = Turn(game, 0, state.view(0), state.legal_actions(0), sampler)
    action = ISMCTS(game, 1, Budget(iterations=60)).act(turn)
    assert action in turn.legal
    assert len(calls) == 60


@pytest.mark.parametrize("cls", [MCTS, ISMCTS])
def test_choice_ignores_hidden_truth_behind_the_same_view(cls):
    """Two true states that differ only in the opponent's hidden hand and deck, seen the same
    way by seat 0: the bot must choose identically."""
    game = mezquita.load("cordoba", hand=3)
    state = game.new_state(8)
    for _ in range(4):  # a few plies in, so some cards lie face down
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    twin = state.clone()
    hand, deck = twin.hands[1], twin.decks[1]
    hand[0], deck[0] = deck[0], hand[0]
    hand.sort()
    assert twin.hands != state.hands and twin.view(0) == state.view(0)
    chosen = {cls(game, 4, Budget(iterations=150)).act(Turn.of(s, 0)) for s in (state, twin)}
    assert len(chosen) == 1


def test_mcts_finds_the_winning_move_in_an_open_game():
    game = NimGame(stones=5)  # take 1, leaving a multiple of 4, wins
    action = MCTS(game, 0, Budget(iterations=400)).act(Turn.of(game.new_state(0), 0))
    assert game.action_to_json(action) == {"do": "take", "stones": 1}


@pytest.mark.parametrize("players", [3, 4])
def test_search_backs_up_each_seats_own_return(players):
    """With n seats, a seat that can take the last stones does (its own return, not seat 0's)."""
    game = NimGame(players=players, stones=7)
    state = game.new_state(0)
    state.apply(0, 2)
    state.apply(1, 1)  # seat 2 to move with 2 stones: taking both wins
    assert state.to_move() == (2,)
    for cls in (MCTS, ISMCTS):
        assert cls(game, 0, Budget(iterations=100)).act(Turn.of(state, 2)) == 1
    final = play(game, ["ismcts-20"] * players, 0)
    assert sorted(final.returns()) == [0.0] * (players - 1) + [1.0]


def test_mcts_100_beats_random_beyond_chance():
    game = mezquita.load("cordoba")
    agents = ["mcts-100", "random"]
    summary = summarise(play_plan(Plan.of(game, agents, 60, seed=7, hidden_samples=0)), agents)
    assert summary["agents"]["mcts-100"]["ci95"][0] > 0.5


class _CutState:
    """A stand-in for a playout's last state: scores now, returns only when finished."""

    def __init__(self, scores, terminal=False):
        self._scores, self._terminal = scores, terminal

    def is_terminal(self):
        return self._terminal

    def scores(self):
        return list(self._scores)

    def returns(self):
        return [1.0, 0.0, 0.0]


def test_cut_playouts_score_leaders_or_softmax_shares():
    assert estimate_returns(_CutState([5, 9, 9])) == [0.0, 0.5, 0.5]
    shares = estimate_returns(_CutState([5, 8, 9]), temperature=3.0)
    assert abs(sum(shares) - 1.0) < 1e-9 and shares[0] < shares[1] < shares[2] < 1.0
    assert estimate_returns(_CutState([5, 8, 9], terminal=True), 3.0) == [1.0, 0.0, 0.0]


def test_cut_playouts_can_be_scored_by_the_games_cut_scores():
    counted = _CutState([5, 8, 9])
    assert estimate_returns(counted, None, lambda state: [9.5, 8, 9]) == [1.0, 0.0, 0.0]
    shares = estimate_returns(counted, 3.0, lambda state: [9.5, 8, 9])
    assert shares[0] > shares[2] > shares[1]


def test_playouts_follow_the_games_rollout_policy():
    game = NimGame(stones=9)
    moves = []

    def take_one(state, seat, legal, rng):
        moves.append(seat)
        return legal[0]

    state = game.new_state(0)
    assert playout(state, None, None, take_one) == 9
    assert moves == [0, 1] * 4 + [0] and state.returns() == [1.0, 0.0]
    assert MCTS(game, 0)._policy is None  # games without a policy play uniformly at random


def test_ismcts_draws_its_worlds_from_the_games_belief(monkeypatch):
    """With a belief the worlds form a Metropolis-Hastings chain over uniform redeals: a
    belief 100 times keener on one property makes nearly every world have it, and every
    world still matches the deciding seat's view."""
    game = mezquita.load("citadels", players=4)
    state = game.new_state(2)
    turn = Turn.of(state, state.to_move()[0])
    opponent = (turn.seat + 1) % 4

    def keen(world):
        return 1.0 if min(world.hands[opponent]) % 2 == 0 else 0.01

    def share(belief):
        monkeypatch.setattr(game, "belief", belief)
        worlds = ISMCTS(game, 3)._worlds(turn)
        drawn = [next(worlds) for _ in range(400)]
        assert all(w.view(turn.seat) == turn.view for w in drawn)
        return sum(keen(w) == 1.0 for w in drawn) / len(drawn)

    assert share(lambda world, seat: keen) > 0.95
    assert 0.2 < share(lambda world, seat: lambda w: 1.0) < 0.9


def _counting_policy(moves):
    def take_one(state, seat, legal, rng):
        moves.append(seat)
        return legal[0]

    return take_one


def test_modelled_opponents_leave_only_the_deciders_moves_in_the_tree(monkeypatch):
    """With ``model_opponents`` the other seats move by the game's policy inside the tree, so
    every node below the root is one of the deciding seat's moves; without it they are not."""
    game = NimGame(players=3, stones=13)
    moves = []
    monkeypatch.setattr(game, "rollout_policy", _counting_policy(moves))
    turn = Turn.of(game.new_state(0), 0)

    def seats(node):
        return {node.seat} | set().union(*(seats(c) for c in node.children.values()))

    modelled = MCTS(game, 1, Budget(iterations=200), model_opponents=True)
    assert seats(modelled.search(turn)) == {0} and 1 in moves and 2 in moves
    assert seats(MCTS(game, 1, Budget(iterations=200)).search(turn)) == {0, 1, 2}
    assert modelled.act(turn) in turn.legal



def test_omcts_needs_a_rollout_policy():
    assert make_agent("omcts-10", mezquita.load("citadels"))._model is not None
    with pytest.raises(UnknownAgent, match="rollout policy"):
        make_agent("omcts-10", NimGame())


def test_vismcts_needs_the_games_cut_scores():
    citadels = mezquita.load("citadels")
    assert make_agent("vismcts-10", citadels)._cut_scores is citadels.cut_scores
    assert make_agent("ismcts-10", citadels)._cut_scores is None
    with pytest.raises(UnknownAgent, match="cut_scores"):
        make_agent("vismcts-10", NimGame())


def test_the_solver_proves_a_win_near_the_end_and_plays_it():
    # 4 g6-g8 (or i8, or onto 3 on e8) makes four on the far row, and Player 2's extra turn
    # cannot match it: every line after it ends in Player 1's win
    state = arrange({"1": "a8", "2": "c8", "3": "e8", "4": "g6", "A": "b4", "E": "j2"})
    bot = MCTS(state.game, 0, Budget(iterations=20000))
    root = bot.search(Turn.of(state, 0))
    assert root.proven == [1.0, 0.0]
    assert bot.stats.iterations < 20000  # the search stops once the root is proven
    while state.to_move() == (0,):
        state.apply(0, bot.act(Turn.of(state, 0)))
    assert state.far_count(0) == 4 and state.claim == 0


def test_the_solver_proves_a_loss_when_every_move_loses():
    # Player 2 has four on the far row; in Player 1's extra turn no move brings four there
    state = arrange({"A": "b8", "B": "d8", "C": "f8", "D": "h8", "1": "a2", "2": "c6"})
    state.claim = 1
    root = MCTS(state.game, 0, Budget(iterations=20000)).search(Turn.of(state, 0))
    assert root.proven == [0.0, 1.0]
    unsolved = ISMCTS(state.game, 0, Budget(iterations=300)).search(Turn.of(state, 0))
    assert unsolved.proven is None  # redrawn worlds are not positions: no solver


def test_in_a_simultaneous_phase_every_seat_searches_its_own_choice():
    """Europa's tips are simultaneous: each seat's root holds its own actions (it decides
    first, without the others' hidden tips), whichever seat the engine lists first."""
    state = mezquita.load("europa", players=3, stack=56).new_state(2)
    rng = random.Random(1)
    while len(state.to_move()) < 3:
        state.apply(state.to_move()[0], rng.choice(state.legal_actions(state.to_move()[0])))
    for seat in state.to_move():
        turn = Turn.of(state, seat)
        root = ISMCTS(state.game, 0, Budget(iterations=40)).search(turn)
        base = seat * state.game.num_actions
        assert {k - base for k in root.children} <= set(turn.legal) and root.children
