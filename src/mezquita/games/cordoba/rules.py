"""Córdoba (Reiner Knizia, 2008): two decks of 1..10 played next to landmarks valued 1..7.

Rules: ../shared/specs/cordoba.md; each numbered point there is tested in
tests/games/test_cordoba_rules.py under the same number.

Action ids: ``(card - 1) * 7 + (landmark - 1)`` for card 1..10 and landmark value 1..7,
so the 70 ids are the same in every variant; JSON form ``{"card": 5, "landmark": 7}``.
"""

from __future__ import annotations

import random

from mezquita.engine import Game, GameInfo, IllegalAction, Option, State, register

from . import observation, render
from .names import landmark_name, play_verb

CARDS = tuple(range(1, 11))  # each deck: one card of every power 1..10 (rule 1)
MAX_LANDMARK = 7
NUM_ACTIONS = len(CARDS) * MAX_LANDMARK  # card x landmark value
HIDDEN = None  # how a face-down card of another seat appears in a view

INFO = GameInfo(
    id="cordoba",
    name="Córdoba",
    min_players=2,
    max_players=2,
    hidden_information=True,  # hands, deck order and face-down values
    chance=True,  # the second game of a match is dealt from the state's generator
    version=1,
    summary="Reiner Knizia, 2008: play cards 1-10 next to 7 landmarks; control the most value.",
    options=(
        Option("hand", 1, (1, 3, 10), "cards in hand: 1 (standard), 3 or 10 (the whole deck)"),
        Option("landmarks", 7, (7, 6, 5), "landmarks in play: 7 (1-7), 6 (2-7) or 5 (3-7)"),
        Option("match", False, (False, True), "a two-game match, each seat starting once"),
    ),
)


@register
class CordobaGame(Game):
    """Córdoba with options ``hand`` (1/3/10), ``landmarks`` (7/6/5) and ``match``."""

    info = INFO
    heuristic = "mezquita.games.cordoba.heuristic:CordobaHeuristic"

    def _configure(self) -> None:
        first = MAX_LANDMARK - self.options["landmarks"] + 1
        self.landmark_values: tuple[int, ...] = tuple(range(first, MAX_LANDMARK + 1))
        self.hand_size: int = self.options["hand"]
        self.games_in_match: int = 2 if self.options["match"] else 1
        self.spot_ids: tuple[int, ...] = tuple(v - 1 for v in self.landmark_values)

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        return 2 * len(CARDS) * self.games_in_match  # every card is played, one per decision

    def action_to_json(self, action: int) -> dict:
        card, landmark = divmod(action, MAX_LANDMARK)
        return {"card": card + 1, "landmark": landmark + 1}

    def action_from_json(self, value) -> int:
        if not isinstance(value, dict) or set(value) != {"card", "landmark"}:
            raise IllegalAction(f'a Córdoba action is {{"card": 1-10, "landmark": 1-7}}, not {value!r}')
        card, landmark = value["card"], value["landmark"]
        if not (type(card) is int and type(landmark) is int):
            raise IllegalAction(f"card and landmark must be integers, not {value!r}")
        if card not in CARDS:
            raise IllegalAction(f"there is no card {card}; cards are 1-10")
        if landmark not in self.landmark_values:
            shown = ", ".join(map(str, self.landmark_values))
            raise IllegalAction(f"landmark {landmark} is not in play (landmarks: {shown})")
        return (card - 1) * MAX_LANDMARK + landmark - 1

    def action_label(self, action: int, lang: str = "en") -> str:
        card, landmark = divmod(action, MAX_LANDMARK)
        name = landmark_name(landmark + 1, lang)
        return play_verb(lang).format(card=card + 1, landmark=name, value=landmark + 1)

    def move_text(self, view: dict, seat: int, action: int, lang: str = "en") -> str:
        return render.move_text(view, seat, lang)

    def render_text(self, view: dict) -> str:
        return render.render_text(view)

    @property
    def observation_size(self) -> int:
        return observation.OBSERVATION_SIZE

    def encode_view(self, view: dict) -> list[float]:
        """The view as floats in [0, 1]; layout table in ``cordoba/observation.py``."""
        return observation.encode_view(view)


