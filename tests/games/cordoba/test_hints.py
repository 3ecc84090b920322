"""Córdoba's hint reasons (`games/cordoba/hints.py`): what a card does to its landmark's
control (rule 7), read from the mover's view only, in the four languages."""

from __future__ import annotations

import pytest

from mezquita.engine import LANGS

from .scenarios import action, position


def reason(state, card: int, landmark: int, lang: str = "en") -> str:
    game, seat = state.game, state.to_move()[0]
    return game.hint_reason(game, state.view(seat), game.to_action_id(action(card, landmark)), lang)


def test_an_empty_landmark_is_claimed_face_down():
    assert reason(position({}), 5, 7) == "claims Mosque-Cathedral (7) while nobody else is there (face down)"


def test_a_card_beside_ones_own_strengthens_the_hold():
    assert reason(position({6: ([3], [])}), 5, 6) == "strengthens your hold on Alcázar (6)"


def test_a_card_beside_face_down_cards_contests_without_guessing_them():
    state = position({5: ([], [9])})
    assert state.view(0)["landmarks"][4]["cards"][1] == [None]  # rule 5: the power is hidden
    assert reason(state, 5, 5) == "contests Roman Bridge (5): its cards turn face up"


def test_a_higher_total_takes_control_and_a_lower_one_says_how_far_short():
    assert reason(position({4: ([2], [6])}), 5, 4) == "takes control of City Walls (4)"
    assert reason(position({4: ([1], [9])}), 5, 4) == "closes in at City Walls (4): 3 short of control"


def test_a_tie_counts_for_the_start_player_only():
    """Rule 7: the start player wins a tie, so the other seat needs one more."""
    assert reason(position({3: ([1], [6])}, start=0), 5, 3) == "takes control of Caliphal Baths (3)"
    state = position({3: ([7], [1])}, start=0, hands=([5], [6]), current=1)
    assert reason(state, 6, 3) == "closes in at Caliphal Baths (3): 1 short of control"


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_exists_in_every_language(lang):
    cases = [(position({}), 7), (position({7: ([3], [])}), 7), (position({7: ([], [2])}), 7),
             (position({7: ([2], [3])}), 7), (position({7: ([1], [9])}), 7)]
    texts = {reason(state, 5, landmark, lang) for state, landmark in cases}
    assert len(texts) == 5 and all("(7)" in t for t in texts)
