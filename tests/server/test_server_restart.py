"""A server killed mid-game (SIGKILL) and started again resumes every table exactly."""

from __future__ import annotations

import time
from typing import Any

from server_util import ServerProcess, first_action, seat_tokens, seats


def wait_for(server: ServerProcess, path: str, pred: Any, timeout: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        status, body = server.request("GET", path)
        assert status == 200, body
        if pred(body) or time.monotonic() > deadline:
            return body  # type: ignore[no-any-return]
        time.sleep(0.05)


def human_turns(server: ServerProcess, tid: str, tok: str, k: int) -> dict[str, Any]:
    """Play ``k`` actions for seat 0 against the server's computer player (first legal play)."""
    path = f"/api/tables/{tid}?token={tok}"
    s: dict[str, Any] = {}
    for _ in range(k):
        s = wait_for(server, path, lambda b: b["view"]["to_act"] == 0 or b["can_next"] or b["complete"])
        if s["complete"]:
            return s
        if s["can_next"]:
            status, s = server.request("POST", f"/api/tables/{tid}/next",
                                       {"token": tok, "version": s["version"]})
            assert status == 200, s
            continue
        legal = [a["action"] for a in s["view"]["legal"]]
        choice = next((a for a in legal if a.startswith("play")), legal[0])
        status, s = server.request("POST", f"/api/tables/{tid}/actions",
                                   {"token": tok, "action": choice, "version": s["version"]})
        assert status == 200, s
    return s


def test_kill_and_restart_resumes_tables_exactly(server_factory: Any) -> None:
    server = server_factory()
    server.start()
    # A table between two people, and one against the computer.
    status, pvp = server.request("POST", "/api/tables", {"game": "sixty-six",
                                                         "seats": seats("human", "human")})
    assert status == 201
    status, pvc = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "random"), "bot_delay": 0.02})
    assert status == 201
    ptid, ptoks = pvp["table"], seat_tokens(server, pvp)
    for _ in range(7):
        assert first_action(server, ptid, ptoks)[0] == 200
    ctid, ctok = pvc["table"], seat_tokens(server, pvc)[0]
    human_turns(server, ctid, ctok, 5)
    before = {t: [server.request("GET", f"/api/tables/{t}?token={k}")[1] for k in toks]
              for t, toks in ((ptid, ptoks), (ctid, [ctok]))}
    server.kill()  # perhaps while the computer is thinking: nothing is lost that was acknowledged

    server.start()
    after_p = [server.request("GET", f"/api/tables/{ptid}?token={k}")[1] for k in ptoks]
    for b, a in zip(before[ptid], after_p, strict=True):
        assert a["version"] == b["version"] and a["view"] == b["view"] and a["score"] == b["score"]
    after_c = server.request("GET", f"/api/tables/{ctid}?token={ctok}")[1]
    b = before[ctid][0]
    assert after_c["version"] >= b["version"]
    assert after_c["hand_no"] == b["hand_no"]
    # Play on: the resumed computer answers, and the match runs to its end.
    end = human_turns(server, ctid, ctok, 1000)
    assert end["complete"] and max(end["score"]) >= 7
    status, rec = server.request("GET", f"/api/tables/{ctid}/record")
    assert status == 200 and len(rec["hands"]) == end["hand_no"]
    # The two-person table continues where it stopped.
    assert first_action(server, ptid, ptoks)[0] == 200


def test_restart_resumes_a_table_where_the_computer_was_to_act(server_factory: Any) -> None:
    server = server_factory()
    server.start()
    # The computer is slow to move (bot_delay): kill the server while it waits.
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "random"), "bot_delay": 1.5})
    assert status == 201
    tid, tok = t["table"], seat_tokens(server, t)[0]
    _, s = server.request("GET", f"/api/tables/{tid}?token={tok}")
    if s["view"]["to_act"] == 0:
        legal = [a["action"] for a in s["view"]["legal"] if a["verb"] == "play"]
        status, s = server.request("POST", f"/api/tables/{tid}/actions",
                                   {"token": tok, "action": legal[0], "version": s["version"]})
        assert status == 200
    assert s["view"]["to_act"] == 1
    version = s["version"]
    server.kill()
    server.start()
    # Started again, the server finds the computer to act and lets it move (after its delay).
    s = wait_for(server, f"/api/tables/{tid}?token={tok}", lambda b: b["version"] > version, 20)
    assert s["version"] > version
