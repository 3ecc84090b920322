"""The HTTP side of accounts, profiles and leaderboards: registering, logging in and out,
changing the password, ``/api/me`` and its turn notices' addresses, an account's seats,
``/api/players/{name}`` and ``/api/leaderboard/{game_id}``; and `SessionMiddleware`, which
finds the session of each API request and refuses a change made with the cookie but without
the session's CSRF token."""

from __future__ import annotations

import asyncio
import hmac
import json
import math
from collections.abc import Awaitable, Callable
from functools import cache
from urllib.parse import urlsplit

from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.middleware.base import BaseHTTPMiddleware

from mezquita.engine import LANGS, MezquitaError, games, load
from mezquita.engine.registry import game_class

from . import ratings as rules
from .accounts import (
    BOT_PREFIX,
    CSRF_HEADER,
    SESSION_COOKIE,
    SESSION_DAYS,
    Account,
    AccountError,
    check_password,
    clean_account_name,
    digest,
    dummy_hash,
    hash_password,
    name_key,
    new_secret,
    seat_token,
    verify_password,
)
from .bots import agent_names
from .errors import MatchError
from .hub import Hub
from .limits import address_group
from .match import Match
from .notices import clean_email, clean_webhook
from .store import StoreUnavailable

SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
WRONG_LOGIN = "wrong name or password"


