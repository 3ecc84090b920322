"""The conformance suite must fail on a game that leaks hidden values or mishandles errors."""

import pytest

import mezquita
from mezquita.engine.conformance import check_game
from mezquita.games.cordoba import CordobaGame, CordobaState


class LeakyState(CordobaState):
    def _view(self, seat, full):
        view = super()._view(seat, full)
        view["opponent_hand"] = self.hands[1 - seat] if seat is not None else []
        return view


class LeakyGame(CordobaGame):
    state_class = LeakyState


def test_a_view_that_leaks_the_opponent_hand_is_caught():
    with pytest.raises(AssertionError, match="resample for seat"):
        check_game(LeakyGame(), seeds=range(1))


def test_the_real_game_passes():
    assert check_game(mezquita.load("cordoba"), seeds=range(1)) == 20


def test_a_rules_change_that_breaks_replay_or_views_is_caught():
    class ForgetfulState(CordobaState):
        pass

    # A field left out of the JSON form (the engine refuses ``fields`` in a class body).
    ForgetfulState.fields = tuple(f for f in CordobaState.fields if f != "played")

    class ForgetfulGame(CordobaGame):
        state_class = ForgetfulState

    with pytest.raises((AssertionError, AttributeError)):
        check_game(ForgetfulGame(), seeds=range(1))


def test_a_belief_that_rules_out_a_possible_world_is_caught():
    class DogmaticGame(CordobaGame):
        belief = staticmethod(lambda world, seat: lambda candidate: 0.0)

    with pytest.raises(AssertionError, match="belief weighs a world"):
        check_game(DogmaticGame(), seeds=range(1))


def test_a_log_entry_that_shows_a_face_down_card_is_caught():
    class TellingState(CordobaState):
        def _public_event(self, event, viewer):
            return dict(event)  # every card, face down or not

    class TellingGame(CordobaGame):
        state_class = TellingState

    with pytest.raises(AssertionError, match="changed its log"):
        check_game(TellingGame(), seeds=range(1))


def test_a_move_text_that_reads_more_than_its_entry_is_caught():
    class GossipGame(CordobaGame):
        def event_text(self, entry, lang="en", names=None):
            return f"{entry['seat']} played; turn {entry['turn']}; {sorted(entry.items())}"

    class GossipState(CordobaState):
        def _public_event(self, event, viewer):
            entry = super()._public_event(event, viewer)
            other = self.hands[1 - viewer] if viewer is not None else []
            entry["secret"] = other[0] if other else 0
            return entry

    GossipGame.state_class = GossipState
    with pytest.raises(AssertionError, match=r"changed its log|move text"):
        check_game(GossipGame(), seeds=range(2))


def test_a_game_that_hides_something_at_the_end_is_caught():
    class CoyState(CordobaState):
        def _view(self, seat, full):
            return super()._view(seat, False)

    class CoyGame(CordobaGame):
        state_class = CoyState

    with pytest.raises(AssertionError, match="at the end"):
        check_game(CoyGame(), seeds=range(1))


def test_a_breakdown_that_disagrees_with_the_scores_is_caught():
    class SloppyState(CordobaState):
        def _breakdown(self, lang, names):
            table = super()._breakdown(lang, names)
            table["totals"] = [t + 1 for t in table["totals"]]
            return table

    class SloppyGame(CordobaGame):
        state_class = SloppyState

    with pytest.raises(AssertionError, match="breakdown totals"):
        check_game(SloppyGame(), seeds=range(1))
