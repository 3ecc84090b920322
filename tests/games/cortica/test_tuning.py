"""The tuning script: figures, intervals and the target check."""

from __future__ import annotations

import pytest

from mezquita.games.cortica.tuning import tune, wilson


def test_wilson_interval_known_value():
    # 50 of 100: p = 0.5, Wilson 95% interval 0.404-0.596 (Wilson 1927, z = 1.96)
    p, low, high = wilson(50, 100)
    assert p == 0.5 and low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_tune_counts_every_game_and_placement():
    result = tune(games=6, agents=("heuristic", "random"))
    assert len(result.rounds) == len(result.placements) == 6
    for rounds, placed in zip(result.rounds, result.placements):
        assert sum(placed) == 4 * rounds  # four workers placed every round
    assert result.first_agent_wins == 6  # the heuristic beats random
    shares = result.action_shares()
    assert sum(s for s, _, _ in shares.values()) == pytest.approx(1.0)
    assert all(low <= s <= high for s, low, high in shares.values())
    assert set(result.targets_met()) == {"blue win rate 45-55%", "median length 6-12 rounds",
                                         "every action >= 5% of placements"}
    assert "| blue (first player) win rate |" in result.markdown()
