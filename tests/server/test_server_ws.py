"""The WebSocket protocol: playing, refusals that change nothing, reconnecting, spectators,
the computer taking over a seat that is away, and hints."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import new_table, seat_tokens, seats
from starlette.websockets import WebSocketDisconnect

from sixtysix.server import app as app_module
from sixtysix.server.table import Table


def table_obj(client: TestClient, tid: str) -> Table:
    t: Table = client.app.state.hub.tables[tid].table  # type: ignore[attr-defined]
    return t


def two_people(client: TestClient, **spec: Any) -> tuple[str, str | None]:
    """A Sixty-Six table of two people (``spec`` added): its id and the secret of the seat to
    act."""
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), **spec)
    return t["table"], seat_tokens(client, t)[table_obj(client, t["table"]).match.to_act]


def test_a_whole_match_against_the_computer(client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "random"))
    tid, tok = t["table"], seat_tokens(client, t)[0]
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        for _ in range(3000):
            m = ws.receive_json()
            assert m["type"] == "state", m
            if m["complete"]:
                break
            v = m["view"]
            if m["can_next"]:
                ws.send_json({"type": "next", "version": m["version"]})
            elif v["to_act"] == 0:
                ws.send_json({"type": "act", "action": rng.choice(v["legal"])["action"],
                              "version": m["version"]})
        else:
            raise AssertionError("the match did not end")
    assert max(m["score"]) >= 7 and m["winner"]
    assert len(m["results"]) == m["hand_no"]
    # Once nobody watches the finished match it leaves memory, and comes back from storage.
    for _ in range(100):
        if tid not in client.app.state.hub.tables:  # type: ignore[attr-defined]
            break
        time.sleep(0.01)
    assert tid not in client.app.state.hub.tables  # type: ignore[attr-defined]
    again = client.get(f"/api/tables/{tid}?token={tok}").json()
    assert again["complete"] and again["score"] == m["score"] and again["version"] == m["version"]
    assert table_obj(client, tid).finished


def _simple(m: dict[str, Any]) -> str:
    """A plain move: draw when drawing, else the first card to play (the deal is random)."""
    legal = [a["action"] for a in m["view"]["legal"]]
    return next((a for a in legal if a == "draw"), None) or \
        next((a for a in legal if a.startswith("play")), legal[0])


def _wait_turn(ws: Any, seat: int) -> dict[str, Any]:
    """The next state where ``seat`` is to act (asking for the next hand when one ends)."""
    for _ in range(200):
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == "state" and m["can_next"]:
            ws.send_json({"type": "next", "version": m["version"]})
        elif m["type"] == "state" and m["view"]["to_act"] == seat:
            return m
    raise AssertionError("never our turn")


@pytest.mark.parametrize("message, code", [
    ("{not json", "bad_json"),
    ("[1, 2, 3]", "bad_json"),
    ('{"type": "launch"}', "bad_request"),
    ('{"type": "act", "action": "play AS"}', "bad_request"),
    ('{"type": "act", "action": "play AS", "version": -3}', "stale"),
    ('{"type": "act", "action": "fly", "version": VERSION}', "illegal"),
    ('{"type": "act", "action": "play ZZ", "version": VERSION}', "illegal"),
    ('{"type": "act", "action": 17, "version": VERSION}', "bad_request"),
    ('{"type": "next", "version": VERSION}', "hand_in_progress"),
    ("x" * 20000, "too_large"),
])
def test_ws_refusals_change_nothing_and_keep_the_connection(client: TestClient, message: str,
                                                            code: str) -> None:
    tid, tok = two_people(client)
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        m = ws.receive_json()
        ws.send_text(message.replace("VERSION", str(m["version"])))
        err = ws.receive_json()
        assert err["type"] == "error" and err["error"]["code"] == code, err
        assert err["error"]["message"]
        ws.send_json({"type": "state"})
        again = ws.receive_json()
        assert again["version"] == m["version"] and again["view"] == m["view"]
        # ... and the connection still plays.
        ws.send_json({"type": "act", "action": m["view"]["legal"][0]["action"], "version": m["version"]})
        assert ws.receive_json()["version"] == m["version"] + 1


def test_ws_binary_frames_are_refused(client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"))
    tid = t["table"]
    with client.websocket_connect(f"/ws/{tid}?token={seat_tokens(client, t)[0]}") as ws:
        m = ws.receive_json()
        ws.send_bytes(b'{"type": "state"}')
        assert ws.receive_json()["error"]["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong", "version": m["version"]}


def test_ws_not_your_turn_and_spectators_cannot_act(client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"))
    tid = t["table"]
    first = table_obj(client, tid).match.to_act
    other = seat_tokens(client, t)[1 - first]
    with client.websocket_connect(f"/ws/{tid}?token={other}") as ws:
        m = ws.receive_json()
        ws.send_json({"type": "act", "action": "play AS", "version": m["version"]})
        assert ws.receive_json()["error"]["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/{tid}") as ws:
        m = ws.receive_json()
        assert m["seat"] is None and m["view"]["hand"] == []
        ws.send_json({"type": "act", "action": "play AS", "version": m["version"]})
        assert ws.receive_json()["error"]["code"] == "bad_token"
        ws.send_json({"type": "next", "version": m["version"]})
        assert ws.receive_json()["error"]["code"] == "bad_token"
    assert table_obj(client, tid).version == 1


@pytest.mark.parametrize("path, close", [("/ws/{tid}?token=forged", 4403), ("/ws/nosuch", 4404)])
def test_ws_bad_token_or_table_is_refused(client: TestClient, path: str, close: int) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"))
    with client.websocket_connect(path.format(tid=t["table"])) as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and err["error"]["message"]
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == close


def test_reconnecting_seat_gets_its_view_back(client: TestClient) -> None:
    tid, tok = two_people(client)
    first = table_obj(client, tid).match.to_act
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        m = ws.receive_json()
        ws.send_json({"type": "act", "action": m["view"]["legal"][0]["action"], "version": m["version"]})
        after = ws.receive_json()
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        back = ws.receive_json()
    assert back["version"] == after["version"] and back["view"] == after["view"]
    assert back["seats"][first]["connected"]


def test_computer_takes_over_a_seat_away_past_the_timeout(client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"),
                  takeover_seconds=0.2, takeover_bot="random")
    tid = t["table"]
    tok = seat_tokens(client, t)[0]
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        # Seat 1 never connects: after 0.2 s the computer plays for it, every time.
        for _ in range(4):
            m = _wait_turn(ws, 0)
            ws.send_json({"type": "act", "action": _simple(m), "version": m["version"]})
        m = _wait_turn(ws, 0)
        assert m["seats"][1]["computer"] and not m["seats"][1]["connected"]
        assert not m["seats"][0]["computer"]
    by = {e.get("by") for e in table_obj(client, tid).events if "action" in e}
    assert by == {"human", "takeover"}


def test_no_takeover_within_the_default_grace_period(client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"))
    tid = t["table"]
    assert table_obj(client, tid).spec["takeover_seconds"] == 60
    time.sleep(0.3)
    assert table_obj(client, tid).version == 1
    with client.websocket_connect(f"/ws/{tid}?token={seat_tokens(client, t)[0]}") as ws:
        m = ws.receive_json()
        away = m["seats"][1]
        assert not away["connected"] and not away["computer"]
        if m["view"]["to_act"] == 1:  # the countdown is shown for a seat that holds the table up
            assert 55 < away["takeover_in"] <= 60


def test_a_player_asks_the_computer_to_play_for_a_seat_away_and_its_person_returns(
        client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "human"))
    tid = t["table"]
    toks = seat_tokens(client, t)
    table = table_obj(client, tid)
    with client.websocket_connect(f"/ws/{tid}?token={toks[0]}") as ws:
        m = ws.receive_json()
        # Refused: for oneself, a seat out of range, a spectator asking.
        for bad, code in (({"seat": 0}, "bad_request"), ({"seat": 7}, "bad_request"),
                          ({"seat": "1"}, "bad_request")):
            ws.send_json({"type": "takeover", **bad})
            assert ws.receive_json()["error"]["code"] == code
        with client.websocket_connect(f"/ws/{tid}") as spectator:
            spectator.receive_json()
            spectator.send_json({"type": "takeover", "seat": 1})
            assert spectator.receive_json()["error"]["code"] == "bad_token"
        ws.send_json({"type": "takeover", "seat": 1})
        m = ws.receive_json()
        while m["type"] != "state" or not m["seats"][1]["computer"]:
            m = ws.receive_json()
        # From now on the computer plays for seat 1 whenever it is to act.
        for _ in range(3):
            if m["view"]["to_act"] != 0 or m["can_next"]:  # (it may be seat 0's turn already)
                m = _wait_turn(ws, 0)
            assert m["seats"][1]["computer"] and not m["seats"][1]["connected"]
            ws.send_json({"type": "act", "action": _simple(m), "version": m["version"]})
            m = {"view": {"to_act": None}, "can_next": False}
        assert any(e.get("by") == "takeover" for e in table.events)
        ws.send_json({"type": "takeover", "seat": 1})
        err = ws.receive_json()
        while err["type"] != "error":
            err = ws.receive_json()
        assert err["error"]["code"] == "already"
        # The person comes back with the link: the seat is theirs again.
        with client.websocket_connect(f"/ws/{tid}?token={toks[1]}") as back:
            mb = back.receive_json()
            assert mb["seats"][1]["connected"] and not mb["seats"][1]["computer"]
            assert 1 not in table.taken_over
            ws.send_json({"type": "takeover", "seat": 1})
            err = ws.receive_json()
            while err["type"] != "error":
                err = ws.receive_json()
            assert err["error"]["code"] == "not_away"


def test_hints_refused_where_not_allowed_or_not_your_turn(client: TestClient) -> None:
    tid, tok = two_people(client, hints=False)
    r = client.get(f"/api/tables/{tid}/hint?token={tok}")
    assert r.status_code == 403 and r.json()["error"]["code"] == "no_hints"
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), hints=True)
    tid = t["table"]
    first = table_obj(client, tid).match.to_act
    r = client.get(f"/api/tables/{tid}/hint?token={seat_tokens(client, t)[1 - first]}")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"


def test_hint_for_the_seat_to_act(client: TestClient) -> None:
    tid, tok = two_people(client, hints=True, hint_seconds=0.1)
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        m = ws.receive_json()
        ws.send_json({"type": "hint"})
        h = ws.receive_json()
    assert h["type"] == "hint" and h["version"] == m["version"]
    legal = {a["action"] for a in m["view"]["legal"]}
    # Every legal action is valued, best first; asking changed nothing at the table.
    assert {x["action"] for x in h["values"]} == legal and h["best"] == h["values"][0]["action"]
    assert all(isinstance(x["value"], float) for x in h["values"])
    assert table_obj(client, tid).version == m["version"]
    r = client.get(f"/api/tables/{tid}/hint?token={tok}")
    assert r.status_code == 200 and r.json()["best"] in legal


def hint_started(tid: str) -> None:
    """Wait (up to 2 s) until a hint is being worked out at table ``tid``."""
    for _ in range(200):
        if tid in app_module._HINTING:
            return
        time.sleep(0.01)


def test_one_hint_at_a_time_per_table(client: TestClient) -> None:
    """Hints cost the server's CPU: asked again while one is worked out, one is refused."""
    tid, tok = two_people(client, hints=True, hint_seconds=1)
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hint"})
        hint_started(tid)
        r = client.get(f"/api/tables/{tid}/hint?token={tok}")
        assert r.status_code == 429 and r.json()["error"]["code"] == "busy"
        assert ws.receive_json()["type"] == "hint"
        ws.send_json({"type": "hint"})  # once it is done, the next one is answered
        assert ws.receive_json()["type"] == "hint"


def test_a_hint_being_worked_out_holds_up_no_other_request(client: TestClient) -> None:
    """A hint thinks in a worker thread for its seconds; the server answers meanwhile (the
    compiled search once held the interpreter lock, and with it the event loop, throughout)."""
    tid, tok = two_people(client, hints=True, hint_seconds=2)
    with client.websocket_connect(f"/ws/{tid}?token={tok}") as ws:
        ws.receive_json()
        ws.send_json({"type": "hint"})
        hint_started(tid)
        time.sleep(0.2)
        start = time.perf_counter()
        r = client.get(f"/api/tables/{tid}?token={tok}")
        took = time.perf_counter() - start
        assert tid in app_module._HINTING  # the answer came while the hint was thinking
        assert r.status_code == 200 and took < 0.5, f"the request waited {took:.2f} s"
        assert ws.receive_json()["type"] == "hint"
