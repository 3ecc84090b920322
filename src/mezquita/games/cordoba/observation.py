"""Córdoba's observation encoding: one seat's view as a flat vector of 106 floats in [0, 1].

Built from ``state.view(seat)`` only, so it cannot leak hidden cards (`encode_state` reads the
same vector from the state, for the adapters' every step). It is egocentric:
"me" is the viewing seat (seat 0 for a spectator, whose own cards are unknown) and "other"
the opponent. Landmark slots are by value 1..7 in every variant, so one trained policy reads
all variants; a landmark not in play has an all-zero slot.

==========  ===========================================================================
index       meaning
==========  ===========================================================================
0           I am the start player of the current game (I win ties)
1           it is my turn
2           this is the second game of a match
3           the game is a two-game match
4           the game is over
5 + 9*k     landmark of value k+1 is in play                      (k = 0..6, 9 per slot)
6 + 9*k     its cards are face up
7 + 9*k     it is forbidden to the player to move (the opponent just played there)
8 + 9*k     I control it
9 + 9*k     the other seat controls it
10 + 9*k    number of my cards there / 10
11 + 9*k    number of the other seat's cards there / 10
12 + 9*k    total power of my cards there / 55
13 + 9*k    total power of the other seat's face-up cards there / 55
68..77      power 1..10 is in my hand
78..87      power 1..10 is on the board on my side (face up or down)
88..97      power 1..10 of the other seat is face up on the board
98, 99      cards in hand / 10: mine, the other seat's
100, 101    cards in deck / 10: mine, the other seat's
102, 103    landmark value controlled in this game / 28: mine, the other seat's
104, 105    scores of finished games of the match / 56: mine, the other seat's
==========  ===========================================================================
"""

from __future__ import annotations

NUM_POWERS = 10
NUM_LANDMARKS = 7
SLOT = 9
HEADER = 5
HAND = HEADER + SLOT * NUM_LANDMARKS  # 68
MINE_ON_BOARD = HAND + NUM_POWERS  # 78
OTHERS_FACE_UP = MINE_ON_BOARD + NUM_POWERS  # 88
COUNTS = OTHERS_FACE_UP + NUM_POWERS  # 98
OBSERVATION_SIZE = COUNTS + 8  # 106

MAX_TOTAL = sum(range(1, NUM_POWERS + 1))  # 55: a whole deck at one landmark
MAX_GAME_SCORE = sum(range(1, NUM_LANDMARKS + 1))  # 28: every landmark controlled


def observation_size(game) -> int:
    """Length of `encode_view`'s vector (the same for every option set)."""
    return OBSERVATION_SIZE


def encode_view(game, view: dict) -> list[float]:
    """The view of one seat (or a spectator) as the vector laid out in the module table."""
    me = view["seat"] if view["seat"] is not None else 0
    other = 1 - me
    out = [0.0] * OBSERVATION_SIZE
    out[0] = float(view["start_player"] == me)
    out[1] = float(me in view["to_move"])
    out[2] = float(view["game_number"] == 2)
    out[3] = float(view["games"] == 2)
    out[4] = float(view["terminal"])
    for lm in view["landmarks"]:
        base = HEADER + SLOT * (lm["value"] - 1)
        mine, theirs = lm["cards"][me], lm["cards"][other]
        out[base] = 1.0
        out[base + 1] = float(lm["face_up"])
        out[base + 2] = float(view["forbidden"] == lm["value"])
        out[base + 3] = float(lm["controller"] == me)
        out[base + 4] = float(lm["controller"] == other)
        out[base + 5] = len(mine) / NUM_POWERS
        out[base + 6] = len(theirs) / NUM_POWERS
        out[base + 7] = sum(c for c in mine if c is not None) / MAX_TOTAL
        out[base + 8] = sum(c for c in theirs if c is not None) / MAX_TOTAL
        for card in mine:
            if card is not None:
                out[MINE_ON_BOARD + card - 1] = 1.0
        for card in theirs:
            if card is not None:
                out[OTHERS_FACE_UP + card - 1] = 1.0
    for card in view["hand"] or ():
        out[HAND + card - 1] = 1.0
    out[COUNTS] = view["hand_sizes"][me] / NUM_POWERS
    out[COUNTS + 1] = view["hand_sizes"][other] / NUM_POWERS
    out[COUNTS + 2] = view["deck_sizes"][me] / NUM_POWERS
    out[COUNTS + 3] = view["deck_sizes"][other] / NUM_POWERS
    out[COUNTS + 4] = view["game_scores"][me] / MAX_GAME_SCORE
    out[COUNTS + 5] = view["game_scores"][other] / MAX_GAME_SCORE
    out[COUNTS + 6] = view["past_scores"][me] / (2 * MAX_GAME_SCORE)
    out[COUNTS + 7] = view["past_scores"][other] / (2 * MAX_GAME_SCORE)
    return out


