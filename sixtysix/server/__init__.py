"""The authoritative play server: tables, per-seat views as JSON, storage, HTTP and WebSocket API.

Start it with ``sixtysix serve`` (or ``python -m sixtysix.server``); ``create_app`` builds the
FastAPI application for tests and embedding.
"""

from __future__ import annotations

__all__ = ["create_app", "view_to_json", "Storage", "ServerConfig"]

from ..extras import needs

with needs(__name__):
    from .app import create_app
    from .config import ServerConfig
    from .storage import Storage
    from .views import view_to_json
