"""Córdoba (Reiner Knizia, 2008): two decks of 1..10 played next to landmarks valued 1..7.

The rules as implemented are numbered in docs/games/cordoba.md; each number is tested in
tests/games/cordoba/test_rules.py under the same number.

Actions: one block, ``play(card, landmark)`` for card 1..10 and landmark value 1..7, so the
70 ids are the same in every variant; JSON form ``{"do": "play", "card": 5, "landmark": 7}``.
Events: ``play`` (card ``None`` while face down to the viewer), ``reveal`` (rule 6) and, in a
match, ``game_end`` with the game's scores.
"""

from __future__ import annotations

import itertools
import random
from bisect import insort
from collections.abc import Collection
from typing import ClassVar, cast

from mezquita.engine import (
    EVERYONE,
    Decision,
    Decisions,
    Event,
    Game,
    GameInfo,
    Hint,
    MezquitaError,
    Option,
    Pair,
    Param,
    State,
    UnknownOption,
    pick,
    register,
    seat_name,
)
from mezquita.engine.actions import Block

from .hints import hint_reason
from .words import TEXTS, landmark_label

CARDS = tuple(range(1, 11))  # each deck: one card of every power 1..10 (rule 1)
DEAL_LIMIT = 100_000  # the most deals `deals()` lists by default
LANDMARK_VALUES = tuple(range(1, 8))  # landmark values 1..7; variants leave out the lowest
HIDDEN = None  # how a face-down card of another seat appears in a view or a log entry
MOVERS = ((0,), (1,), ())  # ``_to_move()`` by ``current`` (-1: over), shared tuples

#: the parameters of the one decision, the same for every option set (ids do not change)
PLAY_PARAMS = (Param("card", CARDS), Param("landmark", LANDMARK_VALUES, landmark_label))

INFO = GameInfo(
    id="cordoba",
    name="Córdoba",
    min_players=2,
    max_players=2,
    hidden_information=True,  # hands, deck order and face-down values
    chance=True,  # the second game of a match is dealt from the state's generator
    version=2,  # 2: action JSON {"do": "play", ...}; version-1 records are refused
    summary="Reiner Knizia, 2008: play cards 1-10 next to 7 landmarks; control the most value.",
    options=(
        Option("hand", 1, (1, 3, 10), "cards in hand: 1 (standard), 3 or 10 (the whole deck)"),
        Option("landmarks", 7, (7, 6, 5, 4, 3, 2), "landmarks in play: 7 (1-7), 6 (2-7) or 5 (3-7); "
               "4, 3 and 2 (the highest ones) are small variants for research"),
        Option("match", False, (False, True), "a two-game match, each seat starting once"),
        Option("cards", 10, (3, 4, 5, 6, 7, 8, 9, 10), "cards per deck, powers 1 to n: 10 (the game); "
               "fewer make small variants for research (e.g. solvable by CFR with cards=3)"),
    ),
)