# `encode_state`'s tables: a landmark's slot by its value, and the fractions it writes, each
# the same float as the division `encode_view` makes (a lookup is cheaper than a division)
_SLOT_OF_VALUE = tuple(HEADER + SLOT * (value - 1) for value in range(NUM_LANDMARKS + 1))
_TENTHS = tuple(k / NUM_POWERS for k in range(NUM_POWERS + 1))
_OF_MAX_TOTAL = tuple(k / MAX_TOTAL for k in range(MAX_TOTAL + 1))


def encode_state(game, state, seat: int | None, out) -> None:
    """`encode_view` of ``state.view(seat)`` read from the state, without building the view,
    written into ``out`` (zeroed: only the entries that are not 0 are written): a card counts
    only where the view shows it (face up, the seat's own, or the game over)."""
    me = seat if seat is not None else 0
    other = 1 - me
    current, start = state.current, state.start
    full = current < 0
    i_start = start == me
    if i_start:
        out[0] = 1.0
    if current == me:
        out[1] = 1.0
    if state.game_no + (not full) == 2:
        out[2] = 1.0
    if game.games_in_match == 2:
        out[3] = 1.0
    if full:
        out[4] = 1.0
    face_up, forbidden, tenths, of_total = state.face_up, state.forbidden, _TENTHS, _OF_MAX_TOTAL
    own_shown = full or seat is not None  # my cards face down: shown to me, and at the end
    my_score = other_score = 0  # rule 7 as in `CordobaState.controller`: the higher sum, ties to the start
    for index, (value, pile) in enumerate(zip(game.landmark_values, state.piles)):
        base = _SLOT_OF_VALUE[value]
        out[base] = 1.0
        mine, theirs = pile[me], pile[other]
        if not (mine or theirs):
            continue
        mine_total, theirs_total = sum(mine), sum(theirs)
        if mine_total > theirs_total or (mine_total == theirs_total and i_start):
            my_score += value
            out[base + 3] = 1.0
        else:
            other_score += value
            out[base + 4] = 1.0
        up = face_up[index]
        if up:
            out[base + 1] = 1.0
        if forbidden == index:
            out[base + 2] = 1.0
        if mine:
            out[base + 5] = tenths[len(mine)]
            if up or own_shown:
                out[base + 7] = of_total[mine_total]
                for card in mine:
                    out[MINE_ON_BOARD - 1 + card] = 1.0
        if theirs:
            out[base + 6] = tenths[len(theirs)]
            if up or full:
                out[base + 8] = of_total[theirs_total]
                for card in theirs:
                    out[OTHERS_FACE_UP - 1 + card] = 1.0
    hands, decks = state.hands, state.decks
    if seat is not None and not full:
        for card in hands[seat]:
            out[HAND - 1 + card] = 1.0
    out[COUNTS] = tenths[len(hands[me])]
    out[COUNTS + 1] = tenths[len(hands[other])]
    out[COUNTS + 2] = tenths[len(decks[me])]
    out[COUNTS + 3] = tenths[len(decks[other])]
    out[COUNTS + 4] = my_score / MAX_GAME_SCORE
    out[COUNTS + 5] = other_score / MAX_GAME_SCORE
    if game.games_in_match > 1:  # a single game has no past scores
        past = state._past_scores()
        out[COUNTS + 6] = past[me] / (2 * MAX_GAME_SCORE)
        out[COUNTS + 7] = past[other] / (2 * MAX_GAME_SCORE)
