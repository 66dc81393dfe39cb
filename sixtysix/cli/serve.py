"""``sixtysix serve``: the play server and web client (needs the ``server`` extra).

It binds 127.0.0.1:8000 by default, keeps every table in an SQLite file (or PostgreSQL by URL),
and prints the address to open in a browser.
"""

from __future__ import annotations

from typing import Annotated

import typer

from . import app

__all__ = ["serve_command"]


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to bind (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[str, typer.Option(
        help="Where tables are stored: sqlite:///FILE or postgresql://USER@HOST/DB.")] = "sqlite:///sixtysix.db",
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
    config: Annotated[str | None, typer.Option(
        help="A TOML file of limits: computer players' budgets (max_bot_seconds, max_bot_iterations, "
             "max_bot_worlds, max_bot_workers), request sizes, rate limits.")] = None,
) -> None:
    """Serve tables over HTTP and WebSocket, with the browser client at the printed address."""
    from ..extras import missing_extra
    try:
        from ..server.runner import serve
    except ModuleNotFoundError as e:
        error = missing_extra("sixtysix serve", e)
        if error is None:
            raise
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    from ..server.config import ConfigError
    try:
        serve(host, port, database, log_level, config)
    except ConfigError as e:
        typer.echo(f"sixtysix serve: {e}", err=True)
        raise typer.Exit(2) from None
