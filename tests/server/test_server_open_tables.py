"""Tables open to anyone in the lobby: listed live (HTTP and WebSocket, by game), a free seat taken
with one request, closed by the creator before anyone sat down, gone after a while when nobody
comes; live tables listed for spectators, who never see a hidden card."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import auth, new_player

from sixtysix.server import lobby as lobby_module
from sixtysix.server.app import create_app
from sixtysix.server.config import ServerConfig
from sixtysix.server.storage import Storage

FAST = {"lobby_tick_seconds": 0.05, "open_table_seconds": 600.0}


def lobby_client(storage: Storage | None = None, **config: Any) -> TestClient:
    return TestClient(create_app(storage=storage or Storage("sqlite://"),
                                 config=ServerConfig(**{**FAST, **config})))


@pytest.fixture
def client() -> Iterator[TestClient]:
    with lobby_client() as c:
        yield c


def open_table(client: TestClient, p: dict[str, Any], **spec: Any) -> dict[str, Any]:
    r = client.post("/api/lobby/tables", json={"game": "schnapsen", "bot_delay": 0, **spec},
                    headers=auth(p))
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def until(check: Callable[[], Any], seconds: float = 5) -> Any:
    deadline = time.monotonic() + seconds
    while not (value := check()):
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)
    return value


def test_an_open_table_is_listed_and_a_click_takes_its_free_seat(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    t = open_table(client, ann, rated=True)
    assert t["seat"] == 0 and t["token"] and t["rated"] is True
    listed = client.get("/api/lobby").json()
    assert [e["table"] for e in listed["open"]] == [t["table"]] and listed["live"] == []
    entry = listed["open"][0]
    assert entry["game"] == "schnapsen" and entry["rated"] is True and entry["free"] == 1
    assert entry["creator"] == ann["id"] and 0 < entry["closes_in"] <= 600
    assert [(s["name"], s["free"], s["rating"]) for s in entry["seats"]] == [("Ann", False, 1500),
                                                                            ("", True, None)]
    # By game: another game's list is empty.
    assert client.get("/api/lobby?game=sixty-six").json()["open"] == []
    assert client.get("/api/lobby?game=schnapsen").json()["open"] == listed["open"]
    # A rated table gives no hints.
    assert client.get(f"/api/tables/{t['table']}?token={t['token']}").json()["hints"] is False

    sat = client.post(f"/api/lobby/tables/{t['table']}/sit", json={}, headers=auth(bob))
    assert sat.status_code == 200, sat.text
    seat = sat.json()
    assert seat["seat"] == 1 and seat["name"] == "Bob" and seat["token"] != t["token"]
    # The seat's secret plays it: both people are at the table, under their players' names.
    with client.websocket_connect(f"/ws/{t['table']}?token={seat['token']}") as ws:
        m = ws.receive_json()
        assert m["seat"] == 1 and [s["name"] for s in m["seats"]] == ["Ann", "Bob"]
        assert not any(s["invited"] for s in m["seats"])
    # Full: listed as live (for spectators), not open; nobody else may sit down.
    listed = client.get("/api/lobby").json()
    assert listed["open"] == [] and [e["table"] for e in listed["live"]] == [t["table"]]
    carl = new_player(client, "Carl")
    r = client.post(f"/api/lobby/tables/{t['table']}/sit", json={}, headers=auth(carl))
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_open"


def test_a_seat_taken_with_the_openers_invitation_link_fills_the_table_too(
        client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    t = open_table(client, ann)
    # The opener's table page offers its free seat's invitation to share, as at any table.
    state = client.get(f"/api/tables/{t['table']}?token={t['token']}").json()
    (invite,) = state["invites"]
    code = invite["link"].split("invite=")[1]
    r = client.post(f"/api/tables/{t['table']}/claim", json={"invite": code}, headers=auth(bob))
    assert r.status_code == 200, r.text
    listed = until(lambda: (m := client.get("/api/lobby").json())["live"] and m)
    assert listed["open"] == [] and [s["name"] for s in listed["live"][0]["seats"]] == ["Ann", "Bob"]


def test_opening_and_sitting_are_for_players_and_bad_requests_change_nothing(
        client: TestClient) -> None:
    ann = new_player(client, "Ann")
    for body, headers, status, code in [
        ({"game": "schnapsen"}, {}, 401, "bad_secret"),
        ({"game": "schnapsen"}, {"Authorization": "Bearer nope"}, 401, "bad_secret"),
        ({"game": "chess"}, auth(ann), 400, "bad_table"),
        ({"game": "schnapsen", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "casual"}]},
         auth(ann), 400, "bad_table"),  # no seat for anyone else
        ({"game": "schnapsen", "rated": True, "hints": True}, auth(ann), 400, "bad_table"),
        ({"game": "schnapsen", "rated": "yes"}, auth(ann), 400, "bad_table"),
    ]:
        r = client.post("/api/lobby/tables", json=body, headers=headers)
        assert r.status_code == status and r.json()["error"]["code"] == code, (body, r.text)
    assert client.get("/api/lobby").json()["open"] == []
    t = open_table(client, ann)
    r = client.post(f"/api/lobby/tables/{t['table']}/sit", json={}, headers=auth(ann))
    assert r.status_code == 409 and r.json()["error"]["code"] == "already_seated"
    r = client.post("/api/lobby/tables/nothing/sit", json={}, headers=auth(ann))
    assert r.status_code == 404
    assert client.get("/api/lobby?game=chess").status_code == 400
    assert client.get("/api/lobby").json()["open"][0]["free"] == 1


def test_the_creator_closes_his_table_before_anyone_sits_and_not_after(client: TestClient) -> None:
    ann, bob, carl = new_player(client, "Ann"), new_player(client, "Bob"), new_player(client, "Carl")
    t = open_table(client, ann)
    with client.websocket_connect(f"/ws/{t['table']}?token={t['token']}") as ws:
        ws.receive_json()
        r = client.delete(f"/api/lobby/tables/{t['table']}", headers=auth(bob))
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        r = client.delete(f"/api/lobby/tables/{t['table']}", headers=auth(ann))
        assert r.status_code == 200 and r.json() == {"closed": t["table"]}
        # The creator's open table page is told, and the table is gone.
        m = ws.receive_json()
        assert m["type"] == "error" and m["error"]["code"] == "closed"
    assert client.get(f"/api/tables/{t['table']}").status_code == 404
    assert client.get("/api/lobby").json()["open"] == []
    r = client.post(f"/api/lobby/tables/{t['table']}/sit", json={}, headers=auth(bob))
    assert r.status_code == 404

    # Bauernschnapsen: three free seats; once one is taken the table is theirs too.
    t = open_table(client, ann, game="bauernschnapsen")
    assert client.get("/api/lobby").json()["open"][0]["free"] == 3
    assert client.post(f"/api/lobby/tables/{t['table']}/sit", json={},
                       headers=auth(bob)).status_code == 200
    assert client.get("/api/lobby").json()["open"][0]["free"] == 2
    r = client.delete(f"/api/lobby/tables/{t['table']}", headers=auth(ann))
    assert r.status_code == 409 and r.json()["error"]["code"] == "started"
    assert client.post(f"/api/lobby/tables/{t['table']}/sit", json={},
                       headers=auth(carl)).json()["seat"] == 2


def test_an_open_table_nobody_joins_goes_away() -> None:
    with lobby_client(open_table_seconds=0.3) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        alone = open_table(client, ann)
        joined = open_table(client, ann, game="three-hand-sixty-six")
        client.post(f"/api/lobby/tables/{joined['table']}/sit", json={}, headers=auth(bob))
        assert len(client.get("/api/lobby").json()["open"]) == 2
        until(lambda: not client.get("/api/lobby").json()["open"], 5)
        # Nobody came: gone. Somebody came: no longer open, but the table stays theirs.
        assert client.get(f"/api/tables/{alone['table']}").status_code == 404
        assert client.get(f"/api/tables/{joined['table']}").status_code == 200
        assert [e["table"] for e in client.get("/api/lobby").json()["live"]] == [joined["table"]]


def test_the_lobby_websocket_shows_tables_as_they_open_and_fill_by_game(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    with client.websocket_connect("/ws/lobby") as everything, \
            client.websocket_connect("/ws/lobby?game=sixty-six") as sixty_six:
        assert everything.receive_json() == {"type": "lobby", "open": [], "live": [],
                                             "waiting": {}}
        sixty_six.receive_json()
        t = open_table(client, ann)
        m = everything.receive_json()
        assert m["type"] == "lobby" and [e["table"] for e in m["open"]] == [t["table"]]
        client.post(f"/api/lobby/tables/{t['table']}/sit", json={}, headers=auth(bob))
        m = everything.receive_json()
        assert m["open"] == [] and [e["table"] for e in m["live"]] == [t["table"]]
        # The Sixty-Six list did not change: nothing was sent to it; a game asked for is sent.
        sixty_six.send_json({"type": "game", "game": "schnapsen"})
        m = sixty_six.receive_json()
        assert [e["table"] for e in m["live"]] == [t["table"]]
        sixty_six.send_json({"type": "game", "game": "chess"})
        assert sixty_six.receive_json()["error"]["code"] == "bad_request"
        sixty_six.send_text("{")
        assert sixty_six.receive_json()["error"]["code"] == "bad_json"
        sixty_six.send_json({"type": "ping"})
        assert sixty_six.receive_json() == {"type": "pong"}


def test_opening_tables_is_limited_per_player_and_per_address() -> None:
    with lobby_client(lobby_player_burst=2, lobby_player_per_minute=1,
                      lobby_address_burst=3, lobby_address_per_minute=1) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        open_table(client, ann)
        open_table(client, ann)
        r = client.post("/api/lobby/tables", json={"game": "schnapsen"}, headers=auth(ann))
        assert r.status_code == 429 and "from you:" in r.json()["error"]["message"]
        open_table(client, bob)  # another player, the same address: its third
        r = client.post("/api/lobby/tables", json={"game": "schnapsen"}, headers=auth(bob))
        assert r.status_code == 429 and "your address" in r.json()["error"]["message"]
        r = client.post("/api/lobby/queue", json={"game": "schnapsen"}, headers=auth(bob))
        assert r.status_code == 429
        assert len(client.get("/api/lobby").json()["open"]) == 3


def test_the_lists_hold_the_oldest_open_and_the_newest_live_tables(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "MAX_LISTED", 2)
    people = [new_player(client, f"P{i}") for i in range(6)]
    tables = [open_table(client, p)["table"] for p in people[:3]]
    assert [e["table"] for e in client.get("/api/lobby").json()["open"]] == tables[:2]
    for p, t in zip(people[3:], tables, strict=True):  # each sits down: all three are live
        assert client.post(f"/api/lobby/tables/{t}/sit", json={}, headers=auth(p)).status_code == 200
    listed = client.get("/api/lobby").json()
    assert listed["open"] == [] and [e["table"] for e in listed["live"]] == tables[1:]


def test_a_player_who_keeps_leaving_matches_waits_before_the_next() -> None:
    store = Storage("sqlite://")
    with lobby_client(store) as client:
        ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
        t = open_table(client, bob)
        done = open_table(client, ann)  # (a table for the leaves to be at)
        for seat in range(3):
            store.add_leave(done["table"], seat, ann["id"])
        for method, path, body in [("POST", "/api/lobby/tables", {"game": "schnapsen"}),
                                   ("POST", "/api/lobby/queue", {"game": "schnapsen"}),
                                   ("POST", f"/api/lobby/tables/{t['table']}/sit", {})]:
            r = client.request(method, path, json=body, headers=auth(ann))
            assert r.status_code == 429 and r.json()["error"]["code"] == "cooldown", r.text
            assert re.search(r"in \d+ s", r.json()["error"]["message"])
        assert client.get("/api/lobby").json()["open"][0]["free"] == 1


CARD = re.compile(r"(?<![A-Za-z0-9_-])([AKQJT987][CDHS])(?![A-Za-z0-9_-])")


@pytest.mark.parametrize("game", ["schnapsen", "bauernschnapsen"])
def test_a_spectator_of_a_live_table_sees_no_hidden_card(client: TestClient, game: str) -> None:
    people = [new_player(client, name) for name in ("Ann", "Bob", "Carl", "Dora")]
    t = open_table(client, people[0], game=game)
    tokens = [t["token"]]
    n = len(client.get(f"/api/tables/{t['table']}").json()["seats"])
    for p in people[1:n]:
        tokens.append(client.post(f"/api/lobby/tables/{t['table']}/sit", json={},
                                  headers=auth(p)).json()["token"])
    live = client.get(f"/api/lobby?game={game}").json()["live"]
    assert [e["table"] for e in live] == [t["table"]]
    assert [s["name"] for s in live[0]["seats"]] == [p["name"] for p in people[:n]]
    assert all(s["rating"] == 1500 for s in live[0]["seats"])
    # The live list's link without a secret is a spectator's: at each step of the first tricks
    # no card in anyone's hand is named to the spectator.
    checked = 0
    with client.websocket_connect(f"/ws/{t['table']}") as spectator:
        for _ in range(12):
            text = json.dumps(spectator.receive_json())
            m = json.loads(text)
            assert m["seat"] is None and m["view"]["hand"] == [] and m["view"]["legal"] == []
            views = [client.get(f"/api/tables/{t['table']}?token={tok}").json() for tok in tokens]
            if views[0]["version"] != m["version"]:
                continue  # a message of before the last action: the hands have moved on
            # (Cards everyone saw go to a hand, the turn-up drawn last or a marriage's partner,
            # are public: the view lists them as known.)
            public = set().union(*m["view"]["known"])
            hands = set().union(*(v["view"]["hand"] for v in views)) - public
            assert not hands & set(CARD.findall(text)), text
            checked += bool(hands)  # (Bauernschnapsen first asks to cut or knock: no cards yet)
            actor = m["view"]["to_act"]
            if actor is None:
                break
            legal = [a["action"] for a in views[actor]["view"]["legal"]]
            r = client.post(f"/api/tables/{t['table']}/actions", json={
                "token": tokens[actor], "version": m["version"],
                "action": next((a for a in legal if a.startswith("play")), legal[0])})
            assert r.status_code == 200, r.text
    assert checked >= 3
