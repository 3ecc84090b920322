"""The arena: plans, backends, resume, report, ratings, hidden-information measure, CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import mezquita
from mezquita.arena.hidden import HiddenTally
from mezquita.arena.plan import Plan
from mezquita.arena.report import analyse
from mezquita.arena.runner import play_plan
from mezquita.arena.store import GAMES_FILE, PlanMismatch
from mezquita.cli import app

from ..agents.nim import NimGame


def outcome(results):
    """Everything about the games except the measured thinking time."""
    return [(r.index, r.seed, r.seats, r.returns, r.scores, r.length, r.decisions, r.branching,
             r.hidden) for r in results]


@pytest.fixture(scope="module")
def plan():
    return Plan.of(mezquita.load("cordoba", hand=3), ["heuristic", "random", "mcts-10"], 9,
                   seed=4)


def test_same_plan_same_games_on_one_or_two_workers(plan):
    serial = play_plan(plan, workers=1)
    assert [r.index for r in serial] == list(range(9))
    assert outcome(play_plan(plan, workers=2)) == outcome(serial)
    assert outcome(play_plan(plan, workers=1)) == outcome(serial)


@pytest.mark.slow
def test_ray_backend_gives_the_local_results(plan):
    pytest.importorskip("ray")
    small = Plan.of(plan.load(), ["mcts-5", "heuristic"], 4, plan.seed)
    assert outcome(play_plan(small, workers=2, backend="ray")) == outcome(play_plan(small))


def test_resume_skips_finished_games(plan, tmp_path):
    first = Plan.of(plan.load(), plan.agents, 4, plan.seed)
    play_plan(first, out=tmp_path)
    with (tmp_path / GAMES_FILE).open("a") as f:
        f.write('{"index": 5, "se')  # a line torn by a crash
    played = []
    results = play_plan(plan, out=tmp_path, on_result=lambda r: played.append(r.index))
    assert sorted(played) == [4, 5, 6, 7, 8]
    assert outcome(results) == outcome(play_plan(plan))
    assert len((tmp_path / GAMES_FILE).read_text().splitlines()) == 9
    assert play_plan(plan, out=tmp_path, on_result=played.append) and len(played) == 5
    other = Plan.of(plan.load(), ["random", "random"], 9, plan.seed)
    with pytest.raises(PlanMismatch):
        play_plan(other, out=tmp_path)


def test_report_measures_seats_draws_ratings_branching_and_hidden_share():
    game = mezquita.load("cordoba")
    plan = Plan.of(game, ["heuristic", "random"], 40, seed=2)
    report = analyse(play_plan(plan), plan)
    assert report["games"] == 40 and report["per_seat"]["heuristic"][0]["games"] == 20
    assert [r["agent"] for r in report["ratings"]] == ["heuristic", "random"]
    assert sum(report["length"]["histogram"].values()) == 40
    legal_first_turn = len(game.new_state(0).legal_actions())
    assert 1 < report["branching"] <= legal_first_turn
    assert 0.5 < report["hidden"]["share"] <= 1.0
    assert 1 < report["hidden"]["distinct_worlds"] <= report["hidden"]["samples"]
    assert report["agents"]["random"]["ms_per_decision"] >= 0


def test_hidden_share_is_zero_in_an_open_game():
    game = NimGame(stones=9)
    tally = HiddenTally(4, seed=0, rate=1.0)
    state = game.new_state(0)
    while movers := state.to_move():
        tally.measure(state, movers[0])
        state.apply(movers[0], 0)
    assert tally.to_json() == {"samples": 4, "decisions": 9, "hiding": 0, "distinct": 9}


def test_arena_command_writes_results_report_and_plots(tmp_path):
    runner = CliRunner()
    args = ["arena", "cordoba", "--agents", "random,heuristic", "--games", "12", "--workers", "2",
            "--out", str(tmp_path), "--hand", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "OpenSkill" in result.stdout
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["games"] == 12 and report["options"]["hand"] == 3
    for png in ("win_rates.png", "game_lengths.png", "ratings.png"):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"
    again = runner.invoke(app, [*args, "--json"])
    assert json.loads(again.stdout)["resumed_games"] == 12
    bad = runner.invoke(app, ["arena", "cordoba", "--agents", "random", "--backend", "mpi"])
    assert bad.exit_code != 0 and "unknown backend" in bad.output


def test_balance_command_reports_seat_advantage_and_ladder():
    result = CliRunner().invoke(app, ["balance", "cordoba", "--games", "16", "--search",
                                      "mcts-10", "--variant", "hand=3", "--variant",
                                      "landmarks=5", "--json"])
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)
    assert [r["options"]["landmarks"] for r in reports] == [7, 5]
    for report in reports:
        assert len(report["seats"]) == 2
        assert [(s["weaker"], s["stronger"]) for s in report["ladder"]] == [
            ("random", "heuristic"), ("heuristic", "mcts-10")]
    text = CliRunner().invoke(app, ["balance", "cordoba", "--games", "8", "--search", "mcts-5"])
    assert text.exit_code == 0 and "Skill ladder random < heuristic < mcts-5" in text.stdout


def test_ratings_share_seats_of_one_agent_and_rank_ties_together():
    from mezquita.arena.ratings import rate
    from mezquita.arena.tournament import GameResult

    def game(i, returns):
        return GameResult(i, i, ["a", "b", "a", "b"], returns, returns, 10)

    won_by_a = [game(i, [1.0, 0.0, 0.0, 0.0] if i % 2 else [0.0, 0.0, 1.0, 0.0])
                for i in range(12)]
    ladder = rate(won_by_a, ["a", "b"])
    assert [r["agent"] for r in ladder] == ["a", "b"]
    ties = rate([game(i, [0.25] * 4) for i in range(12)], ["a", "b"])
    assert ties[0]["mu"] == pytest.approx(ties[1]["mu"])


def test_plans_with_list_options_reload_and_reopen_their_folder(tmp_path):
    from mezquita.arena.store import ResultStore

    game = mezquita.load("citadels", players=4)
    plan = Plan.of(game, ["random"], 2)
    ResultStore(tmp_path, plan)
    assert ResultStore(tmp_path, plan).load() == {}
    assert plan.load().options == mezquita.load("citadels", **plan.to_json()["options"]).options
