"""`CitadelsGame`: options, their validation, and the action-space hooks."""

from __future__ import annotations

from typing import Any

from mezquita.engine import Game, GameInfo, Option, UnknownOption

from . import actions
from .belief import draft_belief
from .cards import (
    BASE_CHARS,
    BASE_DISTRICTS,
    CHAR_INDEX,
    CHAR_RANK,
    DARK_DISTRICTS,
    DIST_COPIES,
    DIST_INDEX,
    QUEEN,
    TEXTS,
)
from .rollout import rollout_action

INFO = GameInfo(
    id="citadels",
    name="Citadels",
    min_players=2,
    max_players=8,
    hidden_information=True,  # hands, drafted characters, face-down cards, deck, targets
    chance=True,  # district draws and the character shuffle each round
    version=1,
    summary="Bruno Faidutti, 2000 (classic, with Dark City): draft secret characters, "
            "build a city of 8 districts, score the most.",
    options=(
        Option("players", 4, tuple(range(2, 9)), "number of players (8 needs a rank-9 character)"),
        Option("crown", -1, None, "seat holding the Crown at the start; -1: a random seat"),
        Option("characters", (), None,
               "Dark City characters replacing the base one of the same rank, e.g. "
               "witch,alchemist (any of witch, tax_collector, wizard, emperor, abbot, "
               "alchemist, navigator, diplomat)"),
        Option("rank9", "none", ("none", "queen", "artist"),
               "add a rank-9 character (Queen: 5+ players; any: 4+ players)"),
        Option("dark_city", (), None,
               "Dark City purple districts added to the deck: empty (none), all, or a list "
               "of keys such as museum,park"),
        Option("short", False, (False, True), "short game: ends at 7 districts instead of 8"),
    ),
)


class CitadelsGame(Game):
    """Citadels with the options declared in ``INFO`` (see docs/games/citadels.md)."""

    info = INFO
    heuristic = "mezquita.games.citadels.heuristic:CitadelsHeuristic"
    rollout_policy = staticmethod(rollout_action)
    belief = staticmethod(draft_belief)
    bench_settings = ({"players": 4}, {"players": 7})

    def _configure(self) -> None:
        n = self.num_players
        chosen = list(BASE_CHARS)
        for key in self.options["characters"]:
            c = CHAR_INDEX.get(key)
            if c is None or c in BASE_CHARS or CHAR_RANK[c] == 9:
                raise UnknownOption(f"option 'characters': {key!r} is not a Dark City "
                                    "character of ranks 1-8")
            if chosen[CHAR_RANK[c] - 1] != BASE_CHARS[CHAR_RANK[c] - 1]:
                raise UnknownOption(f"option 'characters': two characters of rank {CHAR_RANK[c]}")
            chosen[CHAR_RANK[c] - 1] = c
        rank9 = self.options["rank9"]
        if rank9 != "none":
            c = CHAR_INDEX[rank9]
            if n < 4 or (c == QUEEN and n < 5):
                need = 5 if c == QUEEN else 4
                raise UnknownOption(f"the {rank9} needs at least {need} players")
            chosen.append(c)
        elif n == 8:
            raise UnknownOption("8 players need a rank-9 character (option rank9)")
        #: the character deck of every round, in rank order
        self.characters: tuple[int, ...] = tuple(chosen)
        #: rank (1..9) -> character in play, or -1
        self.by_rank: tuple[int, ...] = tuple(
            [-1] + [next((c for c in chosen if CHAR_RANK[c] == r), -1) for r in range(1, 10)])
        dark = self.options["dark_city"]
        if dark == ("all",):
            extra = DARK_DISTRICTS
        else:
            bad = [k for k in dark if DIST_INDEX.get(k) not in DARK_DISTRICTS]
            if bad:
                raise UnknownOption(f"option 'dark_city': {bad[0]!r} is not a Dark City district")
            extra = tuple(sorted({DIST_INDEX[k] for k in dark}))
        #: the district deck (one entry per physical card)
        self.deck: tuple[int, ...] = tuple(
            d for d in BASE_DISTRICTS + tuple(extra) for _ in range(DIST_COPIES[d]))
        crown = self.options["crown"]
        if not -1 <= crown < n:
            raise UnknownOption(f"option 'crown' must be -1 (random) or a seat 0..{n - 1}")
        self.threshold: int = 7 if self.options["short"] else 8
        self.face_up_count: int = _face_up(n, len(chosen))

    @property
    def num_actions(self) -> int:
        return actions.NUM_ACTIONS

    @property
    def max_game_length(self) -> int:
        return 20_000  # a generous bound: the rules do not force progress every round

    def action_to_json(self, action: int) -> dict:
        return actions.to_json(action)

    def action_from_json(self, value: Any) -> int:
        return actions.from_json(value, self.num_players)

    def action_label(self, action: int, lang: str = "en") -> str:
        return actions.label(action, lang)

    @property
    def observation_size(self) -> int:
        from .observation import observation_size

        return observation_size(self)

    def encode_view(self, view: dict) -> list[float]:
        from .observation import encode_view

        return encode_view(self, view)

    def render_text(self, view: dict, lang: str = "en") -> str:
        from .render import render_text

        return render_text(view)

    def event_text(self, entry: dict, lang: str = "en", names=None) -> str:
        return ""

    def move_text(self, view: dict, seat: int, action: int, lang: str = "en") -> str:
        """Moves read as their label, except that draft choices, secret targets and cards
        taken into hand are told without naming them to anyone but the mover."""
        kind = actions.ACTIONS[action][0]
        hidden = TEXTS["hidden"].get(kind)
        if hidden and seat != view["seat"]:
            return hidden.get(lang, hidden["en"])
        return actions.label(action, lang)

def _face_up(players: int, characters: int) -> int:
    """Characters removed face up each round (rule: players + 1 remain for 4-6 players)."""
    return 0 if players <= 3 else max(0, characters - 1 - (players + 1))
