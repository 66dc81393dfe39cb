"""The HTTP API: creating tables, reading views, acting, and refusing bad requests unchanged."""

from __future__ import annotations

import secrets
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import new_table, seat_tokens, seats, table_state

import sixtysix.server.table as table_module
from sixtysix.games.sixty_six import SixtySix

PVP = {"game": "sixty-six", "seats": seats("human", "human")}


def test_games_lists_every_game_with_options_and_bots(client: TestClient) -> None:
    data = client.get("/api/games").json()
    ids = {g["id"] for g in data["games"]}
    assert "sixty-six" in ids
    ss = next(g for g in data["games"] if g["id"] == "sixty-six")
    target = next(o for o in ss["options"] if o["name"] == "target")
    assert target == {"name": "target", "type": "int", "default": 7, "label": "Target",
                      "meaning": "game points that win the match"}
    follow = next(o for o in ss["options"] if o["name"] == "phase2_follow")
    assert follow["choices"] == ["strict", "follow_only"]
    assert "random" in data["bots"]


def test_create_table_gives_each_human_seat_a_secret_link(client: TestClient) -> None:
    t = new_table(client, game="sixty-six", seats=seats("human", "random"))
    human, bot = t["seats"]
    assert len(human["token"]) >= 16 and "link" not in human and "invite" not in human
    assert "token" not in bot and bot["bot"] == "random"
    assert table_state(client, t["table"], human["token"])["seat"] == 0


def test_the_deal_matches_the_engine_and_each_seat_sees_only_its_own_hand(client: TestClient) -> None:
    t = new_table(client, **PVP)
    tid = t["table"]
    a, b = seat_tokens(client, t)
    s0, s1, spec = table_state(client, tid, a), table_state(client, tid, b), table_state(client, tid)
    # The seat's record shows its own hand as dealt, and nothing of the other's.
    record = client.get(f"/api/tables/{tid}/record?token={a}").json()
    assert record["seat"] == 0
    hand0 = record["hands"][0]["deal"]["hands"][0]
    assert sorted(s0["view"]["hand"]) == sorted(hand0)
    assert all(c == "??" for c in record["hands"][0]["deal"]["hands"][1])
    assert not set(s0["view"]["hand"]) & set(s1["view"]["hand"])
    assert s0["seat"] == 0 and s1["seat"] == 1
    assert spec["seat"] is None and spec["view"]["hand"] == [] and spec["view"]["legal"] == []
    assert s0["view"]["hand_sizes"] == [6, 6] and s0["view"]["stock"] == 11
    # Only the seat to act is offered actions.
    to_act = s0["view"]["to_act"]
    assert [s0, s1][to_act]["view"]["legal"] and not [s0, s1][1 - to_act]["view"]["legal"]


def act(client: TestClient, tid: str, token: Any, action: Any, version: Any) -> Any:
    return client.post(f"/api/tables/{tid}/actions",
                       json={"token": token, "action": action, "version": version})


def test_an_action_is_applied_stored_and_versioned(client: TestClient) -> None:
    t = new_table(client, **PVP)
    tid = t["table"]
    toks = seat_tokens(client, t)
    s = table_state(client, tid)
    seat = s["view"]["to_act"]
    mine = table_state(client, tid, toks[seat])
    card = mine["view"]["legal"][0]["card"]
    r = act(client, tid, toks[seat], f"play {card.lower()}", s["version"])
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["version"] == s["version"] + 1
    assert after["view"]["trick"] == [{"seat": seat, "card": card}]
    assert card not in after["view"]["hand"]
    record = client.get(f"/api/tables/{tid}/record?token={toks[seat]}").json()
    assert record["hands"][0]["actions"] == [f"play {card}"]


@pytest.mark.parametrize("case", ["wrong_token", "other_seat", "spectator", "stale", "future",
                                  "illegal_card", "not_held", "garbage_action", "no_version",
                                  "bool_version", "action_not_text"])
