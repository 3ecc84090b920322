"""Named difficulty levels: each game's declaration is a run of the shared vocabulary, every
level resolves in every game that offers it, within its time budget, and the names cannot be
confused with other agent names."""

from __future__ import annotations

import json
import random
import time

import pytest

from mezquita.agents import LEVELS, Turn, UnknownAgent, levels_of, make_agent, split_name
from mezquita.agents.blunder import Blunderer
from mezquita.agents.levels import (
    CAP_SECONDS,
    CORE_LEVELS,
    EXPERT_SECONDS,
    LevelError,
    check_levels,
    default_levels,
    make_level,
)
from mezquita.agents.registry import FACTORIES
from mezquita.arena.ladder import measure, play_one, robustness_rungs, rungs
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


def _timed_act(bot, turn: Turn) -> tuple[int, float]:
    """The bot's action and the CPU seconds it took: the promise is a second of one core, and
    a busy machine stretches the wall clock (which the levels' time cap bounds)."""
    start = time.process_time()
    action = bot.act(turn)
    return action, time.process_time() - start


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_level_resolves_and_answers_legally_within_its_budget(game_id):
    game = load(game_id, **LARGEST.get(game_id, {}))
    mapping = levels_of(game)
    for level in mapping:
        for state, seat in _positions(game, 2):
            bot = make_agent(level, game, 1)
            assert (bot.name, bot.spec) == (level, mapping[level])
            turn = Turn.of(state, seat)
            action, seconds = _timed_act(bot, turn)
            assert seconds < EXPERT_SECONDS, (game_id, level)
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
    with pytest.raises(UnknownAgent, match="takes no number"):
        make_agent("master-2", load("europa"))


@pytest.mark.parametrize(("names", "words"), [
    (["easy", "medium", "hard"], "no agent for level.*expert"),
    (["novice", "easy", "medium", "hard", "expert", "grandmaster"], "unknown level.*grandmaster"),
    (["easy", "medium", "hard", "expert", "beginner"], "a run of"),  # out of order
    (["medium", "easy", "hard", "expert"], "a run of"),
    (["beginner", "easy", "medium", "hard", "expert"], "a run of"),  # novice missing between
    (["easy", "medium", "hard", "expert", "expert"], "a run of"),
])
def test_a_declaration_must_be_a_run_of_the_vocabulary_holding_the_core_levels(names, words):
    with pytest.raises(LevelError, match=words):
        check_levels("test", names)


def test_a_game_offers_four_to_seven_levels_weakest_first():
    for names in (CORE_LEVELS, LEVELS, ("novice", *CORE_LEVELS), (*CORE_LEVELS, "master")):
        check_levels("test", list(names))
    seven = NimGame(stones=6)
    seven.levels = {name: "random" for name in LEVELS}
    assert list(levels_of(seven)) == list(LEVELS)
    seven.levels = {name: "random" for name in reversed(LEVELS)}
    with pytest.raises(LevelError, match="beginner"):
        levels_of(seven)


def test_europa_offers_seven_levels_and_a_game_refuses_a_level_it_does_not_offer():
    europa = load("europa")
    mapping = levels_of(europa)
    assert list(mapping) == list(LEVELS)
    assert (mapping["beginner"], mapping["master"]) == ("europa-homebody", "europa-navigator")
    sigmas = [make_agent(level, europa, 1).sigma for level in mapping]
    assert sigmas == sorted(sigmas, reverse=True) and sigmas[0] == 450 and sigmas[-1] == 40
    with pytest.raises(UnknownAgent, match=r"no level 'master' \(its levels: beginner, novice, "
                                           r"easy, medium, hard, expert\)"):
        make_agent("master", load("citadels"))


def test_the_lobby_offers_the_games_levels_first_in_order():
    for game_id in ("citadels", "europa"):
        levels = list(levels_of(load(game_id)))
        assert agent_names(load(game_id))[:len(levels) + 1] == [*levels, "random"]
    assert "master" not in agent_names(load("citadels"))


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
    assert levels_of(game)["easy"] == "random" and tuple(levels_of(game)) == CORE_LEVELS
    for level in CORE_LEVELS:
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
    assert rungs(game) == [("easy", "random"), ("medium", "easy"), ("hard", "medium"),
                           ("expert", "hard"), ("expert", "heuristic")]
    assert rungs(game, fixed_time=True) == [("mcts-0.1s", "heuristic"), ("mcts-1s", "heuristic")]


