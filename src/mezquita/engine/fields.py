"""A state's fields, declared once as annotations: what the engine derives from them.

A game's `State` subclass declares each data attribute as an annotation, dataclass style
(``hands: list[list[int]]``). `declare` reads those declarations when the class is created
and gives the class its ``fields`` (the JSON form, in declaration order) and a generated
``_copy_into`` that copies each value as deep as its type nests lists, dicts and sets.
``Shared[...]`` marks a value (or a part of one) that is replaced, never changed in place, so
copies share it; ``Cache[...]`` a value derived from the fields, copied but not in the JSON
form. Annotated names starting with ``_`` are caches too. A field declared as an `Enum` (a
phase) is written as its value and read back as its member.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

T = TypeVar("T")
_SHARED, _CACHE, _PAIR = "shared", "cache", "pair"
#: A value (or a part of one: ``list[Shared[list[int]]]``) that is replaced, never changed in
#: place: copies of the state share it.
Shared = Annotated[T, _SHARED]
#: A value derived from the fields and kept in step by the moves: copied with the state, not
#: part of its JSON form, rebuilt by ``State._reset_caches`` after ``from_json`` and ``edit``.
Cache = Annotated[T, _CACHE]
#: A list of exactly two entries, one per seat of a two-player game (``Pair[list[int]]``: two
#: lists of ints). Its copy copies the two by index: a comprehension is a function call in
#: Python 3.11, and this halves the copy of Córdoba's piles, which search clones per iteration
#: (Córdoba's ISMCTS: 4% fewer instructions per iteration).
Pair = Annotated[list[T], _PAIR]


def declare(cls: Any, skip: Iterable[str]) -> tuple[tuple[str, ...], tuple[str, ...],
                                                     Callable[[Any, Any], None], dict[str, type]]:
    """``(fields, copy_lines, _copy_into, enums)`` of a state class: its base's extended by
    the annotations of its own body (those named in ``skip`` belong to the engine's base);
    ``enums`` maps each field declared as an `Enum` to its class, so that a state read back
    from JSON holds members again, not their values."""
    for name in ("fields", "copy_lines", "_copy_into", "enum_fields"):
        if name in vars(cls):
            raise TypeError(f"{cls.__name__} sets {name}; declare its fields as annotations "
                            "and the engine derives it (mezquita.engine.fields)")
    module = vars(sys.modules[cls.__module__])
    fields, lines, enums = list(cls.fields), list(cls.copy_lines), dict(cls.enum_fields)
    for name, hint in vars(cls).get("__annotations__", {}).items():
        if name in skip or (isinstance(hint, str) and hint.startswith("ClassVar")):
            continue
        try:
            kind = eval(hint, module) if isinstance(hint, str) else hint
        except NameError as error:
            raise TypeError(f"{cls.__name__}.{name}: {error}; a field's type must be "
                            "defined before the state class") from None
        if not name.startswith("_") and _CACHE not in getattr(kind, "__metadata__", ()):
            fields.append(name)
            if isinstance(kind, type) and issubclass(kind, Enum):
                enums[name] = kind
        lines.append(f"new.{name} = {_copy_of(kind, f'self.{name}')}")
    source = "def _copy_into(self, new):\n" + "".join(f"    {line}\n" for line in lines)
    namespace: dict[str, Any] = {}
    exec(compile(source + "    pass\n", f"<{cls.__qualname__}._copy_into>", "exec"), namespace)
    return tuple(fields), tuple(lines), namespace["_copy_into"], enums


def _copy_of(kind: Any, value: str, depth: int = 0) -> str:
    """The expression that copies ``value``, of type ``kind``, as deep as the type nests lists,
    dicts and sets (other values are shared: ints, strings, tuples...)."""
    if get_origin(kind) is Annotated:
        if _SHARED in kind.__metadata__:
            return value
        if _PAIR in kind.__metadata__:
            (item,) = get_args(get_args(kind)[0])
            pair = [_copy_of(item, f"{value}[{i}]", depth + 1) for i in (0, 1)]
            return f"{value}.copy()" if pair == [f"{value}[0]", f"{value}[1]"] else f"[{', '.join(pair)}]"
        return _copy_of(get_args(kind)[0], value, depth)
    origin, args = get_origin(kind) or kind, get_args(kind)
    if origin in (Union, types.UnionType):
        copies = {_copy_of(a, value, depth) for a in args if a is not type(None)}
        if copies == {value}:
            return value
        if len(copies) > 1 or type(None) not in args:
            raise TypeError(f"cannot copy {value}: a union of containers ({kind})")
        return f"(None if {value} is None else {copies.pop()})"
    if origin is set:  # its members are hashable, so never containers to copy
        return f"{value}.copy()"
    item = f"v{depth}"
    if origin is list:
        inner = _copy_of(args[0], item, depth + 1) if args else item
        return f"{value}.copy()" if inner == item else f"[{inner} for {item} in {value}]"
    if origin is dict:
        inner = _copy_of(args[1], item, depth + 1) if args else item
        if inner == item:
            return f"{value}.copy()"
        return f"{{k{depth}: {inner} for k{depth}, {item} in {value}.items()}}"
    return value

