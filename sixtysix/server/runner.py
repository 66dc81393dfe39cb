"""Run the server: ``sixtysix serve`` and ``python -m sixtysix.server`` both land here."""

from __future__ import annotations

__all__ = ["serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, database: str = "sqlite:///sixtysix.db",
          log_level: str = "warning", config: str | None = None) -> None:
    """Serve the play server and web client on ``host:port`` until interrupted, with the limits
    of the TOML file ``config`` (``ServerConfig``; its defaults without one)."""
    import math

    import uvicorn

    from .app import create_app
    from .config import ServerConfig

    cfg = ServerConfig.load(config) if config else ServerConfig()
    app = create_app(database, config=cfg)
    shown = f"[{host}]" if ":" in host else host
    print(f"sixtysix server: http://{shown}:{port}/  (database: {database})", flush=True)
    # No per-message compression: views are small and deflating each one costs more CPU than the
    # bytes it saves (the load benchmark measured it).
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=max(65536, 2 * cfg.max_body),
                ws_per_message_deflate=False, timeout_keep_alive=math.ceil(cfg.keep_alive_seconds))
