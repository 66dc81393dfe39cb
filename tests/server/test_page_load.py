"""The table page's first load stays within its budget (issue 77): under 200 KB transferred before
the card faces, counted by ``benchmarks/page_load.py`` the way DevTools counts them (each response's
bytes on the wire, every WebSocket message), from an empty cache to the first card played. The
count is deterministic; how long the load takes is the benchmark's to report, not a test's.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from browser_util import PHONE, needs_chromium
from server_util import ServerProcess

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from page_load import BUDGET_BYTES, FACES, Load, first_load, new_seat  # noqa: E402

pytestmark = needs_chromium

INDEX = Path(__file__).resolve().parents[2] / "sixtysix" / "web" / "index.html"


def test_the_table_page_loads_under_its_byte_budget_before_the_card_faces(
        server: ServerProcess, browser: Any) -> None:
    for lang in ("en", "de"):  # (German's words are the longer)
        check_load(first_load(browser, new_seat(server.url), size=PHONE, lang=lang), server, lang)


def check_load(load: Load, server: ServerProcess, lang: str) -> None:
    paths = {u.removeprefix(server.url) for u in load.by_url}
    # The count holds everything the page is made of: its document, each script and style sheet
    # it names, its language's words and the table's messages; and no card face.
    named = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', INDEX.read_text()))
    assert named and named <= paths, (lang, named - paths)
    assert f"/static/i18n/{lang}.json" in paths
    assert any(p.startswith("ws://") and "/ws/" in p for p in paths)
    assert not any(FACES in p for p in paths)
    assert load.face_bytes > 0  # the faces did load meanwhile, and were left out
    assert load.bytes_before_faces < BUDGET_BYTES, (lang, sorted(load.by_url.items(), key=lambda x: -x[1]))
