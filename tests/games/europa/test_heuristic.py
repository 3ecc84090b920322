"""The geography bots: own noisy beliefs, decisions from the view only, levels by name."""

from __future__ import annotations

import math
import random

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.arena.tournament import play_game, seating
from mezquita.games.europa.cards import card
from mezquita.games.europa.heuristic import LEVELS, EuropaHeuristic, fast_place

from .scenarios import dealt, new_game, take_all


def km(a, b) -> float:
    (lat1, lon1), (lat2, lon2) = a, b
    dy = (lat2 - lat1) * 111.2
    dx = (lon2 - lon1) * 111.2 * math.cos(math.radians((lat1 + lat2) / 2))
    return math.hypot(dx, dy)


def test_levels_are_agent_names_and_heuristic_is_the_geographer():
    game = mezquita.load("europa")
    for level, sigma in LEVELS.items():
        agent = make_agent(f"europa-{level}", game, 1)
        assert isinstance(agent, EuropaHeuristic) and agent.sigma == sigma
    assert make_agent("heuristic", game, 1).sigma == LEVELS["geographer"]
    assert list(LEVELS.values()) == sorted(LEVELS.values(), reverse=True)


def test_each_bot_has_its_own_fixed_beliefs_with_errors_of_its_level():
    game = mezquita.load("europa")
    paris = card("paris")
    one, same, other = (EuropaHeuristic(game, s, 400) for s in (1, 1, 2))
    assert one.belief(paris) == same.belief(paris) != other.belief(paris)
    errors = [km(EuropaHeuristic(game, s, 400).belief(paris)[0], paris.points[0]) for s in range(300)]
    mean = sum(errors) / len(errors)
    assert 0.85 * 400 * math.sqrt(math.pi / 2) < mean < 1.15 * 400 * math.sqrt(math.pi / 2)


def test_the_bot_decides_from_its_view_only():
    state = new_game(4, seed=3)
    take_all(state)
    state.apply(0, {"do": "ew", "side": "W"})
    bot = EuropaHeuristic(state.game, 5)
    rng = random.Random(0)
    for seat in (1, 2, 3):
        decided = bot.act(Turn.of(state, seat))
        for _ in range(3):
            world = state.resample(seat, rng)
            assert EuropaHeuristic(state.game, 5).act(Turn.of(world, seat)) == decided


def test_a_perfect_oracle_tips_four_right_stones_and_keeps_its_card():
    state = dealt({0: "cordoba", 1: "oslo"}, [1, 0])
    oracle = EuropaHeuristic(state.game, 0, sigma=0.0)
    while 0 in state.to_move():
        state.apply(0, oracle.act(Turn.of(state, 0)))
    assert state.tips[0] == ["W", "S", 8, "B"]


def test_a_tourist_stops_early_where_a_cartographer_tips_all_four():
    state = dealt({0: "paris", 1: "berlin"}, [1, 0])
    tourist, cartographer = EuropaHeuristic(state.game, 3, 800), EuropaHeuristic(state.game, 3, 80)
    assert len(tourist.best_tip("paris")) < len(cartographer.best_tip("paris")) == 4
    assert cartographer.chances("paris")[("W", "M", 9, "A")] > 0.5


def test_fast_place_agrees_with_the_board_inside_the_extent():
    from mezquita.games.europa.board import locate
    rng = random.Random(1)
    for _ in range(2000):
        lat, lon = rng.uniform(34.5, 71.49), rng.uniform(-25, 44.99)
        assert fast_place(lat, lon) == tuple(locate(lat, lon))


def test_a_cartographer_beats_a_tourist():
    game = mezquita.load("europa", players=2, finish=20)
    points = 0.0
    for i in range(12):
        seats = seating(["europa-cartographer", "europa-tourist"], 2, i)
        result = play_game(game, seats, 100 + i, i)
        points += sum(r for s, r in enumerate(result.returns) if seats[s] == "europa-cartographer")
    assert points >= 10