class CordobaGame(Game["CordobaState"]):
    """Córdoba with options ``hand`` (1/3/10), ``landmarks`` (7..2), ``match`` and ``cards``."""

    info = INFO
    heuristic = "mezquita.games.cordoba.heuristic:CordobaHeuristic"
    golden: ClassVar[tuple[tuple[dict, int], ...]] = (
        ({}, 1), ({"hand": 3, "landmarks": 5, "match": True}, 2))
    #: difficulty levels (agents/levels.py), weakest first: the heuristic with 80, 60, 40, 20 and
    #: 0% random moves, then ISMCTS; each beats the one below about 0.63-0.69 (docs/levels.md)
    levels: ClassVar[dict[str, str]] = {
        "beginner": "heuristic-80", "novice": "heuristic-60", "easy": "heuristic-40",
        "medium": "heuristic-20", "hard": "heuristic", "expert": "ismcts-300", "master": "ismcts-10000",
    }
    hint_reason = staticmethod(hint_reason)

    def _configure(self) -> None:
        first = len(LANDMARK_VALUES) - self.options["landmarks"] + 1
        self.landmark_values: tuple[int, ...] = LANDMARK_VALUES[first - 1:]
        self.powers: tuple[int, ...] = CARDS[: self.options["cards"]]
        self.hand_size: int = self.options["hand"]
        if self.hand_size > len(self.powers):
            raise UnknownOption(f"a hand of {self.hand_size} needs cards >= {self.hand_size}")
        self.deck_size: int = len(self.powers) - self.hand_size  # each deck after the draw
        self.games_in_match: int = 2 if self.options["match"] else 1
        self.plays_per_game: int = 2 * len(self.powers)  # both decks are played out (rule 8)
        self.decisions = decision_table(self.landmark_values[0])
        self.play = play = self.decisions.block("play")
        # play ids per card index and landmark index in play, for legal_actions
        self.play_ids: tuple[tuple[int, ...], ...] = tuple(
            tuple(play.id(c, v - 1) for v in self.landmark_values) for c in range(len(CARDS)))
        # Legal id lists are shared between states (callers never change them): per card,
        # per forbidden landmark index (the last entry: none) for a hand of one card, and
        # memoised by (forbidden, *hand) for larger hands.
        n = len(self.landmark_values)
        self.single_legal: tuple[tuple[list[int], ...], ...] = tuple(
            tuple(legal_ids(self.play_ids, (card,), f) for f in (*range(n), -1)) for card in (0, *CARDS))
        self.legal_memo: dict[tuple[int, ...], list[int]] = {}

    @property
    def max_game_length(self) -> int:
        return 2 * len(self.powers) * self.games_in_match  # every card is played, one per decision

    def deals(self, limit: int = DEAL_LIMIT) -> list[tuple[list[list[int]], float]]:
        """Every pair of deck orders (top card last), equally likely; single games only."""
        if self.games_in_match > 1:
            raise MezquitaError("a match deals its second game after play has begun, so only "
                                "single games (match=false) can list their deals")
        orders = list(itertools.permutations(self.powers))
        count = len(orders) ** 2
        if count > limit:
            raise MezquitaError(f"Córdoba with {len(self.powers)} cards has {count:,} deals, more "
                                f"than the {limit:,} that can be listed; use e.g. cards=3")
        return [([list(a), list(b)], 1.0 / count) for a in orders for b in orders]

    def dealt_state(self, deal: list[list[int]]) -> CordobaState:
        state = self.new_state(0)
        state._deal(0, [list(order) for order in deal])
        return state