class CordobaState(State):
    """A Córdoba game or match.

    Attributes:
        hands: per seat, the card powers in hand.
        decks: per seat, the face-down deck; the top card is the last element.
        piles: per landmark (index into ``game.landmark_values``), per seat, powers played.
        face_up: per landmark, whether its cards are face up (rule 6).
        forbidden: landmark index played at on the previous turn, or -1 (rule 4).
        current: the seat to move.
        start: the start player of the current game (wins ties, rule 7).
        game_no: 0 for the first game, 1 for the second game of a match.
        past_scores: per seat, the scores of finished games of the match.
        log: ``[seat, landmark index, power]`` for each card played in the current game.
    """

    fields = ("hands", "decks", "piles", "face_up", "forbidden", "current", "start",
              "game_no", "past_scores", "log")

    hands: list[list[int]]
    decks: list[list[int]]
    piles: list[list[list[int]]]
    face_up: list[bool]
    forbidden: int
    current: int
    start: int
    game_no: int
    past_scores: list[int]
    log: list[list[int]]

    # -- setup and turns -------------------------------------------------------------
    def _setup(self) -> None:
        self.game_no = 0
        self.past_scores = [0, 0]
        self._deal(start=0)

    def _deal(self, start: int) -> None:
        """Rule 2: each seat shuffles its own deck and draws ``hand`` cards."""
        size = self.game.hand_size
        self.decks, self.hands = [], []
        for _ in range(2):
            deck = list(CARDS)
            self.rng.shuffle(deck)
            self.hands.append(sorted(deck[len(deck) - size:]))
            self.decks.append(deck[: len(deck) - size])
        n = len(self.game.landmark_values)
        self.piles = [[[], []] for _ in range(n)]
        self.face_up = [False] * n
        self.forbidden = -1
        self.start = self.current = start
        self.log = []

    def _to_move(self) -> tuple[int, ...]:
        return () if self.current < 0 else (self.current,)

    def _legal_actions(self, seat: int) -> list[int]:
        spots = self.game.spot_ids
        if self.forbidden >= 0:
            spots = spots[: self.forbidden] + spots[self.forbidden + 1:]
        hand = self.hands[seat]  # kept sorted; powers are distinct within one deck
        return [(card - 1) * MAX_LANDMARK + s for card in hand for s in spots]

    def _apply(self, seat: int, action: int) -> None:
        card, value = divmod(action, MAX_LANDMARK)
        card += 1
        index = value + 1 - self.game.landmark_values[0]
        self.hands[seat].remove(card)
        pile = self.piles[index]
        pile[seat].append(card)
        if pile[1 - seat]:
            self.face_up[index] = True  # rule 6
        if self.decks[seat]:
            self.hands[seat].append(self.decks[seat].pop())  # rule 3: draw after playing
            self.hands[seat].sort()
        self.forbidden = index
        self.log.append([seat, index, card])
        self.current = 1 - seat
        if len(self.log) == 2 * len(CARDS):
            self._end_game()

    def _end_game(self) -> None:
        """Rule 8 and 9: score the game; in a match, deal the second game."""
        scores = self.game_scores()
        self.past_scores = [p + s for p, s in zip(self.past_scores, scores)]
        self.game_no += 1
        if self.game_no < self.game.games_in_match:
            self._deal(start=1 - self.start)
        else:
            self.current = -1

    # -- control and scoring -------------------------------------------------------------
    def controller(self, index: int) -> int | None:
        """Rule 7: who controls landmark ``index`` now (start player wins ties)."""
        a, b = (sum(p) for p in self.piles[index])
        if a == b:
            return None if a == 0 else self.start
        return 0 if a > b else 1

    def game_scores(self) -> list[int]:
        """Landmark values controlled by each seat in the current game."""
        scores = [0, 0]
        for index, value in enumerate(self.game.landmark_values):
            owner = self.controller(index)
            if owner is not None:
                scores[owner] += value
        return scores

    def _tiebreak(self) -> int | None:
        """Rule 8: the controller of the lowest-valued controlled landmark (single game)."""
        return next((c for i in range(len(self.piles)) if (c := self.controller(i)) is not None), None)

    def _scores(self) -> list[float]:
        if self.current < 0:
            return list(self.past_scores)
        return [p + s for p, s in zip(self.past_scores, self.game_scores())]

    def _returns(self) -> list[float]:
        a, b = self.past_scores
        if a != b:
            return [1.0, 0.0] if a > b else [0.0, 1.0]
        if self.game.games_in_match == 1:
            winner = self._tiebreak()
            if winner is not None:
                return [1.0 - winner, float(winner)]
        return [0.5, 0.5]  # rule 9: equal match totals are a draw

    # -- information ---------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        values = self.game.landmark_values
        landmarks = []
        for index, pile in enumerate(self.piles):
            up = self.face_up[index]
            cards = [list(p) if up or s == seat else [HIDDEN] * len(p) for s, p in enumerate(pile)]
            landmarks.append({"value": values[index], "cards": cards, "face_up": up,
                              "controller": self.controller(index)})
        log = [
            {"seat": s, "landmark": values[i],
             "card": c if self.face_up[i] or s == seat else HIDDEN}
            for s, i, c in self.log
        ]
        return {
            "start_player": self.start,
            "game_number": self.game_no + (self.current >= 0),
            "games": self.game.games_in_match,
            "landmarks": landmarks,
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_sizes": [len(d) for d in self.decks],
            "forbidden": values[self.forbidden] if self.forbidden >= 0 else None,
            "game_scores": self.game_scores(),
            "past_scores": list(self.past_scores),
            "log": log,
        }

    def _resample(self, seat: int, rng: random.Random) -> CordobaState:
        """Redeal what ``seat`` cannot see: the other seat's hand, deck and face-down
        cards from its unseen powers, and the order of ``seat``'s own deck."""
        new = self.clone()
        other = 1 - seat
        seen = [c for i, p in enumerate(self.piles) if self.face_up[i] for c in p[other]]
        unseen = list(CARDS)
        for c in seen:
            unseen.remove(c)
        rng.shuffle(unseen)
        for i, pile in enumerate(new.piles):
            if not self.face_up[i] and pile[other]:
                pile[other] = [unseen.pop() for _ in pile[other]]
        new.hands[other] = sorted(unseen.pop() for _ in self.hands[other])
        new.decks[other] = unseen
        rng.shuffle(new.decks[seat])
        if new.log:  # keep the log consistent with the redealt face-down cards
            new.log = _relog(new)
        return new

    def _copy_into(self, new: CordobaState) -> None:
        new.hands = [h.copy() for h in self.hands]
        new.decks = [d.copy() for d in self.decks]
        new.piles = [[p[0].copy(), p[1].copy()] for p in self.piles]
        new.face_up = self.face_up.copy()
        new.forbidden = self.forbidden
        new.current = self.current
        new.start = self.start
        new.game_no = self.game_no
        new.past_scores = self.past_scores.copy()
        new.log = self.log.copy()


def _relog(state: CordobaState) -> list[list[int]]:
    """The log with each landmark's cards taken, in play order, from its (redealt) piles."""
    taken = [[0, 0] for _ in state.piles]
    log = []
    for seat, index, _ in state.log:
        log.append([seat, index, state.piles[index][seat][taken[index][seat]]])
        taken[index][seat] += 1
    return log


CordobaGame.state_class = CordobaState
