"""The arena: plans, backends, resume, report, ratings, hidden-information measure, figures,
the arena, balance and sweep commands, own agents."""

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

from . import fake  # noqa: F401  (registers the test-claim game)


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
    report = analyse(play_plan(plan), plan)["variants"][0]
    assert report["games"] == 40 and report["per_seat"]["heuristic"][0]["games"] == 20
    assert [r["agent"] for r in report["ratings"]] == ["heuristic", "random"]
    assert sum(report["length"]["histogram"].values()) == 40
    assert report["rounds"]["histogram"] == {"10": 40}
    legal_first_turn = len(game.new_state(0).legal_actions())
    assert 1 < report["branching"] <= legal_first_turn
    assert 0.5 < report["hidden"]["share"] <= 1.0
    assert 1 < report["hidden"]["distinct_worlds"] <= report["hidden"]["samples"]
    assert report["agents"]["random"]["ms_per_decision"] >= 0
    assert report["margin"]["min"] >= 0


def test_hidden_share_is_zero_in_an_open_game():
    game = mezquita.load("test-claim", players=6)
    tally = HiddenTally(4, seed=0, rate=1.0)
    state = game.new_state(0)
    while movers := state.to_move():
        tally.measure(state, movers[0])
        state.apply(movers[0], 0)
    assert tally.to_json() == {"samples": 4, "decisions": 6, "hiding": 0, "distinct": 6}