class Credentials(BaseModel):
    """A name and password (registering or logging in)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class NewPassword(BaseModel):
    """Changing the password: the current one and the new one."""

    model_config = ConfigDict(extra="forbid")

    password: str = Field(max_length=1000)
    new_password: str = Field(max_length=1000)


class NoticeAddresses(BaseModel):
    """Where the account is told of its turns in slow games (blank or null: not that way)."""

    model_config = ConfigDict(extra="forbid")

    email: str | None = Field(default=None, max_length=1000)
    webhook: str | None = Field(default=None, max_length=1000)
    lang: str = Field(default="en", max_length=8)  # the language the notices are worded in

    @field_validator("lang")
    @classmethod
    def _known(cls, lang: str) -> str:
        if lang not in LANGS:
            raise ValueError(f"the notices' language is one of {', '.join(LANGS)}")
        return lang


class SessionMiddleware(BaseHTTPMiddleware):
    """Sets ``request.state.account`` (an `Account`, or ``None`` for a guest) on every
    ``/api/`` request carrying a live session cookie. A state-changing request with that cookie
    must come from our own pages (``Origin``, when sent, is this host) and carry the session's
    CSRF token in ``X-CSRF``, else it is refused with 403 and changes nothing. Requests
    without the cookie (scripts and bots with seat tokens) go on as guests."""

    def __init__(self, app, hub: Hub) -> None:
        super().__init__(app)
        self.hub = hub

    async def dispatch(self, request: Request, call_next):
        request.state.account = None
        cookie = request.cookies.get(SESSION_COOKIE)
        if cookie and len(cookie) <= 100 and request.url.path.startswith("/api/"):
            store = self.hub.store
            try:
                found = await store.call(store.session, digest(cookie))
            except StoreUnavailable as err:
                return JSONResponse({"detail": str(err)}, status_code=503,
                                    headers={"retry-after": "2"})
            if found is not None:
                if request.method not in SAFE_METHODS and not (
                        _same_origin(request) and hmac.compare_digest(
                            request.headers.get(CSRF_HEADER, ""), found["csrf"])):
                    return JSONResponse({"detail": "this change needs the page's CSRF token "
                                                   "(X-CSRF header) from the same site"},
                                        status_code=403)
                request.state.account = Account(found["id"], found["name"], found["seat_key"],
                                                found["csrf"])
        return await call_next(request)


def _same_origin(request: Request) -> bool:
    origin = request.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == request.headers.get("host")


def account_of(request: Request) -> Account | None:
    """The logged-in account of ``request`` (see `SessionMiddleware`), or ``None``."""
    return getattr(request.state, "account", None)


def _logged_in(request: Request) -> Account:
    account = account_of(request)
    if account is None:
        raise HTTPException(401, "log in first")
    return account


def account_routes(hub: Hub, find: Callable[[Hub, str], Awaitable[Match]]) -> APIRouter:
    """The account, profile and leaderboard endpoints of ``hub``'s server (``find``: a match by
    id, as every route looks one up)."""
    store = hub.store
    router = APIRouter()
    limiter = hub.limiter
    dummy_hash()  # now, not at the first login of an unknown name (which would take longer)

    async def start_session(request: Request, response: Response, account_id: int) -> str:
        """A new session for this browser (replacing the one it had): its CSRF token."""
        session, csrf = new_secret(), new_secret()
        old = request.cookies.get(SESSION_COOKIE)
        await store.call(store.start_session, account_id, digest(session), csrf, SESSION_DAYS,
                         digest(old) if old and len(old) <= 100 else None)
        response.set_cookie(SESSION_COOKIE, session, max_age=SESSION_DAYS * 86400, path="/",
                            httponly=True, samesite="lax", secure=request.url.scheme == "https")
        return csrf

    @router.post("/api/accounts", status_code=201)
    async def register(body: Credentials, request: Request, response: Response) -> dict:
        """Register ``name`` with ``password``: 201 and a session cookie (logged in)."""
        try:
            name, key = clean_account_name(body.name)
            check_password(body.password)
        except AccountError as err:
            raise HTTPException(422, str(err)) from None
        group = address_group(request.client.host if request.client else "?")
        if limiter.take("register", group=group):
            raise HTTPException(429, "too many accounts made from this address; wait an hour")
        try:
            password_hash = await asyncio.to_thread(hash_password, body.password)
            account_id = await store.call(store.create_account, name, key, password_hash)
        except StoreUnavailable:
            limiter.refund("register", group=group)  # only accounts made count
            raise
        if account_id is None:
            limiter.refund("register", group=group)
            raise HTTPException(409, "this name is taken")
        return {"name": name, "csrf": await start_session(request, response, account_id)}

    @router.post("/api/session")
    async def login(body: Credentials, request: Request, response: Response) -> dict:
        """Log in: a new session cookie. A wrong password and an unknown name get the same
        answer after the same work (a dummy hash is checked)."""
        key = name_key(body.name)
        group = address_group(request.client.host if request.client else "?")
        if limiter.take("login", account=key, group=group):
            raise HTTPException(429, "too many failed logins; wait a minute")
        found = await store.call(store.account, key)
        stored = found["password_hash"] if found is not None else None
        if not await asyncio.to_thread(verify_password, stored, body.password):
            raise HTTPException(401, WRONG_LOGIN)
        assert found is not None  # `verify_password` refuses a missing hash
        limiter.refund("login", account=key, group=group)  # only failures count
        return {"name": found["name"], "csrf": await start_session(request, response, found["id"])}

    @router.delete("/api/session", status_code=204)
    async def logout(request: Request, response: Response) -> Response:
        """Log out: the session is deleted on the server and the cookie dropped."""
        _logged_in(request)
        await store.call(store.end_session, digest(request.cookies[SESSION_COOKIE]))
        answer = Response(status_code=204)
        answer.delete_cookie(SESSION_COOKIE, path="/")
        return answer

    @router.put("/api/me/password")
    async def change_password(body: NewPassword, request: Request, response: Response) -> dict:
        """Change the password: every session of the account ends; this browser gets a new
        one."""
        account = _logged_in(request)
        try:
            check_password(body.new_password)
        except AccountError as err:
            raise HTTPException(422, str(err)) from None
        key = name_key(account.name)
        group = address_group(request.client.host if request.client else "?")
        if limiter.take("login", account=key, group=group):
            raise HTTPException(429, "too many failed attempts; wait a minute")
        found = await store.call(store.account, key)
        assert found is not None  # a logged-in account's row: accounts are never deleted or renamed
        if not await asyncio.to_thread(verify_password, found["password_hash"], body.password):
            raise HTTPException(403, "the current password is wrong")
        limiter.refund("login", account=key, group=group)  # only failures count
        await store.call(store.set_password, account.id,
                         await asyncio.to_thread(hash_password, body.new_password))
        return {"csrf": await start_session(request, response, account.id)}

    @router.get("/api/me/notices")
    async def notice_addresses(request: Request) -> dict:
        """Where the logged-in account is told of its turns in slow games."""
        account = _logged_in(request)
        found = (await store.call(store.notice_settings, [account.id])).get(account.id)
        return found or {"email": None, "webhook": None, "lang": None}

    @router.put("/api/me/notices")
    async def set_notice_addresses(body: NoticeAddresses, request: Request) -> dict:
        """Set (or, blank, clear) the e-mail address and webhook URL of turn notices; 422
        and nothing changed if either is not one (`notices.py`)."""
        account = _logged_in(request)
        try:
            email = clean_email(body.email)
            webhook = clean_webhook(body.webhook, hub.settings.webhook_private)
        except MatchError as err:
            raise HTTPException(422, str(err)) from None
        await store.call(store.set_notice_settings, account.id, email, webhook, body.lang)
        return {"email": email, "webhook": webhook, "lang": body.lang}

    @router.get("/api/me/export")
    async def export(request: Request) -> Response:
        """Everything stored of the logged-in account (`Store.player_data`), as a download."""
        account = _logged_in(request)
        if wait := limiter.take("export", account=str(account.id)):
            raise HTTPException(429, "too many exports; wait an hour",
                                {"Retry-After": str(math.ceil(wait))})
        data = await store.call(store.player_data, account.id)
        return Response(json.dumps(data, ensure_ascii=False, indent=1), media_type="application/json",
                        headers={"Content-Disposition": 'attachment; filename="mezquita-data.json"'})

    @router.get("/api/me")
    async def me(request: Request) -> dict:
        """The logged-in account: name, CSRF token and the matches where it holds a seat."""
        account = _logged_in(request)
        held = await store.call(store.held_seats, account.id)
        return {"name": account.name, "csrf": account.csrf, "matches": held}

    @router.get("/api/matches/{match_id}/my-seat")
    async def my_seat(match_id: str, request: Request) -> list[dict]:
        """The seats (with their tokens) the logged-in account holds in ``match_id``."""
        account = _logged_in(request)
        match = await find(hub, match_id)
        return [{"seat": seat, "token": seat_token(account.seat_key, match.id, seat)}
                for seat, holder in enumerate(match.row.accounts) if holder == account.id]

    @router.get("/api/players/{name:path}")
    async def profile(name: str) -> dict:
        """A player's (or a bot level's, ``bot:<level>``) public profile: ratings per game and
        player-count class, and recent finished matches with result and replay link."""
        key = name_key(name) if len(name) <= 200 else ""
        found = await store.call(store.account, key) if key else None
        if found is None:
            if key.startswith(BOT_PREFIX) and key[len(BOT_PREFIX):] in await asyncio.to_thread(
                    bot_levels):  # a level not rated yet
                return {"name": key, "bot": True, "ratings": [], "history": []}
            raise HTTPException(404, "there is no such player")
        rated = await store.call(store.player_ratings, found["id"])
        history = await store.call(store.history, found["id"])
        return {"name": found["name"], "bot": found["name_key"].startswith(BOT_PREFIX),
                "ratings": [_rating(r) for r in rated],
                "history": [_past(found["id"], h) for h in history]}

    @router.get("/api/leaderboard/{game_id}")
    async def leaderboard(game_id: str, players: str = Query("2", pattern=r"^(2|3\+)$"),
                          limit: int = Query(50, ge=1, le=200)) -> dict:
        """The ratings of ``game_id`` in a player-count class (``2`` or ``3+``), best first."""
        try:
            game_class(game_id)
        except MezquitaError:
            raise HTTPException(404, f"unknown game {game_id!r}") from None
        rows = await store.call(store.leaderboard, game_id, players, limit)
        return {"game": game_id, "players": players,
                "rows": [{"rank": i + 1, "name": r["name"], **_rating(r)}
                         for i, r in enumerate(rows)]}

    return router


@cache
def bot_levels() -> frozenset[str]:
    """Every bot the lobby offers for some game (each has a profile, ``bot:<name>``)."""
    return frozenset(name for info in games() for name in agent_names(load(info.id)))


def _rating(row: dict) -> dict:
    """A rating as shown: the cautious estimate, mu and sigma, games, wins, provisional."""
    shown = {"rating": round(rules.ordinal(row["mu"], row["sigma"]), 2),
             "mu": round(row["mu"], 2), "sigma": round(row["sigma"], 2),
             "games": row["games"], "wins": row["wins"],
             "provisional": row["games"] < rules.PROVISIONAL}
    if "game" in row:
        shown = {"game": row["game"], "players": row["players"], **shown}
    return shown


def _past(account_id: int, row: dict) -> dict:
    """One finished match of a profile's history."""
    returns = (row["result"] or {}).get("returns") or []
    best = rules.winners(returns) if returns else []
    outcome = ("draw" if row["seat"] in best and len(best) > 1 else
               "won" if row["seat"] in best else "lost")
    change = None
    for player, mu0, sigma0, mu1, sigma1 in row["changes"] or []:
        if player == account_id:
            change = round(rules.ordinal(mu1, sigma1) - rules.ordinal(mu0, sigma0), 2)
    return {"id": row["id"], "game": row["game"], "seat": row["seat"], "seats": row["seats"],
            "names": row["names"], "outcome": outcome,
            "scores": (row["result"] or {}).get("scores"),
            "finished_at": row["finished_at"].isoformat() if row["finished_at"] else None,
            "rated": change is not None, "rating_change": change,
            "replay": f"/match/{row['id']}"}
