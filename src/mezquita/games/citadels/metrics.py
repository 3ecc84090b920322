"""Citadels' balance figures for the arena (see ``mezquita.arena.figures``), read from the
finished game's events (unmasked at the end): each round's ``round`` event (with the Crown),
the draft's ``pick`` events (who held which character that round), ``kill`` and ``rob``
(the character named; the seat concerned is the one that held it), ``build`` (the Wizard's
builds too) and ``destroy`` (the Warlord's, with the city's owner as ``target``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CHAR_KEYS, DIST_KEYS

if TYPE_CHECKING:
    from .rules import CitadelsGame, CitadelsState


def start_seat(state: CitadelsState) -> int:
    """The first Crown holder (random by default): the first to choose a character."""
    return next(e["crown"] for e in state.events if e["do"] == "round")


def rounds(state: CitadelsState) -> int:
    """Rounds begun (the last one included)."""
    return sum(e["do"] == "round" for e in state.events)


def facts(state: CitadelsState) -> list[list]:
    """``character`` ``picked`` (by its holder), ``murdered`` and ``robbed`` (the seat that
    held it, ``None`` if nobody did); ``district`` ``built`` (by the builder) and
    ``destroyed`` (the city's owner)."""
    out = []
    held: dict[str, int] = {}
    for e in state.events:
        kind = e["do"]
        if kind == "round":
            held = {}
        elif kind == "pick":
            held[e["character"]] = e["seat"]
            out.append(["character", e["character"], "picked", e["seat"]])
        elif kind in ("kill", "rob"):
            verb = "murdered" if kind == "kill" else "robbed"
            out.append(["character", e["character"], verb, held.get(e["character"])])
        elif kind == "build":
            out.append(["district", e["district"], "built", e["seat"]])
        elif kind == "destroy":
            out.append(["district", e["district"], "destroyed", e["target"]])
    return out


def catalogue(game: CitadelsGame) -> dict[str, list[str]]:
    """The characters and districts of this configuration."""
    return {"character": [CHAR_KEYS[c] for c in game.characters],
            "district": list(dict.fromkeys(DIST_KEYS[d] for d in game.deck))}
