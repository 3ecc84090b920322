"""Ratings: OpenSkill (Plackett-Luce) per game and player-count class, applied once per
finished rated match in the transaction that stores its last move (``store/ratings.py``).

A match is rated when it is not a practice match, it has a human seat, every human seat
belongs to an account and no account holds two seats (bots-only matches are not rated). A
player who resigned or ran out of time is rated for their seat, placed last (`placings`),
even where a bot played the seat on. A
bot's seat is rated as its level's profile (``bot:<level>``); those ratings move like
anybody's, so a level's profile shows how strong it plays against the people it met (a level
in two seats of one match plays both with its rating, which then stays). A level's rating in
a game belongs to the agent the level plays there (`bot_spec`): when a release changes it
(Expert from ``ismcts-1000`` to ``ismcts-300``), the level's rating in that game starts anew
at its next rated match. A rating is provisional until `PROVISIONAL` rated matches.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from mezquita.agents.levels import levels_of
from mezquita.engine import load

from .status import HUMAN

MODEL = PlackettLuce()
PROVISIONAL = 10  # rated matches before a rating is no longer provisional
START = (MODEL.mu, MODEL.sigma)


def placings(returns: list[float], left: list[str | None]) -> list[int]:
    """Each seat's place at the end (0 best; equal returns share a place), every seat whose
    player left (``leaving.py``) placed after all that stayed."""
    keys = [(why is not None, -ret) for why, ret in zip(left, returns)]
    return [sorted(set(keys)).index(key) for key in keys]


def bot_spec(game_id: str, kind: str) -> str:
    """The agent a bot seat of kind ``kind`` plays in ``game_id``: a level's spec there
    (``hard`` -> ``alphabeta-5``), any other agent name as it is."""
    return levels_of(load(game_id)).get(kind, kind)


def players_class(seats: int) -> str:
    """The player-count class a match of ``seats`` is rated in: ``"2"`` or ``"3+"``."""
    return "2" if seats == 2 else "3+"


def is_rated(seats: list[str], accounts: list[int | None], practice: bool) -> bool:
    """Whether a match with these seat kinds and seat holders is rated."""
    humans = [accounts[s] for s, kind in enumerate(seats) if kind == HUMAN]
    return (not practice and bool(humans) and all(a is not None for a in humans)
            and len(set(humans)) == len(humans))


def rate(before: list[tuple[float, float]], returns: list[float]) -> list[tuple[float, float]]:
    """New ``(mu, sigma)`` per seat from ``before`` and the seats' returns (higher is better;
    equal returns tie)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, scores=list(returns))]


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and ranked by: a cautious estimate (mu - 3 sigma)."""
    return mu - 3 * sigma


def winners(returns: list[float]) -> list[int]:
    """The seats with the best return."""
    best = max(returns)
    return [seat for seat, value in enumerate(returns) if value == best]
