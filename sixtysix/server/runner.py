"""Run the server: ``sixtysix serve`` and ``python -m sixtysix.server`` both land here."""

from __future__ import annotations

__all__ = ["serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, database: str = "sqlite:///sixtysix.db",
          log_level: str = "warning") -> None:
    """Serve the play server and web client on ``host:port`` until interrupted."""
    import uvicorn

    from .app import create_app

    app = create_app(database)
    shown = f"[{host}]" if ":" in host else host
    print(f"sixtysix server: http://{shown}:{port}/  (database: {database})", flush=True)
    # No per-message compression: views are small and deflating each one costs more CPU than the
    # bytes it saves (the load benchmark measured it).
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536,
                ws_per_message_deflate=False)
