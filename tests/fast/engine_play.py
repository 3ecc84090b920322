"""Engine games to replay through a fast simulator, and the check of one replayed decision."""

from __future__ import annotations

import numpy as np

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


def replay_decision(state, moves, step: int, mask, heuristic: int, to_move: int) -> int:
    """Check a simulator game (its legal mask, heuristic choice and seat to move) against the
    engine game ``state`` at decision ``step`` of ``moves``; play the engine's move on
    ``state`` and return it (-1 once the game is over)."""
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
