"""The server deals from a secret nobody can choose or see while the match runs, publishes a
commitment to each hand before it is played, reveals the hand's key as soon as the hand is over and
the secret at the end, so that the downloaded record verifies. Tables stored before the per-hand
keys (scheme sha256-v1) keep dealing and verifying their way. Running points of the other side are
not sent."""

from __future__ import annotations

import hashlib
import json
import random
import time

from fastapi.testclient import TestClient
from server_util import new_table, seat_tokens, seats, table_state

from sixtysix.fairness import commitment, hand_key, verify_record
from sixtysix.server.table import Table, check_spec


def test_a_whole_match_is_committed_hand_by_hand_and_verifies(client: TestClient) -> None:
    # To 4: a hand gives at most 3 game points, so the match has at least two hands to commit.
    t = new_table(client, game="sixty-six", seats=seats("human", "human"), options={"target": 4})
    tid = t["table"]
    toks = [str(x) for x in seat_tokens(client, t)]
    secret = client.app.state.hub.tables[tid].table.spec["secret"]  # type: ignore[attr-defined]
    rng = random.Random(1)
    published: dict[int, str] = {}
    while True:
        s = table_state(client, tid, toks[0])
        assert s["secret"] is None or s["complete"]
        if s["complete"]:
            break
        assert s["scheme"] == "sha256-v2"
        published.setdefault(s["hand_no"], s["commitment"])
        assert s["commitment"] == published[s["hand_no"]]  # one commitment per hand
        # The key of every hand that is over, and of no other: each hashes to its commitment.
        over = s["hand_no"] - (s["view"]["phase"] != "over")
        assert len(s["deal_keys"]) == over
        assert all(hashlib.sha256(bytes.fromhex(k)).hexdigest() == published[n]
                   for n, k in enumerate(s["deal_keys"], start=1))
        running_key = hand_key(bytes.fromhex(secret), s["hand_no"]).hex()
        # Nothing sent while the match runs gives the secret, a seed or a running hand's key away.
        for who in (toks[0], toks[1], None):
            text = json.dumps(table_state(client, tid, who))
            assert secret not in text and '"seed"' not in text
            assert (running_key in text) == (s["view"]["phase"] == "over")
        rec = client.get(f"/api/tables/{tid}/record?token={toks[1]}").json()
        assert "secret" not in rec["fairness"] and secret not in json.dumps(rec)
        assert rec["fairness"]["commitments"] == [published[n] for n in sorted(published)]
        assert rec["fairness"]["keys"] == s["deal_keys"] and rec["fairness"]["table"] == tid
        assert all("seed" not in h for h in rec["hands"])
        if s["view"]["phase"] == "over":
            r = client.post(f"/api/tables/{tid}/next", json={"token": toks[0], "version": s["version"]})
        else:
            seat = s["view"]["to_act"]
            legal = table_state(client, tid, toks[seat])["view"]["legal"]
            r = client.post(f"/api/tables/{tid}/actions", json={
                "token": toks[seat], "action": rng.choice(legal)["action"], "version": s["version"]})
        assert r.status_code == 200, r.text
    assert s["secret"] == secret and len(published) >= 2
    record = client.get(f"/api/tables/{tid}/record").json()  # anyone may have it now
    assert record["fairness"]["secret"] == secret
    result = verify_record(record)
    assert result.ok, result.lines
    # What was published during play is what the secret gives.
    key = bytes.fromhex(secret)
    assert all(published[n] == commitment(key, n) for n in published)
    assert record["fairness"]["keys"] == [hand_key(key, n).hex() for n in sorted(published)]


def test_a_table_stored_before_per_hand_keys_keeps_its_scheme(client: TestClient) -> None:
    # A table stored by an older server: its spec has a secret but no scheme. It deals, shows
    # and verifies as sha256-v1 (no keys: the secret at the end is the check). Computers play it.
    spec = check_spec({"game": "sixty-six", "options": {"target": 1}, "bot_delay": 0,
                       "seats": seats("random", "random")})
    del spec["scheme"]
    storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    storage.create_table("old-v1", spec)
    Table("old-v1", spec, storage).deal()
    deadline = time.monotonic() + 30
    while not (s := table_state(client, "old-v1"))["complete"]:
        assert s["scheme"] == "sha256-v1" and s["deal_keys"] == []
        assert time.monotonic() < deadline, "the computers did not finish the match"
        time.sleep(0.05)
    key = bytes.fromhex(spec["secret"])
    assert s["commitment"] == commitment(key, s["hand_no"], "sha256-v1")
    record = client.get("/api/tables/old-v1/record").json()
    assert record["fairness"]["scheme"] == "sha256-v1" and "keys" not in record["fairness"]
    result = verify_record(record)
    assert result.ok, result.lines


def test_two_tables_never_share_a_secret(client: TestClient) -> None:
    secrets_ = set()
    for _ in range(5):
        t = new_table(client, game="sixty-six", seats=seats("human", "human"))
        spec = client.app.state.hub.tables[t["table"]].table.spec  # type: ignore[attr-defined]
        assert len(spec["secret"]) == 64
        secrets_.add(spec["secret"])
    assert len(secrets_) == 5


def test_only_the_own_sides_running_points_are_sent(client: TestClient) -> None:
    t = new_table(client, game="four-hand-sixty-six", seats=seats("human", "human", "human", "human"))
    tid = t["table"]
    toks = [str(x) for x in seat_tokens(client, t)]
    rng = random.Random(2)
    seen_points = False
    for _ in range(60):
        s = table_state(client, tid, toks[0])
        if s["view"]["phase"] == "over":
            break
        for seat in range(4):
            pts = table_state(client, tid, toks[seat])["view"]["points"]
            # Seats 0 and 2 are partners against 1 and 3: each sees its own side's only.
            mine = [p for p in range(4) if p % 2 == seat % 2]
            assert all((pts[p] is not None) == (p in mine) for p in range(4)), (seat, pts)
            seen_points |= any(pts[p] for p in mine)
        assert table_state(client, tid)["view"]["points"] == [None] * 4  # spectators: none
        seat = s["view"]["to_act"]
        legal = table_state(client, tid, toks[seat])["view"]["legal"]
        client.post(f"/api/tables/{tid}/actions", json={
            "token": toks[seat], "action": rng.choice(legal)["action"], "version": s["version"]})
    assert seen_points


def test_three_player_download_hides_the_second_packet_while_trumps_are_named(
        client: TestClient) -> None:
    t = new_table(client, game="three-player-sixty-six", seats=seats("human", "human", "human"))
    tid = t["table"]
    toks = [str(x) for x in seat_tokens(client, t)]
    s = table_state(client, tid, toks[0])
    assert s["view"]["phase"] == "trump"
    for seat in range(3):
        rec = client.get(f"/api/tables/{tid}/record?token={toks[seat]}").json()
        hands = rec["hands"][0]["deal"]["hands"]
        own = table_state(client, tid, toks[seat])["view"]["hand"]
        # Only the first packet of three is in the seat's hand; the rest is not dealt to it yet.
        assert len(own) == 3 and sorted(hands[seat][:3]) == sorted(own)
        assert hands[seat][3:] == ["??"] * 5
        assert all(set(h) == {"??"} for p, h in enumerate(hands) if p != seat)
