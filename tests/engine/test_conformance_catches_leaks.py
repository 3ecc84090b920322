"""The conformance suite must fail on a game that leaks hidden values or mishandles errors."""

import pytest

import mezquita
from mezquita.engine.conformance import check_game
from mezquita.games.cordoba import CordobaGame, CordobaState


class LeakyState(CordobaState):
    def _view(self, seat):
        view = super()._view(seat)
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
        fields = tuple(f for f in CordobaState.fields if f != "log")

    class ForgetfulGame(CordobaGame):
        state_class = ForgetfulState

    with pytest.raises((AssertionError, AttributeError)):
        check_game(ForgetfulGame(), seeds=range(1))


def test_a_belief_that_rules_out_a_possible_world_is_caught():
    class DogmaticGame(CordobaGame):
        belief = staticmethod(lambda world, seat: lambda candidate: 0.0)

    with pytest.raises(AssertionError, match="belief weighs a world"):
        check_game(DogmaticGame(), seeds=range(1))
