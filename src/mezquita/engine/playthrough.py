"""Golden playthroughs: a seeded random game written out step by step as text.

Each step shows who moves, the legal actions, every seat's view, the action taken and the
move texts each seat read, so a committed playthrough file catches any change of behaviour in
rules, views, labels or texts. Long
games are written compactly: the views as a short hash, the legal actions as their count.
Regenerate after an intended change with ``python -m mezquita.engine.playthrough DIR``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from .registry import game_class, game_ids, load

#: (game id, options, seed) of the committed playthroughs: every game's ``golden`` settings
GOLDEN: list[tuple[str, dict, int]] = [(game_id, options, seed) for game_id in game_ids()
                                       for options, seed in game_class(game_id).golden]

#: games longer than this many decisions are written compactly
COMPACT_AFTER = 100


def playthrough(game_id: str, options: dict, seed: int) -> str:
    """The text of one seeded random game (random choices seeded by ``seed`` as well)."""
    game = load(game_id, **options)
    state, rng = game.new_state(seed), random.Random(seed)
    lines = [f"game: {game_id}", f"options: {json.dumps(game.options, sort_keys=True)}",
             f"seed: {seed}", ""]
    compact = game.max_game_length > COMPACT_AFTER
    while movers := state.to_move():
        seat = movers[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        views = [json.dumps(state.view(v), sort_keys=True) for v in [None, *range(game.num_players)]]
        if compact:
            digest = hashlib.sha256("\n".join(views).encode()).hexdigest()[:16]
            lines.append(f"{len(state.history)}: seat {seat} of {len(legal)} legal plays {action} "
                         f"{game.action_label(action)} | views {digest}")
        else:
            lines.append(f"step {len(state.history)}: to move {list(movers)}")
            lines.append("  legal: " + "; ".join(f"{a}={game.action_label(a)}" for a in legal))
            lines.extend(f"  view[{v}]: {text}" for v, text in zip([None, *range(game.num_players)], views))
            lines.append(f"  action: seat {seat} plays {action} {json.dumps(game.action_to_json(action))}")
        before = len(state.events)
        state.apply(seat, action)
        said = [[game.event_text(e) for e in state.log(v, before)] for v in [None, *range(game.num_players)]]
        if compact:
            lines[-1] += f" | log {hashlib.sha256(json.dumps(said).encode()).hexdigest()[:16]}"
        else:
            lines.extend(f"  log[{v}]: {' / '.join(texts)}"
                         for v, texts in zip([None, *range(game.num_players)], said) if texts)
    lines.append(f"returns: {state.returns()}")
    lines.append(f"scores: {state.scores()}")
    lines.append(f"breakdown: {json.dumps(state.score_breakdown(), ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def file_name(game_id: str, options: dict, seed: int) -> str:
    """The golden file's name for one playthrough."""
    opts = "-".join(f"{k}{v}" for k, v in sorted(options.items()))
    return f"{game_id}{'-' + opts if opts else ''}-seed{seed}.txt"


def write_all(folder: Path) -> None:
    """(Re)write every golden playthrough into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for game_id, options, seed in GOLDEN:
        (folder / file_name(game_id, options, seed)).write_text(playthrough(game_id, options, seed))


if __name__ == "__main__":
    write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/playthroughs"))
