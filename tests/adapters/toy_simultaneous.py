"""A tiny simultaneous game for the adapter tests (no registered game has a simultaneous
phase yet): three rounds of matching pennies. Both seats choose heads (0) or tails (1) at
once; seat 0 scores a round when the coins match, seat 1 when they differ. A choice stays
hidden from the other seat until both have chosen."""

from __future__ import annotations

import random
from collections.abc import Collection

from mezquita.engine import (
    EVERYONE,
    Decision,
    Decisions,
    Event,
    Game,
    GameInfo,
    Param,
    State,
    register,
    seat_name,
)

ROUNDS = 3


def _sees_coin(event: dict, state: PenniesState) -> Collection[int | None]:
    """A choice stays hidden until both have chosen."""
    return (event["seat"],) if event["round"] == len(state.rounds) else EVERYONE


DECISIONS = Decisions([Decision(
    "choose", (Param("coin", ("heads", "tails")),), lambda state, seat, coin: state.choose(seat, coin),
    {"en": "{coin}", "es": "{coin}", "ca": "{coin}", "de": "{coin}"},
    Event(("coin", "round"), secret=("coin",), seen_by=_sees_coin))])
CHOOSE = DECISIONS.block("choose")


class PenniesGame(Game):
    """Matching pennies, three rounds, as a Mezquita game with a simultaneous phase."""

    info = GameInfo(id="test_pennies", name="Pennies", min_players=2, max_players=2,
                    hidden_information=True, chance=False, simultaneous=True)

    decisions = DECISIONS

    @property
    def max_game_length(self) -> int:
        return 2 * ROUNDS

    @property
    def observation_size(self) -> int:
        return 2 + 2 * ROUNDS

    def encode_view(self, view: dict) -> list[float]:
        out = [float(view["seat"] == 0), float(view["pending"] is not None)]
        for a, b in view["rounds"]:
            out += [float(a), float(b)]
        return out + [0.0] * (self.observation_size - len(out))

    def event_text(self, entry: dict, lang: str = "en", names=None) -> str:
        coin = "a coin" if entry["coin"] is None else entry["coin"]
        return f"{seat_name(entry['seat'], lang, names)} shows {coin}"

    def render_text(self, view: dict, lang: str = "en") -> str:
        return f"rounds: {view['rounds']}"


class PenniesState(State):
    rounds: list[list[int]]
    pending: list[int | None]

    def _setup(self) -> None:
        self.rounds, self.pending = [], [None, None]

    def _to_move(self) -> tuple[int, ...]:
        if len(self.rounds) == ROUNDS:
            return ()
        return tuple(s for s in (0, 1) if self.pending[s] is None)

    def _legal_actions(self, seat: int) -> list[int]:
        return [0, 1]

    def choose(self, seat: int, coin: int) -> None:
        self.pending[seat] = coin
        self._event(seat, "choose", CHOOSE.params[0].values[coin], len(self.rounds))
        if None not in self.pending:
            self.rounds.append(self.pending)
            self.pending = [None, None]

    def _view(self, seat: int | None, full: bool) -> dict:
        return {"rounds": [list(r) for r in self.rounds],
                "pending": self.pending[seat] if seat is not None and not full else None}

    def _breakdown(self, lang: str) -> dict:
        returns = self.returns()
        return {"rows": [{"label": "rounds won", "values": self.scores()}], "totals": self.scores(),
                "winners": [s for s, r in enumerate(returns) if r == max(returns)],
                "reason": "more rounds won"}

    def _scores(self) -> list[float]:
        matches = sum(a == b for a, b in self.rounds)
        return [matches, len(self.rounds) - matches]

    def _resample(self, seat: int, rng: random.Random) -> PenniesState:
        new = self.clone()
        other = 1 - seat
        if new.pending[other] is not None:
            new.pending[other] = rng.randrange(2)
            new.events = [e if e["round"] < len(self.rounds) or e["seat"] == seat else
                          {**e, "coin": CHOOSE.params[0].values[new.pending[other]]} for e in self.events]
        return new


register(PenniesGame, PenniesState)
