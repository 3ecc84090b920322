"""Statistics that hold up, on constructed cases whose answer is known: Holm's adjustment,
range-respecting intervals, duplicate games, restricted play and trajectory figures."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.arena.plan import Plan
from mezquita.arena.report import analyse
from mezquita.arena.restrict import BadRestriction, RestrictedAgent, Restriction, expand
from mezquita.arena.runner import play_plan
from mezquita.arena.stats import effective_share, holm, p_value, positive_mean_ci, rate, wilson
from mezquita.arena.trajectory import lead_changes, winner_figures

from .fake import CLAIMER


def test_holm_on_known_p_values():
    # sorted 0.01, 0.02, 0.03, 0.5 -> 4*0.01, max(3*0.02, .04), max(2*0.03, .06), max(.5, .06)
    assert holm([0.03, 0.5, 0.01, 0.02]) == pytest.approx([0.06, 0.5, 0.04, 0.06])
    assert holm([0.9, 0.8]) == [1.0, 1.0]  # capped at 1
    assert holm([0.04, 0.01]) == pytest.approx([0.04, 0.02])  # never below an earlier step
    assert holm([]) == []


def test_score_test_p_value():
    assert p_value({"rate": 0.5, "n": 100}, 0.5) == 1.0
    assert p_value({"rate": 0.6, "n": 100}, 0.5) == pytest.approx(0.0455, abs=1e-4)  # z = 2


@given(st.lists(st.integers(0, 5), min_size=1, max_size=40), st.floats(0.05, 1.0))
def test_interval_of_a_count_never_goes_negative(values, share):
    row = positive_mean_ci(values, share)
    assert 0 <= row["ci95"][0] <= row["mean"] <= row["ci95"][1]


def test_rare_count_interval_stays_positive():
    """The issue's case, 0.003 per game (-0.002 to 0.007) with a normal interval."""
    row = positive_mean_ci([1] + [0] * 332)
    assert row["ci95"][0] > 0 and row["mean"] == pytest.approx(1 / 333, rel=1e-3)
    assert positive_mean_ci([0] * 300)["ci95"] == [0.0, 0.01]  # rule of three


def test_effective_share_counts_distinct_games():
    assert effective_share(["a", "b", "c"]) == 1.0
    assert effective_share(["a"] * 300) == pytest.approx(1 / 300)
    assert effective_share(["a", None]) == 1.0  # unknown digests: nothing to say
    assert rate(300, 300, 1)["ci95"] == [round(x, 4) for x in wilson(1, 1)]


def test_a_deterministic_game_is_flagged_and_counts_once():
    """Passer self-play in Claim has no chance: every game is the same game, so the start
    player's "100%" rests on one game and no verdict is made."""
    game = mezquita.load("test-claim")
    plan = Plan.of(game, ["heuristic"], 50, seed=1, hidden_samples=0)
    report = analyse(play_plan(plan), plan)["variants"][0]
    assert report["sample"]["deterministic"] and report["sample"]["effective"] == 1
    first = report["positions"][0]
    assert first["rate"] == 1.0 and first["n"] == 1 and first["verdict"] == "level"
    assert report["agents"]["heuristic"]["verdict"] == "self-play"


def test_verdicts_are_adjusted_together_by_holm():
    game = mezquita.load("test-claim", rounds=8)
    plan = Plan.of(game, ["random"], 200, seed=2, hidden_samples=0)
    report = analyse(play_plan(plan), plan)["variants"][0]
    assert report["sample"]["distinct"] > 190  # 2^16 ways to play: hardly a repeat
    family = report["verdicts"]
    assert family["method"] == "Holm" and family["tests"] == 4 + 2  # positions, seats, moves
    # random Claim: the start player claims first with probability 2/3, above after adjustment
    assert report["positions"][0]["verdict"] == "above" and report["positions"][0]["p_holm"] < 0.05
    assert all(row["kind"] == "correlation" for row in report["metrics"]["move"]["chosen"])


def test_restriction_parsing_and_errors():
    r = Restriction.parse("never:do=pick,character=architect@all")
    assert r.mode == "never" and r.every_seat and r.match == (("do", "pick"), ("character", "architect"))
    assert r.spec == "never:do=pick,character=architect@all"
    for bad in ("sometimes:do=pick", "never:", "never:character", "character=architect"):
        with pytest.raises(BadRestriction):
            Restriction.parse(bad)
    game = mezquita.load("test-claim")
    with pytest.raises(BadRestriction, match="no action"):
        expand("never:do=fold", game)
    assert [x.spec for x in expand("never:do=*", game)] == ["never:do=pass", "never:do=claim"]


@pytest.mark.parametrize("spec", ["never:do=pick,character=architect", "always:do=gold",
                                  "never:do=build"])
