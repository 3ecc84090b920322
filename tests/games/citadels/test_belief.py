"""The draft model search bots use to weigh their determinisations (`CitadelsGame.belief`)."""

import random

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.games.citadels.belief import draft_belief
from mezquita.games.citadels.model import DraftStep, Phase


def _at_pick(seed: int, step: int, rounds: int = 1):
    """A 4-player game between heuristic bots, stopped at draft ``step`` of round ``rounds``."""
    game = mezquita.load("citadels", players=4)
    state = game.new_state(seed)
    bots = [make_agent("heuristic", game, seed=s) for s in range(4)]
    while not (state.phase == Phase.DRAFT and state.round == rounds and state.step == step):
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].act(Turn.of(state, seat)))
    return state


def _with_card(state, index: int, card: int):
    """A copy of ``state`` whose draft log says step ``index`` kept ``card``."""
    other = state.clone()
    other.draft_log = [list(entry) for entry in state.draft_log]
    other.draft_log[index][3] = card
    return other


def test_an_opponent_keeping_what_pays_is_likelier_than_one_keeping_less():
    """The first picker of round 1 (a heuristic bot) kept the character worth most to it, so
    the true deal is the likeliest of the deals that differ only in that pick."""
    state = _at_pick(4, step=1)
    me = state.to_move()[0]
    likelihood = draft_belief(state, me)
    picker, kind, pool, card = state.draft_log[0]
    assert picker != me and kind == DraftStep.PICK
    odds = {c: likelihood(_with_card(state, 0, c)) for c in pool}
    assert odds[card] == max(odds.values()) > min(odds.values()) > 0.0


def test_the_deciding_seats_own_picks_carry_no_weight():
    state = _at_pick(6, step=2, rounds=2)
    me = state.plan[0][0]  # the round's first picker
    mine = [i for i, (seat, _, _, _) in enumerate(state.draft_log) if seat == me]
    likelihood = draft_belief(state, me)
    assert mine
    for i in mine:
        pool = state.draft_log[i][2]
        assert {likelihood(_with_card(state, i, c)) for c in pool} == {likelihood(state)}


def test_the_heuristics_real_draft_is_the_likeliest_deal_in_most_positions():
    """Against heuristic bots the model should find the true deal: at the last pick of a
    4-player round, the true deal is at least as likely as every one of 100 uniform
    redeals in most of 20 positions."""
    found = 0
    for seed in range(20):
        state = _at_pick(seed, step=3, rounds=1 + seed % 3)
        me = state.to_move()[0]
        likelihood = draft_belief(state, me)
        rng = random.Random(seed)
        truth = likelihood(state)
        found += all(likelihood(state.resample(me, rng)) <= truth + 1e-12 for _ in range(100))
    assert found >= 14