def test_arena_command_writes_results_report_plots_csv_and_html(tmp_path):
    runner = CliRunner()
    args = ["arena", "cordoba", "--agents", "random,heuristic", "--games", "12", "--workers", "2",
            "--out", str(tmp_path), "--hand", "3", "--records"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "OpenSkill" in result.stdout and "from the start player" in result.stdout
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["games"] == 12 and report["variants"][0]["options"]["hand"] == 3
    for png in ("win_shares.png", "seats.png", "per_seat.png", "game_lengths.png", "margins.png",
                "ratings.png", "metric-landmark-controlled.png"):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"
    html = (tmp_path / "report.html").read_text()
    assert html.count("data:image/png;base64,") >= 7 and "src=\"http" not in html
    rows = (tmp_path / "games.csv").read_text().splitlines()
    assert len(rows) == 13 and rows[0].startswith("index,seed,variant,seats,agents,start,scores")
    assert "landmark,7,controlled" in (tmp_path / "metrics.csv").read_text()
    assert len(list((tmp_path / "records").glob("game-*.json"))) == 12
    again = runner.invoke(app, [*args, "--json"])
    assert json.loads(again.stdout)["resumed_games"] == 12
    smaller = runner.invoke(app, [*args[:5], "6", *args[6:]])
    assert smaller.exit_code != 0 and "would shrink its report" in smaller.output
    other = runner.invoke(app, ["arena", "cordoba", "--agents", "random", "--games", "12",
                                "--out", str(tmp_path), "--hand", "3"])
    assert other.exit_code != 0 and "differs in agents" in other.output
    bad = runner.invoke(app, ["arena", "cordoba", "--agents", "random", "--backend", "mpi"])
    assert bad.exit_code != 0 and "unknown backend" in bad.output


def test_balance_command_reports_starting_advantage_and_ladder(tmp_path):
    result = CliRunner().invoke(app, ["balance", "cordoba", "--games", "6", "--search",
                                      "mcts-5", "--variant", "hand=3", "--variant",
                                      "landmarks=5", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["models"] == ["heuristic", "ismcts-50"]  # two player models by default
    assert [v["variant"] for v in report["variants"]] == ["hand=3", "landmarks=5"]
    for variant in report["variants"]:
        assert all(len(m["positions"]) == 2 for m in variant["models"].values())
        assert set(variant["start"]["answers"]) == {"heuristic", "ismcts-50"}
        assert [(s["weaker"], s["stronger"]) for s in variant["ladder"]] == [
            ("random", "heuristic"), ("heuristic", "mcts-5")]
    text = CliRunner().invoke(app, ["balance", "cordoba", "--games", "4", "--search", "mcts-3",
                                    "--models", "mcts-3", "--out", str(tmp_path)])
    assert text.exit_code == 0, text.output
    out = " ".join(text.stdout.split())
    assert "With mcts-3 self-play" in out and "Skill ladder random < heuristic < mcts-3" in out
    assert "one player model only" in out
    assert (tmp_path / "report.html").exists() and (tmp_path / "step-2" / "report.html").exists()
    assert (tmp_path / "mirror-mcts-3" / "report.html").exists()
    assert json.loads((tmp_path / "balance.json").read_text())["models"] == ["mcts-3"]


def test_sweep_varies_every_combination():
    from mezquita.cli.sweep import parse_vary

    assert parse_vary(["hand=1,3", "landmarks=7,6,5"]) == [
        {"hand": h, "landmarks": n} for h in ("1", "3") for n in ("7", "6", "5")]


def test_sweep_compares_variants_with_differences_and_cis(tmp_path):
    runner = CliRunner()
    args = ["sweep", "cordoba", "--vary", "landmarks=7,5", "--agents", "heuristic,random",
            "--games", "6", "--out", str(tmp_path), "--hand", "3"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "start player wins" in result.stdout
    study = json.loads((tmp_path / "report.json").read_text())
    assert study["models"] == ["heuristic,random"]
    assert study["robustness"][0]["verdict"] == "one model"  # a lineup: robustness not checked
    report = study["reports"]["heuristic,random"]
    assert [v["variant"] for v in report["variants"]] == ["landmarks=7", "landmarks=5"]
    assert report["games"] == 12 and report["variants"][1]["changed"] == {"hand": 3, "landmarks": 5}
    row = next(r for r in report["comparison"] if r["figure"] == "win share heuristic")
    assert row["diffs"][0] is None
    value, diff = row["values"][1], row["diffs"][1]
    assert diff["diff"] == pytest.approx(value["rate"] - row["values"][0]["rate"], abs=1e-3)
    assert diff["ci95"][0] <= diff["diff"] <= diff["ci95"][1]
    gate = "landmark Almodóvar Gate (1) controlled per game"  # named in the game's words
    absent = next(r for r in report["comparison"] if r["figure"] == gate)
    assert absent["values"][1] is None and absent["diffs"][1] is None  # not in play at 5
    assert (tmp_path / "model-heuristic-random" / "sweep-start-player-wins.png").exists()
    assert (tmp_path / "model-heuristic-random" / "v1-game_lengths.png").exists()
    assert (tmp_path / "report.html").exists()
    bad = runner.invoke(app, ["sweep", "cordoba", "--vary", "hand"])
    assert bad.exit_code != 0 and "--vary takes OPTION=VALUE" in bad.output


def test_own_agent_as_module_and_class():
    from .fake import CLAIMER, PASSER

    result = CliRunner().invoke(app, ["simulate", "test-claim", "--agents", f"{CLAIMER},{PASSER}",
                                      "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["agents"][CLAIMER]["rate"] == 1.0
    for name, message in (("nowhere.bots:Bot", "cannot load agent"),
                          ("mezquita.arena.plan:Plan", "not an Agent subclass")):
        bad = CliRunner().invoke(app, ["simulate", "cordoba", "--agents", name])
        assert bad.exit_code != 0 and message in bad.output


def test_game_figures_of_the_three_games():
    from mezquita.arena.figures import catalogue, figures
    from mezquita.arena.tournament import play_game

    state_of = {}
    for game_id, options in (("cordoba", {"match": True}), ("cortica", {}), ("citadels", {"players": 5})):
        game = mezquita.load(game_id, **options)
        result = play_game(game, ["heuristic"] * game.num_players, seed=5)
        state_of[game_id] = (game, result)
    game, r = state_of["cordoba"]
    controlled = [f for f in r.facts if f[2] in ("controlled", "left empty")]
    assert len(controlled) == 2 * 7 and r.rounds == 20 and r.start == 0
    assert all(f[3] == 0 for f in r.facts if f[2] == "tie won by start" and f[0])
    game, r = state_of["cortica"]
    assert r.start == 0 and r.rounds >= 1
    options = set(catalogue(game)["option"])
    assert {f[1] for f in r.facts if f[0] == "option"} <= options
    assert "use_plan stoppers" in options and "use process 1" not in options  # a plan move
    assert sum(f[0] == "end" and f[2] == "decided by" for f in r.facts) >= 1
    game, r = state_of["citadels"]
    first = game.new_state(r.seed)
    assert r.start == first.crown == first.to_move()[0]
    picks = [f for f in r.facts if f[2] == "picked"]
    assert len(picks) >= 5 * r.rounds - 5 and {f[1] for f in picks} <= set(catalogue(game)["character"])
    assert figures(first)["start"] == first.crown


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


def test_sweep_answers_with_two_player_models_and_ranks_restricted_elements(tmp_path):
    """Claim (8 moves a seat): with random play a player who may never claim loses, one who
    may never pass wins more; the passers (heuristic) never claim anyway, so denying them the
    claim changes nothing: the answer is not robust across the two models."""
    args = ["sweep", "test-claim", "--rounds", "8", "--restrict", "never:do=*", "--models",
            "random,heuristic", "--games", "120", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    study = json.loads(result.stdout)
    ranking = study["reports"]["random"]["restricted_play"]
    assert [r["restriction"] for r in ranking] == ["never:do=claim", "never:do=pass"]
    assert ranking[0]["verdict"] == "denying it costs"
    passers = {r["restriction"]: r for r in study["reports"]["heuristic"]["restricted_play"]}
    assert passers["never:do=claim"]["verdict"] == "no detectable effect"
    assert passers["never:do=claim"]["change"]["diff"] == 0
    claim = next(q for q in study["robustness"] if "never claim" in q["question"])
    assert claim["answers"] == {"random": "down", "heuristic": "level"}
    assert claim["verdict"] == "not robust"
    bad = CliRunner().invoke(app, ["sweep", "test-claim", "--restrict", "never:do=fold"])
    assert bad.exit_code != 0 and "no action of test-claim matches" in bad.output
    assert CliRunner().invoke(app, ["sweep", "test-claim"]).exit_code != 0


def test_a_restriction_that_never_came_up_says_so_under_every_model():
    from mezquita.arena.models import DENIAL_WORDS, judge

    none = judge("one player: never use Plant, 4", {"heuristic": None, "ismcts-50": None},
                 DENIAL_WORDS)
    assert none["verdict"] == "no answer"
    assert none["text"] == ("one player: never use Plant, 4: it never came up with heuristic, "
                            "ismcts-50.")
    one = judge("q", {"heuristic": "down", "ismcts-50": None}, DENIAL_WORDS)
    assert one["verdict"] == "one model" and "denying it costs with heuristic" in one["text"]


def test_sweep_page_says_when_no_model_sees_an_effect_or_an_element_never_came_up(tmp_path):
    from mezquita.arena.export import write_sweep
    from mezquita.arena.models import DENIAL_WORDS, judge

    questions = [judge("one player: never claim (base)", {"heuristic": "level"}, DENIAL_WORDS),
                 judge("one player: never fold (base)", {"heuristic": None}, DENIAL_WORDS)]
    study = {"game": "test-claim", "options": {}, "games_per_variant": 4, "seed": 0,
             "models": ["heuristic"], "reports": {}, "robustness": questions}
    page = write_sweep(study, tmp_path)[1].read_text()
    assert "No player model sees an effect on any question." in page
    assert "it never came up with heuristic" in page
