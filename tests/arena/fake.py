"""A fake game and fake agents whose truth is known, to check what the arena attributes.

"Claim": each seat, from the start seat on, moves once (``rounds`` times with that option):
``pass`` or ``claim``. The first seat to claim wins; if nobody claims, the start seat wins.
The start seat is 0, or with ``start=rotating`` the deal seed modulo the seats (a game
where *starting*, not seat 0, wins). So `Passer` self-play shows a pure starting
advantage, and `Claimer` wins every game it plays against passers, from any seat.

This module is also the game's metrics module (``Game.metrics``).
"""

from __future__ import annotations

from mezquita.agents import Agent, Turn
from mezquita.engine import Decision, Decisions, Event, Game, GameInfo, Option, State, register


def _move(state: ClaimState, seat: int, claim: bool) -> None:
    state.move(seat, claim)


DECISIONS = Decisions([
    Decision("pass", (), _move, {"en": "pass"}, Event(), arguments=lambda block, action: (False,)),
    Decision("claim", (), _move, {"en": "claim"}, Event(), arguments=lambda block, action: (True,)),
])
PASS, CLAIM = DECISIONS.space.blocks

INFO = GameInfo(id="test-claim", name="Claim", min_players=2, max_players=8,
                hidden_information=False, chance=False,
                options=(Option("players", 2, tuple(range(2, 9)), "seats"),
                         Option("start", "zero", ("zero", "rotating"), "who starts"),
                         Option("rounds", 1, (1, 2, 4, 8), "moves per seat")))


class ClaimGame(Game):
    info = INFO
    decisions = DECISIONS
    heuristic = "tests.arena.fake:Passer"
    metrics = "tests.arena.fake"

    @property
    def max_game_length(self) -> int:
        return self.num_players * self.options["rounds"]


class ClaimState(State):
    start: int
    moved: int
    winner: int

    def _setup(self) -> None:
        n = self.game.num_players
        self.start = self.seed % n if self.game.options["start"] == "rotating" else 0
        self.moved, self.winner = 0, -1

    def _to_move(self) -> tuple[int, ...]:
        if self.moved == self.game.max_game_length:
            return ()
        return ((self.start + self.moved) % self.game.num_players,)

    def _legal_actions(self, seat: int) -> list[int]:
        return [PASS.id(), CLAIM.id()]

    def move(self, seat: int, claim: bool) -> None:
        self._event(seat, "claim" if claim else "pass")
        if claim and self.winner < 0:
            self.winner = seat
        self.moved += 1
        if self.moved == self.game.max_game_length and self.winner < 0:
            self.winner = self.start

    def _view(self, seat: int | None, full: bool) -> dict:
        return {"start": self.start, "moved": self.moved}

    def _scores(self) -> list[float]:
        return [float(s == self.winner) for s in range(self.game.num_players)]


class Passer(Agent):
    """Always passes."""

    def act(self, turn: Turn) -> int:
        return PASS.id()


class OtherPasser(Passer):
    """A second name for a passer."""


class Claimer(Agent):
    """Always claims: wins every game without another claimer."""

    def act(self, turn: Turn) -> int:
        return CLAIM.id()


def start_seat(state: State) -> int:
    return state.start


def rounds(state: State) -> int:
    del state
    return 1


def facts(state: State) -> list[list]:
    return [["move", e["do"], "chosen", e["seat"]] for e in state.events]


def catalogue(game: Game) -> dict[str, list[str]]:
    del game
    return {"move": ["pass", "claim", "fold"]}


register(ClaimGame, ClaimState)

CLAIMER, PASSER, OTHER = (f"{__name__}:{c}" for c in ("Claimer", "Passer", "OtherPasser"))
