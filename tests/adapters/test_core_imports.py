"""The research extras and the fast simulators stay optional: the core never imports them."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = ("numpy", "numba", "mezquita.fast", "pettingzoo", "gymnasium", "pyspiel", "torch",
          "stable_baselines3", "sb3_contrib")

SCRIPT = f"""
import importlib, pkgutil, sys
import mezquita, mezquita.games, mezquita.agents
for package in (mezquita.games, mezquita.agents):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
for info in mezquita.list_games():
    mezquita.load(info.id)
print(" ".join(sorted(m for m in {EXTRAS!r} if m in sys.modules)))
"""


def test_core_game_and_agent_modules_import_no_research_extra():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "", f"the core imported {out.stdout.strip()}"
