"""The card faces of the web client: every card of both decks has its file, each file is a
self-contained SVG (the page works offline from the installed package), the licences lie beside
them, and the server sends them gzipped with a long Cache-Control. (scripts/wheel_check.sh checks that
the wheel carries them.)"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fastapi.testclient import TestClient

from sixtysix.server.app import WEB_DIR

CARDS = WEB_DIR / "cards"
CODES = [r + s for s in "CDHS" for r in "AKQJT987"]
SVG = "{http://www.w3.org/2000/svg}svg"


@pytest.mark.parametrize("deck", ["fr", "de"])
def test_each_card_has_one_self_contained_face(deck: str) -> None:
    faces = sorted(p.name for p in (CARDS / deck).glob("*.svg"))
    assert faces == sorted(f"{c}.svg" for c in CODES)
    for name in faces:
        text = (CARDS / deck / name).read_text(encoding="utf-8")
        root = ET.fromstring(text)
        assert root.tag == SVG and len(root.attrib["viewBox"].split()) == 4, name
        # Nothing fetched from elsewhere: every reference is to the file's own ids.
        refs = re.findall(r'(?:href="|url\()([^")]+)', text)
        assert all(r.startswith("#") for r in refs), name
        ids = set(re.findall(r'\bid="([^"]+)"', text))
        assert {r[1:] for r in refs} <= ids, name
    ET.fromstring((CARDS / "back.svg").read_text(encoding="utf-8"))


def test_the_client_draws_faces_from_these_folders() -> None:
    js = (WEB_DIR / "cards.js").read_text(encoding="utf-8")
    assert 'const BASE = "/static/cards/"' in js
    assert '${BASE}${german ? "de" : "fr"}/${code}.svg' in js
    assert "${BASE}back.svg" in js


def test_each_deck_states_its_origin_and_licence() -> None:
    notice = (CARDS / "LICENSE.md").read_text(encoding="utf-8")
    for deck, licence, text in (("fr", "CC0 1.0", "CC0-1.0.txt"),
                                ("de", "GNU General Public License", "GPL-2.0.txt")):
        assert f"`{deck}/`" in notice and licence in notice and f"{deck}/{text}" in notice
        assert (CARDS / deck / text).stat().st_size > 5000
    assert "Adrian Kennard" in notice and "Gunter Gerhardt" in notice


def test_the_server_sends_faces_to_keep(client: TestClient) -> None:
    for path in ("fr/QH.svg", "de/TS.svg", "back.svg"):
        r = client.get(f"/static/cards/{path}", headers={"Accept-Encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
        assert r.headers["cache-control"] == "public, max-age=604800"
        assert r.text.startswith("<")
        if path != "back.svg":  # a kilobyte: not worth it
            assert r.headers["content-encoding"] == "gzip"
    assert client.get("/static/cards/de/XX.svg").status_code == 404
    # The other static files are not held: they change with the page.
    assert "cache-control" not in client.get("/static/cards.js").headers


def test_the_page_asks_for_faces_by_their_version(client: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # Kept a week, the faces are asked for with a hash of their files (?v=): changed faces in a
    # release have new addresses. The page carries the hash; cards.js appends it.
    from sixtysix.server import app as app_module
    version = app_module._faces_version()
    assert re.fullmatch(r"[0-9a-f]{12}", version)
    for path in ("/", "/t/abc", "/leaderboard"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert f'<meta name="sixtysix-faces" content="{version}">' in page.text
    js = (WEB_DIR / "cards.js").read_text(encoding="utf-8")
    assert "/${code}.svg${Q}" in js and "back.svg${Q}" in js and "?v=${" in js
    assert client.get(f"/static/cards/fr/QH.svg?v={version}").status_code == 200
    # Another set of files has another hash.
    app_module._faces_version.cache_clear()
    monkeypatch.setattr(app_module.Path, "read_bytes", lambda self: b"changed " + self.name.encode())
    try:
        assert app_module._faces_version() != version
    finally:
        monkeypatch.undo()
        app_module._faces_version.cache_clear()
