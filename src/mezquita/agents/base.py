"""The agent contract: an agent sees a `Turn` (its seat's view, legal actions and a
resampling hook) and returns an action id. It never receives the true state."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mezquita.engine import Game, State


@dataclass(frozen=True)
class Turn:
    """One decision as an agent sees it.

    Attributes:
        game: the configured game (rules and action translation, no state).
        seat: the deciding seat.
        view: ``state.view(seat)``.
        legal: the legal action ids, sorted.
    """

    game: Game
    seat: int
    #: the view, or (from `of`) a function building it when ``view`` is first read
    _view: dict | Callable[[], dict] = field(repr=False, compare=False)
    legal: list[int]
    _sampler: Callable[[random.Random], State] = field(repr=False, compare=False)

    @classmethod
    def of(cls, state: State, seat: int) -> Turn:
        """The turn of ``seat`` in ``state``, exposing only its view and a resampler. Like the
        resampler, the view is read from ``state`` when first asked for (many bots never
        read it), so an agent reads both in ``act``, before the state moves on."""
        # The fields go straight into the instance's dict: the frozen dataclass's __init__
        # sets each through object.__setattr__, 13.7k instructions a turn instead of 8.0k, a
        # third of a Córdoba decision more on every opponent move of the Gymnasium env.
        turn = object.__new__(cls)
        fields = turn.__dict__
        fields["game"], fields["seat"], fields["legal"] = state.game, seat, state.legal_actions(seat)
        fields["_view"] = lambda: state.view(seat)
        fields["_sampler"] = lambda rng: state.resample(seat, rng)
        return turn

    @property
    def view(self) -> dict:
        """``state.view(seat)``."""
        view = self._view
        if callable(view):
            view = view()
            object.__setattr__(self, "_view", view)
        return view

    def sample(self, rng: random.Random) -> State:
        """A full state drawn consistently with this seat's view (a determinisation)."""
        return self._sampler(rng)


class Agent:
    """Base class of bots: subclasses implement ``act``; ``name`` is the spec it was made from."""

    name: str = "agent"
    #: the agent spec a level was made from (``make_level``), else empty
    spec: str = ""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def act(self, turn: Turn) -> int:
        """The action id to play."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name
