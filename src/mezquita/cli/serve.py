"""``mezquita serve``: the web server (lobby, matches, bots) on a SQLite file or PostgreSQL."""

from __future__ import annotations

import re
import socket

import typer

from .app import app
from .common import fail

HELP = (
    "Serve the lobby and live matches; open http://HOST:PORT/ in a browser.\n\n"
    "Several instances: start each with the same --db postgresql://... URL behind a load "
    "balancer that passes WebSocket upgrades; no sticky sessions are needed (any instance "
    "serves any match; moves and presence reach every instance). With --proxy-headers and the "
    "balancer's address in --forwarded-allow-ips, per-address limits see the real clients. "
    "If an instance dies, the others take its matches over after --lease-seconds. "
    "See docs/server.md."
)


@app.command("serve", help=HELP)
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str = typer.Option("sqlite:///./mezquita.sqlite3", "--db",
                           help="Database URL: sqlite:///path or postgresql://user@host/db."),
    bots: str = typer.Option("process", "--bots", help="Bot workers: process or thread."),
    workers: int = typer.Option(None, "--bot-workers", help="Bot worker count (default: cores)."),
    create_limit: int = typer.Option(20, "--create-limit",
                                     help="Matches one address group may create per minute."),
    bots_per_creator: int = typer.Option(0, "--bots-per-creator",
                                         help="Concurrent bot decisions of one creator "
                                              "(0: bot workers - 1)."),
    bot_seconds: float = typer.Option(30.0, "--bot-seconds",
                                      help="Time budget of one bot decision; a random legal "
                                           "move is played after it."),
    sockets_per_address: int = typer.Option(64, "--sockets-per-address",
                                            help="Open WebSockets one address may hold."),
    sockets_total: int = typer.Option(0, "--sockets-total",
                                      help="Open WebSockets in all (0: open-file limit - 128)."),
    send_seconds: float = typer.Option(10.0, "--send-seconds",
                                       help="Close a client that takes no message this long."),
    spectator_interval: float = typer.Option(0.5, "--spectator-interval",
                                             help="At most one update per this many seconds "
                                                  "to a spectator."),
    open_hours: float = typer.Option(24.0, "--open-hours",
                                     help="An open match nobody joined expires after this."),
    idle_seconds: float = typer.Option(600.0, "--idle-seconds",
                                       help="A match nobody watches leaves memory after this "
                                            "(it comes back from the database on demand)."),
    db_seconds: float = typer.Option(10.0, "--db-seconds",
                                     help="Timeout of one database call (then 503 / busy)."),
    write_patience: float = typer.Option(15.0, "--write-patience",
                                         help="How long a move is retried while the database "
                                              "does not answer."),
    lease_seconds: float = typer.Option(6.0, "--lease-seconds",
                                        help="PostgreSQL, several instances: how long an "
                                             "instance holds its matches without renewing; "
                                             "a dead instance's matches move after this."),
    durability: str = typer.Option("full", "--durability",
                                   help="full: every acknowledged move survives an OS crash or "
                                        "power loss (a disk flush per commit batch); normal: "
                                        "it survives a kill of the server process, an OS "
                                        "crash may lose the last moves. See docs/server.md."),
    limit: list[str] = typer.Option([], "--limit",
                                    help="Change one rate of the limits table (repeatable), "
                                         "as KIND/SCOPE=COUNT/SECONDS, e.g. join/server=400/2. "
                                         "See docs/server.md."),
    api_docs: bool = typer.Option(False, "--api-docs",
                                  help="Serve /api/docs (Swagger UI from a CDN)."),
    proxy_headers: bool = typer.Option(False, "--proxy-headers",
                                       help="Behind a load balancer: take client addresses "
                                            "from X-Forwarded-For (sent by --forwarded-allow-ips)."),
    forwarded_allow_ips: str = typer.Option("127.0.0.1", "--forwarded-allow-ips",
                                            help="Proxies trusted for X-Forwarded-For."),
    public_url: str = typer.Option("", "--public-url",
                                   help="Where players reach this site, for the links in turn "
                                        "notices (default: http://HOST:PORT)."),
    smtp: str = typer.Option("", "--smtp",
                             help="HOST:PORT of the SMTP server turn notices of slow games are "
                                  "mailed through (default: no e-mail)."),
    mail_from: str = typer.Option("mezquita@localhost", "--mail-from",
                                  help="The sender of turn notices."),
    webhook_private: bool = typer.Option(False, "--webhook-private",
                                         help="Let turn-notice webhooks reach private and "
                                              "loopback addresses (a closed network)."),
    log_level: str = typer.Option("info", "--log-level", help="uvicorn log level."),
) -> None:
    """Serve the lobby and live matches (see ``HELP``)."""
    import uvicorn

    from mezquita.server import create_app
    from mezquita.server.limits import Settings, parse_limit, tune_gc
    from mezquita.server.store import StoreUnavailable
    from mezquita.server.ws import WS_MAX_SIZE, PlayProtocol

    if bots not in ("process", "thread"):
        raise typer.BadParameter("--bots must be process or thread")
    if create_limit < 1:
        raise typer.BadParameter("--create-limit must be at least 1")
    if lease_seconds <= 0:
        raise typer.BadParameter("--lease-seconds must be positive")
    if smtp and not re.fullmatch(r"[\w.-]+:\d{1,5}", smtp):
        raise typer.BadParameter("--smtp is HOST:PORT, e.g. mail.example.org:25")
    if durability not in ("full", "normal"):
        raise typer.BadParameter("--durability must be full or normal")
    try:
        limits = dict(parse_limit(text) for text in limit)
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="--limit") from None
    listening = _bind(host, port)
    settings = Settings(create_limit=create_limit, sockets_per_address=sockets_per_address,
                        sockets_total=sockets_total, send_seconds=send_seconds,
                        spectator_interval=spectator_interval, open_seconds=open_hours * 3600,
                        idle_seconds=idle_seconds, bot_workers=workers,
                        bots_per_creator=bots_per_creator, bot_seconds=bot_seconds,
                        db_seconds=db_seconds, write_patience=write_patience,
                        lease_seconds=lease_seconds, durability=durability,
                        api_docs=api_docs, limits=limits,
                        public_url=public_url or f"http://{host}:{port}", smtp=smtp,
                        mail_from=mail_from, webhook_private=webhook_private)
    try:
        web = create_app(db, bot_pool=bots, settings=settings)
    except StoreUnavailable as err:
        fail(str(err))
    typer.echo(f"Mezquita: http://{host}:{port}/ (database {db.split('@')[-1]})")
    tune_gc()
    # no per-message deflate: compressing every update once per client took ~18% of the
    # server's CPU under load (updates are a few KB; CPU, not bandwidth, bounds a server)
    config = uvicorn.Config(web, host=host, port=port, log_level=log_level, ws=PlayProtocol,
                            ws_max_size=WS_MAX_SIZE,
                            ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False,
                            access_log=False,
                            proxy_headers=proxy_headers, forwarded_allow_ips=forwarded_allow_ips,
                            timeout_graceful_shutdown=5)
    uvicorn.Server(config).run(sockets=[listening])


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket on ``host:port``, bound here (before the database is opened) so
    that a port in use is one clear line and exit code 2, like every other start-up failure."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as err:
        fail(f"cannot listen on {host}:{port}: {err.strerror or err}")
    return sock
