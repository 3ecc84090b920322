"""The FastAPI app: lobby API, match pages, the play socket and the static web client."""

from __future__ import annotations

import json
import re
import secrets
import sys
from contextlib import asynccontextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from mezquita.agents.levels import levels_of
from mezquita.engine import LANGS, MezquitaError, UnknownGame, UnknownOption, games, load
from mezquita.engine.options import check_remote
from mezquita.engine.registry import game_class
from mezquita.web import STATIC, catalogue

from . import analysis
from .account_api import SessionMiddleware, account_of, account_routes
from .bots import BotPool, agent_names
from .clocks import DEFAULT, PRESETS
from .errors import MatchError
from .hub import Hub
from .leaving import RESIGNED
from .limits import BodyLimit, RateLimits, SecurityHeaders, Settings, address_group
from .match import clean_name
from .matchmaking import Matchmaker, QueueError
from .seating import MAX_SEED
from .status import HUMAN, OPEN, MatchStatus
from .store import DEFAULT_URL, Store, StoreUnavailable, TableFull
from .ws import language, play_socket

LISTED = (MatchStatus.OPEN, MatchStatus.RUNNING, MatchStatus.FINISHED)  # the lobby's lists
DATA_NAME = re.compile(r"[a-z0-9_-]{1,40}\.json")

# strict: a bool is not an int, 3.7 is not an int, NaN and Infinity are no numbers
OptionValue = (StrictBool | StrictInt | Annotated[float, Field(allow_inf_nan=False)]
               | Annotated[str, Field(max_length=200)])


class CustomClock(BaseModel):
    """A clock of one's own, in seconds (`clocks.choose` checks the bounds)."""

    model_config = ConfigDict(extra="forbid")

    bank: StrictInt
    increment: StrictInt
    cap: StrictInt | None = None  # the bank by default
    grace: StrictInt | None = None  # 0 by default


class CreateMatch(BaseModel):
    """The lobby's request to create a match."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    options: dict[Annotated[str, Field(max_length=64)],
                  OptionValue | Annotated[list[OptionValue], Field(max_length=64)]] = Field(
        default_factory=dict, max_length=32)
    seats: list[Annotated[str, Field(max_length=64)]] = Field(min_length=1, max_length=16)
    # a preset name, "off", or custom seconds; omitted: on whenever two humans sit (clocks.py)
    clock: Annotated[str, Field(max_length=16)] | CustomClock | None = None
    practice: StrictBool = False  # unrated; only then may the client choose the seed
    seed: StrictInt | None = Field(default=None, ge=0, lt=MAX_SEED)
    guide: StrictBool = False  # a guided practice match (`Game.guide`): "Learn to play"
    name: str | None = Field(default=None, max_length=200)  # the creator's name (clean_name)


class Sit(BaseModel):
    """Taking an open seat of a table: the seat wanted (default: the lowest free one)."""

    model_config = ConfigDict(extra="forbid")

    seat: StrictInt | None = Field(default=None, ge=0, lt=16)
    name: str | None = Field(default=None, max_length=200)  # the sitter's name (clean_name)


class JoinQueue(BaseModel):
    """Play now: the queue to join, and whether a bot may fill a seat after a wait."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    players: StrictInt = Field(ge=1, le=16)
    name: str | None = Field(default=None, max_length=200)  # the player's name (clean_name)
    bot: str | None = Field(default=None, max_length=64)  # a level: fills free seats ...
    bot_after: StrictInt | None = Field(default=None, ge=0, le=10**6)  # ... after this wait


class Resign(BaseModel):
    """Resigning a seat: its secret token (none: the logged-in account's seat)."""

    model_config = ConfigDict(extra="forbid")

    token: str | None = Field(default=None, min_length=1, max_length=100)


class Claim(BaseModel):
    """Claiming an invitation: the secret from the invitation link."""

    model_config = ConfigDict(extra="forbid")

    invite: str = Field(min_length=1, max_length=100)
    name: str | None = Field(default=None, max_length=200)  # the claimant's name (clean_name)