class CordobaState(State):
    """A Córdoba game or match.

    Attributes:
        hands: per seat, the card powers in hand, sorted.
        decks: per seat, the face-down deck; the top card is the last element.
        piles: per landmark (index into ``game.landmark_values``), per seat, powers played.
        face_up: per landmark, whether its cards are face up (rule 6).
        forbidden: landmark index played at on the previous turn, or -1 (rule 4).
        current: the seat to move, -1 when the match is over.
        start: the start player of the current game (wins ties, rule 7).
        game_no: 0 for the first game, 1 for the second game of a match.
        played: cards played in the current game.
        finished: the scores (per seat) of each finished game of the match.
    """

    game: CordobaGame

    hands: Pair[list[int]]
    decks: Pair[list[int]]
    piles: list[Pair[list[int]]]
    face_up: list[bool]
    forbidden: int
    current: int
    start: int
    game_no: int
    played: int
    finished: list[list[int]]

    # -- setup and turns -------------------------------------------------------------
    def _setup(self) -> None:
        self.game_no = 0
        self.finished = []
        self._deal(0)

    def _deal(self, start: int, orders: list[list[int]] | None = None) -> None:
        """Rule 2: each seat shuffles its own deck (or takes its order from ``orders``) and
        draws ``hand`` cards."""
        game = self.game
        if orders is None:
            first, second = list(game.powers), list(game.powers)
            self.rng.shuffle(first, second)  # seat 0's deck, then seat 1's
        else:
            first, second = orders
        kept = game.deck_size  # the top cards (the last) are drawn
        self.hands = [first[kept:], second[kept:]]
        for hand in self.hands:
            hand.sort()
        self.decks = [first[:kept], second[:kept]]
        self.piles = [[[], []] for _ in game.landmark_values]
        self.face_up = [False] * len(game.landmark_values)
        self.forbidden = -1
        self.start = self.current = start
        self.played = 0

    def _to_move(self) -> tuple[int, ...]:
        return MOVERS[self.current]

    def _legal_actions(self, seat: int) -> list[int]:
        game = self.game
        hand = self.hands[seat]
        if game.hand_size == 1:  # a seat to move then holds exactly one card
            return game.single_legal[hand[0]][self.forbidden]
        key = (self.forbidden, *hand)
        legal = game.legal_memo.get(key)
        if legal is None:
            legal = game.legal_memo[key] = legal_ids(game.play_ids, hand, self.forbidden)
        return legal

    def _play(self, seat: int, play: tuple[int, int, int]) -> None:
        """Rules 3-6: play a card at a landmark (the one decision, `decision_table`)."""
        game = self.game
        card, value, index = play
        hand = self.hands[seat]
        hand.remove(card)
        pile = self.piles[index]
        pile[seat].append(card)
        self._event(seat, "play", card, value, self.game_no + 1)
        other = 1 - seat
        theirs = pile[other]
        if theirs and not self.face_up[index]:
            self.face_up[index] = True  # rule 6
            self._event(None, "reveal", value, sorted(theirs))
        self.forbidden = index  # rule 4: the next seat may not play here
        self.current = other
        self.played += 1
        deck = self.decks[seat]
        if deck:  # rule 3: draw after playing; the hand stays sorted
            insort(hand, deck.pop())
        elif self.played == game.plays_per_game:  # the last play comes with the decks empty
            self._end_game()

    def _end_game(self) -> None:
        """Rule 8 and 9: score the game; in a match, deal the second game."""
        scores = self.game_scores()
        self.finished.append(scores)
        self.game_no += 1
        if self.game_no < self.game.games_in_match:
            self._event(None, "game_end", self.game_no, scores)
            self._deal(start=1 - self.start)
        else:
            self.current = -1

    # -- control and scoring -------------------------------------------------------------
    def controller(self, index: int) -> int | None:
        """Rule 7: who controls landmark ``index`` now (start player wins ties)."""
        pile = self.piles[index]
        a, b = sum(pile[0]), sum(pile[1])
        if a == b:
            return None if a == 0 else self.start
        return 0 if a > b else 1

    def game_scores(self) -> list[int]:
        """Landmark values controlled by each seat in the current game."""
        scores = [0, 0]  # rule 7 inline (the scoring of every playout)
        for (first, second), value in zip(self.piles, self.game.landmark_values):
            if first and second:  # both played here: the higher sum, the start player on a tie
                a, b = sum(first), sum(second)
                scores[0 if a > b else 1 if a < b else self.start] += value
            elif first or second:
                scores[0 if first else 1] += value
        return scores

    def _tiebreak(self) -> int | None:
        """Rule 8: the landmark index of the lowest-valued controlled landmark, or None."""
        return next((i for i in range(len(self.piles)) if self.controller(i) is not None), None)

    def _past_scores(self) -> list[int]:
        """Totals of the finished games before the one on the board (the last one at the end)."""
        games = self.finished if self.current >= 0 else self.finished[:-1]
        return [sum(g[s] for g in games) for s in range(2)]

    def _scores(self) -> list[float]:
        if self.game.games_in_match == 1:
            # int totals, as floats for the contract: a list is invariant, so cast, not copied
            return cast("list[float]", self.game_scores())
        return [p + s for p, s in zip(self._past_scores(), self.game_scores())]

    def _returns(self) -> list[float]:
        a, b = self._scores()
        if a != b:
            return [1.0, 0.0] if a > b else [0.0, 1.0]
        if self.game.games_in_match == 1 and (index := self._tiebreak()) is not None:
            winner = self.controller(index)
            assert winner is not None  # _tiebreak gives a controlled landmark
            return [1.0 - winner, float(winner)]
        return [0.5, 0.5]  # rule 9: equal match totals are a draw

    def _breakdown(self, lang: str, names: list[str | None] | None) -> dict:
        words = TEXTS["breakdown"]
        rows = []
        if self.game.games_in_match > 1 and len(self.finished) > (self.current < 0):
            rows.append({"label": pick(words["earlier"], lang), "values": self._past_scores()})
        for index, value in enumerate(self.game.landmark_values):
            owner = self.controller(index)
            sums = " - ".join(str(sum(p)) for p in self.piles[index])
            rows.append({"label": pick(words["landmark"], lang).format(
                landmark=landmark_label(value, lang), sums=sums),
                "values": [value if owner == s else 0 for s in range(2)]})
        totals = self.scores()
        returns = self.returns() if self.current < 0 else share_of(totals)
        winners = [s for s, r in enumerate(returns) if r == max(returns)]
        if len(winners) == 2:
            reason = pick(words["draw"], lang).format(score=totals[0])
        elif totals[0] != totals[1]:
            reason = pick(words["more"], lang).format(player=seat_name(winners[0], lang, names))
        else:
            lowest = self._tiebreak()
            # one winner on equal totals: a single game over, won on the tie-break (rule 8)
            assert lowest is not None
            reason = pick(words["tie_lowest"], lang).format(
                score=totals[0], player=seat_name(winners[0], lang, names),
                landmark=landmark_label(self.game.landmark_values[lowest], lang))
        reason += " " + pick(words["start_wins_ties"], lang)
        return {"rows": rows, "totals": totals, "winners": winners, "reason": reason}

    # -- information ---------------------------------------------------------------------
    def _view(self, seat: int | None, full: bool) -> dict:
        values = self.game.landmark_values
        landmarks = []
        for index, pile in enumerate(self.piles):
            up = self.face_up[index] or full
            cards = [list(p) if up or s == seat else [HIDDEN] * len(p) for s, p in enumerate(pile)]
            landmarks.append({"value": values[index], "cards": cards, "face_up": self.face_up[index],
                              "controller": self.controller(index)})
        return {
            "start_player": self.start,
            "game_number": self.game_no + (self.current >= 0),
            "games": self.game.games_in_match,
            "landmarks": landmarks,
            "hand": list(self.hands[seat]) if seat is not None and not full else None,
            "hands": [list(h) for h in self.hands] if full else None,
            "cards": len(self.game.powers),
            "hand_sizes": [len(h) for h in self.hands],
            "deck_sizes": [len(d) for d in self.decks],
            "forbidden": values[self.forbidden] if self.forbidden >= 0 else None,
            "game_scores": self.game_scores(),
            "past_scores": self._past_scores(),
        }

    def _resample(self, seat: int, rng: random.Random) -> CordobaState:
        """Redeal what ``seat`` cannot see: the other seat's hand, deck and face-down
        cards from its unseen powers (and their play events), and ``seat``'s deck order."""
        new = self.clone()
        other = 1 - seat
        seen = [c for i, p in enumerate(self.piles) if self.face_up[i] for c in p[other]]
        unseen = [c for c in self.game.powers if c not in seen]
        rng.shuffle(unseen)
        redealt = []
        for i, pile in enumerate(new.piles):
            if not self.face_up[i] and pile[other]:
                pile[other] = [unseen.pop() for _ in pile[other]]
                redealt.append(i)
        new.hands[other] = sorted(unseen.pop() for _ in self.hands[other])
        new.decks[other] = unseen
        new.decks[seat] = deck = sorted(self.decks[seat])  # its order is hidden from the seat too
        rng.shuffle(deck)
        if redealt:
            _replay_cards(new, other, redealt)
        return new



