"""Córdoba as array code: every variant (hand 1/3/10, landmarks 7/6/5, match), N games at once.

One game is one row of an int32 matrix ``S`` (layout below) plus two uint64 generator
states (``R[i, 0]`` the engine's deal stream, ``R[i, 1]`` the policies'). Cards are bits
(power p is bit p-1), so hands and piles are small integers; ``SUM`` and ``COUNT`` turn a
pile into its total power and its card count. Landmark slots are by value (slot k is the
landmark of value k+1), action ids are the engine's (``PLAY.id(card - 1, value - 1)`` =
``7 * (card - 1) + value - 1``) and the rules follow ``games/cordoba/rules.py`` rule by rule.
The action ids, the cards and landmarks, the heuristic's constants and the observation's
layout are read from the game's modules at import (a change there reaches the compiled
kernels: see `backend`), and `LAYOUT` refuses a game whose ids or pieces no longer follow
the layout the kernels address.

=========  =================================================================
columns    meaning
=========  =================================================================
0, 1       hand of seat 0, 1 (card bits)
2, 3       cards left in the deck of seat 0, 1
4..13      deck of seat 0 bottom to top (the top card is 4 + count - 1)
14..23     deck of seat 1
24..37     pile of seat s at landmark slot k at 24 + 2k + s (card bits)
38..44     landmark slot k is face up (rule 6)
45         seat to move, -1 when the game (the match) is over
46         start player of the current game (wins ties, rule 7)
47         games finished
48         cards played in the current game
49         slot played at on the previous turn (forbidden, rule 4), or -1
50..53     scores of finished game g for seat s at 50 + 2g + s
=========  =================================================================

Policies (per seat of each game): 0 ``random`` (uniform over the legal ids, from the
policy stream) and 1 ``heuristic`` (`CordobaHeuristic`'s expected-control rule, the same
arithmetic in the same order, so it picks the same action).
"""

from __future__ import annotations

import numpy as np

from mezquita.engine import load
from mezquita.games.cordoba import observation as obs
from mezquita.games.cordoba.heuristic import CARD_COST, SPREAD, SPREAD_PER_CARD, TIE_EDGE
from mezquita.games.cordoba.rules import CARDS, LANDMARK_VALUES

from .backend import check, kernel, njit, njit_inline
from .policies import HEURISTIC, POLICY_CODES, RANDOM, policy_codes
from .splitmix import below, below_np, streams

# -- from the game ------------------------------------------------------------------------
#: the standard game: its ids are the same in every variant
_GAME = load("cordoba")
SLOTS = len(LANDMARK_VALUES)  # landmark values 1..7
POWERS = len(CARDS)  # cards 1..10 per deck
TOTAL_POWER = sum(CARDS)  # a whole deck
NUM_ACTIONS = _GAME.num_actions
PLAYS_PER_GAME = _GAME.plays_per_game
#: what the kernels' arithmetic assumes of the game, and whether it holds
LAYOUT = {
    "play ids SLOTS * (card - 1) + value - 1": [_GAME.play.values(a) for a in range(NUM_ACTIONS)]
        == [(card, value) for card in range(1, POWERS + 1) for value in range(1, SLOTS + 1)],
    "cards 1..POWERS": tuple(range(1, POWERS + 1)) == CARDS,
    "landmark values 1..SLOTS": tuple(range(1, SLOTS + 1)) == LANDMARK_VALUES,
    "the observation's slots by value": obs.NUM_LANDMARKS == SLOTS and obs.NUM_POWERS == POWERS,
}
if not all(LAYOUT.values()):
    raise ImportError("the fast Córdoba no longer fits the game: "
                      + ", ".join(what for what, holds in LAYOUT.items() if not holds))

# -- a game's row of S --------------------------------------------------------------------
HAND = 0
DECK_LEN = HAND + 2
DECK = DECK_LEN + 2
PILE = DECK + 2 * POWERS
FACE_UP = PILE + 2 * SLOTS
CURRENT, START, GAMES_DONE, PLAYED, FORBIDDEN = range(FACE_UP + SLOTS, FACE_UP + SLOTS + 5)
FINISHED = FORBIDDEN + 1
WIDTH = FINISHED + 2 * 2  # a match has two games

