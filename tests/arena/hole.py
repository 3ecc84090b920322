"""A game with planted rule holes, for the audit (``mezquita.arena.audit``).

"Hole": two seats take turns; ``draw`` takes a card from a 3-card deck, ``wait`` does
nothing, ``end`` ends the game once the deck is empty. The holes: with ``hole=stuck`` seat 1
has no legal action once the deck is empty; ``wait`` lets play go round without progress
(with ``hole=endless`` the game never ends: ``end`` is never legal); the ``bonus`` event is
declared but never fired; the ``cheat`` action is never legal.
"""

from __future__ import annotations

from typing import ClassVar

from mezquita.engine import ActionSpace, Game, GameInfo, Option, State, register

ACTIONS = ActionSpace()
DRAW = ACTIONS.block("draw", text={"en": "draw"})
WAIT = ACTIONS.block("wait", text={"en": "wait"})
END = ACTIONS.block("end", text={"en": "end"})
CHEAT = ACTIONS.block("cheat", text={"en": "cheat"})

INFO = GameInfo(id="test-hole", name="Hole", min_players=2, max_players=2,
                hidden_information=False, chance=False,
                options=(Option("hole", "stuck", ("stuck", "endless"), "which hole"),))


class HoleGame(Game):
    info = INFO
    actions = ACTIONS

    @property
    def max_game_length(self) -> int:
        return 40


class HoleState(State):
    fields = ("deck", "hands", "turn", "over")
    event_fields: ClassVar = {"draw": (), "wait": (), "end": (), "bonus": ()}

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

    def _apply(self, seat: int, action: int) -> None:
        kind = self.game.actions.kind(action).name
        self._event(seat, kind)
        if kind == "draw":
            self.hands[seat].append(self.deck.pop())
        elif kind == "end":
            self.over = True
        self.turn = 1 - self.turn

    def _view(self, seat: int | None, full: bool) -> dict:
        return {"deck": len(self.deck), "hands": self.hands}

    def _scores(self) -> list[float]:
        return [float(sum(h)) for h in self.hands]


register(HoleGame, HoleState)