def create_app(db_url: str | None = None, *, bot_pool: str = "process",
               bot_workers: int | None = None, create_limit: int | None = None,
               settings: Settings | None = None) -> FastAPI:
    """The Mezquita web app on the database ``db_url`` (SQLite file by default).

    ``bot_pool`` is ``"process"`` or ``"thread"``; ``create_limit`` bounds the matches one
    address group may create per minute (`Settings.create_limit`); ``settings`` holds every
    other bound (`Settings`).

    The schema migrations run here; running matches are reloaded in the background at
    start-up (and any match is rebuilt on first access), so start-up stays instant.
    On PostgreSQL the app is one instance of possibly several (``cluster.py``).
    """
    settings = settings or Settings()
    if create_limit:
        settings.create_limit = create_limit
    if bot_workers:
        settings.bot_workers = bot_workers
    store = Store(db_url or DEFAULT_URL, instance=secrets.token_hex(8),
                  db_seconds=settings.db_seconds, durability=settings.durability)
    # Endpoints touching the hub are async: the hub lives on the event loop (no locks needed).
    hub = Hub(store, BotPool(bot_pool, settings.bot_workers, settings.bots_per_creator,
                             settings.bot_seconds), settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        cluster = None
        if store.postgres:
            from .cluster import Cluster

            cluster = Cluster(hub)
            await cluster.start()
        hub.start()
        hub.scheduler.spawn(matchmaker.run())
        yield
        if cluster is not None:
            await cluster.close()
        await hub.close()
        hub.pool.shutdown()
        analyst.close()
        store.close()

    # /api/docs loads its scripts from a CDN, which the CSP forbids: off unless asked for
    app = FastAPI(title="Mezquita", lifespan=lifespan,
                  docs_url="/api/docs" if settings.api_docs else None,
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hub = hub
    app.state.matchmaker = matchmaker = Matchmaker(hub)
    app.add_middleware(SessionMiddleware, hub=hub)
    app.add_middleware(BodyLimit)
    app.add_middleware(RateLimits, limiter=hub.limiter)  # before any body is read
    app.add_middleware(SecurityHeaders, docs=settings.api_docs)

    @app.exception_handler(StoreUnavailable)
    async def unavailable(_request: Request, err: StoreUnavailable) -> JSONResponse:
        return JSONResponse({"detail": str(err)}, status_code=503, headers={"retry-after": "2"})

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        """422 naming each refused field and why, without echoing the input back (it may be
        anything the client sent)."""
        return JSONResponse({"detail": [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]}
                                        for e in err.errors()]}, status_code=422)

    @app.get("/api/games")
    def list_games() -> Response:
        """Every registered game (`_games`)."""
        return Response(_games(), media_type="application/json")

    @app.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch, request: Request) -> dict:
        """Create a match. The answer holds the creator's own seat link (the first human seat,
        with its secret token) and one invitation link per other human seat: whoever opens
        it claims the seat once and gets a fresh secret the creator never sees."""
        group = address_group(request.client.host if request.client else "?")  # counted by RateLimits
        try:
            clock = (body.clock.model_dump(exclude_none=True)
                     if isinstance(body.clock, CustomClock) else body.clock)
            match, secrets_ = await hub.create(body.game, body.options, body.seats, clock,
                                               body.seed, body.practice, group, body.name,
                                               account_of(request), body.guide)
        except MatchError as err:
            hub.limiter.refund("create", group=group)  # refused creations do not count
            raise HTTPException(422, str(err)) from None
        except StoreUnavailable:
            hub.limiter.refund("create", group=group)
            raise
        seats = []
        for seat, (kind, (token, invite)) in enumerate(zip(match.row.seats, secrets_)):
            url = (f"/match/{match.id}#seat={seat}&token={token}" if token else
                   f"/match/{match.id}#invite={invite}" if invite else None)
            seats.append({"seat": seat, "kind": OPEN if seat in match.row.open_seats else kind,
                          "token": token, "invite": invite, "url": url})
        return {"id": match.id, "seats": seats, "spectate": f"/match/{match.id}",
                "practice": body.practice, "seed": match.row.seed if body.practice else None}

    @app.post("/api/matches/{match_id}/claim")
    async def claim_seat(match_id: str, body: Claim, request: Request) -> dict:
        """Claim an invitation: its seat and a fresh secret token (given only here, once);
        a logged-in claimant's account holds the seat."""
        match = await _match(hub, match_id)
        try:
            clean_name(body.name)
        except MatchError as err:
            raise HTTPException(422, str(err)) from None
        try:
            seat, token = await hub.claim(match, body.invite, body.name, account_of(request))
        except MatchError as err:
            raise HTTPException(409, str(err)) from None
        return {"seat": seat, "token": token}

    @app.get("/api/tables")
    async def list_tables(game: str | None = Query(None, max_length=64),
                          limit: int = Query(50, ge=1, le=200)) -> list[dict]:
        """Open tables with a free seat, newest first (of ``game``, if given)."""
        rows = await store.call(store.open_tables, game, limit)
        names = {info.id: info.name for info in games()}
        for row in rows:
            row["name"] = names.get(row["game"], row["game"])
        return rows

    @app.post("/api/matches/{match_id}/sit")
    async def sit_down(match_id: str, body: Sit, request: Request) -> dict:
        """Take an open seat (first come, first served): its seat and a fresh secret token."""
        match = await _match(hub, match_id)  # the sit rate: counted by RateLimits
        try:
            seat, token = await hub.sit(match, body.seat, body.name, account_of(request))
        except TableFull as err:
            raise HTTPException(409, str(err)) from None
        except MatchError as err:
            raise HTTPException(422, str(err)) from None
        return {"seat": seat, "token": token, "url": f"/match/{match.id}#seat={seat}&token={token}"}

    @app.post("/api/queue", status_code=201)
    async def join_queue(body: JoinQueue, request: Request) -> dict:
        """Play now: wait for players of close rating; the secret ticket to poll with."""
        holder = address_group(request.client.host if request.client else "?")  # rate: RateLimits
        try:
            account = account_of(request)
            ticket = await matchmaker.join(holder, body.game, body.players, body.name,
                                           body.bot, body.bot_after, account)
            return {"ticket": ticket, **await matchmaker.status(ticket, account)}
        except QueueError as err:
            raise HTTPException(err.status, str(err)) from None

    @app.get("/api/queue/{ticket}")
    async def queue_status(ticket: str, request: Request) -> dict:
        """Waiting (seconds waited, rating window) or paired (match, seat, token, link)."""
        try:
            return await matchmaker.status(ticket, account_of(request))
        except QueueError as err:
            raise HTTPException(err.status, str(err)) from None

    @app.delete("/api/queue/{ticket}")
    async def leave_queue(ticket: str) -> dict:
        """Leave the queue (refused once paired)."""
        try:
            await matchmaker.leave(ticket)
        except QueueError as err:
            raise HTTPException(err.status, str(err)) from None
        return {"left": True}

    @app.post("/api/matches/{match_id}/resign")
    async def resign(match_id: str, body: Resign, request: Request) -> dict:
        """Resign the seat of ``token``, or of the logged-in account (``leaving.py``): two
        players, the match ends and the seat loses; more, a bot takes the seat and play goes
        on. Again: the same answer."""
        match = await _match(hub, match_id)
        account = account_of(request)
        if body.token is not None:
            seat = match.seat_of(body.token)
        elif account is None:
            raise HTTPException(422, "resigning needs the seat's token, or to be logged in")
        else:
            held = [s for s, holder in enumerate(match.row.accounts) if holder == account.id]
            if len(held) > 1:
                raise HTTPException(422, "this account holds several seats: send the token")
            seat = held[0] if held else None
        if seat is None:
            raise HTTPException(403, "this seat token (or account) holds no seat of this match")
        try:
            return await hub.depart(match, seat, RESIGNED)
        except MatchError as err:
            raise HTTPException(409, str(err)) from None

    @app.get("/api/matches")
    async def list_matches(status: str = Query("open,running", max_length=100),
                           limit: int = Query(50, ge=1, le=200)) -> list[dict]:
        """Newest matches with the given statuses (comma separated); a finished one with its
        ``winners`` (seats with the best return) and ``scores``."""
        wanted = tuple(s for s in status.split(",") if s in LISTED)
        rows = await store.call(store.summaries, wanted, limit) if wanted else []
        names = {info.id: info.name for info in games()}
        for row in rows:
            row["name"] = names.get(row["game"], row["game"])
            result = row.pop("result")
            if result:
                best = max(result["returns"])
                row["winners"] = [s for s, r in enumerate(result["returns"]) if r == best]
                row["scores"] = result["scores"]
        return rows

    @app.get("/api/matches/{match_id}")
    async def match_info(match_id: str) -> dict:
        """Public facts of one match."""
        return (await _match(hub, match_id)).public()

    @app.get("/api/matches/{match_id}/replay")
    async def match_replay(match_id: str, lang: str = Query("en", max_length=8),
                           view: int | None = Query(None)) -> Response:
        """A finished match move by move: the record and, at every turn, everything (or, with
        ``view`` a seat, what that seat knew then)."""
        await _match(hub, match_id)
        try:
            body = await hub.replay(match_id, language(lang), view)
        except MatchError as err:
            raise HTTPException(409, str(err)) from None
        return Response(body, media_type="application/json",
                        headers={"cache-control": "public, max-age=86400, immutable"})

    @app.get("/api/matches/{match_id}/page-data")
    async def match_page_data(match_id: str, lang: str = Query("en", max_length=8)) -> dict:
        """The match's `Game.page_data` in ``lang``: rule constants and texts of its pieces."""
        match = await _match(hub, match_id)
        return match.game.page_data(language(lang))

    @app.get("/api/matches/{match_id}/reference")
    async def match_reference(match_id: str, lang: str = Query("en", max_length=8)) -> Response:
        """The match's `Game.reference` in ``lang``: its pieces and basic rules, for its options."""
        game = (await _match(hub, match_id)).game
        return _reference(game.info.id, json.dumps(game.options, sort_keys=True), lang)

    @app.get("/api/games/{game_id}/reference")
    def game_reference(game_id: str, request: Request,
                       lang: str = Query("en", max_length=8)) -> Response:
        """A game's `Game.reference` in ``lang``, for the options given as further query
        parameters (``?lang=de&dark_city=all&characters=witch,navigator``; the defaults
        otherwise). 404 for an unknown game, 422 for a bad language or option."""
        options = {name: value for name, value in request.query_params.items() if name != "lang"}
        try:
            check_remote(game_class(game_id).info.options, options, game_id)
        except UnknownGame as err:
            raise HTTPException(404, str(err)) from None
        except UnknownOption as err:
            raise HTTPException(422, str(err)) from None
        return _reference(game_id, json.dumps(options, sort_keys=True), lang)

    @app.get("/api/games/{game_id}/data/{name}")
    def game_data(game_id: str, name: str) -> FileResponse:
        """A public data file of a game (``data/`` of its package, e.g. Córdoba's landmark
        names) for its renderer."""
        try:
            path = _data_file(game_id, name) if DATA_NAME.fullmatch(name) else None
        except MezquitaError:
            raise HTTPException(404, f"unknown game {game_id!r}") from None
        if path is None:
            raise HTTPException(404, f"{game_id} has no data file {name!r}")
        return FileResponse(path, media_type="application/json")

    @app.get("/api/constants")
    def constants() -> dict:
        """Values the page reads instead of spelling them: the match statuses and the seat
        kinds of a new match beside the bots, by name; the clock presets (seconds) and the one
        a match gets when two humans sit."""
        return {"status": {status.name: status.value for status in MatchStatus},
                "seat": {"HUMAN": HUMAN, "OPEN": OPEN},
                "clocks": {"presets": {name: clock.to_json(name) for name, clock in PRESETS.items()},
                           "default": DEFAULT}}

    @app.get("/api/i18n/{lang}")
    def interface_texts(lang: str) -> JSONResponse:
        """The page's strings in ``lang`` (`mezquita.web.catalogue`: the interface's and every
        game's own)."""
        if lang not in LANGS:
            raise HTTPException(404, f"no language {lang!r} (languages: {', '.join(LANGS)})")
        return JSONResponse(catalogue(lang))

    @app.get("/api/health")
    async def health() -> dict:
        return {"ok": True, "instance": store.instance, "live_matches": len(hub.matches),
                "sockets": sum(hub.sockets.values())}

    app.add_api_websocket_route("/ws/matches/{match_id}", play_socket)
    app.include_router(account_routes(hub, _match))
    analyst = analysis.add_routes(app, hub, _match)

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    def match_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "match.html")

    @app.get("/player/{name:path}", include_in_schema=False)
    def player_page(name: str) -> FileResponse:
        return FileResponse(STATIC / "player.html")

    @app.get("/leaderboard/{game_id}", include_in_schema=False)
    def leaderboard_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "leaderboard.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


