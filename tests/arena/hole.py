"""A game with planted rule holes, for the audit (``mezquita.arena.audit``).

"Hole": two seats take turns; ``draw`` takes a card from a 3-card deck, ``wait`` does
nothing, ``end`` ends the game once the deck is empty. The holes: with ``hole=stuck`` seat 1
has no legal action once the deck is empty; ``wait`` lets play go round without progress
(with ``hole=endless`` the game never ends: ``end`` is never legal); the ``bonus`` event is
declared but never fired; the ``cheat`` action is never legal.
"""

from __future__ import annotations

from mezquita.engine import Decision, Decisions, Event, Game, GameInfo, Option, State, register


def _draw(state: HoleState, seat: int) -> None:
    state._event(seat, "draw")
    state.hands[seat].append(state.deck.pop())
    state.turn = 1 - state.turn


def _wait(state: HoleState, seat: int) -> None:
    state._event(seat, "wait")
    state.turn = 1 - state.turn


def _end(state: HoleState, seat: int) -> None:
    state._event(seat, "end")
    state.over = True
    state.turn = 1 - state.turn


DECISIONS = Decisions([
    Decision("draw", (), _draw, {"en": "draw"}, Event()),
    Decision("wait", (), _wait, {"en": "wait"}, Event()),
    Decision("end", (), _end, {"en": "end"}, Event()),
    Decision("cheat", (), _wait, {"en": "cheat"}),  # never legal, and records no event of its own
], events={"bonus": Event()})
DRAW, WAIT, END, CHEAT = DECISIONS.space.blocks

INFO = GameInfo(id="test-hole", name="Hole", min_players=2, max_players=2,
                hidden_information=False, chance=False,
                options=(Option("hole", "stuck", ("stuck", "endless"), "which hole"),))


class HoleGame(Game):
    info = INFO
    decisions = DECISIONS

    @property
    def max_game_length(self) -> int:
        return 40


class HoleState(State):
    deck: list[int]
    hands: list[list[int]]
    turn: int
    over: bool

    def _setup(self) -> None:
        self.deck, self.hands, self.turn, self.over = [1, 2, 3], [[], []], 0, False

    def _to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def _legal_actions(self, seat: int) -> list[int]:
        if self.deck:
            return [DRAW.id(), WAIT.id()]
        if self.game.options["hole"] == "stuck" and seat == 1:
            return []
        if self.game.options["hole"] == "endless":
            return [WAIT.id()]
        return [END.id(), WAIT.id()]

    def _view(self, seat: int | None, full: bool) -> dict:
        return {"deck": len(self.deck), "hands": self.hands}

    def _scores(self) -> list[float]:
        return [float(sum(h)) for h in self.hands]


register(HoleGame, HoleState)
