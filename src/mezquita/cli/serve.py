"""``mezquita serve``: the web server (lobby, matches, bots) on a SQLite file or PostgreSQL."""

from __future__ import annotations

import typer

from .app import app


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str = typer.Option("sqlite:///./mezquita.sqlite3", "--db",
                           help="Database URL: sqlite:///path or postgresql://user@host/db."),
    bots: str = typer.Option("process", "--bots", help="Bot workers: process or thread."),
    workers: int = typer.Option(None, "--bot-workers", help="Bot worker count (default: cores)."),
    create_limit: int = typer.Option(30, "--create-limit",
                                     help="Matches one address may create per minute."),
    log_level: str = typer.Option("info", "--log-level", help="uvicorn log level."),
) -> None:
    """Serve the lobby and live matches; open http://HOST:PORT/ in a browser."""
    import uvicorn

    from mezquita.server import create_app

    if bots not in ("process", "thread"):
        raise typer.BadParameter("--bots must be process or thread")
    if create_limit < 1:
        raise typer.BadParameter("--create-limit must be at least 1")
    web = create_app(db, bot_pool=bots, bot_workers=workers, create_limit=create_limit)
    typer.echo(f"Mezquita: http://{host}:{port}/ (database {db.split('@')[-1]})")
    uvicorn.run(web, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024,
                ws_ping_interval=20, ws_ping_timeout=20, access_log=False)
