"""Fixtures for the server tests: an in-process app and real server subprocesses."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import ServerProcess

from sixtysix.server import create_app
from sixtysix.server.storage import Storage


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(storage=Storage("sqlite://"))
    with TestClient(app) as c:
        yield c


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Any]:
    made: list[ServerProcess] = []

    def make(database: str | None = None, config: dict[str, Any] | None = None) -> ServerProcess:
        path = None
        if config:
            path = tmp_path / f"config{len(made)}.toml"
            path.write_text("".join(f"{k} = {v!r}\n" for k, v in config.items()))
        s = ServerProcess(database or f"sqlite:///{tmp_path / 'tables.db'}",
                          str(path) if path else None)
        made.append(s)
        return s

    yield make
    for s in made:
        s.stop()
