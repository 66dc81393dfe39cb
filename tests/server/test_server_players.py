"""A player without a password: a name and a secret the browser keeps; renamed, moved to another
browser with a one-time code, deleted (his name leaves every table he sat at)."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest
from browser_util import watch_errors
from fastapi.testclient import TestClient
from server_util import ServerProcess, auth, new_player, seats
from test_server_a11y import axe_violations
from test_server_invites import at_table, context, in_browser

from sixtysix.server import players as players_module
from sixtysix.server.app import create_app
from sixtysix.server.config import ServerConfig
from sixtysix.server.storage import Storage
from sixtysix.server.table import FORMER_PLAYER


def test_a_player_is_made_with_a_secret_shown_once_and_a_public_page(client: TestClient) -> None:
    ann = new_player(client, "  Ann   Lee ")
    assert set(ann) == {"id", "name", "secret"} and ann["name"] == "Ann Lee"
    public = client.get(f"/api/players/{ann['id']}").json()
    assert set(public) == {"id", "name", "since", "ratings", "matches"}  # test_server_ratings.py
    assert public["name"] == "Ann Lee" and public["ratings"] == public["matches"] == []
    assert ann["secret"] not in str(public)
    assert client.get("/api/players/me", headers=auth(ann)).json()["id"] == ann["id"]
    assert client.get("/api/players/nobody").status_code == 404


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "Ann<script>", "Computer 2", "computer",
                                  "COMPUTERS", "Master", "casual", "a former player", 7, None])
def test_bad_names_are_refused(client: TestClient, name: Any) -> None:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name", r.text


def test_names_are_unique_and_renaming_is_checked_and_only_by_the_player(
        client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    r = client.post("/api/players", json={"name": "ANN"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
    # Bob cannot rename Ann, nor anyone without a secret or with a made-up one.
    url = f"/api/players/{ann['id']}"
    assert client.patch(url, json={"name": "Eve"}, headers=auth(bob)).status_code == 403
    assert client.patch(url, json={"name": "Eve"}).status_code == 401
    assert client.patch(url, json={"name": "Eve"},
                        headers={"Authorization": "Bearer guess"}).status_code == 401
    # A taken name or a bad one changes nothing.
    r = client.patch(url, json={"name": "bob"}, headers=auth(ann))
    assert r.status_code == 409 and client.get(url).json()["name"] == "Ann"
    r = client.patch(url, json={"name": "Computer"}, headers=auth(ann))
    assert r.status_code == 400 and client.get(url).json()["name"] == "Ann"
    r = client.patch(url, json={"name": "Annie"}, headers=auth(ann))
    assert r.status_code == 200 and client.get(url).json()["name"] == "Annie"
    # The old name is free again; his own name in another case is his to take.
    new_player(client, "Ann")
    assert client.patch(url, json={"name": "ANNIE"}, headers=auth(ann)).status_code == 200


def test_a_transfer_code_moves_the_player_once_and_the_old_secret_stops_working(
        client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    url = f"/api/players/{ann['id']}/transfer"
    assert client.post(url, json={}, headers=auth(bob)).status_code == 403
    t = client.post(url, json={}, headers=auth(ann)).json()
    assert t["expires_in"] == 600 and t["link"] == f"/?transfer={t['code']}"
    r = client.post("/api/players/claim", json={"code": t["code"]})
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["id"] == ann["id"] and new["name"] == "Ann" and new["secret"] != ann["secret"]
    # Once only; the old browser's secret holds nothing now; the new one does.
    assert client.post("/api/players/claim", json={"code": t["code"]}).status_code == 404
    assert client.get("/api/players/me", headers=auth(ann)).status_code == 401
    assert client.patch(f"/api/players/{ann['id']}", json={"name": "X"},
                        headers=auth(ann)).status_code == 401
    assert client.get("/api/players/me", headers=auth(new)).json()["name"] == "Ann"
    assert client.post("/api/players/claim", json={"code": "made-up"}).status_code == 404


def test_a_transfer_code_expires(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    ann = new_player(client, "Ann")
    monkeypatch.setattr(players_module, "TRANSFER_SECONDS", -1)
    code = client.post(f"/api/players/{ann['id']}/transfer", json={},
                       headers=auth(ann)).json()["code"]
    assert client.post("/api/players/claim", json={"code": code}).status_code == 404
    assert client.get("/api/players/me", headers=auth(ann)).status_code == 200


def test_a_deleted_players_name_leaves_his_tables_and_the_games_stay(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    t = client.post("/api/tables", headers=auth(ann), json={
        "game": "sixty-six", "seats": seats("human", "human"), "bot_delay": 0}).json()
    tid = t["table"]
    r = client.post(f"/api/tables/{tid}/claim", headers=auth(bob),
                    json={"invite": t["seats"][1]["invite"]})
    assert r.status_code == 200 and r.json()["name"] == "Bob"
    state = client.get(f"/api/tables/{tid}").json()
    assert [s["name"] for s in state["seats"]] == ["Ann", "Bob"]
    # A rename shows at once.
    client.patch(f"/api/players/{bob['id']}", json={"name": "Robert"}, headers=auth(bob))
    assert [s["name"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == ["Ann", "Robert"]

    assert client.delete(f"/api/players/{ann['id']}", headers=auth(bob)).status_code == 403
    assert client.delete(f"/api/players/{ann['id']}", headers=auth(ann)).status_code == 200
    assert client.get(f"/api/players/{ann['id']}").status_code == 404
    assert client.get("/api/players/me", headers=auth(ann)).status_code == 401
    state = client.get(f"/api/tables/{tid}").json()
    assert [s["name"] for s in state["seats"]] == [FORMER_PLAYER, "Robert"]
    assert "Ann" not in str(state)
    record = client.get(f"/api/tables/{tid}/record?token={r.json()['token']}").json()
    assert record["players"] == [FORMER_PLAYER, "Robert"] and record["hands"]
    # The name is free for someone else; the table is still there, played by its seats.
    new_player(client, "Ann")
    assert client.get(f"/api/tables/{tid}").json()["seats"][0]["name"] == FORMER_PLAYER


def test_a_deleted_players_name_is_gone_after_a_restart_too(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/db.sqlite"
    with TestClient(create_app(storage=Storage(url))) as client:
        ann = new_player(client, "Ann")
        t = client.post("/api/tables", headers=auth(ann), json={
            "game": "sixty-six", "seats": seats("human", "random"), "bot_delay": 0}).json()
        tid = t["table"]
        client.delete(f"/api/players/{ann['id']}", headers=auth(ann))
    with TestClient(create_app(storage=Storage(url))) as client:
        assert client.get(f"/api/tables/{tid}").json()["seats"][0]["name"] == FORMER_PLAYER


def test_creating_players_is_rate_limited_per_address() -> None:
    cfg = ServerConfig(players_per_minute=1, players_burst=2)
    with TestClient(create_app(storage=Storage("sqlite://"), config=cfg)) as client:
        new_player(client, "A1")
        new_player(client, "A2")
        r = client.post("/api/players", json={"name": "A3"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"


def test_renames_moves_and_code_tries_are_rate_limited_per_player_and_per_address() -> None:
    cfg = ServerConfig(player_changes_per_minute=1, player_changes_burst=2, players_burst=10)
    with TestClient(create_app(storage=Storage("sqlite://"), config=cfg)) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        assert client.patch(f"/api/players/{ann['id']}", json={"name": "Anna"},
                            headers=auth(ann)).status_code == 200
        assert client.post(f"/api/players/{ann['id']}/transfer", json={},
                           headers=auth(ann)).status_code == 200
        r = client.patch(f"/api/players/{ann['id']}", json={"name": "Annie"}, headers=auth(ann))
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert r.json()["error"]["params"]["seconds"] > 0
        # The address's bucket is spent too: another player acting from it waits as well.
        r = client.patch(f"/api/players/{bob['id']}", json={"name": "Bobby"}, headers=auth(bob))
        assert r.status_code == 429
        assert client.get(f"/api/players/{ann['id']}").json()["name"] == "Anna"
        # Guessing transfer codes from one address is bounded the same way.
        r = client.post("/api/players/claim", json={"code": "not-a-code"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
    with TestClient(create_app(storage=Storage("sqlite://"), config=cfg)) as client:
        codes = [client.post("/api/players/claim", json={"code": f"guess{i}"}).status_code
                 for i in range(3)]
        assert codes == [404, 404, 429]


# ---------------------------------------------------------------------- in the browser


@in_browser
def test_a_first_visit_makes_the_player_who_renames_moves_and_deletes_himself(
        server: ServerProcess, browser: Any) -> None:
    errors: list[str] = []
    first = context(browser, server).new_page()
    errors += watch_errors(first)
    first.goto(server.url + "/")
    first.wait_for_selector("#player-new", state="visible")
    assert re.fullmatch(r"Player \d{4}", first.input_value("#player-new-name"))
    first.fill("#player-new-name", "Ann")
    first.click("#player-create-btn")
    first.wait_for_function("document.getElementById('player-name').textContent === 'Ann'")
    assert first.input_value("#seat-name-0") == "Ann"
    assert axe_violations(first) == []

    first.click("#player-rename-btn")
    first.fill("#player-rename-name", "Computer")
    first.click("#player-rename-save")
    first.wait_for_function("document.getElementById('player-error').textContent !== ''")
    first.fill("#player-rename-name", "Annie")
    first.click("#player-rename-save")
    first.wait_for_function("document.getElementById('player-name').textContent === 'Annie'")
    assert first.input_value("#seat-name-0") == "Annie"

    # Quick play seats her under her name.
    first.click('.quick-game[data-game="sixty-six"]')
    at_table(first)
    tid = first.evaluate("Table.state.table")
    assert first.evaluate("Table.state.seats[0].name") == "Annie"

    # Moved to a second browser with the link: that one is her now, this one no longer.
    first.goto(server.url + "/")
    first.wait_for_selector("#player-me", state="visible")
    first.click("#player-transfer-btn")
    first.wait_for_selector("#player-transfer", state="visible")
    link = first.get_attribute("#player-transfer-link", "href")
    assert link is not None and link.startswith(server.url + "/?transfer=")
    second = context(browser, server).new_page()
    errors += watch_errors(second)
    second.goto(link)
    second.wait_for_function("document.getElementById('player-name').textContent === 'Annie'")
    assert "transfer" not in second.url
    first.reload()
    first.wait_for_selector("#player-new", state="visible")
    assert "no longer your player" in first.inner_text("#player-error")

    # Deleted from the second browser: her seat shows a former player.
    second.on("dialog", lambda d: d.accept())
    second.click("#player-delete-btn")
    second.wait_for_selector("#player-new", state="visible")
    with urllib.request.urlopen(f"{server.url}/api/tables/{tid}") as r:
        state = json.load(r)
    assert state["seats"][0]["name"] == FORMER_PLAYER and "Annie" not in json.dumps(state)
    assert errors == []
