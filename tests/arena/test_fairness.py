"""Fair schedules and what the report attributes to seats, starting positions and agents,
checked on a fake game whose truth is known (``fake.py``)."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

import mezquita
from mezquita.arena.balance import balance
from mezquita.arena.plan import Plan
from mezquita.arena.report import analyse
from mezquita.arena.runner import play_plan
from mezquita.arena.schedule import schedule, seating
from mezquita.arena.stats import clustered_rate, rate_difference, wilson

from .fake import CLAIMER, OTHER, PASSER


@pytest.mark.parametrize(("agents", "seats"), [(3, 2), (2, 2), (4, 3), (2, 4), (3, 4), (2, 5),
                                               (3, 8), (1, 6), (5, 5)])
def test_schedule_puts_every_agent_in_every_seat_equally_often(agents, seats):
    names = list("ABCDE"[:agents])
    cycle = schedule(names, seats)
    assert len(set(cycle)) == len(cycle)
    per_seat = Counter((s, a) for t in cycle for s, a in enumerate(t))
    assert len(set(per_seat.values())) == 1 and len(per_seat) == seats * agents
    if agents >= seats:  # every ordered tuple of distinct agents, once
        assert set(cycle) == set(permutations(names, seats))
    else:  # every agent holds seats // agents or one more seats
        assert all(seats // agents <= t.count(a) <= -(-seats // agents) for t in cycle for a in names)


def test_schedule_prefix_of_n_games_rotates_a_lineup_over_every_seat():
    cycle = schedule(list("ABCDEFGH"), 8)
    first = cycle[:8]
    assert all(sorted(t[s] for t in first) == list("ABCDEFGH") for s in range(8))
    assert schedule(list("AB"), 2) == [("A", "B"), ("B", "A")]
    assert seating(list("AB"), 2, 3) == ["B", "A"]  # the cycle repeats


def test_seat_advantage_and_agent_strength_are_told_apart():
    """Three agents at two seats, where passers give seat 0 every game and the claimer wins
    from any seat: the claimer is strongest everywhere, seat 0 is favoured, and both passers
    show the same seat effect (each faced the same opponents in each seat). The game has no
    chance and the agents none: the 12 games are the schedule's 6 seatings twice, so the
    intervals rest on 6 games and the claimer's 8 wins are not enough for a verdict."""
    game = mezquita.load("test-claim")
    plan = Plan.of(game, [CLAIMER, PASSER, OTHER], 12, seed=1, hidden_samples=0)
    report = analyse(play_plan(plan), plan)["variants"][0]
    assert report["sample"] == {"games": 12, "distinct": 6, "checked": True, "effective": 6.0,
                                "deterministic": False}
    agents = report["agents"]
    assert agents[CLAIMER]["rate"] == 1.0 and agents[CLAIMER]["n"] == 4
    assert agents[CLAIMER]["ci95"] == [round(x, 4) for x in wilson(4, 4)]
    assert agents[CLAIMER]["verdict"] == "level"
    assert agents[CLAIMER]["games"] == 8 and agents[CLAIMER]["fair"] == 0.5
    assert agents[PASSER]["rate"] == agents[OTHER]["rate"] == 0.25
    assert [r["rate"] for r in report["per_seat"][CLAIMER]] == [1.0, 1.0]
    assert [r["rate"] for r in report["per_seat"][PASSER]] == [0.5, 0.0]
    assert [r["rate"] for r in report["per_seat"][OTHER]] == [0.5, 0.0]
    assert report["basis"].startswith("12 games in 2 complete schedule cycles")
    assert report["seats"][0]["rate"] == pytest.approx(8 / 12, abs=1e-4)
    assert report["ratings"][0]["agent"] == CLAIMER
    h2h = report["head_to_head"]
    assert h2h[CLAIMER][PASSER]["rate"] == 1.0 and h2h[PASSER][OTHER]["rate"] == 0.5
    assert h2h[PASSER][CLAIMER]["games"] == 4


