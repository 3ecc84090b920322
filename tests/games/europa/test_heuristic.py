"""The geography bots: own noisy beliefs, decisions from the view only, levels by name."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import pairwise

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.arena.tournament import play_game, seating
from mezquita.games.europa.cards import card, deck, tip_right
from mezquita.games.europa.heuristic import LEVELS, EuropaHeuristic, fame, fast_place

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


def test_levels_are_ordered_for_every_place_and_in_play():
    game = mezquita.load("europa", players=2, finish=20)
    bots = [EuropaHeuristic(game, 0, sigma) for sigma in LEVELS.values()]
    for c in deck().values():
        errors = [bot.error(c) for bot in bots]
        assert errors == sorted(errors, reverse=True)
    names = [f"europa-{level}" for level in LEVELS]
    for weaker, stronger in pairwise(names):
        points = 0.0
        for i in range(40):
            seats = seating([stronger, weaker], 2, i)
            result = play_game(game, seats, 200 + i, i)
            points += sum(r for s, r in enumerate(result.returns) if seats[s] == stronger)
        assert points > 20, (stronger, weaker, points)


def mean_error(place: str, sigma: float, seeds: int = 300) -> float:
    """How far bots of level ``sigma`` (seeds 0 ..) believe ``place`` lies from where it is, in km."""
    game, c = mezquita.load("europa"), card(place)
    return sum(km(EuropaHeuristic(game, s, sigma).belief(c)[0], c.points[0]) for s in range(seeds)) / seeds


def test_each_bot_has_its_own_fixed_beliefs_with_errors_of_its_level():
    game = mezquita.load("europa")
    paris = card("paris")
    one, same, other = (EuropaHeuristic(game, s, 400) for s in (1, 1, 2))
    assert one.belief(paris) == same.belief(paris) != other.belief(paris)
    assert one.error(paris) == 200  # Paris is as famous as a place gets: half the level's σ
    expected = one.error(paris) * math.sqrt(math.pi / 2)  # the mean of a 2-D Gaussian's distance
    assert 0.85 * expected < mean_error("paris", 400) < 1.15 * expected


def test_fame_follows_population_and_category():
    sofia, nesebar, vaduz, transylvania = (card(k) for k in ("sofia", "nesebar", "vaduz", "transylvania"))
    assert fame(card("london")) == fame(card("paris")) == 1
    assert fame(sofia) > fame(card("cordoba")) > fame(card("faro")) > fame(nesebar) > 0
    assert fame(vaduz) > fame(replace(vaduz, kind="city"))  # a capital is better known than its size
    assert fame(transylvania) == fame(card("alps")) < fame(card("cordoba"))


def test_a_bot_misplaces_a_capital_far_less_than_a_small_town_or_a_landscape():
    for sigma in LEVELS.values():
        capital = mean_error("sofia", sigma)
        assert capital < 0.5 * mean_error("nesebar", sigma)  # 13,000 inhabitants, in Bulgaria too
        assert capital < 0.5 * mean_error("transylvania", sigma)


def test_on_the_same_position_a_bot_tips_a_famous_place_more_boldly_and_better(monkeypatch):
    sofia = card("sofia")
    village = replace(sofia, population=5000)  # a capital of 5,000 where Sofia lies

    def tips(sigma: float) -> tuple[float, float]:
        """Mean stones placed and fields earned (stones of a right tip) over 100 bots."""
        stones = earned = 0
        for seed in range(100):
            state = dealt({0: "sofia", 1: "oslo"}, [1, 0])
            bot = EuropaHeuristic(state.game, seed, sigma)
            while 0 in state.to_move():
                state.apply(0, bot.act(Turn.of(state, 0)))
            stones += len(state.tips[0])
            earned += len(state.tips[0]) * tip_right(sofia.places, state.tips[0])
        return stones / 100, earned / 100

    for sigma in LEVELS.values():
        famous = tips(sigma)
        monkeypatch.setitem(deck(), "sofia", village)
        unknown = tips(sigma)
        monkeypatch.setitem(deck(), "sofia", sofia)
        assert famous[0] > unknown[0] and famous[1] > unknown[1] + 0.3


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
