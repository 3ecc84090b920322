"""Declared game options: name, type, default, allowed values and help text."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .errors import UnknownOption


@dataclass(frozen=True)
class Option:
    """One option of a game, e.g. ``Option("hand", 1, (1, 3, 10), "cards in hand")``.

    ``choices`` lists the allowed values; ``None`` means any value of the default's type
    (``coerce`` then checks the type only, and the game checks ranges itself).
    ``remote_choices``, when set, is all a remote client (the web lobby) may choose, for
    options whose other values name local files.

    How the lobby asks for it (``widget``): ``""`` from its type and choices; ``"seat"`` an
    int that is -1 (a random seat) or a seat number; ``"per_group"`` a tuple holding at most
    one alternative per group of ``groups`` (each group ``(default, *alternatives)``, the
    default meaning "not listed"); ``"subset"`` a tuple of items from ``groups[0]``.
    ``labels`` words values that name things of the game, ``{value: {lang: text}}`` (the
    option's own name and help are the web catalogues' ``option.<game>.<name>[.help]``).
    """

    name: str
    default: Any
    choices: tuple | None = None
    help: str = ""
    remote_choices: tuple | None = None
    widget: str = ""
    groups: tuple = ()
    labels: dict | None = field(default=None, hash=False)

    def coerce(self, value: Any) -> Any:
        """Return ``value`` converted to this option's type, or raise ``UnknownOption``.

        Strict: a bool is not an int, 3.7 is not an int, non-finite floats are refused;
        strings (from the command line) are parsed."""
        kind = type(self.default)
        try:
            if isinstance(value, str) and kind in (bool, int, float):
                value = _parse(kind, value)
            elif kind is tuple:
                value = tuple(v for v in value.split(",") if v) if isinstance(value, str) \
                    else tuple(value)
            elif kind is float and type(value) is int:
                value = float(value)
            elif kind is not type(None) and type(value) is not kind:
                raise TypeError(value)
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(value)
        except (TypeError, ValueError, OverflowError):
            raise UnknownOption(
                f"option {self.name!r} takes a {kind.__name__}, not {value!r}"
            ) from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise UnknownOption(f"option {self.name!r} must be one of {allowed}; got {value!r}")
        return value

    def to_json(self) -> dict:
        """The option as JSON, for `mezquita games --json` and the lobby."""
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "remote_choices": list(self.remote_choices) if self.remote_choices else None,
            "help": self.help,
            "widget": self.widget or None,
            "groups": [list(g) for g in self.groups] or None,
            "labels": self.labels,
        }


def _parse(kind: type, text: str) -> Any:
    """A command-line string as a bool, int or float."""
    if kind is bool:
        if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
            raise ValueError(text)
        return text.lower() in ("true", "1", "yes")
    return kind(text)


def resolve(declared: tuple[Option, ...], given: dict[str, Any], game_id: str) -> dict:
    """Merge ``given`` options over the declared defaults, validating each one."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise UnknownOption(
            f"game {game_id!r} has no option {unknown[0]!r} (its options: {known})"
        )
    return {o.name: o.coerce(given[o.name]) if o.name in given else o.default for o in declared}


def check_remote(declared: tuple[Option, ...], given: dict[str, Any], game_id: str) -> None:
    """Raise `UnknownOption` if ``given`` picks a value a remote client may not choose."""
    for option in declared:
        if option.remote_choices is None or option.name not in given:
            continue
        if option.coerce(given[option.name]) not in option.remote_choices:
            allowed = ", ".join(map(str, option.remote_choices))
            raise UnknownOption(f"{game_id} option {option.name!r} must be one of {allowed} "
                                "here (other values are local files, for the command line only)")
