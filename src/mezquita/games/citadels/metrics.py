"""Citadels' balance figures for the arena (see ``mezquita.arena.figures``).

Interim: this Citadels records no events yet, so the figures come from replaying the game's
actions from its seed (which gives the same game) and reading the action JSON on the way; a
kill or a robbery concerns the seat that held the named character at that moment. When the
events land, the same facts come from ``state.events`` directly.
"""

from __future__ import annotations

from mezquita.engine import Game, State

from .cards import CHAR_INDEX, CHAR_KEYS, DIST_KEYS


def start_seat(state: State) -> int:
    """The first Crown holder (random by default): the first to choose a character."""
    return state.game.new_state(state.seed).crown


def rounds(state: State) -> int:
    """Rounds played (the last one included)."""
    return state.round


def facts(state: State) -> list[list]:
    """``character`` ``picked`` (by its holder), ``murdered`` and ``robbed`` (the seat that
    held it, ``None`` if nobody did); ``district`` ``built`` (by the builder) and
    ``destroyed`` (the city's owner)."""
    game = state.game
    replay = game.new_state(state.seed)
    out = []
    for seat, action in state.history:
        move = game.action_to_json(action)
        kind = move["do"]
        if kind == "pick":
            out.append(["character", move["character"], "picked", seat])
        elif kind in ("kill", "rob"):
            held = replay.holder[CHAR_INDEX[move["character"]]]
            verb = "murdered" if kind == "kill" else "robbed"
            out.append(["character", move["character"], verb, held if held >= 0 else None])
        elif kind == "build":
            out.append(["district", move["district"], "built", seat])
        elif kind == "destroy":
            out.append(["district", move["district"], "destroyed", move["seat"]])
        replay.apply_unchecked(seat, action)  # the game's own history: legal by construction
    return out


def catalogue(game: Game) -> dict[str, list[str]]:
    """The characters and districts of this configuration."""
    return {"character": [CHAR_KEYS[c] for c in game.characters],
            "district": list(dict.fromkeys(DIST_KEYS[d] for d in game.deck))}
