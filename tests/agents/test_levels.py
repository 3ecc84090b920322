"""Named difficulty levels: every level resolves in every game, within its time budget, and the
names cannot be confused with other agent names."""

from __future__ import annotations

import json
import random
import time

import pytest

from mezquita.agents import LEVELS, Turn, UnknownAgent, levels_of, make_agent, split_name
from mezquita.agents.blunder import Blunderer
from mezquita.agents.levels import CAP_SECONDS, EXPERT_SECONDS, default_levels, make_level
from mezquita.agents.registry import FACTORIES
from mezquita.arena.ladder import measure, rungs
from mezquita.engine import games, load
from mezquita.server.bots import agent_names

from .nim import NimGame

#: each game at its largest usual size (the Expert's 1 s promise is made there)
LARGEST = {"citadels": {"players": 4}}
GAME_IDS = [info.id for info in games()]


def _positions(game, count: int, seed: int = 3) -> list:
    """``count`` positions spread over one random game: (state, seat)."""
    rng = random.Random(seed)
    state, seen = game.new_state(seed), []
    while movers := state.to_move():
        seen.append((state.clone(), movers[0]))
        state.apply(movers[0], rng.choice(state.legal_actions(movers[0])))
    step = max(1, len(seen) // count)
    return [p for p in seen[step // 2::step] if len(p[0].legal_actions(p[1])) > 1][:count]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_level_resolves_and_answers_legally_within_its_budget(game_id):
    game = load(game_id, **LARGEST.get(game_id, {}))
    mapping = levels_of(game)
    assert list(mapping) == list(LEVELS)
    for level in LEVELS:
        for state, seat in _positions(game, 2):
            bot = make_agent(level, game, 1)
            assert (bot.name, bot.spec) == (level, mapping[level])
            turn = Turn.of(state, seat)
            start = time.perf_counter()
            action = bot.act(turn)
            assert time.perf_counter() - start < EXPERT_SECONDS, (game_id, level)
            assert action in turn.legal


def test_level_names_are_families_of_their_own():
    for level in LEVELS:
        assert split_name(level) == (level, None)
        assert level in FACTORIES
    other = {"random", "heuristic", "mcts", "ismcts", "alphabeta"}
    assert other <= set(FACTORIES) and not other & set(LEVELS)


def test_a_level_takes_no_number():
    with pytest.raises(UnknownAgent, match="takes no number"):
        make_agent("hard-3", load("cordoba"))


def test_the_lobby_offers_the_levels_first():
    assert agent_names(load("cortica"))[:4] == list(LEVELS)


def test_heuristic_n_plays_random_moves_at_that_share():
    game = load("cortica")
    state, seat = _positions(game, 1)[0]
    turn = Turn.of(state, seat)
    assert isinstance(make_agent("heuristic-30", game), Blunderer)
    pure = make_agent("heuristic", game, 5).act(turn)
    assert make_agent("heuristic-0", game, 5).act(turn) == pure
    chosen = {make_agent("heuristic-100", game, s).act(turn) for s in range(40)}
    assert len(chosen) > 1 and chosen <= set(turn.legal)
    for bad in ("heuristic-101", "heuristic-0.5s"):
        with pytest.raises(UnknownAgent, match="percent"):
            make_agent(bad, game)


def test_a_game_without_a_heuristic_or_levels_gets_the_defaults():
    game = NimGame(stones=6)
    assert levels_of(game) == default_levels(game)
    assert levels_of(game)["easy"] == "random"
    for level in LEVELS:
        assert make_agent(level, game).act(Turn.of(game.new_state(0), 0)) in (0, 1, 2)


def test_easy_makes_mistakes_that_medium_does_not():
    """Over the positions of a game, Easy differs from the heuristic it is made of."""
    game = load("cordoba")
    differs = 0
    for state, seat in _positions(game, 8):
        turn = Turn.of(state, seat)
        base = make_agent("heuristic", game, 2).act(turn)
        differs += any(make_agent("easy", game, s).act(turn) != base for s in range(6))
    assert differs > 0


def test_search_levels_are_capped_in_time_unless_measured_uncapped():
    game = load("cordoba")
    capped, free = make_level("expert", game), make_level("expert", game, cap=False)
    assert capped.budget.seconds == CAP_SECONDS < EXPERT_SECONDS
    assert free.budget.seconds is None
    assert capped.budget.iterations == free.budget.iterations
    wittig = make_agent("medium", load("cordoba-wittig"))
    assert not hasattr(wittig, "budget")  # the heuristic needs no cap


def test_a_ladder_rung_seats_the_challenger_everywhere_and_counts_its_returns():
    game = NimGame(players=3, stones=7)
    rung = measure(game, "hard", "random", games=5, seed=1)
    assert rung.games == 6  # rounded up to every seat twice
    assert rung.fair == pytest.approx(1 / 3)
    assert 0 <= rung.points <= rung.games and rung.ci95[0] <= rung.rate <= rung.ci95[1]
    assert rungs(game)[-1] == ("expert", "heuristic")
    assert rungs(game, fixed_time=True) == [("mcts-0.1s", "heuristic"), ("mcts-1s", "heuristic")]


def test_the_ladder_does_not_repeat_a_rung_where_hard_is_the_heuristic():
    citadels, cortica, cordoba = load("citadels"), load("cortica"), load("cordoba")
    assert levels_of(citadels)["hard"] == "heuristic" != levels_of(cortica)["hard"]
    assert ("expert", "heuristic") not in rungs(citadels)
    assert ("expert", "heuristic") in rungs(cortica)
    assert rungs(cordoba, fixed_time=True) == [("ismcts-0.1s", "heuristic"), ("ismcts-1s", "heuristic")]


def test_the_ladder_command_prints_the_table_and_writes_json(tmp_path):
    from typer.testing import CliRunner

    from mezquita.cli import app

    args = ["ladder", "test-nim", "--games", "4", "--only", "easy,medium", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "easy vs random:" in result.output and "medium vs easy:" in result.output
    report = json.loads((tmp_path / "ladder-test-nim-2p.json").read_text())
    assert [(r["challenger"], r["opponent"]) for r in report["rungs"]] == [("easy", "random"),
                                                                          ("medium", "easy")]
    assert all(r["games"] == 4 and r["capped"] for r in report["rungs"])


def test_the_citadels_expert_searches_every_seats_moves_within_its_budget():
    """Citadels' Expert is plain ISMCTS (every seat's moves in its tree, no opponent model),
    capped in time, and answers within a second at 4 players on draft and turn positions
    alike."""
    game = load("citadels", players=4)
    expert = make_level("expert", game, 3)
    assert expert.spec == "ismcts-1000" and expert._model is None
    assert expert.budget.seconds == CAP_SECONDS
    kinds = set()
    for state, seat in _positions(game, 6, seed=5):
        turn = Turn.of(state, seat)
        start = time.perf_counter()
        assert expert.act(turn) in turn.legal
        assert time.perf_counter() - start < EXPERT_SECONDS
        kinds.add(game.actions.kind(turn.legal[0]).name)
    assert "pick" in kinds and len(kinds) > 1
