"""Fixtures for the server tests: an in-process app, real server subprocesses, and a headless
Chromium whose pages are kept as screenshots when a test fails."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import ARGS, CHROMIUM, page_states, screenshot_all
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
                          str(path) if path else None, log=tmp_path / f"server{len(made)}.log")
        made.append(s)
        return s

    make.made = made  # type: ignore[attr-defined]  # read by pytest_runtest_makereport
    yield make
    for s in made:
        s.stop()


@pytest.fixture
def server(server_factory: Any) -> ServerProcess:
    """A real server (``sixtysix serve``) with its own SQLite database, started."""
    s: ServerProcess = server_factory()
    s.start()
    return s


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    # Each phase's report on the test item: the browser fixture's teardown reads the call's.
    report = yield
    setattr(item, f"report_{report.when}", report)
    if report.when == "call" and report.failed:
        # What CI prints of a failure is all anyone sees of it: each server's log and what each
        # open page's table showed go into the report.
        funcargs = getattr(item, "funcargs", {})
        for i, s in enumerate(getattr(funcargs.get("server_factory"), "made", [])):
            report.sections.append((f"server {i} log (tail)", s.output()[-6000:]))
        if "browser" in funcargs:
            report.sections.append(("pages", page_states(funcargs["browser"])))
    return report


@pytest.fixture
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    """Headless Chromium (Playwright); when the test fails, every page it left open is saved as
    a screenshot under test-artifacts/ (browser_util.ARTIFACTS)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            screenshot_all(b, request.node.nodeid)
        b.close()
