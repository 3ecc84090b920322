"""Engine games to replay through a fast simulator."""

from __future__ import annotations

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
