"""Cordoba (Reinhold Wittig, 1990): a race of stones showing religious symbols, a reconstruction.

Rules as implemented: docs/games/cordoba-wittig.md; each numbered rule there is tested in
tests/games/cordoba_wittig/test_rules.py under its number. Board, stones, symbols, distances
and limits come from a board file (``data/standard.json``; option ``board``).

A turn is a short sequence of small decisions, one action block each (sizes for a board with
N stones and P playing fields; the standard board has N = 12, P = 96, 219 ids in all)::

    stone(stone)   choose one of your stones to move              N ids
    to(to)         its destination, two squares away             P ids
    side(side)     left or right of your single stone there       2 ids
    back(stone)    compensation: which affected stone goes next   N ids
    back_to(to)    compensation: where that stone goes back       P ids
    pass           no legal move at all                           1 id

Choices with one option only in a compensation (the last stone, a single way back) are
carried out without asking.
"""

from __future__ import annotations

import json
import re
from enum import StrEnum
from typing import Any, ClassVar, Self

from mezquita.engine import (
    Cache,
    Decision,
    Decisions,
    Event,
    Game,
    GameInfo,
    Hint,
    Option,
    Param,
    State,
    pick,
    register,
)
from mezquita.engine.actions import Block

from .board import SHIPPED, Board, load_board
from .evaluation import evaluate, search_key
from .rollout import rollout_policy
from .words import TEXTS, side_name

SIDES = ("left", "right")
EMPTY = -1
MOVERS = ((0,), (1,), ())  # ``_to_move()`` by ``current`` (-1: over), shared tuples
#: a position as the repetition rule compares it (`CordobaWittigState.position_key`)
PositionKey = tuple[int, tuple[int, ...], tuple[int, ...], int, int]


class Phase(StrEnum):
    """Which decision the player to move makes now (the value is its action block)."""

    STONE = "stone"
    TO = "to"
    SIDE = "side"
    BACK = "back"
    BACK_TO = "back_to"
    OVER = "over"


#: the phases as module names, which the rules read: a member read through its enum class
#: costs about four times a global in Python 3.11 (random playouts: 6% more instructions)
STONE, TO, SIDE, BACK, BACK_TO, OVER = Phase


class Outcome(StrEnum):
    """How a finished game was decided ("" while it runs)."""

    PLAYING = ""
    WIN = "win"
    DRAW_MATCHED = "draw_matched"
    DRAW_PLIES = "draw_plies"
    DRAW_REPETITION = "draw_repetition"


INFO = GameInfo(
    id="cordoba-wittig",
    name="Cordoba (Wittig)",
    min_players=2,
    max_players=2,
    hidden_information=False,  # every stone is on the open board
    chance=False,  # no dice, no cards
    version=2,  # 2: the opponent's extra turn always ends the game (rule 8)
    reconstruction=(
        "Reconstruction v1: no public source gives the board, the stones or their symbols. "
        "Assumed (all in the board file): 12 columns x 8 rows plus a start row; start row "
        "1 A 2 B 3 C 4 D 5 E 6 F; stones 1/A star|star, 2/B cross|cross, 3/C crescent|crescent, "
        "4/D star|cross, 5/E cross|crescent, 6/F crescent|star; stones on the start row move only "
        "forwards and no move enters it; the touching halves of a double are the resident's and "
        "the newcomer's facing halves; 'connected' means a chain of 8-neighbour fields holding "
        "stones with the symbol, the double's own stones stay; the responsible player chooses the "
        "order and the direction of moving back; with no way back of 3 or 2 fields a stone returns "
        "to its start; a blocked obligation waits; no legal move means a pass; stones on the far "
        "row may still move sideways; a draw after 300 turns or the third repetition of a position."
    ),
    summary="Reinhold Wittig, 1990: race four of your six symbol stones to the far row; a double "
            "that puts a symbol in power sends its neighbours back.",
    options=(
        Option("board", "standard", None,
               "board file: a shipped board (standard, small, tiny, tiny-win) or the path of a board file",
               remote_choices=SHIPPED),
    ),
)


