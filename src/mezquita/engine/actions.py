"""`ActionSpace`: every game's actions as named blocks of parameters.

A game declares its decision kinds once, e.g.::

    space = ActionSpace()
    PLAY = space.block("play", Param("card", range(1, 11)), Param("landmark", range(1, 8)),
                       text=TEXTS["actions"]["play"])

and the space gives each action a stable integer id (for agents and masks), a JSON form
``{"do": "play", "card": 5, "landmark": 7}`` (for people, the web and records) and a label in
four languages. Ids are laid out block after block, the last parameter varying fastest, so a
block's ids are contiguous: ``PLAY.id(card_index, landmark_index)``. Games never compute ids
themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .texts import pick, seat_name

#: ``text(value, lang) -> str``: how a parameter value reads in a label
ValueText = Callable[[Any, str], str]


@dataclass(frozen=True)
class Param:
    """One parameter of a block: its JSON name, its values in id order, how a value reads.

    ``seats=True`` says the values are seats: they read as the players' names."""

    name: str
    values: tuple
    text: ValueText | None = None
    seats: bool = False

    def __init__(self, name: str, values: Iterable, text: ValueText | None = None,
                 seats: bool = False) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "values", tuple(values))
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "seats", seats)

    def index(self, value: Any) -> int:
        """The index of a JSON value, or `IllegalAction` (types are strict: ``True`` is no 1)."""
        for i, v in enumerate(self.values):
            if v == value and type(v) is type(value):
                return i
        shown = ", ".join(map(str, self.values[:12])) + (" ..." if len(self.values) > 12 else "")
        raise IllegalAction(f"{self.name} must be one of {shown}; got {value!r}")

    def label(self, index: int, lang: str, names: list[str | None] | None = None) -> str:
        """How value number ``index`` reads in ``lang`` (a seat by its player's name)."""
        value = self.values[index]
        if self.seats:
            return seat_name(value, lang, names)
        return self.text(value, lang) if self.text else str(value)


@dataclass(eq=False)
class Block:
    """One decision kind: ids ``base .. base + size - 1``, one per combination of values."""

    name: str
    params: tuple[Param, ...]
    base: int
    text: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        strides, size = [], 1
        for p in reversed(self.params):
            strides.append(size)
            size *= len(p.values)
        self.strides = tuple(reversed(strides))
        self.size = size
        self.end = self.base + size
        self._decoded = [self._decode(i) for i in range(size)]

    def _decode(self, offset: int) -> tuple[int, ...]:
        return tuple((offset // s) % len(p.values) for s, p in zip(self.strides, self.params))

    def id(self, *indices: int) -> int:
        """The id of the action with these parameter indices (in parameter order)."""
        n = len(indices)
        if n == len(self.strides):  # the usual one or two parameters, written out (legal lists)
            if n == 1:
                return self.base + indices[0]
            if n == 2:
                return self.base + indices[0] * self.strides[0] + indices[1]  # last stride 1
        action = self.base
        for i, s in zip(indices, self.strides):
            action += i * s
        return action

    def ids(self, indices: Iterable[int]) -> list[int]:
        """The ids of a one-parameter block for these parameter indices, in their order."""
        base = self.base
        return [base + i for i in indices]

    def id_of(self, *values: Any) -> int:
        """The id of the action with these parameter values (in parameter order)."""
        return self.id(*(p.index(v) for p, v in zip(self.params, values)))

    def indices(self, action: int) -> tuple[int, ...]:
        """The parameter indices of one of this block's ids."""
        return self._decoded[action - self.base]

    def values(self, action: int) -> tuple:
        """The parameter values of one of this block's ids."""
        return tuple(p.values[i] for p, i in zip(self.params, self._decoded[action - self.base]))

    def __contains__(self, action: int) -> bool:
        return self.base <= action < self.end


class ActionSpace:
    """The blocks of one game, in id order. See the module docstring."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.by_name: dict[str, Block] = {}
        self._block_of: list[Block] = []  # per id, its block

    def block(self, name: str, *params: Param, text: dict[str, str] | None = None) -> Block:
        """Add a decision kind with its parameters and label templates (``lang -> str.format``
        template over the parameter names); return it."""
        if name in self.by_name:
            raise ValueError(f"block {name!r} is declared twice")
        block = Block(name, tuple(params), len(self), dict(text or {}))
        self.blocks.append(block)
        self.by_name[name] = block
        self._block_of.extend([block] * block.size)
        return block

    def __len__(self) -> int:
        return self.blocks[-1].end if self.blocks else 0

    def kind(self, action: int) -> Block:
        """The block holding id ``action``."""
        block_of = self._block_of
        if not 0 <= action < len(block_of):
            raise IllegalAction(f"action id {action} is outside 0..{len(self) - 1}")
        return block_of[action]

    def to_json(self, action: int) -> dict:
        """``{"do": kind, param: value, ...}``."""
        block = self.kind(action)
        out: dict[str, Any] = {"do": block.name}
        for p, i in zip(block.params, block.indices(action)):
            out[p.name] = p.values[i]
        return out

    def from_json(self, value: Any) -> int:
        """The id of a JSON action; `IllegalAction` naming what is wrong with it."""
        if not isinstance(value, dict) or value.get("do") not in self.by_name:
            kinds = ", ".join(self.by_name)
            raise IllegalAction(f'an action is {{"do": kind, ...}} with kind one of {kinds}; '
                                f"got {value!r}")
        block = self.by_name[value["do"]]
        wanted = {"do", *(p.name for p in block.params)}
        if set(value) != wanted:
            fields = ", ".join(sorted(wanted - {"do"})) or "no other fields"
            raise IllegalAction(f"action {block.name!r} takes {fields}; got {value!r}")
        return block.id(*(p.index(value[p.name]) for p in block.params))

    def label(self, action: int, lang: str = "en", names: list[str | None] | None = None) -> str:
        """A short readable label of ``action`` in ``lang``; ``names`` are the players' names."""
        block = self.kind(action)
        fields = {p.name: p.label(i, lang, names) for p, i in zip(block.params, block.indices(action))}
        template = pick(block.text, lang) if block.text else None
        if template is None:
            return " ".join([block.name, *fields.values()])
        return template.format(**fields)

    def mask(self, legal: Iterable[int]) -> list[int]:
        """A 0/1 list over the whole space, 1 at the ``legal`` ids."""
        out = [0] * len(self)
        for a in legal:
            out[a] = 1
        return out
