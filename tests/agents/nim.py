"""A tiny open game for search tests: Nim for 2-4 seats, take 1-3 stones, taking the last wins.

Seats move in turn; the seat that takes the last stone wins (return 1, others 0). No hidden
information and no chance, so MCTS searches the true position.
"""

from __future__ import annotations

from mezquita.engine import (
    Decision,
    Decisions,
    Event,
    Game,
    GameInfo,
    Option,
    Param,
    State,
    register,
    seat_name,
)

INFO = GameInfo(id="test-nim", name="Nim", min_players=2, max_players=4,
                hidden_information=False, chance=False,
                options=(Option("players", 2, (2, 3, 4), "seats"),
                         Option("stones", 9, (1, 2, 3, 4, 5, 6, 7, 8, 9, 13), "starting pile")))



def _take(state: NimState, seat: int, index: int) -> None:
    state.take(seat, index + 1)


DECISIONS = Decisions([Decision("take", (Param("stones", (1, 2, 3)),), _take, {"en": "take {stones}"},
                                Event(("stones",)))])


class NimGame(Game):
    """Action id ``k`` takes ``k + 1`` stones."""

    info = INFO
    decisions = DECISIONS

    @property
    def max_game_length(self) -> int:
        return self.options["stones"]

    def event_text(self, entry: dict, lang: str = "en", names=None) -> str:
        return f"{seat_name(entry['seat'], lang, names)} takes {entry['stones']}"

    def render_text(self, view: dict, lang: str = "en") -> str:
        return f"{view['stones']} stones"


class NimState(State):
    stones: int
    current: int
    winner: int

    def _setup(self) -> None:
        self.stones, self.current, self.winner = self.game.options["stones"], 0, -1

    def _to_move(self) -> tuple[int, ...]:
        return () if self.winner >= 0 else (self.current,)

    def _legal_actions(self, seat: int) -> list[int]:
        return list(range(min(3, self.stones)))

    def take(self, seat: int, taken: int) -> None:
        self.stones -= taken
        self._event(seat, "take", taken)
        if self.stones == 0:
            self.winner = seat
        self.current = (seat + 1) % self.game.num_players

    def _view(self, seat: int | None, full: bool) -> dict:
        return {"stones": self.stones}

    def _scores(self) -> list[float]:
        return [float(s == self.winner) for s in range(self.game.num_players)]


register(NimGame, NimState)
