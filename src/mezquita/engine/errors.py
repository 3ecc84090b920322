"""Errors raised by the engine. Each carries one clear, user-facing sentence."""


class MezquitaError(Exception):
    """Base class of every error the engine raises on bad input."""


class UnknownGame(MezquitaError):
    """A game id that is not registered."""


class UnknownOption(MezquitaError):
    """An option name the game does not have, or a value outside its choices."""


class IllegalAction(MezquitaError):
    """An action that is not legal for that seat now; the state is left unchanged."""


class BadRecord(MezquitaError):
    """A game record that is malformed or does not replay."""
