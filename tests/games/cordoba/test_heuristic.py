"""The Córdoba heuristic bot: sees only its view, and beats random clearly."""

import mezquita
from mezquita.agents import Turn, make_agent
from mezquita.arena import Plan, play_plan, summarise


def test_heuristic_decides_from_the_view_alone():
    game = mezquita.load("cordoba")
    bot = make_agent("heuristic", game, 1)
    state = game.new_state(5)
    state.apply(0, state.legal_actions(0)[3])
    turn = Turn.of(state, 1)
    blind = Turn(game, 1, turn.view, turn.legal, lambda rng: (_ for _ in ()).throw(AssertionError))
    assert bot.act(blind) in turn.legal


def test_heuristic_beats_random_clearly():
    game = mezquita.load("cordoba")
    agents = ["heuristic", "random"]
    summary = summarise(play_plan(Plan.of(game, agents, 200, seed=3, hidden_samples=0)), agents)
    low, _ = summary["agents"]["heuristic"]["ci95"]
    assert low > 0.8, summary["agents"]["heuristic"]