def test_restricted_agent_only_plays_legal_actions_it_is_allowed(spec):
    game = mezquita.load("citadels", players=4)
    restriction = Restriction.parse(spec)
    state = game.new_state(5)
    agent = RestrictedAgent(make_agent("random", game, 1), restriction)
    others = make_agent("random", game, 2)
    while movers := state.to_move():
        seat = movers[0]
        turn = Turn.of(state, seat)
        if seat == 0:
            action = agent.act(turn)
            allowed = restriction.allowed(game, turn.legal)
            assert action in allowed and action in turn.legal
            if restriction.mode == "never" and len(allowed) < len(turn.legal):
                assert not restriction.matches(game, action)
        else:
            action = others.act(turn)
        state.apply(seat, action)
    assert agent.removed > 0


def test_restricted_play_measures_a_decisive_element():
    """Random Claim, 2 seats, 8 moves each: a player who never claims (almost) never wins,
    one who always claims wins from the start seat and, from the other, when the start
    passes first (3/4 in all): against a fair 1/2 denying the claim costs 50 points,
    denying the pass gains 25."""
    game = mezquita.load("test-claim", rounds=8)
    elements = expand("never:do=*", game)
    plan = Plan.of(game, ["random"], 600, seed=3, hidden_samples=0,
                   variants=[{}, *({"restrict": r.spec} for r in elements)])
    rows = analyse(play_plan(plan), plan)["restricted_play"]
    assert [r["restriction"] for r in rows] == ["never:do=claim", "never:do=pass"]
    claim, passing = rows
    assert claim["control_rate"]["rate"] == pytest.approx(0.5, abs=0.06)
    assert claim["denied"]["rate"] < 0.01
    assert claim["change"]["ci95"][0] < -0.5 < claim["change"]["ci95"][1] < 0
    assert claim["verdict"] == "denying it costs" and passing["verdict"] == "denying it helps"
    assert passing["change"]["diff"] == pytest.approx(0.25, abs=0.07)
    assert claim["kind"] == "causal" and claim["bit_in"]["rate"] == 1.0


def test_restriction_of_every_seat_is_a_variant():
    game = mezquita.load("test-claim")
    plan = Plan.of(game, [CLAIMER], 4, hidden_samples=0,
                   variants=[{}, {"restrict": "never:do=claim@all"}])
    results = play_plan(plan)
    assert all(r.restricted == [0, 1] for r in results if r.variant == 1)
    report = analyse(results, plan)
    assert "restricted_play" not in report
    assert report["variants"][1]["positions"][0]["rate"] == 1.0  # nobody claims: start wins


def test_lead_changes_drama_and_settling_on_a_scripted_game():
    # seat 0 leads, seat 1 overtakes, a tie, seat 0 leads again and wins
    values = [[1, 0], [1, 3], [2, 2], [4, 2], [5, 2]]
    assert lead_changes(values) == 2
    figures = winner_figures(values, 0)
    assert figures == {"drama": 2, "settled": 0.6, "comeback": False}
    assert winner_figures(values, 1)["settled"] == 1.0  # never leads at the end
    assert winner_figures([[0, 1], [0, 2], [3, 2], [4, 2]], 0)["comeback"] is True


def test_trajectory_figures_reach_the_report():
    game = mezquita.load("cordoba")
    plan = Plan.of(game, ["heuristic", "random"], 20, seed=1, hidden_samples=0)
    trajectory = analyse(play_plan(plan), plan)["variants"][0]["trajectory"]
    assert trajectory["evaluation"] == "the running score"
    assert trajectory["timeout"]["rate"] == 0.0 and trajectory["games"] == 20
    assert 0 <= trajectory["lead_changes"]["ci95"][0] <= trajectory["lead_changes"]["mean"]
    assert len(trajectory["branching"]) == 10 and trajectory["branching"][0] > trajectory["branching"][-1]


def test_reports_name_things_in_the_games_words():
    from mezquita.arena import labels

    citadels = mezquita.load("citadels", players=5)
    assert labels.item(citadels, "school_of_magic", "district") == "School of Magic"
    assert labels.item(citadels, "architect", "character") == "Architect"
    assert labels.item(citadels, "architect", "character", "de") == "Baumeister"
    assert labels.restriction(citadels, "never:do=pick,character=architect") == (
        "one player: never pick Architect")
    assert labels.item(mezquita.load("cortica"), "use market 2", "option") == "use Market 2"
    # a field without a text (Cortiça's option number) keeps its value, named: no other
    # field's name for the same number ("2" is a space's name too)
    cortica = mezquita.load("cortica")
    assert [labels.restriction(cortica, f"never:do=use,card=plant,option={o}") for o in (1, 2)] == [
        "one player: never use Plant, option 1", "one player: never use Plant, option 2"]
    assert labels.options({"hand": 3, "landmarks": 5}) == "hand 3, landmarks 5"
    assert labels.options({}) == "the base game"
