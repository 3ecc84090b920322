"""Córdoba's terminal board: the control column stays in place however long a row of cards."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

import mezquita
from mezquita.games.cordoba.render import NAME_WIDTH


@pytest.mark.parametrize("lang", ["en", "es", "ca", "de"])
def test_the_control_column_is_clear_of_long_card_rows(lang):
    game = mezquita.load("cordoba", hand=3)
    state, rng = game.new_state(3), random.Random(3)
    longest = 0
    while state.to_move():
        for seat in (0, 1):
            lines = Text.from_markup(game.render_text(state.view(seat), lang)).plain.splitlines()
            rows = [line for line in lines if re.match(r"[1-7] \S", line)]
            assert len(rows) == 7
            assert all(row[NAME_WIDTH - 1] == " " and row[NAME_WIDTH] != " " for row in rows)
            longest = max(longest, *(len(row) for row in rows))
        # pile cards onto the first landmark so that one row grows long
        legal = state.legal_actions()
        first = [a for a in legal if game.action_to_json(a)["landmark"] == 1]
        state.apply(state.to_move()[0], (first or legal)[0] if rng.random() < 0.8 else rng.choice(legal))
    assert longest > NAME_WIDTH + 30  # a long row was drawn


def test_defect_10_every_log_entry_starts_in_upper_case():
    """Issue 28, defect 10: every entry of a two-game match's log (reveals and game ends
    included) begins with a capital letter, in every language."""
    game = mezquita.load("cordoba", match=True)
    st = game.new_state(4)
    rng = random.Random(4)
    while not st.is_terminal():
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    kinds = {e["do"] for e in st.log(None)}
    assert {"reveal", "game_end"} <= kinds
    for lang in ("en", "es", "ca", "de"):
        for entry in st.log(None):
            text = game.event_text(entry, lang, ["Anna", "Bruno"])
            assert text[0].isupper(), (lang, text)
