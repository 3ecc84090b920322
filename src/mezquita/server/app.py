"""The FastAPI app: lobby API, match pages, the play socket and the static web client."""

from __future__ import annotations

import json
import re
import secrets
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from mezquita.engine import MezquitaError, games, load
from mezquita.engine.registry import game_class
from mezquita.web import STATIC

from .account_api import SessionMiddleware, account_of, account_routes
from .bots import BotPool, agent_names
from .hub import Hub
from .limits import BodyLimit, RateLimits, SecurityHeaders, Settings, address_group
from .match import MatchError, clean_name
from .seating import MAX_SEED
from .status import MatchStatus
from .store import DEFAULT_URL, Store, StoreUnavailable
from .ws import language, play_socket

LISTED = (MatchStatus.OPEN, MatchStatus.RUNNING, MatchStatus.FINISHED)  # the lobby's lists

#: measured game lengths shown in the lobby (``tools/measure_lengths.py`` writes the file)
LENGTHS: dict = json.loads((STATIC / "lengths.json").read_text(encoding="utf-8"))
DATA_NAME = re.compile(r"[a-z0-9_-]{1,40}\.json")

# strict: a bool is not an int, 3.7 is not an int, NaN and Infinity are no numbers
OptionValue = (StrictBool | StrictInt | Annotated[float, Field(allow_inf_nan=False)]
               | Annotated[str, Field(max_length=200)])


class CreateMatch(BaseModel):
    """The lobby's request to create a match."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    options: dict[Annotated[str, Field(max_length=64)],
                  OptionValue | Annotated[list[OptionValue], Field(max_length=64)]] = Field(
        default_factory=dict, max_length=32)
    seats: list[Annotated[str, Field(max_length=64)]] = Field(min_length=1, max_length=16)
    turn_seconds: StrictInt = Field(default=0, ge=0, le=10**6)
    timeout_agent: str = Field(default="random", max_length=64)
    practice: StrictBool = False  # unrated; only then may the client choose the seed
    seed: StrictInt | None = Field(default=None, ge=0, lt=MAX_SEED)
    name: str | None = Field(default=None, max_length=200)  # the creator's name (clean_name)


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
        yield
        if cluster is not None:
            await cluster.close()
        await hub.close()
        hub.pool.shutdown()
        store.close()

    # /api/docs loads its scripts from a CDN, which the CSP forbids: off unless asked for
    app = FastAPI(title="Mezquita", lifespan=lifespan,
                  docs_url="/api/docs" if settings.api_docs else None,
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hub = hub
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
    def list_games() -> list[dict]:
        """Every registered game with its options and the bots that can play it."""
        out = []
        for info in games():
            try:
                bots = agent_names(load(info.id))
            except MezquitaError:
                bots = []
            out.append({**info.to_json(), "agents": bots, "length": LENGTHS.get(info.id)})
        return out

    @app.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch, request: Request) -> dict:
        """Create a match. The answer holds the creator's own seat link (the first human seat,
        with its secret token) and one invitation link per other human seat: whoever opens
        it claims the seat once and gets a fresh secret the creator never sees."""
        group = address_group(request.client.host if request.client else "?")  # counted by RateLimits
        try:
            match, secrets_ = await hub.create(body.game, body.options, body.seats,
                                               body.turn_seconds, body.timeout_agent, body.seed,
                                               body.practice, group, body.name,
                                               account_of(request))
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
            seats.append({"seat": seat, "kind": kind, "token": token, "invite": invite,
                          "url": url})
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
    async def match_replay(match_id: str, lang: str = Query("en", max_length=8)) -> Response:
        """A finished match move by move: the record and, at every turn, everything."""
        await _match(hub, match_id)
        try:
            body = await hub.replay(match_id, language(lang))
        except MatchError as err:
            raise HTTPException(409, str(err)) from None
        return Response(body, media_type="application/json",
                        headers={"cache-control": "public, max-age=86400, immutable"})

    @app.get("/api/games/{game_id}/data/{name}")
    def game_data(game_id: str, name: str) -> FileResponse:
        """A public data file of a game (e.g. Córdoba's landmark names) for its renderer."""
        try:
            module = sys.modules[game_class(game_id).__module__]
        except MezquitaError:
            raise HTTPException(404, f"unknown game {game_id!r}") from None
        folder = Path(module.__file__ or "").parent
        path = next((p for p in (folder / name, folder / "data" / name) if p.is_file()), None)
        if not DATA_NAME.fullmatch(name) or path is None:
            raise HTTPException(404, f"{game_id} has no data file {name!r}")
        return FileResponse(path, media_type="application/json")

    @app.get("/api/constants")
    def constants() -> dict:
        """Values the page reads instead of spelling them: the match statuses by name."""
        return {"status": {status.name: status.value for status in MatchStatus}}

    @app.get("/api/health")
    async def health() -> dict:
        return {"ok": True, "instance": store.instance, "live_matches": len(hub.matches),
                "sockets": sum(hub.sockets.values())}

    app.add_api_websocket_route("/ws/matches/{match_id}", play_socket)
    app.include_router(account_routes(hub))

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