def test_the_ladder_does_not_repeat_a_rung_where_hard_is_the_heuristic():
    citadels, cortica, cordoba = load("citadels"), load("cortica"), load("cordoba")
    assert levels_of(citadels)["hard"] == "heuristic" != levels_of(cortica)["hard"]
    assert ("expert", "heuristic") not in rungs(citadels)
    assert ("master", "heuristic") in rungs(cortica)  # its Expert is a search
    assert rungs(cordoba, fixed_time=True) == [("ismcts-0.1s", "heuristic"), ("ismcts-1s", "heuristic")]


def test_a_ladder_of_seven_levels_climbs_from_random_through_every_pair_to_the_heuristic():
    assert rungs(load("europa")) == [
        ("beginner", "random"), ("novice", "beginner"), ("easy", "novice"), ("medium", "easy"),
        ("hard", "medium"), ("expert", "hard"), ("master", "expert"), ("master", "heuristic")]


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


def test_robustness_pits_the_top_level_against_those_below_plain_search_and_a_mixed_table():
    two, four = load("cordoba"), load("citadels", players=4)
    assert robustness_rungs(two) == [("master", o) for o in (
        "beginner", "novice", "easy", "medium", "hard", "expert", "ismcts-100", "ismcts-300",
        "ismcts-1000")]
    assert levels_of(four)["expert"] == "vismcts-1000"  # its plain search is in its pool
    assert [o for _, o in robustness_rungs(four)][5:] == ["ismcts-100", "ismcts-300",
                                                         "ismcts-1000", "hard+ismcts-300+medium"]
    assert robustness_rungs(load("cortica"))[6:] == [("master", f"mcts-{n}") for n in (100, 300, 1000)]
    assert robustness_rungs(load("citadels", players=7))[-1][1].split("+") == \
        ["hard", "ismcts-300", "medium"] * 2
    assert robustness_rungs(load("europa"))[:7] == [("master", o) for o in (
        "beginner", "novice", "easy", "medium", "hard", "expert", "ismcts-100")]
    rung = measure(four, "hard", "medium+random+easy", games=4, seed=2)
    assert rung.opponent_agent == "heuristic-20+random+heuristic-40"


def test_a_mixed_table_deals_its_agents_round_the_other_seats_turning_each_deal(monkeypatch):
    seated: list[str] = []
    real = make_level

    def record(name, game, seed=0, cap=True):
        seated.append(name)
        return real(name, game, seed, cap)

    monkeypatch.setattr("mezquita.arena.ladder.make_level", record)
    options = json.dumps({"players": 3, "stones": 5}, sort_keys=True)
    tables = {}
    for index in (0, 1, 3):  # deal 0 from seats 0 and 1, deal 1 from seat 0
        seated.clear()
        play_one("test-nim", options, "hard", "easy+medium", 7, index)
        assert seated.pop(index % 3) == "hard"
        tables[index] = list(seated)
    assert tables[0] == tables[1] == ["easy", "medium"]
    assert tables[3] == ["medium", "easy"]  # the next deal turns the table


def test_the_ladder_command_measures_robustness_against_the_pool(tmp_path):
    from typer.testing import CliRunner

    from mezquita.cli import app

    args = ["ladder", "test-nim", "--games", "2", "--robustness", "--only", "easy,mcts-100",
            "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "robustness-test-nim-2p.json").read_text())
    assert [(r["challenger"], r["opponent"]) for r in report["rungs"]] == [("expert", "easy"),
                                                                          ("expert", "mcts-100")]
    both = CliRunner().invoke(app, ["ladder", "test-nim", "--robustness", "--fixed-time"])
    assert both.exit_code != 0 and "choose one of" in both.output


def test_the_citadels_expert_searches_every_seats_moves_within_its_budget():
    """Citadels' Expert is ISMCTS that counts gold and cards in a cut playout (every seat's
    moves in its tree, no opponent model), capped in time, and answers within a second at 4
    players on draft and turn positions alike."""
    game = load("citadels", players=4)
    expert = make_level("expert", game, 3)
    assert expert.spec == "vismcts-1000" and expert._model is None
    assert expert._cut_scores is game.cut_scores
    assert expert.budget.seconds == CAP_SECONDS
    kinds = set()
    for state, seat in _positions(game, 6, seed=5):
        turn = Turn.of(state, seat)
        action, seconds = _timed_act(expert, turn)
        assert action in turn.legal and seconds < EXPERT_SECONDS
        kinds.add(game.actions.kind(turn.legal[0]).name)
    assert "pick" in kinds and len(kinds) > 1