SUM = np.array([sum(p + 1 for p in range(POWERS) if m >> p & 1) for m in range(1 << POWERS)],
               np.int32)
COUNT = np.array([bin(m).count("1") for m in range(1 << POWERS)], np.int32)
NTH_CARD = np.array([[[p for p in range(POWERS) if m >> p & 1][n] if n < bin(m).count("1") else -1
                      for n in range(POWERS)] for m in range(1 << POWERS)], np.int32)  # card index
#: r // n and r % n for r < 70 and n <= 7 (the random choice; a lookup is cheaper than a division)
QUOTIENT = np.array([[r // n if n else 0 for n in range(SLOTS + 1)] for r in range(NUM_ACTIONS)], np.int64)
REMAINDER = np.array([[r % n if n else 0 for n in range(SLOTS + 1)] for r in range(NUM_ACTIONS)], np.int64)
#: per action id its landmark slot and its card's bit; per card (1..10) its bit
SLOT_OF = np.array([a % SLOTS for a in range(NUM_ACTIONS)], np.int64)
BIT_OF = np.array([1 << (a // SLOTS) for a in range(NUM_ACTIONS)], np.int32)
CARD_BIT = np.array([0] + [1 << (c - 1) for c in range(1, POWERS + 1)], np.int32)
LOWEST = np.array([(m & -m).bit_length() - 1 for m in range(1 << POWERS)], np.int32)  # -1 for 0


def supported(hand: int = 1, landmarks: int = 7, match: bool = False, cards: int = POWERS) -> bool:
    """True for the variants this simulator plays: the rulebook's (not the research ones)."""
    return hand in (1, 3, 10) and landmarks in (7, 6, 5) and match in (False, True) and cards == POWERS


class Simulator:
    """Batched Córdoba with the engine's options; ``backend`` ``"numba"`` or ``"numpy"``.

    The step API works on a batch ``(S, R)`` from ``init``: ``to_move(S)``,
    ``legal_mask(S)``, ``step(S, R, actions)`` (rows whose game is over ignore their action),
    ``observe(S, seats)``, ``scores(S)`` and ``returns(S)``; ``act(S, R, policy)`` gives a
    policy's actions. ``play(seeds, policies)`` plays whole games.
    """

    game_id = "cordoba"

    def __init__(self, hand: int = 1, landmarks: int = 7, match: bool = False,
                 cards: int = POWERS, backend: str = "numba") -> None:
        if not supported(hand=hand, landmarks=landmarks, match=match, cards=cards):
            raise ValueError(f"no fast Córdoba variant hand={hand!r} landmarks={landmarks!r} "
                             f"match={match!r} cards={cards!r} (it plays the rulebook's "
                             "variants: full decks, 7, 6 or 5 landmarks)")
        self.options = {"hand": hand, "landmarks": landmarks, "match": match}
        self.backend = check(backend)
        self.hand = hand
        self.first = SLOTS - landmarks  # lowest slot in play
        self.games = 2 if match else 1
        self.num_actions = NUM_ACTIONS

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"fast.cordoba.Simulator({opts}, backend={self.backend!r})"

    # -- the step API ------------------------------------------------------------------
    def init(self, seeds) -> tuple[np.ndarray, np.ndarray]:
        """New games dealt from ``seeds`` exactly as ``game.new_state(seed)`` deals them."""
        rng = streams(seeds)
        S = np.zeros((len(rng), WIDTH), np.int32)
        if self.backend == "numba":
            _init_nb(S, rng, self.hand)
        else:
            _deal_np(S, rng, np.arange(len(S)), self.hand, np.zeros(len(S), np.int32))
        return S, rng

    def to_move(self, S: np.ndarray) -> np.ndarray:
        """The seat to move per game, -1 where it is over."""
        return S[:, CURRENT].copy()

    def legal_mask(self, S: np.ndarray) -> np.ndarray:
        """``(N, NUM_ACTIONS)`` bool: the legal ids of the seat to move (all False when over)."""
        hand = S[np.arange(len(S)), HAND + np.maximum(S[:, CURRENT], 0)]
        cards = (hand[:, None] >> np.arange(POWERS)) & 1
        slots = np.arange(SLOTS)
        open_ = (slots >= self.first) & (slots[None, :] != S[:, FORBIDDEN, None])
        mask = (cards[:, :, None] == 1) & open_[:, None, :]
        mask[S[:, CURRENT] < 0] = False
        return mask.reshape(len(S), NUM_ACTIONS)

    def step(self, S: np.ndarray, R: np.ndarray, actions) -> None:
        """Play ``actions[i]`` for the seat to move in game ``i`` (in place; legal ids only:
        check with ``legal_mask``). Games that are over, or given a negative action, are left
        as they are."""
        actions = np.asarray(actions, np.int64)
        if self.backend == "numba":
            _step_nb(S, R, actions, self.first, self.games, self.hand)
        else:
            rows = np.flatnonzero((S[:, CURRENT] >= 0) & (actions >= 0))
            _apply_np(S, R, rows, actions[rows], self)

    def act(self, S: np.ndarray, R: np.ndarray, policy: str) -> np.ndarray:
        """The action of ``policy`` (``"random"`` or ``"heuristic"``) in every game still
        running (-1 where over); ``random`` draws from the policy stream."""
        code = POLICY_CODES[policy]
        if self.backend == "numba":
            out = np.full(len(S), -1, np.int64)
            _act_nb(S, R, code, out, self.first, *_scratch())
            return out
        out = np.full(len(S), -1, np.int64)
        rows = np.flatnonzero(S[:, CURRENT] >= 0)
        out[rows] = (_random_np if code == RANDOM else _heuristic_np)(S, R, rows, self)
        return out

    def scores(self, S: np.ndarray) -> np.ndarray:
        """``(N, 2)`` scores as ``state.scores()``: finished games plus the board."""
        board = _board_scores_np(S, self.first)
        done = S[:, GAMES_DONE]
        past = np.zeros((len(S), 2), np.int64)
        for g in range(self.games):
            counted = g < np.where(S[:, CURRENT] >= 0, done, done - 1)
            past += np.where(counted[:, None], S[:, FINISHED + 2 * g:FINISHED + 2 * g + 2], 0)
        return past + board

    def returns(self, S: np.ndarray) -> np.ndarray:
        """``(N, 2)`` returns as ``state.returns()`` (zeros where the game is not over)."""
        scores = self.scores(S)
        out = np.where(scores[:, :1] > scores[:, 1:], [1.0, 0.0], [0.0, 1.0])
        tied = scores[:, 0] == scores[:, 1]
        out[tied] = 0.5
        if self.games == 1:
            winner = _tiebreak_winner_np(S, self.first)
            decided = tied & (winner >= 0)
            out[decided, 0] = (winner[decided] == 0).astype(float)
            out[decided, 1] = (winner[decided] == 1).astype(float)
        out[S[:, CURRENT] >= 0] = 0.0
        return out

    def observe(self, S: np.ndarray, seats) -> np.ndarray:
        """``(N, obs.OBSERVATION_SIZE)`` float32: ``game.encode_view(state.view(seats[i]))``
        of each game (layout table in ``games/cordoba/observation.py``)."""
        return _observe_np(S, np.asarray(seats, np.int64), self)

    # -- whole games -------------------------------------------------------------------
    def play(self, seeds, policies) -> dict[str, np.ndarray]:
        """Play one game per seed to the end; ``policies`` is ``(seat 0, seat 1)`` names or an
        ``(N, 2)`` array of codes (0 random, 1 heuristic) per game. Returns ``scores``,
        ``returns`` (``(N, 2)``), ``length`` (decisions per game) and ``rounds`` (a card from
        each seat is a round)."""
        n = len(seeds)
        codes = policy_codes(policies, n)
        length = np.full(n, PLAYS_PER_GAME * self.games, np.int32)
        if self.backend == "numba":  # each game dealt and played in one scratch row
            scores, returns = np.zeros((n, 2), np.int64), np.zeros((n, 2))
            _play_nb(streams(seeds), codes, self.first, self.games, self.hand, scores, returns,
                     np.zeros(WIDTH, np.int32), *_scratch())
            return {"scores": scores, "returns": returns, "length": length, "rounds": length // 2}
        else:
            S, R = self.init(seeds)
            _play_np(S, R, codes, self)
        return {"scores": self.scores(S), "returns": self.returns(S), "length": length,
                "rounds": length // 2}


# -- numba: one game at a time, compiled ----------------------------------------------------
def _scratch() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic's scratch (``mine``, ``theirs``, ``base`` per landmark slot)."""
    return np.zeros(SLOTS, np.int64), np.zeros(SLOTS), np.zeros(SLOTS)


@njit
def _deal_nb(s, rng, i, hand_size, start):
    """Rule 2, as ``CordobaState._deal``: each seat shuffles its deck and draws."""
    for seat in range(2):
        base = DECK + POWERS * seat
        for c in range(POWERS):
            s[base + c] = c + 1
        for j in range(POWERS - 1, 0, -1):
            k = below(rng, i, 0, j + 1)
            t = s[base + j]
            s[base + j] = s[base + k]
            s[base + k] = t
        bits = 0
        for c in range(POWERS - hand_size, POWERS):
            bits |= 1 << (s[base + c] - 1)
        s[HAND + seat] = bits
        s[DECK_LEN + seat] = POWERS - hand_size
    for k in range(2 * SLOTS):
        s[PILE + k] = 0
    for k in range(SLOTS):
        s[FACE_UP + k] = 0
    s[FORBIDDEN] = -1
    s[START] = start
    s[CURRENT] = start
    s[PLAYED] = 0


@kernel
def _init_nb(S, rng, hand_size):
    for i in range(S.shape[0]):
        _deal_nb(S[i], rng, i, hand_size, 0)


@njit
def _board_nb(s, first):
    """Rule 7 and 8: landmark values controlled on the board, per seat."""
    a0 = 0
    a1 = 0
    for k in range(first, SLOTS):
        x = SUM[s[PILE + 2 * k]]
        y = SUM[s[PILE + 2 * k + 1]]
        if x > y:
            a0 += k + 1
        elif y > x:
            a1 += k + 1
        elif x > 0:
            if s[START] == 0:
                a0 += k + 1
            else:
                a1 += k + 1
    return a0, a1


@njit_inline
def _apply_nb(s, rng, i, action, first, games, hand_size):
    seat = s[CURRENT]
    card = action // SLOTS + 1
    k = action % SLOTS
    bit = 1 << (card - 1)
    s[HAND + seat] &= ~bit
    s[PILE + 2 * k + seat] |= bit
    if s[PILE + 2 * k + 1 - seat] != 0:
        s[FACE_UP + k] = 1  # rule 6
    left = s[DECK_LEN + seat]
    if left > 0:  # rule 3
        s[HAND + seat] |= 1 << (s[DECK + POWERS * seat + left - 1] - 1)
        s[DECK_LEN + seat] = left - 1
    s[FORBIDDEN] = k
    s[CURRENT] = 1 - seat
    s[PLAYED] += 1
    if s[PLAYED] == PLAYS_PER_GAME:  # rule 8 and 9
        a0, a1 = _board_nb(s, first)
        g = s[GAMES_DONE]
        s[FINISHED + 2 * g] = a0
        s[FINISHED + 2 * g + 1] = a1
        s[GAMES_DONE] = g + 1
        if g + 1 < games:
            _deal_nb(s, rng, i, hand_size, 1 - s[START])
        else:
            s[CURRENT] = -1


@kernel
def _step_nb(S, rng, actions, first, games, hand_size):
    for i in range(S.shape[0]):
        if S[i, CURRENT] >= 0 and actions[i] >= 0:
            _apply_nb(S[i], rng, i, actions[i], first, games, hand_size)


@njit_inline
def _random_nb(s, rng, i, first):
    """The r-th legal id in id order (card-major), r uniform: the card is the (r // open)-th
    of the hand, the landmark the (r % open)-th open slot."""
    hand = s[HAND + s[CURRENT]]
    forbidden = s[FORBIDDEN]
    open_ = SLOTS - first - (1 if forbidden >= first else 0)
    r = below(rng, i, 1, COUNT[hand] * open_)
    for _ in range(QUOTIENT[r, open_]):
        hand &= hand - 1  # drop the lowest card
    k = first + REMAINDER[r, open_]
    if forbidden >= first and k >= forbidden:
        k += 1
    return LOWEST[hand] * SLOTS + k


@njit
def _control(mine, theirs, tie_edge, spread, others_left):
    if mine == 0 and theirs == 0:
        return 0.5 if others_left else 0.0
    margin = mine - theirs + tie_edge
    return 1.0 / (1.0 + np.exp(-margin / spread))


@njit
def _heuristic_nb(s, first, mine, theirs, base):
    """`CordobaHeuristic.act` on the view of the seat to move (``mine``, ``theirs``, ``base``:
    scratch arrays of 7)."""
    me = s[CURRENT]
    other = 1 - me
    known_sum = 0
    known_count = 0
    for k in range(first, SLOTS):
        if s[FACE_UP + k]:
            known_sum += SUM[s[PILE + 2 * k + other]]
            known_count += COUNT[s[PILE + 2 * k + other]]
    unseen = POWERS - known_count
    mean_hidden = (TOTAL_POWER - known_sum) / unseen if unseen else 0.0
    others_left = COUNT[s[HAND + other]] + s[DECK_LEN + other]
    spread = SPREAD + SPREAD_PER_CARD * np.sqrt(others_left + 1)
    tie_edge = TIE_EDGE if s[START] == me else -TIE_EDGE
    for k in range(first, SLOTS):
        mine[k] = SUM[s[PILE + 2 * k + me]]
        pile = s[PILE + 2 * k + other]
        if s[FACE_UP + k]:
            theirs[k] = SUM[pile]
        else:
            t = 0.0
            for _ in range(COUNT[pile]):
                t += mean_hidden
            theirs[k] = t
        base[k] = _control(mine[k], theirs[k], tie_edge, spread, others_left)
    hand = s[HAND + me]
    best = -1
    best_score = -np.inf
    for c in range(POWERS):
        if hand >> c & 1:
            for k in range(first, SLOTS):
                if k != s[FORBIDDEN]:
                    gain = (k + 1) * (_control(mine[k] + c + 1, theirs[k], tie_edge, spread,
                                               others_left) - base[k])
                    score = gain - CARD_COST * (c + 1)
                    if score > best_score:
                        best = c * SLOTS + k
                        best_score = score
    return best


@kernel
def _act_nb(S, rng, code, out, first, mine, theirs, base):
    for i in range(S.shape[0]):
        if S[i, CURRENT] >= 0:
            if code == RANDOM:
                out[i] = _random_nb(S[i], rng, i, first)
            else:
                out[i] = _heuristic_nb(S[i], first, mine, theirs, base)


@kernel
def _play_nb(rng, codes, first, games, hand_size, scores, returns, s, mine, theirs, base):
    """Deal and play game ``i`` from ``rng[i]`` for every ``i``, in the scratch row ``s`` (no
    batch matrix: nothing leaves the cache); write ``scores`` and ``returns`` (``(N, 2)``)."""
    for i in range(rng.shape[0]):
        s[GAMES_DONE] = 0
        _deal_nb(s, rng, i, hand_size, 0)
        while s[CURRENT] >= 0:
            if codes[i, s[CURRENT]] == RANDOM:
                action = _random_nb(s, rng, i, first)
            else:
                action = _heuristic_nb(s, first, mine, theirs, base)
            _apply_nb(s, rng, i, action, first, games, hand_size)
        _result_nb(s, first, games, scores[i], returns[i])


@njit
def _result_nb(s, first, games, scores, returns):
    """The scores and returns of a finished game (rules 8 and 9)."""
    a0 = 0
    a1 = 0
    for g in range(games):
        a0 += s[FINISHED + 2 * g]
        a1 += s[FINISHED + 2 * g + 1]
    scores[0] = a0
    scores[1] = a1
    returns[0] = 1.0 if a0 > a1 else 0.0
    returns[1] = 1.0 if a1 > a0 else 0.0
    if a0 == a1:
        returns[0] = returns[1] = 0.5
        if games == 1:
            for k in range(first, SLOTS):  # the lowest controlled landmark decides
                x = SUM[s[PILE + 2 * k]]
                y = SUM[s[PILE + 2 * k + 1]]
                if x != y or x > 0:
                    winner = 0 if x > y else 1 if y > x else s[START]
                    returns[0] = 1.0 if winner == 0 else 0.0
                    returns[1] = 1.0 - returns[0]
                    break


# -- numpy: the same rules vectorised over the games ------------------------------------------
def _deal_np(S, rng, rows, hand_size, start) -> None:
    for seat in range(2):
        deck = np.tile(np.arange(1, POWERS + 1, dtype=np.int32), (len(rows), 1))
        for j in range(POWERS - 1, 0, -1):
            k = below_np(rng, rows, 0, j + 1)
            at = np.arange(len(rows))
            top = deck[at, j].copy()
            deck[at, j] = deck[at, k]
            deck[at, k] = top
        S[rows, DECK + POWERS * seat:DECK + POWERS * (seat + 1)] = deck
        S[rows, HAND + seat] = ((1 << (deck[:, POWERS - hand_size:] - 1)).sum(axis=1))
        S[rows, DECK_LEN + seat] = POWERS - hand_size
    S[rows, PILE:PILE + 2 * SLOTS] = 0
    S[rows, FACE_UP:FACE_UP + SLOTS] = 0
    S[rows, FORBIDDEN] = -1
    S[rows, START] = start
    S[rows, CURRENT] = start
    S[rows, PLAYED] = 0


def _board_scores_np(S, first) -> np.ndarray:
    out = np.zeros((len(S), 2), np.int64)
    for k in range(first, SLOTS):
        x, y = SUM[S[:, PILE + 2 * k]], SUM[S[:, PILE + 2 * k + 1]]
        tie = (x == y) & (x > 0)
        out[:, 0] += (k + 1) * ((x > y) | (tie & (S[:, START] == 0)))
        out[:, 1] += (k + 1) * ((y > x) | (tie & (S[:, START] == 1)))
    return out


def _tiebreak_winner_np(S, first) -> np.ndarray:
    """Rule 8: the controller of the lowest controlled landmark, -1 if none is controlled."""
    winner = np.full(len(S), -1, np.int64)
    for k in range(SLOTS - 1, first - 1, -1):  # from the top down: the lowest one wins
        x, y = SUM[S[:, PILE + 2 * k]], SUM[S[:, PILE + 2 * k + 1]]
        owner = np.where(x > y, 0, np.where(y > x, 1, np.where(x > 0, S[:, START], -1)))
        winner = np.where(owner >= 0, owner, winner)
    return winner


def _apply_np(S, rng, rows, actions, sim: Simulator) -> None:
    flat = S.reshape(-1)  # a view: one flat index per cell is cheaper than (row, column) pairs
    base = rows * WIDTH
    seat = flat[base + CURRENT]
    k = actions % SLOTS
    bit = (1 << (actions // SLOTS)).astype(np.int32)
    hand = base + HAND + seat
    flat[hand] &= ~bit
    pile = base + PILE + 2 * k + seat
    flat[pile] |= bit
    reveal = flat[pile + 1 - 2 * seat] != 0  # rule 6
    flat[(base + FACE_UP + k)[reveal]] = 1
    left_at = base + DECK_LEN + seat
    left = flat[left_at]
    draw = left > 0  # rule 3
    top = flat[(base + DECK + POWERS * seat + left - 1)[draw]]
    flat[hand[draw]] |= 1 << (top - 1)
    flat[left_at[draw]] -= 1
    flat[base + FORBIDDEN] = k
    flat[base + CURRENT] = 1 - seat
    played = flat[base + PLAYED] + 1
    flat[base + PLAYED] = played
    ended = rows[played == PLAYS_PER_GAME]
    if ended.size:  # rules 8 and 9
        board = _board_scores_np(S[ended], sim.first)
        g = S[ended, GAMES_DONE]
        S[ended, FINISHED + 2 * g] = board[:, 0]
        S[ended, FINISHED + 2 * g + 1] = board[:, 1]
        S[ended, GAMES_DONE] = g + 1
        again = ended[g + 1 < sim.games]
        S[ended[g + 1 >= sim.games], CURRENT] = -1
        if again.size:
            _deal_np(S, rng, again, sim.hand, 1 - S[again, START])


def _play_np(S, rng, codes, sim: Simulator) -> None:
    """``play``'s loop: all games move in step (the same seat to move, the same deck sizes, the
    same end), so each step works on whole columns."""
    base = np.arange(len(S)) * WIDTH
    everyone = np.arange(len(S))
    for _ in range(PLAYS_PER_GAME * sim.games):
        seat = int(S[0, CURRENT])
        code = codes[:, seat]
        if not code.any():  # all random
            actions = _random_all_np(S, rng, seat, sim.first)
        else:
            actions = np.empty(len(S), np.int64)
            for c, policy in ((RANDOM, _random_np), (HEURISTIC, _heuristic_np)):
                pick = np.flatnonzero(code == c)
                if pick.size:
                    actions[pick] = policy(S, rng, pick, sim)
        _apply_all_np(S, rng, everyone, base, actions, seat, sim)


def _apply_all_np(S, rng, rows, base, actions, seat: int, sim: Simulator) -> None:
    """``_apply_np`` for every game at once, ``seat`` to move in all of them."""
    flat = S.reshape(-1)
    k = SLOT_OF[actions]
    bit = BIT_OF[actions]
    hand = S[:, HAND + seat] & ~bit
    pile = base + (PILE + seat) + 2 * k
    flat[pile] |= bit
    flat[base + FACE_UP + k] |= flat[pile + (1 - 2 * seat)] != 0  # rule 6
    left = int(S[0, DECK_LEN + seat])
    if left > 0:  # rule 3
        hand |= CARD_BIT[S[:, DECK + POWERS * seat + left - 1]]
        S[:, DECK_LEN + seat] = left - 1
    S[:, HAND + seat] = hand
    S[:, FORBIDDEN] = k
    S[:, CURRENT] = 1 - seat
    S[:, PLAYED] += 1
    if S[0, PLAYED] == PLAYS_PER_GAME:  # rules 8 and 9
        board = _board_scores_np(S, sim.first)
        g = int(S[0, GAMES_DONE])
        S[:, FINISHED + 2 * g:FINISHED + 2 * g + 2] = board
        S[:, GAMES_DONE] = g + 1
        if g + 1 < sim.games:
            _deal_np(S, rng, rows, sim.hand, 1 - S[:, START])
        else:
            S[:, CURRENT] = -1


def _random_all_np(S, rng, seat: int, first: int) -> np.ndarray:
    """``_random_np`` for every game at once, ``seat`` to move in all of them."""
    hand = S[:, HAND + seat]
    forbidden = S[:, FORBIDDEN]
    skip = forbidden >= first
    open_ = (SLOTS - first) - skip
    r = below_np(rng, slice(None), 1, COUNT[hand] * open_)
    k = first + REMAINDER[r, open_]
    k += skip & (k >= forbidden)
    return NTH_CARD[hand, QUOTIENT[r, open_]] * SLOTS + k


def _random_np(S, rng, rows, sim: Simulator) -> np.ndarray:
    """``_random_nb`` for many games: the card is the (r // open)-th of the hand, the
    landmark the (r % open)-th open slot."""
    flat = S.reshape(-1)
    base = rows * WIDTH
    hand = flat[base + HAND + flat[base + CURRENT]]
    forbidden = flat[base + FORBIDDEN]
    open_ = SLOTS - sim.first - (forbidden >= sim.first)
    r = below_np(rng, rows, 1, COUNT[hand] * open_)
    k = sim.first + r % open_
    k += (forbidden >= sim.first) & (k >= forbidden)
    return NTH_CARD[hand, r // open_] * SLOTS + k


def _heuristic_np(S, rng, rows, sim: Simulator) -> np.ndarray:
    s = S[rows]
    n = len(rows)
    at = np.arange(n)
    me = s[:, CURRENT]
    other = 1 - me
    slots = np.arange(SLOTS)
    mine_bits = s[at[:, None], PILE + 2 * slots[None, :] + me[:, None]]
    their_bits = s[at[:, None], PILE + 2 * slots[None, :] + other[:, None]]
    up = s[:, FACE_UP:FACE_UP + SLOTS] == 1
    known_sum = np.where(up, SUM[their_bits], 0).sum(axis=1)
    unseen = POWERS - np.where(up, COUNT[their_bits], 0).sum(axis=1)
    mean_hidden = np.where(unseen > 0, (TOTAL_POWER - known_sum) / np.maximum(unseen, 1), 0.0)
    others_left = COUNT[s[at, HAND + other]] + s[at, DECK_LEN + other]
    spread = SPREAD + SPREAD_PER_CARD * np.sqrt(others_left + 1)
    tie_edge = np.where(s[:, START] == me, TIE_EDGE, -TIE_EDGE)
    mine = SUM[mine_bits].astype(np.int64)
    hidden = np.zeros((n, SLOTS))
    counts = COUNT[their_bits]
    for j in range(POWERS):  # summed one card at a time, as the agent sums its view
        hidden = np.where(counts > j, hidden + mean_hidden[:, None], hidden)
    theirs = np.where(up, SUM[their_bits], hidden)

    def control(mine_, theirs_):
        per_game = (-1,) + (1,) * (mine_.ndim - 1)  # broadcast the per-game values
        margin = mine_ - theirs_ + tie_edge.reshape(per_game)
        value = 1.0 / (1.0 + np.exp(-margin / spread.reshape(per_game)))
        empty = (mine_ == 0) & (theirs_ == 0)
        return np.where(empty, np.where(others_left > 0, 0.5, 0.0).reshape(per_game), value)

    base = control(mine, theirs)
    powers = np.arange(1, POWERS + 1)
    extra = control(mine[:, None, :] + powers[None, :, None], theirs[:, None, :])  # (n, 10, 7)
    gain = (slots + 1)[None, None, :] * (extra - base[:, None, :])
    score = (gain - CARD_COST * powers[None, :, None]).reshape(n, NUM_ACTIONS)
    score[~sim.legal_mask(s)] = -np.inf
    return np.argmax(score, axis=1)


def _observe_np(S, seats, sim: Simulator) -> np.ndarray:
    n = len(S)
    at = np.arange(n)
    me, other = seats, 1 - seats
    over = S[:, CURRENT] < 0
    out = np.zeros((n, obs.OBSERVATION_SIZE), np.float32)
    out[:, 0] = S[:, START] == me
    out[:, 1] = S[:, CURRENT] == me
    out[:, 2] = S[:, GAMES_DONE] + (~over) == 2
    out[:, 3] = sim.games == 2
    out[:, 4] = over
    for k in range(sim.first, SLOTS):
        base = obs.HEADER + obs.SLOT * k
        mine, theirs = S[at, PILE + 2 * k + me], S[at, PILE + 2 * k + other]
        up = S[:, FACE_UP + k] == 1
        x, y = SUM[S[:, PILE + 2 * k]], SUM[S[:, PILE + 2 * k + 1]]
        owner = np.where(x > y, 0, np.where(y > x, 1, np.where(x > 0, S[:, START], -1)))
        out[:, base] = 1.0
        out[:, base + 1] = up
        out[:, base + 2] = S[:, FORBIDDEN] == k
        out[:, base + 3] = owner == me
        out[:, base + 4] = owner == other
        out[:, base + 5] = COUNT[mine] / POWERS
        out[:, base + 6] = COUNT[theirs] / POWERS
        out[:, base + 7] = SUM[mine] / obs.MAX_TOTAL
        seen = np.where(up | over, theirs, 0)
        out[:, base + 8] = SUM[seen] / obs.MAX_TOTAL
        out[:, obs.MINE_ON_BOARD:obs.MINE_ON_BOARD + POWERS] += (mine[:, None] >> np.arange(POWERS)) & 1
        out[:, obs.OTHERS_FACE_UP:obs.OTHERS_FACE_UP + POWERS] += (seen[:, None] >> np.arange(POWERS)) & 1
    hand = np.where(over, 0, S[at, HAND + me])
    out[:, obs.HAND:obs.HAND + POWERS] = (hand[:, None] >> np.arange(POWERS)) & 1
    for j, s in enumerate((me, other)):
        out[:, obs.COUNTS + j] = COUNT[S[at, HAND + s]] / POWERS
        out[:, obs.COUNTS + 2 + j] = S[at, DECK_LEN + s] / POWERS
    board = _board_scores_np(S, sim.first)
    out[:, obs.COUNTS + 4] = board[at, me] / obs.MAX_GAME_SCORE
    out[:, obs.COUNTS + 5] = board[at, other] / obs.MAX_GAME_SCORE
    past = np.zeros((n, 2))
    done = np.where(over, S[:, GAMES_DONE] - 1, S[:, GAMES_DONE])
    for g in range(sim.games):
        past += np.where((g < done)[:, None], S[:, FINISHED + 2 * g:FINISHED + 2 * g + 2], 0)
    out[:, obs.COUNTS + 6] = past[at, me] / (2 * obs.MAX_GAME_SCORE)
    out[:, obs.COUNTS + 7] = past[at, other] / (2 * obs.MAX_GAME_SCORE)
    return out
