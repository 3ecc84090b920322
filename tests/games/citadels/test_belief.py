"""The models of play search bots use: the draft model that weighs their determinisations
(`CitadelsGame.belief`) and the evidence on the heuristic as a model of the other players
(`CitadelsGame.evidence`)."""

import random

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.games.citadels.belief import draft_belief
from mezquita.games.citadels.cards import ASSASSIN, CHAR_KEYS
from mezquita.games.citadels.heuristic import heuristic_evidence
from mezquita.games.citadels.model import DraftStep, Phase
from mezquita.games.citadels.queries import targets

#: every seat trusted to draft by the model
TRUSTED = [1.0] * 4


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
    likelihood = draft_belief(state, me, TRUSTED)
    picker, kind, pool, card = state.draft_log[0]
    assert picker != me and kind == DraftStep.PICK
    odds = {c: likelihood(_with_card(state, 0, c)) for c in pool}
    assert odds[card] == max(odds.values()) > min(odds.values()) > 0.0


def test_a_pick_weighs_as_far_as_the_picker_is_trusted_to_follow_the_model():
    """Fully trusted, a deal in which the picker kept what it valued least is far less likely
    than the true one; trusted not at all, every pick from its pool is equally likely; in
    between, the odds lie in between."""
    state = _at_pick(4, step=1)
    me = state.to_move()[0]
    picker, _, pool, _ = state.draft_log[0]

    def odds(t):
        trust = [1.0] * 4
        trust[picker] = t
        likelihood = draft_belief(state, me, trust)
        weights = [likelihood(_with_card(state, 0, c)) for c in pool]
        return likelihood(state) / min(weights)

    assert odds(1.0) > odds(0.5) > odds(0.0) == 1.0
    assert odds(1.0) > 10


def test_the_deciding_seats_own_picks_carry_no_weight():
    state = _at_pick(6, step=2, rounds=2)
    me = state.plan[0][0]  # the round's first picker
    mine = [i for i, (seat, _, _, _) in enumerate(state.draft_log) if seat == me]
    likelihood = draft_belief(state, me, TRUSTED)
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
        likelihood = draft_belief(state, me, TRUSTED)
        rng = random.Random(seed)
        truth = likelihood(state)
        found += all(likelihood(state.resample(me, rng)) <= truth + 1e-12 for _ in range(100))
    assert found >= 14


def _after_kill(seed: int):
    """A 4-player game between heuristic bots, stopped just after the first murder."""
    game = mezquita.load("citadels", players=4)
    state = game.new_state(seed)
    bots = [make_agent("heuristic", game, seed=s) for s in range(4)]
    while state.murdered < 0:
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].act(Turn.of(state, seat)))
    return state


def test_a_target_the_heuristic_names_is_evidence_for_it_and_another_against():
    """The heuristic Assassin's target agrees with the model; had the log shown any other
    open character named, the same position would count against the model. A seat's own
    naming is no evidence to itself."""
    state = _after_kill(3)
    assassin = next(s for c, s, _ in state.calls if c == ASSASSIN)
    me = (assassin + 1) % 4
    choices = targets(state, 2)
    assert heuristic_evidence(state, me)[-1] == (assassin, True, len(choices))
    assert all(agrees for _, agrees, _ in heuristic_evidence(state, me))
    kill = next(i for i in range(len(state.events) - 1, -1, -1) if state.events[i]["do"] == "kill")
    for other in choices:
        if other != state.murdered:
            moved = state.clone()
            moved.events = [*state.events[:kill], {**state.events[kill], "character": CHAR_KEYS[other]},
                            *state.events[kill + 1:]]
            assert heuristic_evidence(moved, me)[-1] == (assassin, False, len(choices))
    assert all(namer != assassin for namer, _, _ in heuristic_evidence(state, assassin))


def test_the_evidence_is_the_same_in_every_determinisation():
    """The evidence reads public facts only: every redeal of a seat's view gives the same."""
    state = _after_kill(5)
    for seat in range(4):
        truth = heuristic_evidence(state, seat)
        rng = random.Random(seat)
        assert all(heuristic_evidence(state.resample(seat, rng), seat) == truth for _ in range(20))