@cache
def _games() -> bytes:
    """Every registered game with its options, its difficulty levels (weakest first), the bots
    that can play it (the levels first), its measured length (its ``data/length.json``,
    ``tools/measure_lengths.py`` writes it), whether it has a renderer of its own
    (``renderers/<id>.js``; else the generic one draws it) and its guided first game
    (`_guide`), as JSON: built once per process, every page asks for it."""
    out = []
    for info in games():
        try:
            game = load(info.id)
            levels, bots = list(levels_of(game)), agent_names(game)
        except MezquitaError:
            levels, bots = [], []
        length = _data_file(info.id, "length.json")
        out.append({**info.to_json(), "levels": levels, "agents": bots, "guide": _guide(info.id),
                    "length": json.loads(length.read_text(encoding="utf-8")) if length else None,
                    "renderer": (STATIC / "js" / "renderers" / f"{info.id}.js").is_file()})
    return json.dumps(out, ensure_ascii=False).encode()


def _guide(game_id: str) -> dict | None:
    """A game's guided first game for the lobby: `Game.guide_setup` with its number of
    ``players`` (the guide's seat, the first, then bots); None when it has no guide."""
    setup = load(game_id).guide_setup()
    return setup and {**setup, "players": load(game_id, **setup["options"]).num_players}


