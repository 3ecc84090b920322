"""The ``ratings`` and ``ratings_applied`` tables: OpenSkill ratings per account, game and
player-count class, and the matches already rated. `Ratings._rate` runs inside the
transaction that stores a match's last move (``moves.py``), so a result and its rating are
stored together or not at all; a bot level's rating restarts when the agent it plays changes
(``bot_spec``); the ``ratings_applied`` row (keyed by the match) makes a second
attempt, from a restart or another instance, change nothing."""

from __future__ import annotations

from sqlalchemy import select, update

from .. import ratings as rules
from ..models import accounts, match_players, matches, ratings, ratings_applied
from ..status import HUMAN
from .db import Database, insert_ignore, now


class Ratings(Database):
    """Applies and reads ratings; the profiles and leaderboards built from them."""

    def _rate(self, c, match_id: str, returns: list[float]) -> None:
        """Rate finished ``match_id`` (``returns`` per seat) in transaction ``c`` if it is rated
        and not rated yet.
        A bot level in several seats plays each with its rating, which then stays."""
        head = c.execute(select(matches.c.game, matches.c.seats, matches.c.practice,
                                matches.c.left).where(matches.c.id == match_id)).mappings().one()
        left = [entry and entry["why"] for entry in head["left"] or [None] * len(head["seats"])]
        # a seat a bot took over is rated as its player's, who placed last
        seats = [HUMAN if why else kind for kind, why in zip(head["seats"], left)]
        returns = [-place for place in rules.placings(returns, left)]
        holders = self._holders(c, match_id, len(seats))
        if not rules.is_rated(seats, holders, bool(head["practice"])):
            return
        bots = {s: self._bot_account(c, kind) for s, kind in enumerate(seats) if kind != HUMAN}
        specs = {bots[s]: rules.bot_spec(head["game"], seats[s]) for s in bots}  # by account
        players: list[int] = []  # the account rated for each seat
        for s in range(len(seats)):
            player = bots.get(s, holders[s])
            assert player is not None  # `is_rated`: every human seat is held by an account
            players.append(player)
        if not insert_ignore(c, ratings_applied, match_id=match_id, changes=[],
                             applied_at=now()):
            return  # rated already (a restart or another instance)
        self._hold_seats(c, match_id, [bots.get(s) for s in range(len(seats))])
        game, klass, stamp = head["game"], rules.players_class(len(seats)), now()
        for player in sorted(set(players)):  # locked in one order: no deadlock between matches
            insert_ignore(c, ratings, account_id=player, game=game, players=klass,
                          mu=rules.START[0], sigma=rules.START[1], games=0, wins=0,
                          updated_at=stamp, bot_spec=specs.get(player))
        rows = {r["account_id"]: dict(r) for r in c.execute(
            select(ratings).where(ratings.c.account_id.in_(players), ratings.c.game == game,
                                  ratings.c.players == klass)
            .order_by(ratings.c.account_id).with_for_update()).mappings()}
        for player, spec in specs.items():
            if rows[player]["bot_spec"] != spec:  # the level plays another agent now
                fresh = {"mu": rules.START[0], "sigma": rules.START[1], "games": 0, "wins": 0,
                         "bot_spec": spec}
                c.execute(update(ratings).where(
                    ratings.c.account_id == player, ratings.c.game == game,
                    ratings.c.players == klass).values(**fresh, updated_at=stamp))
                rows[player].update(fresh)
        before = [(rows[p]["mu"], rows[p]["sigma"]) for p in players]
        after = rules.rate(before, returns)
        won = rules.winners(returns)
        for seat, player in enumerate(players):
            if players.count(player) > 1:  # a bot level in two seats: its rating stays
                continue
            c.execute(update(ratings).where(
                ratings.c.account_id == player, ratings.c.game == game,
                ratings.c.players == klass).values(
                mu=after[seat][0], sigma=after[seat][1], games=rows[player]["games"] + 1,
                wins=rows[player]["wins"] + (seat in won), updated_at=stamp))
        c.execute(update(ratings_applied).where(ratings_applied.c.match_id == match_id).values(
            changes=[[p, *b, *a] for p, b, a in zip(players, before, after)]))

    def _bot_account(self, c, kind: str) -> int:
        """The id of the profile of bot level ``kind`` (made on first use)."""
        name = f"bot:{kind}"
        insert_ignore(c, accounts, name=name[:24], name_key=name, password_hash=None,
                      seat_key=b"\0" * 32, created_at=now())
        return c.execute(select(accounts.c.id).where(accounts.c.name_key == name)).scalar_one()

    def player_ratings(self, account_id: int) -> list[dict]:
        """Every rating of ``account_id``: game, class, mu, sigma, games, wins."""
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(
                select(ratings.c.game, ratings.c.players, ratings.c.mu, ratings.c.sigma,
                       ratings.c.games, ratings.c.wins)
                .where(ratings.c.account_id == account_id)
                .order_by(ratings.c.game, ratings.c.players)).mappings()]

    def history(self, account_id: int, limit: int = 20) -> list[dict]:
        """The newest finished matches of ``account_id``: id, game, seat, seats, names,
        result, when, and its rating change (``None`` if unrated)."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(matches.c.id, matches.c.game, match_players.c.seat, matches.c.seats,
                       matches.c.names, matches.c.result, matches.c.finished_at,
                       ratings_applied.c.changes)
                .join(matches, matches.c.id == match_players.c.match_id)
                .outerjoin(ratings_applied, ratings_applied.c.match_id == matches.c.id)
                .where(match_players.c.account_id == account_id,
                       matches.c.finished_at.is_not(None))
                .order_by(matches.c.finished_at.desc()).limit(limit)).mappings().all()
        return [dict(r) for r in rows]

    def leaderboard(self, game: str, klass: str, limit: int = 50) -> list[dict]:
        """The ratings of ``game`` in class ``klass``, best cautious estimate first."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games,
                       ratings.c.wins)
                .join(accounts, accounts.c.id == ratings.c.account_id)
                .where(ratings.c.game == game, ratings.c.players == klass)
                .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc()).limit(limit)).mappings()
            return [dict(r) for r in rows]