def test_refused_actions_change_nothing(client: TestClient, case: str) -> None:
    t = new_table(client, **PVP)
    tid = t["table"]
    toks = seat_tokens(client, t)
    before = table_state(client, tid)
    seat = before["view"]["to_act"]
    mine = table_state(client, tid, toks[seat])
    legal = [a["action"] for a in mine["view"]["legal"]]
    other_hand = table_state(client, tid, toks[1 - seat])["view"]["hand"]
    v = before["version"]
    good = legal[0]
    token, action, version = toks[seat], good, v
    expect_status, expect_code = {
        "wrong_token": (403, "bad_token"), "other_seat": (409, "not_your_turn"),
        "spectator": (403, "bad_token"), "stale": (409, "stale"), "future": (409, "stale"),
        "illegal_card": (422, "illegal"), "not_held": (422, "illegal"),
        "garbage_action": (422, "illegal"), "no_version": (400, "bad_request"),
        "bool_version": (400, "bad_request"), "action_not_text": (400, "bad_request"),
    }[case]
    if case == "wrong_token":
        token = "not-a-token"
    elif case == "other_seat":
        token = toks[1 - seat]
    elif case == "spectator":
        token = None
    elif case == "stale":
        version = v - 1
    elif case == "future":
        version = v + 5
    elif case == "illegal_card":
        action = "play ZZ"
    elif case == "not_held":
        action = f"play {other_hand[0]}"
    elif case == "garbage_action":
        action = "explode everything"
    elif case == "no_version":
        version = None
    elif case == "bool_version":
        version = True
    elif case == "action_not_text":
        action = {"play": "AS"}
    r = act(client, tid, token, action, version)
    assert r.status_code == expect_status, r.text
    err = r.json()["error"]
    assert err["code"] == expect_code and err["message"]
    if case == "not_held":
        assert err["message"] == f"you do not hold {other_hand[0]}"
    after = table_state(client, tid)
    assert after["version"] == v and after["view"] == before["view"]