def test_per_seat_figures_use_only_complete_schedule_cycles():
    game = mezquita.load("test-claim")
    plan = Plan.of(game, [CLAIMER, PASSER, OTHER], 8, seed=1, hidden_samples=0)
    report = analyse(play_plan(plan), plan)["variants"][0]
    assert report["basis"].startswith("6 games in 1 complete")
    assert sum(r["games"] for r in report["per_seat"][CLAIMER]) == 4


def test_balance_reports_the_starting_position_not_seat_zero():
    """With a rotating start, passer self-play: the start player always wins; every seat
    index wins about its fair share. The ladder's stronger agent holds two of four seats: its
    share is counted per game against a fair 50%."""
    game = mezquita.load("test-claim", players=4, start="rotating")
    report = balance(game, 24, CLAIMER, ["heuristic", "random"], seed=3)
    variant = report["variants"][0]
    passers = variant["models"]["heuristic"]
    assert passers["sample"]["distinct"] == 4  # one game per start seat: no chance
    assert passers["positions"][0]["rate"] == 1.0 and passers["positions"][0]["verdict"] == "above"
    assert all(p["rate"] == 0.0 for p in passers["positions"][1:])
    assert max(s["rate"] for s in passers["seats"]) < 0.6
    assert variant["start"]["answers"]["heuristic"] == "up"
    top = variant["ladder"][-1]
    assert (top["stronger"], top["weaker"]) == (CLAIMER, "heuristic")
    assert top["rate"] == 1.0 and top["fair"] == 0.5 and top["games"] == 24
    assert top["verdict"] == "above"


def test_multi_seat_win_share_counts_the_game_once():
    game = mezquita.load("test-claim", players=4)
    plan = Plan.of(game, [CLAIMER, PASSER], 6, hidden_samples=0)
    report = analyse(play_plan(plan), plan)["variants"][0]
    claimer = report["agents"][CLAIMER]
    assert (claimer["games"], claimer["wins"], claimer["rate"], claimer["fair"]) == (6, 6, 1.0, 0.5)
    assert claimer["ci95"] == [round(x, 4) for x in wilson(6, 6)]


def test_game_figures_are_tabulated_with_the_never_used_items():
    game = mezquita.load("test-claim")
    plan = Plan.of(game, [CLAIMER, PASSER], 4, hidden_samples=0)
    report = analyse(play_plan(plan), plan)["variants"][0]
    rows = {r["item"]: r for r in report["metrics"]["move"]["chosen"]}
    assert rows["claim"]["count"] == 4 and rows["claim"]["win"]["rate"] == 1.0
    assert rows["claim"]["by_agent"] == {CLAIMER: {"count": 4, "per_game": 1.0}}
    assert rows["claim"]["by_position"] == [2, 2] and rows["pass"]["by_position"] == [2, 2]
    assert rows["pass"]["win"]["rate"] == 0.0 and rows["claim"]["winner_share"]["rate"] == 1.0
    assert report["never"] == {"move": {"chosen": ["fold"]}}
    assert report["rounds"]["mean"] == 1


def test_clustered_rate_is_wilson_for_one_trial_per_game_and_wider_for_clusters():
    single = clustered_rate([(1, 1)] * 6 + [(0, 1)] * 4)
    assert single["ci95"] == [round(x, 4) for x in wilson(6, 10)]
    together = clustered_rate([(2, 2)] * 6 + [(0, 2)] * 4)  # two seats always alike
    assert together["rate"] == 0.6 and together["ci95"] == single["ci95"]
    diff = rate_difference({"rate": 0.2, "ci95": [0.1, 0.35]}, {"rate": 0.6, "ci95": [0.45, 0.73]})
    assert diff["diff"] == 0.4 and diff["ci95"][0] < 0.4 < diff["ci95"][1]
