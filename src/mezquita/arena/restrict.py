"""Restricted play (Jaffe et al. 2012): forbid or force one element of a game for one seat or
for every seat, and measure what it changes.

A restriction is written ``MODE:FIELD=VALUE[,FIELD=VALUE...][@all]`` and matches actions by
their JSON form (``{"do": kind, field: value, ...}``), so it works in every game without
game code:

* ``never:character=architect``: never take an action naming the Architect (Citadels: never
  pick it, never target it); ``never:do=pick,character=architect``: never pick it;
* ``always:do=flip_use_plan``: whenever such an action is legal, take one of them;
* ``@all``: every seat is restricted (a variant of the game); without it one seat is, the
  *denied player*, rotating over the seats game by game, against unrestricted opponents.

`RestrictedAgent` wraps any agent and hands it the filtered legal set only (never an
illegal action, never more information than its seat's view). When ``never`` would leave no
legal action the rules force one of the forbidden actions, and when ``always`` finds none the
agent chooses freely; `RestrictedAgent.removed` counts the decisions at which the restriction
took a choice away, so a report can say whether it bit at all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mezquita.agents import Agent, Turn
from mezquita.engine import Game, MezquitaError

MODES = ("never", "always")
#: the scope suffix that restricts every seat
ALL = "@all"
#: a variant key carrying a restriction (``Plan`` strips it before loading the game)
KEY = "restrict"


class BadRestriction(MezquitaError):
    """A restriction that cannot be read, or that names nothing in the game."""


@dataclass(frozen=True)
class Restriction:
    """One parsed restriction (module docstring)."""

    mode: str
    match: tuple[tuple[str, str], ...]
    every_seat: bool = False

    @classmethod
    def parse(cls, text: str) -> Restriction:
        """Read ``MODE:FIELD=VALUE,...[@all]``; `BadRestriction` saying what is wrong."""
        body, every = (text[: -len(ALL)], True) if text.endswith(ALL) else (text, False)
        mode, colon, rest = body.partition(":")
        pairs = [p.partition("=") for p in rest.split(",") if p.strip()]
        if mode not in MODES or not colon or not pairs or any(not eq or not k.strip()
                                                               for k, eq, _ in pairs):
            raise BadRestriction(f"a restriction is never:FIELD=VALUE or always:FIELD=VALUE "
                                 f"(several FIELD=VALUE joined by commas, @all for every seat), "
                                 f"not {text!r}")
        return cls(mode, tuple((k.strip(), v.strip()) for k, _, v in pairs), every)

    @property
    def spec(self) -> str:
        """The restriction as written (canonical form)."""
        body = ",".join(f"{k}={v}" for k, v in self.match)
        return f"{self.mode}:{body}{ALL if self.every_seat else ''}"

    def matches(self, game: Game, action: int) -> bool:
        """Whether ``action``'s JSON form has every field of the restriction."""
        data = game.actions.to_json(action)
        return all(k in data and str(data[k]) == v for k, v in self.match)

    def allowed(self, game: Game, legal: list[int]) -> list[int]:
        """The part of ``legal`` this restriction leaves (all of it when it cannot apply)."""
        hits = [a for a in legal if self.matches(game, a)]
        if self.mode == "never":
            kept = [a for a in legal if a not in hits]
            return kept or legal
        return hits or legal

    def check(self, game: Game) -> None:
        """`BadRestriction` unless some action of ``game`` matches."""
        if not any(self.matches(game, a) for a in range(len(game.actions))):
            raise BadRestriction(f"no action of {game.info.id} matches {self.spec!r} "
                                 f"(fields: {', '.join(fields(game))})")


def one_seat(spec: str | None) -> bool:
    """Whether a variant's restriction binds one seat only (a restricted-play arm, not a
    variant of the game)."""
    return bool(spec and not spec.endswith(ALL))


def fields(game: Game) -> list[str]:
    """Every field an action of ``game`` has in its JSON form, ``do`` first."""
    names = {"do": None}
    for block in game.actions.by_name.values():
        names.update(dict.fromkeys(p.name for p in block.params))
    return list(names)


def expand(text: str, game: Game) -> list[Restriction]:
    """``never:character=*`` -> one restriction per value any action gives ``character``
    (the element ranking); anything else -> the one restriction, checked against ``game``."""
    restriction = Restriction.parse(text)
    stars = [k for k, v in restriction.match if v == "*"]
    if not stars:
        restriction.check(game)
        return [restriction]
    if len(stars) > 1:
        raise BadRestriction(f"only one field may be * in {text!r}")
    star = stars[0]
    fixed = tuple((k, v) for k, v in restriction.match if v != "*")
    values: dict[str, None] = {}
    for action in range(len(game.actions)):
        data = game.actions.to_json(action)
        if star in data and all(str(data.get(k)) == v for k, v in fixed):
            values[str(data[star])] = None
    if not values:
        raise BadRestriction(f"no action of {game.info.id} has the field {star!r} "
                             f"(fields: {', '.join(fields(game))})")
    return [replace(restriction, match=tuple((k, value if v == "*" else v)
                                             for k, v in restriction.match))
            for value in values]


class RestrictedAgent(Agent):
    """``inner`` playing under ``restriction``: it sees the same turn with fewer legal ids."""

    def __init__(self, inner: Agent, restriction: Restriction) -> None:
        super().__init__(inner.game)
        self.inner, self.restriction = inner, restriction
        self.name = inner.name
        self.removed = 0

    def act(self, turn: Turn) -> int:
        allowed = self.restriction.allowed(turn.game, turn.legal)
        if len(allowed) < len(turn.legal):
            self.removed += 1
            turn = replace(turn, legal=allowed)
        return self.inner.act(turn)
