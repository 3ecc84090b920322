"""The model's named values: enums whose values the state's JSON form holds and whose keys
views and events show."""

import json
import random

import mezquita
from mezquita.games.citadels.model import CallStatus, DraftStep, PendingKind, Phase


def test_views_show_the_keys_of_the_named_values():
    assert [p.key for p in Phase] == ["draft", "turns", "over"]
    assert [s.key for s in DraftStep] == ["pick", "discard"]
    assert CallStatus.MURDERED.key == "murdered" and PendingKind.KEEP_DRAWN.key == "keep_drawn"
    st = mezquita.load("citadels", players=4).new_state(1)
    assert st.phase is Phase.DRAFT and st.view(0)["phase"] == "draft"
    assert st.view(st.to_move()[0])["draft"]["kind"] == "pick"


def test_a_state_read_from_its_json_holds_the_enums_again():
    """The JSON form holds plain ints; read back, the phase and the pending decisions'
    kinds are enum members again, and the state goes on as before."""
    game = mezquita.load("citadels", players=4, dark_city="all")
    rng = random.Random(3)
    st = game.new_state(3)
    kinds = set()
    while st.to_move() and len(kinds) < 4:
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
        text = json.dumps(st.to_json())
        assert f'"phase": {st.phase.value}' in text
        again = game.state_from_json(json.loads(text))
        assert type(again.phase) is Phase
        assert all(type(p.kind) is PendingKind for p in again.pending)
        assert again.view(seat) == st.view(seat) and again.to_json() == st.to_json()
        kinds.update(p.kind for p in st.pending)
    assert len(kinds) == 4  # several kinds of pending decisions went through the JSON form
