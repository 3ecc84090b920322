"""The FastAPI app: lobby API, match pages, the play socket and the static web client."""

from __future__ import annotations

import re
import sys
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from mezquita.engine import MezquitaError, games, load
from mezquita.engine.registry import game_class
from mezquita.web import STATIC

from .bots import BotPool, agent_names
from .hub import Hub
from .limits import CREATE_RATE, BodyLimit, SecurityHeaders, SlidingWindow
from .match import MatchError
from .replay import replay
from .store import DEFAULT_URL, Store
from .ws import language, play_socket

STATUSES = ("open", "running", "finished")
DATA_NAME = re.compile(r"[a-z0-9_-]{1,40}\.json")

OptionValue = bool | int | float | Annotated[str, Field(max_length=200)]


class CreateMatch(BaseModel):
    """The lobby's request to create a match."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64)
    options: dict[Annotated[str, Field(max_length=64)],
                  OptionValue | Annotated[list[OptionValue], Field(max_length=64)]] = Field(
        default_factory=dict, max_length=32)
    seats: list[Annotated[str, Field(max_length=64)]] = Field(min_length=1, max_length=16)
    turn_seconds: int = 0
    timeout_agent: str = Field(default="random", max_length=64)
    seed: int | None = None


def create_app(db_url: str | None = None, *, bot_pool: str = "process",
               bot_workers: int | None = None, create_limit: int | None = None) -> FastAPI:
    """The Mezquita web app on the database ``db_url`` (SQLite file by default).

    ``bot_pool`` is ``"process"`` or ``"thread"``; ``create_limit`` bounds the matches one
    address may create per minute (default ``CREATE_RATE``).

    The schema migrations run here; running matches are reloaded in the background at
    start-up (and any match is rebuilt on first access), so start-up stays instant.
    """
    store = Store(db_url or DEFAULT_URL)
    # Endpoints touching the hub are async: the hub lives on the event loop (no locks needed).
    hub = Hub(store, BotPool(bot_pool, bot_workers))

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        hub.start()
        yield
        await hub.close()
        hub.pool.shutdown()
        store.close()

    app = FastAPI(title="Mezquita", lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hub = hub
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    creations = SlidingWindow(create_limit or CREATE_RATE[0], CREATE_RATE[1])

    @app.get("/api/games")
    def list_games() -> list[dict]:
        """Every registered game with its options and the bots that can play it."""
        out = []
        for info in games():
            try:
                bots = agent_names(load(info.id))
            except MezquitaError:
                bots = []
            out.append({**info.to_json(), "agents": bots})
        return out

    @app.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch, request: Request) -> dict:
        """Create a match; the answer holds each human seat's secret join link (only once)."""
        host = request.client.host if request.client else "?"
        if not creations.allow(host):
            raise HTTPException(429, "too many matches created; wait a minute")
        try:
            match, tokens = hub.create(body.game, body.options, body.seats, body.turn_seconds,
                                       body.timeout_agent, body.seed)
        except MatchError as err:
            raise HTTPException(422, str(err)) from None
        return {
            "id": match.id,
            "seats": [
                {"seat": seat, "kind": kind, "token": token,
                 "url": f"/match/{match.id}#seat={seat}&token={token}" if token else None}
                for seat, (kind, token) in enumerate(zip(match.row.seats, tokens))
            ],
            "spectate": f"/match/{match.id}",
        }

    @app.get("/api/matches")
    def list_matches(status: str = "open,running", limit: int = Query(50, ge=1, le=200)
                     ) -> list[dict]:
        """Newest matches with the given statuses (comma separated)."""
        wanted = tuple(s for s in status.split(",") if s in STATUSES)
        rows = store.summaries(wanted, limit) if wanted else []
        names = {info.id: info.name for info in games()}
        for row in rows:
            row["name"] = names.get(row["game"], row["game"])
        return rows

    @app.get("/api/matches/{match_id}")
    async def match_info(match_id: str) -> dict:
        """Public facts of one match."""
        return _match(hub, match_id).public()

    @app.get("/api/matches/{match_id}/replay")
    async def match_replay(match_id: str, lang: str = "en") -> dict:
        """A finished match move by move: the record and, at every turn, everything."""
        try:
            return replay(_match(hub, match_id), language(lang))
        except MatchError as err:
            raise HTTPException(409, str(err)) from None

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

    @app.get("/api/health")
    def health() -> dict:
        return {"ok": True, "live_matches": len(hub.matches)}

    app.add_api_websocket_route("/ws/matches/{match_id}", play_socket)

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/match/{match_id}", include_in_schema=False)
    def match_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "match.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _match(hub: Hub, match_id: str):
    try:
        match = hub.get(match_id)
    except MezquitaError as err:
        raise HTTPException(500, f"match {match_id!r} cannot be rebuilt: {err}") from None
    if match is None:
        raise HTTPException(404, f"there is no match {match_id!r}")
    return match
