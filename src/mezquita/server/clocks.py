"""Clocks: a time bank per player plus an increment per move, and a grace period after it.

Each human seat has a bank of seconds (its reserve, the "reflection time"). While the seat is
to move its bank runs down; after each of its moves the bank gets the increment, never past
the cap. Once the bank is empty a grace period runs; a seat still to move after it has left
the match (``leaving.py``: two players, it loses on time; more, a bot takes the seat). A
per-move timer of N seconds is the clock ``bank = increment = cap = N``.

A match's clock is chosen at creation: a preset (`PRESETS`), custom numbers, or off. It is on
(`DEFAULT`) by default whenever two or more humans sit. Nothing per turn is stored but the
moves: `rebuild` replays the record with each move's stored time from the match's start, so a
restarted server continues every clock from its stored bank and its stored turn start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from datetime import datetime

from mezquita.engine import State

from .errors import MatchError
from .status import HUMAN

LIMIT = 7 * 86400  # seconds: no number of a clock is longer than a week


@dataclass(frozen=True)
class Clock:
    """The rules of a match's clock, in seconds."""

    bank: int  # each player's reserve at the start
    increment: int  # added to the bank after each of the player's moves
    cap: int  # the bank never grows past this
    grace: int  # after the bank is empty, before the seat has left

    def to_json(self, kind: str) -> dict:
        return {"type": kind, **asdict(self)}


#: quick and live for play at the table, slow for a move or two a day
PRESETS = {
    "quick": Clock(bank=180, increment=10, cap=300, grace=20),
    "live": Clock(bank=600, increment=30, cap=900, grace=60),
    "slow": Clock(bank=86400, increment=43200, cap=3 * 86400, grace=6 * 3600),
}
DEFAULT = "live"
OFF = "off"


def choose(value: str | dict | None, seats: list[str]) -> dict | None:
    """The stored clock of a new match (``{"type", "bank", "increment", "cap", "grace"}``;
    None: no clock) from the request's ``clock``: a preset name, ``"off"``, custom numbers
    ``{"bank", "increment", "cap"?, "grace"?}`` (cap: the bank; grace: 0 by default), or None:
    `DEFAULT` when two or more humans sit, else off. `MatchError` for anything else."""
    if value is None:
        value = DEFAULT if seats.count(HUMAN) >= 2 else OFF
    if value == OFF:
        return None
    if isinstance(value, str):
        if value not in PRESETS:
            raise MatchError(f"unknown clock {value!r} (one of: {', '.join([*PRESETS, OFF])}, "
                             "or custom seconds)")
        return PRESETS[value].to_json(value)
    if not isinstance(value, dict) or not {"bank", "increment"} <= set(value) or not set(
            value) <= {"bank", "increment", "cap", "grace"}:
        raise MatchError('a custom clock is {"bank", "increment", "cap" (optional), "grace" '
                         "(optional)} in seconds")
    numbers = {"bank": value["bank"], "increment": value["increment"],
               "cap": value.get("cap", value["bank"]), "grace": value.get("grace", 0)}
    for name, number in numbers.items():
        if type(number) is not int or not 0 <= number <= LIMIT:
            raise MatchError(f"clock {name} must be a whole number of seconds in 0..{LIMIT}")
    clock = Clock(**numbers)
    if clock.bank < 1 or clock.cap < clock.bank:
        raise MatchError("a clock needs a bank of at least 1 s and a cap no lower than its bank")
    return clock.to_json("custom")


class Clocks:
    """The running clocks of one match: each timed seat's bank as of ``since[seat]``, the
    epoch second its clock started running (None: stopped)."""

    def __init__(self, stored: dict, seats: int) -> None:
        self.clock = Clock(**{k: v for k, v in stored.items() if k != "type"})
        self.banks = [float(self.clock.bank)] * seats
        self.since: list[float | None] = [None] * seats

    def run(self, movers: Iterable[int], timed: list[bool], at: float) -> None:
        """Start the clock of every timed seat in ``movers`` not running yet; stop (with no
        increment) those no longer to move or no longer timed."""
        movers = set(movers)
        for seat, since in enumerate(self.since):
            running = seat in movers and timed[seat]
            if running and since is None:
                self.since[seat] = at
            elif not running and since is not None:
                self.banks[seat] = max(0.0, self.banks[seat] - (at - since))
                self.since[seat] = None

    def moved(self, seat: int, at: float) -> None:
        """``seat`` moved at ``at``: its bank loses the time it took and gets the increment."""
        since = self.since[seat]
        if since is not None:
            left = max(0.0, self.banks[seat] - (at - since))
            self.banks[seat] = min(float(self.clock.cap), left + self.clock.increment)
            self.since[seat] = None

    def left(self, seat: int, at: float) -> float:
        """Seconds left in ``seat``'s bank at ``at`` (negative: into the grace period)."""
        since = self.since[seat]
        return self.banks[seat] - (at - since if since is not None else 0.0)

    def deadline(self, seat: int) -> float | None:
        """When ``seat``, still to move, has left the match (bank and grace spent); None if its
        clock is not running."""
        since = self.since[seat]
        return None if since is None else since + self.banks[seat] + self.clock.grace

    def view(self, seat: int) -> dict:
        """What the page shows of ``seat``'s clock: its bank as of ``since`` (its clock is
        running when ``since`` is set) and ``deadline``."""
        return {"bank": round(self.banks[seat], 3), "since": self.since[seat],
                "deadline": self.deadline(seat)}


def rebuild(stored: dict, seats: list[str], times: list[datetime], start: datetime
            ) -> tuple[Clocks, Callable[[State], None]]:
    """The clocks of a running match, and the step that brings them up to date as its record
    is replayed (`Record.replay`'s ``on_step``): from ``start`` (when everybody had joined),
    each move at its stored time; after the last step they are as after the last stored move."""
    clocks = Clocks(stored, len(seats))
    timed = [kind == HUMAN for kind in seats]
    stamps = iter([start.timestamp(), *(at.timestamp() for at in times)])

    def step(state: State) -> None:
        at = next(stamps)
        if state.history:
            clocks.moved(state.history[-1][0], at)
        clocks.run(state.to_move(), timed, at)

    return clocks, step
