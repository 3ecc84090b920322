"""``mezquita benchmark``: the versioned suite's seeds, determinism, intervals and the CLI."""

import json

import pytest
from typer.testing import CliRunner

import mezquita
from mezquita.agents import UnknownAgent
from mezquita.arena.benchmark import SUITE, agent_seed, benchmark, deal_seed
from mezquita.cli import app

runner = CliRunner()


def test_the_suite_derivation_is_pinned_to_its_version():
    # changing the derivation changes these numbers: bump SUITE with it (and docs/levels.md)
    assert SUITE == "mezquita-benchmark-v1"
    assert deal_seed("citadels", 4, 0) == 3780707715463835252
    assert agent_seed("citadels", 4, "agent", 0, 1) == 1660737807628161698
    assert deal_seed("citadels", 5, 0) != deal_seed("citadels", 4, 0) != deal_seed("citadels", 4, 1)


def test_same_suite_same_games_for_a_seeded_agent():
    game = mezquita.load("cordoba-wittig")
    first, second = (benchmark(game, "mcts-5", deals=2, opponents=("medium",)) for _ in range(2))
    assert first == second
    row = first["opponents"][0]
    assert row["games"] == 4 and first["games_per_opponent"] == 4  # 2 deals x 2 seats
    assert row["win_ci95"][0] <= row["win_rate"] <= row["win_ci95"][1]
    assert row["score_diff_ci95"][0] <= row["score_diff"] <= row["score_diff_ci95"][1]
    other = benchmark(game, "mcts-5", deals=2, opponents=("easy",))["opponents"][0]
    assert other["digest"] != row["digest"]


def test_an_outside_bot_plays_and_a_bad_one_fails_in_one_line():
    ok = runner.invoke(app, ["benchmark", "cordoba-wittig", "--agents",
                             "mezquita.agents.random_agent:RandomAgent", "--deals", "1",
                             "--opponents", "easy", "--json"])
    assert ok.exit_code == 0, ok.output
    report = json.loads(ok.stdout)
    assert report["agent"] == "mezquita.agents.random_agent:RandomAgent"
    assert report["opponents"][0]["opponent_agent"] == "heuristic-10"
    for args in (["--agents", "no_such_module:Bot"], ["--agents", "mezquita.agents:Nope"],
                 ["heuristic", "--agents", "mezquita.agents:RandomAgent"], [],
                 ["heuristic", "--opponents", "grandmaster"]):
        bad = runner.invoke(app, ["benchmark", "cordoba-wittig", *args, "--deals", "1"])
        assert bad.exit_code == 2, (args, bad.output)
        assert len(bad.output.strip().splitlines()) == 1 and "error:" in bad.output


def test_a_level_the_game_does_not_offer_is_refused_with_its_levels():
    game = mezquita.load("citadels", players=3)
    with pytest.raises(UnknownAgent, match=r"no level 'master' \(its levels: beginner, novice, easy, "
                                           r"medium, hard, expert\)"):
        benchmark(game, "random", deals=1, opponents=("easy", "master"))


def test_by_default_the_agent_meets_every_level_of_the_game_weakest_first():
    report = benchmark(mezquita.load("europa", players=2), "heuristic", deals=1)
    assert [row["opponent"] for row in report["opponents"]] == [
        "beginner", "novice", "easy", "medium", "hard", "expert", "master"]
    assert report["opponents"][-1]["opponent_agent"] == "europa-navigator"