class CordobaWittigGame(Game["CordobaWittigState"]):
    """Cordoba (Wittig) on the board file named by option ``board``."""

    info = INFO
    heuristic = "mezquita.games.cordoba_wittig.heuristic:CordobaWittigHeuristic"
    golden: ClassVar[tuple[tuple[dict, int], ...]] = (({}, 6), ({"board": "small"}, 7))
    #: difficulty levels (agents/levels.py), weakest first: the heuristic with 40, 25, 10 and 0%
    #: random moves, then alpha-beta by depth; each beats the one below about 0.67-0.78
    #: (docs/levels.md: depth 8 over 6 is 0.67, depths 9 and 10 over 6 are 0.82)
    levels: ClassVar[dict[str, str]] = {
        "beginner": "heuristic-40", "novice": "heuristic-25", "easy": "heuristic-10",
        "medium": "heuristic", "hard": "alphabeta-5", "expert": "alphabeta-6", "master": "alphabeta-8",
    }
    evaluation = staticmethod(evaluate)
    search_key = staticmethod(search_key)
    rollout_policy = staticmethod(rollout_policy)

    def _configure(self) -> None:
        board = self.board = load_board(self.options["board"])
        labels = tuple(s.label for s in board.stones)
        squares = tuple(board.square(f) for f in board.playing_fields)
        self.decisions = decision_table(labels, squares, board.columns)
        self.STONE, self.TO, self.SIDE, self.BACK, self.BACK_TO, self.PASS = self.decisions.space.blocks
        self.moves, self.backs, self.neighbours = _geometry(board)
        self.seat_of = tuple(stone.seat for stone in board.stones)  # read for every destination
        self.far_start = board.far_fields.start  # the first field of the far row
        # per playing field, the id of the move there: read for rule 3's legal ids every turn
        self.to_ids = dict(zip(board.playing_fields, self.TO.ids(range(len(board.playing_fields)))))
        # the weight of each stone's digit in `CordobaWittigState.places`
        self.place_weight = tuple((2 * board.size) ** s for s in range(len(board.stones)))

    @property
    def max_game_length(self) -> int:
        # a turn is at most stone + to + side, then two decisions for each stone moved back
        # (every stone but the double's two); the game is drawn after max_plies turns
        per_turn = 3 + 2 * (len(self.board.stones) - 2)
        return self.board.max_plies * per_turn


