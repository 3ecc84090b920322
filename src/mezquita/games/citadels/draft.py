"""Steps 1 and 2 of a round: remove characters, then draft them (spec §2.2).

The draft is a fixed ``plan`` of ``[seat, kind]`` steps (kind 0: keep one, kind 1: put one
face down), built from the player count and the Crown. Every step is logged with the pool
its seat saw, which is what that seat knows of the draft (and what ``resample`` keeps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import A
from .cards import CHAR_RANK

if TYPE_CHECKING:
    from .state import CitadelsState

PICK, DISCARD = 0, 1


def draft_plan(players: int, crown: int) -> list[list[int]]:
    """The draft steps of a round: 2 players alternate keeping and discarding, 3 players go
    round twice, 4-8 players go round once from the Crown to the left."""
    a, b, c = crown, (crown + 1) % players, (crown + 2) % players
    if players == 2:
        return [[a, PICK], [b, PICK], [b, DISCARD], [a, PICK], [a, DISCARD], [b, PICK]]
    if players == 3:
        return [[a, PICK], [b, PICK], [c, PICK]] * 2
    return [[(crown + i) % players, PICK] for i in range(players)]


def start_round(st: CitadelsState) -> None:
    """Shuffle the characters, remove one face down and some face up, start the draft."""
    game = st.game
    cards = list(game.characters)
    st.rng.shuffle(cards)
    st.fd_random = cards.pop()
    st.face_down = [st.fd_random]
    st.face_up = []
    for _ in range(game.face_up_count):
        # the rank-4 character is never removed face up: draw again among the others
        allowed = [i for i, c in enumerate(cards) if CHAR_RANK[c] != 4]
        st.face_up.append(cards.pop(allowed[st.rng.below(len(allowed))]))
    st.plan = draft_plan(game.num_players, st.crown)
    # 7-player rule (and 8 players with 9 characters): the last seat sees the face-down card
    st.swap_rule = len(cards) == len(st.plan)
    st.pool = sorted(cards)
    st.step = 0
    st.dlog = []
    st.chars = [[] for _ in range(game.num_players)]
    st.holder = [-1] * len(st.holder)
    st.phase = 0
    _prepare_step(st)


def _prepare_step(st: CitadelsState) -> None:
    if st.swap_rule and st.step == len(st.plan) - 1:
        st.pool.append(st.fd_random)
        st.pool.sort()
        st.face_down.remove(st.fd_random)


def legal_draft(st: CitadelsState) -> list[int]:
    """Keep or discard one card of the pool."""
    base = A["pick"] if st.plan[st.step][1] == PICK else A["discard_char"]
    return [base + c for c in st.pool]


def apply_draft(st: CitadelsState, seat: int, char: int, kind: int) -> None:
    """Play one draft step; after the last one the leftovers go face down and turns begin."""
    st.dlog.append([seat, kind, list(st.pool), char])
    st.pool.remove(char)
    if kind == PICK:
        st.chars[seat].append(char)
        st.holder[char] = seat
    else:
        st.face_down.append(char)
    st.step += 1
    if st.step < len(st.plan):
        _prepare_step(st)
        return
    st.face_down.extend(st.pool)
    st.pool = []
    from .turn import begin_calls

    begin_calls(st)