def test_garbage_bodies_get_clear_json_errors(client: TestClient) -> None:
    t = new_table(client, **PVP)
    tid = t["table"]
    for body in (b"{not json", b"[1, 2]", b"\xff\xfe", b'"text"'):
        r = client.post(f"/api/tables/{tid}/actions", content=body,
                        headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    r = client.post(f"/api/tables/{tid}/actions", content=b"x" * 20_000,
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/tables", content=b"{oops", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    assert table_state(client, tid)["version"] == 1


@pytest.mark.parametrize("spec, words", [
    ({"game": "go-fish"}, "unknown game"),
    ({"game": "sixty-six", "options": {"target": "seven"}}, "whole number"),
    ({"game": "sixty-six", "options": {"no_such_rule": True}}, "unknown option"),
    ({"game": "sixty-six", "options": [1]}, "options"),
    ({"game": "sixty-six", "seats": [{"kind": "human"}]}, "list of 2 seats"),
    ({"game": "sixty-six", "seats": [{"kind": "human"}, {"kind": "robot"}]}, "'kind'"),
    ({"game": "sixty-six", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "nobody"}]},
     "unknown computer player"),
    ({"game": "sixty-six", "seats": [{"kind": "human", "name": "x" * 100}, {"kind": "human"}]}, "name"),
    ({"game": "sixty-six", "takeover_seconds": -1}, "takeover_seconds"),
    ({"game": "sixty-six", "bot_delay": 100}, "bot_delay"),
    ({"game": "sixty-six", "seed": 5}, "'seed' cannot be chosen"),
    ({"game": "sixty-six", "colour": "red"}, "unknown field"),
])
def test_bad_table_requests_are_refused(client: TestClient, spec: dict[str, Any], words: str) -> None:
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 400, r.text
    err = r.json()["error"]
    assert err["code"] == "bad_table" and words in err["message"]


def test_unknown_table_and_bad_token_on_read(client: TestClient) -> None:
    r = client.get("/api/tables/nope")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_table"
    t = new_table(client, **PVP)
    r = client.get(f"/api/tables/{t['table']}?token=wrong")
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    r = client.get("/api/no/such/route")
    assert r.status_code == 404 and "error" in r.json()


def play_out_http(client: TestClient, tid: str, toks: list[str | None]) -> dict[str, Any]:
    """Play the whole match through HTTP, each human seat taking its first legal action."""
    for _ in range(2000):
        s = table_state(client, tid)
        if s["complete"]:
            return s
        if s["can_next"] is False and s["view"]["phase"] == "over":
            token = next(t for t in toks if t)
            r = client.post(f"/api/tables/{tid}/next", json={"token": token, "version": s["version"]})
            assert r.status_code == 200, r.text
            continue
        seat = s["view"]["to_act"]
        mine = table_state(client, tid, toks[seat])
        legal = [a["action"] for a in mine["view"]["legal"]]
        # Prefer playing cards over claiming, so hands run their course.
        choice = next((a for a in legal if a.startswith("play")), legal[0])
        r = act(client, tid, toks[seat], choice, s["version"])
        assert r.status_code == 200, r.text
    raise AssertionError("the match did not end")


def test_a_whole_match_over_http_and_its_record_replays(client: TestClient) -> None:
    from sixtysix.records import replay
    t = new_table(client, **PVP)
    tid = t["table"]
    toks = seat_tokens(client, t)
    end = play_out_http(client, tid, toks)
    assert end["complete"] and max(end["score"]) >= 7
    record = client.get(f"/api/tables/{tid}/record").json()  # finished: full record for anyone
    assert "seat" not in record
    result = replay(record)
    assert result["match"]["complete"] and result["match"]["score"] == end["score"]
    assert result["match"]["winner"] == end["winner"]
    # The next-hand request after the end is refused.
    r = client.post(f"/api/tables/{tid}/next", json={"token": toks[0], "version": end["version"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "match_over"


def test_next_hand_only_when_the_hand_is_over(client: TestClient) -> None:
    t = new_table(client, **PVP)
    tid = t["table"]
    s = table_state(client, tid)
    r = client.post(f"/api/tables/{tid}/next",
                    json={"token": seat_tokens(client, t)[0], "version": s["version"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "hand_in_progress"
    r = client.post(f"/api/tables/{tid}/next", json={"version": s["version"]})
    assert r.status_code == 403


def test_record_while_running_is_the_seat_record(client: TestClient) -> None:
    t = new_table(client, **PVP)
    tid = t["table"]
    toks = seat_tokens(client, t)
    r = client.get(f"/api/tables/{tid}/record")
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    for seat in (0, 1):
        rec = client.get(f"/api/tables/{tid}/record?token={toks[seat]}").json()
        deal = rec["hands"][0]["deal"]
        own = sorted(table_state(client, tid, toks[seat])["view"]["hand"])
        assert sorted(deal["hands"][seat]) == own
        assert set(deal["hands"][1 - seat]) == {"??"}
        assert set(deal["stock"]) == {"??"}
        assert "seed" not in rec["hands"][0]  # the seed would give away every card


def _play_against_random(client: TestClient) -> tuple[int, list[str]]:
    """Seat 0 plays up to five cards against the server's ``random`` computer: how many it played,
    and the hand's actions from its record."""
    t = new_table(client, game="sixty-six", seats=seats("human", "random"))
    tid = t["table"]
    tok = seat_tokens(client, t)[0]
    mine = 0
    for _ in range(500):
        s = table_state(client, tid, tok)
        if s["view"]["phase"] == "over" or mine == 5:
            break
        if s["view"]["to_act"] != 0:
            time.sleep(0.01)  # the computer moves by itself, on the server
            continue
        a = next((x["action"] for x in s["view"]["legal"] if x["verb"] == "play"),
                 s["view"]["legal"][0]["action"])
        assert act(client, tid, tok, a, s["version"]).status_code == 200
        mine += a.startswith("play")
    record = client.get(f"/api/tables/{tid}/record?token={tok}").json()
    actions: list[str] = record["hands"][0]["actions"]
    cards = [a for a in actions if a.startswith(("play", "marry"))]  # a marriage plays its card
    # The computer acted by itself, and every trick has two cards: it played as many cards as the
    # human, give or take one. The deal is the server's secret, so a random computer may end the
    # hand by a claim at any of its turns, even before the human's first card (its first lead).
    assert len(actions) > mine and len(cards) - mine >= mine - 1
    assert mine >= 3 or actions[-1].startswith("declare")
    return mine, actions


def test_bot_seat_plays_on_the_server(client: TestClient) -> None:
    _play_against_random(client)


class _ChosenSecrets:
    """The table module's ``secrets`` with a chosen deal secret and computer's seed (the rest the
    real module's): a deal the test can name."""

    def __init__(self, k: int) -> None:
        self.k = k

    def token_bytes(self, n: int) -> bytes:
        return bytes([self.k % 256, self.k // 256]) * (n // 2) + bytes(n % 2)

    def randbits(self, n: int) -> int:
        return self.k

    def __getattr__(self, name: str) -> Any:
        return getattr(secrets, name)


def test_a_random_computer_may_claim_on_its_first_lead(client: TestClient,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # About one table in 75 deals this (a fresh-clone run met it on the pure core): the computer, first to
    # lead, shows the queen of diamonds' marriage and claims 66 before the human has played.
    monkeypatch.setattr(table_module, "secrets", _ChosenSecrets(77))
    monkeypatch.setattr(SixtySix, "first_dealer", lambda self, rng: 0)  # the human deals
    mine, actions = _play_against_random(client)
    assert mine == 0 and actions == ["declare QD"]
