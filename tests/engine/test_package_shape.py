"""Every registered game has the same package shape: the same modules, entry points and data
folder, so a change (or a sixth game) follows one pattern."""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path

import pytest

from mezquita.agents.levels import check_levels
from mezquita.engine import Decisions, load
from mezquita.engine.registry import game_class, game_ids
from mezquita.engine.texts import GAME_FILES, LANGS
from mezquita.web import STATIC

#: module -> the names it must define
MODULES = {
    "rules": (),
    "observation": ("observation_size", "encode_view"),
    "words": ("event_text",),
    "render": ("render_text",),
    "heuristic": (),
    "metrics": (),
    "reference": ("reference",),
}


def _package(game_id: str) -> str:
    return f"mezquita.games.{game_id.replace('-', '_')}"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_the_same_modules_and_entry_points(game_id):
    for module, names in MODULES.items():
        loaded = import_module(f"{_package(game_id)}.{module}")
        missing = [n for n in names if not callable(getattr(loaded, n, None))]
        assert not missing, f"{game_id}: {module}.py lacks {missing}"
    cls = game_class(game_id)
    assert cls.__module__ == f"{_package(game_id)}.rules"
    game = load(game_id)
    assert isinstance(game.decisions, Decisions)
    assert len(game.encode_view(game.new_state(0).view(0))) == game.observation_size


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_keeps_its_files_and_words_in_data(game_id):
    folder = Path(import_module(_package(game_id)).__file__).parent
    assert not list(folder.glob("*.json")), f"{game_id}: data files belong in data/"
    for name in GAME_FILES:
        assert json.loads((folder / "data" / name).read_text(encoding="utf-8")), name


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_declares_its_goldens_and_levels(game_id):
    cls = game_class(game_id)
    assert cls.golden, f"{game_id} declares no golden playthrough"
    for options, seed in cls.golden:
        load(game_id, **options)  # valid options
        assert isinstance(seed, int)
    assert cls.levels, f"{game_id} declares no levels"
    check_levels(game_id, list(cls.levels))


def _catalogue(game_id: str) -> dict:
    folder = Path(import_module(_package(game_id)).__file__).parent
    return json.loads((folder / "data" / "texts.json").read_text(encoding="utf-8"))["catalogue"]


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_owns_its_page_words_in_four_languages(game_id):
    """Its summary, option help, reconstruction note and renderer words sit in its
    ``texts.json["catalogue"]``, never in the interface's catalogue."""
    own = _catalogue(game_id)
    assert set(own) == set(LANGS)
    assert all(set(own[lang]) == set(own["en"]) for lang in LANGS)
    assert f"game.{game_id}.summary" in own["en"]
    interface = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert not [k for k in interface if k.startswith((f"game.{game_id}.", f"option.{game_id}."))]
    others = {k for g in game_ids() if g != game_id for k in _catalogue(g)["en"]}
    assert not set(own["en"]) & (others | set(interface))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_reads_its_words_through_its_words_module(game_id):
    """``texts.json`` is loaded once, by ``words.py``; every other module takes its words from
    there, and no game words a log entry or a board in its rules module."""
    folder = Path(import_module(_package(game_id)).__file__).parent
    loaders = sorted(p.name for p in folder.glob("*.py") if '"texts.json"' in p.read_text(encoding="utf-8"))
    assert loaders == ["words.py"], loaders
    cls = game_class(game_id)
    assert "event_text" not in vars(cls) and "render_text" not in vars(cls)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_has_its_rules_tests_in_one_place(game_id):
    """``tests/games/<package>/test_rules.py``, one test per numbered rule of its document."""
    folder = Path(__file__).parents[1] / "games" / _package(game_id).rpartition(".")[2]
    assert (folder / "test_rules.py").is_file()
    assert not list(folder.parent.glob(f"test_{folder.name}_*.py")), "rules tests outside the game's folder"
