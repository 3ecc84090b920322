"""Cortiça (Manuel Correia, 2020). Importing this package registers the game as ``cortica``."""

from .cards import CardSet, CardSetError, load_card_set, parse_card_set
from .rules import CorticaGame, CorticaState

__all__ = ["CardSet", "CardSetError", "CorticaGame", "CorticaState", "load_card_set",
           "parse_card_set"]