def legal_ids(play_ids: tuple[tuple[int, ...], ...], hand, forbidden: int) -> list[int]:
    """The sorted play ids of the cards in ``hand`` (sorted, distinct) at every landmark in
    play except the one at index ``forbidden`` (-1: none), rule 4."""
    return [a for card in hand for i, a in enumerate(play_ids[card - 1]) if i != forbidden]


def share_of(totals: list[float]) -> list[float]:
    """Returns as if the game ended now with these totals, ties broken later."""
    best = max(totals)
    return [1.0 if t == best else 0.0 for t in totals]


def _replay_cards(state: CordobaState, other: int, redealt: list[int]) -> None:
    """Give ``other``'s plays at the ``redealt`` landmarks of the current game their cards,
    in play order, from the redealt piles: the log of the world ``_resample`` made. The
    events list is the copy's own; changed entries are new dicts, the others stay shared."""
    game = state.game_no + 1
    first = state.game.landmark_values[0]
    taken = dict.fromkeys(redealt, 0)
    events = state.events
    for k, event in enumerate(events):
        if event["seat"] == other and event["do"] == "play" and event["game"] == game:
            index = event["landmark"] - first
            if index in taken:
                events[k] = {**event, "card": state.piles[index][other][taken[index]]}
                taken[index] += 1


def _sees_card(event: dict, st: CordobaState) -> Collection[int | None]:
    """A card played face down is its seat's until its landmark turns face up (rule 6) or
    its game of the match is over."""
    if event["game"] == st.game_no + 1 and not st.face_up[event["landmark"] - st.game.landmark_values[0]]:
        return (event["seat"],)
    return EVERYONE


def decision_table(first: int) -> Decisions:
    """The one decision, ``play``, with landmarks from value ``first`` in play: its effect
    gets ``(card, landmark value, landmark index in play)``."""

    def play(block: Block, action: int) -> tuple:
        card, value = block.values(action)
        return ((card, value, value - first),)

    return Decisions(
        [Decision("play", PLAY_PARAMS, CordobaState._play, TEXTS["actions"]["play"],
                  Event(("card", "landmark", "game"), secret=("card",), seen_by=_sees_card),
                  arguments=play, hint=Hint("landmark", "landmark"))],
        events={"reveal": Event(("landmark", "cards")), "game_end": Event(("game", "scores"))})


register(CordobaGame, CordobaState)
