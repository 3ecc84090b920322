"""Engine games, and their replay through a fast simulator checked decision by decision."""

from __future__ import annotations

import numpy as np
import pytest

from mezquita.agents import Turn, make_agent


def engine_game(game, seed: int, agents):
    """One engine game, each seat's agent seeded ``seed + seat`` (as the fast simulators seed
    their policies): ``(final state, [(seat, action, agent name)])``."""
    state = game.new_state(seed)
    bots = [make_agent(name, game, seed + s) for s, name in enumerate(agents)]
    moves = []
    while movers := state.to_move():
        seat = movers[0]
        action = bots[seat].act(Turn.of(state, seat))
        moves.append((seat, action, agents[seat]))
        state.apply(seat, action)
    return state, moves



def replay_games(sim, game, games, observed: int = 12):
    """Replay engine ``games`` (``(seed, final state, moves)`` each) through ``sim`` in one
    batch, decision by decision: at each one the same seat to move and legal ids, the
    heuristic's choice wherever it played, and (in the first ``observed`` games) the same
    observations for both seats. Returns the simulator's final state array."""
    S, R = sim.init([seed for seed, _, _ in games])
    replay = [game.new_state(seed) for seed, _, _ in games]
    for step in range(max(len(m) for _, _, m in games)):
        mask, to_move, heuristic = sim.legal_mask(S), sim.to_move(S), sim.act(S, R, "heuristic")
        obs = [sim.observe(S, np.full(len(S), s)) for s in (0, 1)]
        actions = np.full(len(S), -1)
        for i, (_, _, moves) in enumerate(games):
            state = replay[i]
            if i < observed:
                for seat in (0, 1):
                    assert obs[seat][i].tolist() == pytest.approx(game.encode_view(state.view(seat)))
            actions[i] = _replay_decision(state, moves, step, mask[i], heuristic[i], to_move[i])
        sim.step(S, R, actions)
    return S


def _replay_decision(state, moves, step: int, mask, heuristic: int, to_move: int) -> int:
    """Check one simulator game at decision ``step`` of ``moves`` against the engine game
    ``state``; play the engine's move on ``state`` and return it (-1 once the game is over)."""
    if step >= len(moves):
        assert not mask.any() and heuristic == -1 and to_move == -1
        return -1
    seat, action, agent = moves[step]
    assert to_move == seat
    assert list(np.flatnonzero(mask)) == state.legal_actions(seat)
    if agent == "heuristic":
        assert heuristic == action
    state.apply(seat, action)
    return action