def _reference(game_id: str, options: str, lang: str) -> Response:
    """The reference of ``game_id`` with ``options`` (JSON) in ``lang`` as a cacheable answer
    (404 for an unknown game, 422 for a bad language or option)."""
    if lang not in LANGS:
        raise HTTPException(422, f"no language {lang!r} (languages: {', '.join(LANGS)})")
    try:
        body = _reference_body(game_id, options, lang)
    except UnknownGame as err:
        raise HTTPException(404, str(err)) from None
    except MezquitaError as err:
        raise HTTPException(422, str(err)) from None
    return Response(body, media_type="application/json",
                    headers={"cache-control": "public, max-age=3600"})


@lru_cache(maxsize=256)
def _reference_body(game_id: str, options: str, lang: str) -> bytes:
    """`Game.reference` as JSON bytes, built once per game, options and language."""
    return json.dumps(load(game_id, **json.loads(options)).reference(lang),
                      ensure_ascii=False).encode()


def _data_file(game_id: str, name: str) -> Path | None:
    """The file ``name`` in the ``data/`` folder of game ``game_id``'s package, if it has one
    (`UnknownGame` for an unknown game)."""
    module = sys.modules[game_class(game_id).__module__]
    path = Path(module.__file__ or "").parent / "data" / name
    return path if path.is_file() else None


async def _match(hub: Hub, match_id: str):
    if len(match_id) > 32:
        raise HTTPException(404, "there is no such match")
    try:
        match = await hub.get(match_id)
    except StoreUnavailable:
        raise
    except MezquitaError as err:
        raise HTTPException(500, f"match {match_id!r} cannot be rebuilt: {err}") from None
    if match is None:
        raise HTTPException(404, f"there is no match {match_id!r}")
    return match