class CordobaWittigState(State):
    """A game of Cordoba (Wittig).

    Attributes:
        grid: per field, the stone on it (the left one of a double), or -1.
        pair: per field, the right stone of a double there, or -1.
        at: per stone, its field (its start field while at home).
        current: the seat to move (-1 when the game is over).
        phase: the decision the seat to move makes now (`Phase`).
        selected: the stone chosen to move (phases ``to`` and ``side``), or -1.
        target: the field of a double being made (phase ``side``), or -1.
        owed: per seat, the fields of doubles that seat made and must break up (rule 5).
        pending: stones still to move back in the running compensation (rule 6).
        power: the symbol in power during a compensation, or "".
        back_stone: the stone whose way back is being chosen (phase ``back_to``), or -1.
        claim: the seat that reached the far row first, during its opponent's extra turn, or -1.
        plies: finished turns.
        seen: how often each position (`position_key`) occurred; the JSON form writes each
            position out in full (`to_json`).
        outcome: how the game ended (`Outcome`).
        winner: the winning seat, or -1 (running or drawn).
        places: the board as one number (a cache of ``at``, ``grid`` and ``pair``): digit
            ``s``, in base 2 x fields, is stone ``s``'s field x 2, plus 1 while it is the
            right stone of a double.
        blocked: per seat, the fields its stones may not move to (a cache of ``grid`` and
            ``pair``; rules 3 and 4): every double and the other seat's single stones.
        far: per seat, how many of its stones stand on the far row (a cache of ``at``).
    """

    game: CordobaWittigGame

    grid: list[int]
    pair: list[int]
    at: list[int]
    current: int
    phase: Phase
    selected: int
    target: int
    owed: list[list[int]]
    pending: list[int]
    power: str
    back_stone: int
    claim: int
    plies: int
    seen: dict[PositionKey, int]
    outcome: str
    winner: int
    places: Cache[int]
    blocked: Cache[list[set[int]]]
    far: Cache[list[int]]

    # -- setup -------------------------------------------------------------------------
    def _setup(self) -> None:
        """Rule 2: every stone on its start field; player one begins."""
        board: Board = self.game.board
        self.grid = [EMPTY] * board.size
        self.pair = [EMPTY] * board.size
        self.at = []
        for i, stone in enumerate(board.stones):
            field = board.field(stone.start, 0)
            self.grid[field] = i
            self.at.append(field)
        self.current, self.phase = 0, STONE
        self.selected = self.target = self.back_stone = self.claim = self.winner = -1
        self.owed, self.pending, self.power = [[], []], [], ""
        self.plies, self.outcome = 0, Outcome.PLAYING
        self._reset_caches()
        self.seen = {self.position_key(): 1}

    def _reset_caches(self) -> None:
        self.places = sum(self._digit(s) * w for s, w in enumerate(self.game.place_weight))
        self.blocked = [set(), set()]
        for field, stone in enumerate(self.grid):
            if self.pair[field] != EMPTY:
                self.blocked[0].add(field)
                self.blocked[1].add(field)
            elif stone != EMPTY:
                self.blocked[1 - self.game.seat_of[stone]].add(field)
        self.far = [sum(1 for s in self.game.board.stones_of(seat) if self.at[s] >= self.game.far_start)
                    for seat in (0, 1)]

    def _digit(self, stone: int) -> int:
        """Stone ``stone``'s digit of `places`."""
        field = self.at[stone]
        return 2 * field + (self.pair[field] == stone)

    # -- queries -------------------------------------------------------------------------
    def destinations(self, stone: int) -> list[int]:
        """Rules 3 and 4: the fields ``stone`` may move to (empty, or one own stone)."""
        blocked = self.blocked[self.game.seat_of[stone]]
        out = []
        for t in self.game.moves[self.at[stone]]:
            if t not in blocked:
                out.append(t)
        return out

    def movable(self, seat: int) -> list[int]:
        """The stones ``seat`` may choose now: rule 5's obligation first, if it can be met."""
        if self.owed[seat]:
            owed = [s for f in self.owed[seat] for s in (self.grid[f], self.pair[f])]
            forced = [s for s in sorted(owed) if self.destinations(s)]
            if forced:
                return forced
        # Read every turn: whether each stone has a destination, asked of `blocked` without
        # listing them (with `destinations` this took a third of a random playout)
        moves, at, blocked = self.game.moves, self.at, self.blocked[seat]
        stones = []
        for s in self.game.board.stones_by_seat[seat]:
            if not blocked.issuperset(moves[at[s]]):
                stones.append(s)
        return stones

    def ways_back(self, stone: int) -> list[int]:
        """Rule 7: where ``stone`` may go back to (its start field when nothing else is free)."""
        board: Board = self.game.board
        field = self.at[stone]
        if board.row(field) > board.near_rows:
            for fields in self.game.backs[field]:
                free = [f for f in fields if self.grid[f] == EMPTY]
                if free:
                    return free
        return [board.field(board.stones[stone].start, 0)]

    def far_count(self, seat: int) -> int:
        """How many of ``seat``'s stones stand on the far row."""
        return self.far[seat]  # counted as the stones move: it is read every turn

    def progress(self, seat: int) -> int:
        """The rows ``seat``'s stones have advanced, summed."""
        columns = self.game.board.columns
        return sum(self.at[s] // columns for s in self.game.board.stones_of(seat))

    def affected(self, field: int, symbol: str) -> list[int]:
        """Rule 6: the stones showing ``symbol`` connected to the double on ``field``."""
        stones = self.game.board.stones
        neighbours = self.game.neighbours
        seen, frontier, out = {field}, [field], []
        while frontier:
            here = frontier.pop()
            for n in neighbours[here]:
                if n in seen:
                    continue
                showing = [s for s in (self.grid[n], self.pair[n]) if s != EMPTY and stones[s].shows(symbol)]
                if showing:
                    seen.add(n)
                    frontier.append(n)
                    out.extend(showing)
        return sorted(out)

    def position_key(self) -> PositionKey:
        """The repetition key: stones on the board (`places`, which tells positions apart
        exactly as ``grid`` and ``pair`` do), obligations, claim and seat to move."""
        # Made every turn: written out from the whole grid it took half of a random playout's
        # time, so only the JSON form writes it so (`to_json`).
        owed = self.owed
        return self.places, tuple(owed[0]), tuple(owed[1]), self.claim, self.current

    # -- turns -----------------------------------------------------------------------------
    def _to_move(self) -> tuple[int, ...]:
        return MOVERS[self.current]

    def _legal_actions(self, seat: int) -> list[int]:
        g = self.game
        phase = self.phase
        if phase == STONE:
            stones = self.movable(seat)
            return g.STONE.ids(stones) if stones else [g.PASS.id()]
        if phase == TO:  # in field order, so the ids are sorted (`_geometry`)
            to_ids = g.to_ids
            return [to_ids[t] for t in self.destinations(self.selected)]
        first = g.board.columns
        if phase == SIDE:
            return g.SIDE.ids(range(len(SIDES)))
        if phase == BACK:
            return g.BACK.ids(sorted(self.pending))
        return g.BACK_TO.ids(sorted(t - first for t in self.ways_back(self.back_stone)))

    # -- the decisions' effects (`decision_table`) ----------------------------------------------
    def _select(self, seat: int, stone: int) -> None:
        """Rule 3: the stone to move; its destination comes next."""
        self.selected = stone
        self.phase = TO

    def _choose_back(self, seat: int, stone: int) -> None:
        """Rule 6: which affected stone goes back next."""
        self.back_stone = stone
        self._compensate(seat)

    def _back_to(self, seat: int, field: int) -> None:
        """Rule 7: where the stone going back goes."""
        self._move_back(seat, self.back_stone, field)
        self._compensate(seat)

    def _pass(self, seat: int) -> None:
        """Rule 3: no stone can move."""
        self._event(seat, "pass")
        self._end_turn(seat)

    def _to(self, seat: int, target: int) -> None:
        """Rule 3: move to an empty field, or rule 4: onto an own single stone (side next)."""
        if self.grid[target] != EMPTY:
            self.target = target
            self.phase = SIDE
            return
        stone = self.selected
        board = self.game.board
        self._event(seat, "move", board.stones[stone].label, board.square(self.at[stone]),
                    board.square(target))
        self._lift(stone)
        self._put(stone, target)
        self._end_turn(seat)

    def power_of(self, side: str) -> str:
        """Rule 5: the symbol the selected stone, doubled on ``side`` of the target field's
        stone, puts in power (the touching halves match), or ""."""
        stones = self.game.board.stones
        mover, resident = stones[self.selected], stones[self.grid[self.target]]
        left, right = (mover, resident) if side == "left" else (resident, mover)
        return left.right if left.right == right.left else ""

    def _double(self, seat: int, side: str) -> None:
        """Rule 4: place the newcomer left or right of the resident; rules 5 and 6 follow."""
        board = self.game.board
        stone, field = self.selected, self.target
        power = self.power_of(side)
        self._event(seat, "move", board.stones[stone].label, board.square(self.at[stone]),
                    board.square(field))
        self._lift(stone)
        self._put(stone, field, side)
        self.owed[seat].append(field)
        self._event(seat, "double", board.square(field), side,
                    [board.stones[self.grid[field]].label, board.stones[self.pair[field]].label])
        self.selected = self.target = -1
        if power:
            self.power = power
            self.pending = self.affected(field, self.power)
            self._event(seat, "power", self.power, board.square(field),
                        [board.stones[s].label for s in self.pending])
        self._compensate(seat)

    def _compensate(self, seat: int) -> None:
        """Rule 6: move the affected stones back one at a time, asking only real choices
        (which stone next when several remain, where to when there are several ways back)."""
        while self.pending:
            if self.back_stone < 0:
                if len(self.pending) > 1:
                    self.phase = BACK
                    return
                self.back_stone = self.pending[0]
            ways = self.ways_back(self.back_stone)
            if len(ways) > 1:
                self.phase = BACK_TO
                return
            self._move_back(seat, self.back_stone, ways[0])
        self.power = ""
        self._end_turn(seat)

    def _move_back(self, seat: int, stone: int, field: int) -> None:
        """Rule 7: one affected stone goes back to ``field``."""
        board = self.game.board
        self._event(seat, "back", self.power, board.stones[stone].label, board.square(self.at[stone]),
                    board.square(field), board.row(field) == 0)
        self._lift(stone)
        self._put(stone, field)
        self.pending.remove(stone)
        self.back_stone = -1

    def _end_turn(self, seat: int) -> None:
        """Rule 8 (the far row, the extra turn) and the draws by length and repetition."""
        board = self.game.board
        self.plies += 1
        self.selected = self.target = -1
        win = board.win_stones
        if self.claim >= 0:  # the extra turn is over: it ends the game whatever it knocked back
            claimant, self.claim = self.claim, -1
            if self.far_count(seat) >= win:
                return self._finish(Outcome.DRAW_MATCHED, -1, win)
            return self._finish(Outcome.WIN, claimant, win)
        if self.far_count(seat) >= win:
            self.claim = seat
            self._event(None, "claim", seat, self.far_count(seat))
        if self.plies >= board.max_plies:
            return self._finish(Outcome.DRAW_PLIES, -1, self.plies)
        self.current, self.phase = 1 - seat, STONE
        key = self.position_key()
        count = self.seen[key] = self.seen.get(key, 0) + 1
        if count >= board.repetitions:
            self._finish(Outcome.DRAW_REPETITION, -1, count)

    def _finish(self, outcome: Outcome, winner: int, n: int) -> None:
        self.outcome, self.winner = outcome, winner
        self.current, self.phase = -1, OVER
        if winner >= 0:
            self._event(None, "win", winner, n)
        else:
            self._event(None, outcome.value, n)

    # -- board changes ---------------------------------------------------------------------
    # Every change of ``grid``, ``pair`` and ``at`` goes through these two, which keep the
    # caches (`places`, `blocked`, `far`) in step.
    def _lift(self, stone: int) -> None:
        """Take ``stone`` off its field; a double left with one stone is no longer owed."""
        field = self.at[stone]
        weight = self.game.place_weight
        self.places -= self._digit(stone) * weight[stone]
        right = self.pair[field]
        seat = self.game.seat_of[stone]
        if field >= self.game.far_start:
            self.far[seat] -= 1
        if right == EMPTY:
            self.grid[field] = EMPTY
            self.blocked[1 - seat].remove(field)
            return
        if self.grid[field] == stone:  # the right stone stays, single now
            self.grid[field] = right
            self.places -= weight[right]
        self.pair[field] = EMPTY
        self.blocked[seat].remove(field)  # a single stone of the seat's own again
        for owed in self.owed:
            if field in owed:
                owed.remove(field)

    def _put(self, stone: int, field: int, side: str = "left") -> None:
        """Put ``stone`` (lifted) on ``field``: alone on an empty one, else on ``side`` of the
        single stone there, making a double."""
        weight = self.game.place_weight
        seat = self.game.seat_of[stone]
        resident = self.grid[field]
        if resident == EMPTY:
            self.grid[field] = stone
            self.places += 2 * field * weight[stone]
            self.blocked[1 - seat].add(field)
        else:  # a double: the other seat's set holds the field already
            if side == "left":
                self.grid[field], self.pair[field] = stone, resident
                self.places += 2 * field * weight[stone] + weight[resident]  # the resident is right now
            else:
                self.pair[field] = stone
                self.places += (2 * field + 1) * weight[stone]
            self.blocked[seat].add(field)
        self.at[stone] = field
        if field >= self.game.far_start:
            self.far[seat] += 1

    # -- results ---------------------------------------------------------------------------
    def _scores(self) -> list[float]:
        return [float(self.progress(0)), float(self.progress(1))]

    def _returns(self) -> list[float]:
        if self.winner >= 0:
            return [1.0 if s == self.winner else 0.0 for s in (0, 1)]
        return [0.5, 0.5]

    def _breakdown(self, lang: str, names: list[str | None] | None) -> dict:
        texts = TEXTS["breakdown"]
        returns = self.returns()
        # what decides first (the far row, then the result of the extra turn); the rows
        # advanced last, for information (they are the scores, but they decide nothing)
        goal = self.game.board.win_stones
        rows = [{"label": pick(texts["far_row"], lang).format(goal=goal),
                 "values": [self.far_count(s) for s in (0, 1)]}]
        if self.current < 0:
            rows.append({"label": pick(texts["result"], lang), "values": returns})
            reason = self.game.event_text(self.events[-1], lang, names)
        else:
            reason = pick(texts["playing"], lang)
        rows.append({"label": pick(texts["progress"], lang), "values": [self.progress(s) for s in (0, 1)]})
        best = max(returns)
        return {"rows": rows, "totals": self.scores(), "winners": [s for s in (0, 1) if returns[s] == best],
                "reason": reason}

    # -- the JSON form -------------------------------------------------------------------------
    def to_json(self) -> dict:
        """As `State.to_json`, each position of ``seen`` written out in full (`_key_text`)."""
        data = super().to_json()
        data["data"]["seen"] = {_key_text(self.game, key): count for key, count in self.seen.items()}
        return data

    @classmethod
    def from_json(cls, game: Any, data: dict) -> Self:
        """Inverse of `to_json`."""
        state = super().from_json(game, data)
        state.seen = {_text_key(game, text): count for text, count in data["data"]["seen"].items()}
        return state

    # -- information -------------------------------------------------------------------------
    def _view(self, seat: int | None, full: bool) -> dict:
        board: Board = self.game.board
        stones = board.stones
        square = board.square

        def label(s: int) -> str | None:
            return stones[s].label if s >= 0 else None

        return {
            "board": board.key,
            "columns": board.columns,
            "rows": board.rows,
            "win_stones": board.win_stones,
            "max_plies": board.max_plies,
            "symbols": board.raw["symbols"],
            "stones": [
                {"label": st.label, "seat": st.seat, "left": st.left, "right": st.right,
                 "field": square(self.at[i]), "home": board.row(self.at[i]) == 0,
                 "place": ("single" if self.pair[self.at[i]] == EMPTY
                           else "left" if self.grid[self.at[i]] == i else "right")}
                for i, st in enumerate(stones)
            ],
            "owed": [[square(f) for f in owed] for owed in self.owed],
            "phase": str(self.phase),
            "selected": label(self.selected),
            "target": square(self.target) if self.target >= 0 else None,
            "compensation": ({"symbol": self.power, "pending": [label(s) for s in self.pending],
                              "stone": label(self.back_stone)} if self.power else None),
            "claim": self.claim if self.claim >= 0 else None,
            "plies": self.plies,
            "far": [self.far_count(s) for s in (0, 1)],
            "progress": [self.progress(s) for s in (0, 1)],
            "outcome": str(self.outcome) or None,
            "winner": self.winner if self.winner >= 0 else None,
        }



def _key_text(game: CordobaWittigGame, key: PositionKey) -> str:
    """A repetition key as the JSON form writes it: ``f"{grid}{pair}{owed}{claim}{current}"``,
    the board's lists rebuilt from `CordobaWittigState.places`."""
    places, owed0, owed1, claim, current = key
    size = game.board.size
    grid, pair = [EMPTY] * size, [EMPTY] * size
    for stone, weight in enumerate(game.place_weight):
        field, right = divmod(places // weight % (2 * size), 2)
        (pair if right else grid)[field] = stone
    return f"{grid}{pair}{[list(owed0), list(owed1)]}{claim}{current}"


def _text_key(game: CordobaWittigGame, text: str) -> PositionKey:
    """Inverse of `_key_text`."""
    grid_end = text.index("]") + 1
    pair_end = text.index("]", grid_end) + 1
    owed_end = text.rindex("]") + 1
    grid, pair = json.loads(text[:grid_end]), json.loads(text[grid_end:pair_end])
    owed = json.loads(text[pair_end:owed_end])
    numbers = re.fullmatch(r"(-?\d)(-?\d)", text[owed_end:])
    if numbers is None:
        raise ValueError(f"not a position of Cordoba (Wittig): {text!r}")
    weight = game.place_weight
    places = (sum(2 * field * weight[stone] for field, stone in enumerate(grid) if stone != EMPTY)
              + sum((2 * field + 1) * weight[stone] for field, stone in enumerate(pair) if stone != EMPTY))
    return places, tuple(owed[0]), tuple(owed[1]), int(numbers[1]), int(numbers[2])


def _power_fact(state: CordobaWittigState, action: int, lang: str) -> dict:
    """Shown beside a side: the symbol that double puts in power ("" for none)."""
    side, = state.game.decisions.space.kind(action).values(action)
    return {"power": state.power_of(side)}


def _geometry(board: Board) -> tuple[list[list[int]], list[list[list[int]]], list[list[int]]]:
    """Per field: move targets (rule 3), ways back by distance (rule 7), 8-neighbours (rule 6)."""
    step = board.step
    moves, backs, neighbours = [], [], []
    for field in range(board.size):
        col, row = board.column(field), board.row(field)
        dirs = [(-step, step), (0, step), (step, step)] + ([(-step, 0), (step, 0)] if row > 0 else [])
        moves.append(sorted(board.field(col + dx, row + dy) for dx, dy in dirs
                            if board.on_board(col + dx, row + dy)))
        backs.append([[board.field(col + dx, row - d) for dx in (-d, 0, d)
                       if board.on_board(col + dx, row - d) and row - d >= 1]
                      for d in board.back_distances])
        neighbours.append([board.field(col + dx, row + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                           if (dx or dy) and board.on_board(col + dx, row + dy) and row + dy >= 1])
    return moves, backs, neighbours


def decision_table(labels: tuple[str, ...], squares: tuple[str, ...], first: int) -> Decisions:
    """The decisions on a board with these stone labels and playing squares (the first
    playing field is number ``first``): each with its effect, its event and its arguments
    (fields as the board numbers them, sides by name). Open information and no chance:
    every decision can be taken back until the other seat moves."""
    acts, stone, to = TEXTS["actions"], Param("stone", labels), Param("to", squares)

    def field(block: Block, action: int) -> tuple:
        return (block.indices(action)[0] + first,)

    return Decisions([
        Decision("stone", (stone,), CordobaWittigState._select, acts["stone"],
                 hint=Hint("stone", "stone"), undoable=True),
        Decision("to", (to,), CordobaWittigState._to, acts["to"], arguments=field,
                 hint=Hint("field", "to"), undoable=True),
        Decision("side", (Param("side", SIDES, text=side_name),), CordobaWittigState._double,
                 acts["side"], arguments=lambda block, action: block.values(action),
                 hint=Hint("side", "side"), undoable=True, facts=_power_fact),
        Decision("back", (stone,), CordobaWittigState._choose_back, acts["back"],
                 Event(("symbol", "stone", "frm", "to", "home"), banner=True),
                 hint=Hint("returning", "stone"),
                 undoable=True),
        Decision("back_to", (to,), CordobaWittigState._back_to, acts["back_to"], arguments=field,
                 hint=Hint("field", "to"), undoable=True),
        Decision("pass", (), CordobaWittigState._pass, acts["pass"], Event(), hint=Hint("pass"),
                 undoable=True),
    ], events={
        "move": Event(("stone", "frm", "to")), "double": Event(("field", "side", "stones")),
        "power": Event(("symbol", "field", "stones")), "claim": Event(("player", "n")),
        "win": Event(("player", "n")),
        **{outcome.value: Event(("n",)) for outcome in (Outcome.DRAW_MATCHED, Outcome.DRAW_PLIES,
                                                         Outcome.DRAW_REPETITION)},
    })


register(CordobaWittigGame, CordobaWittigState)
