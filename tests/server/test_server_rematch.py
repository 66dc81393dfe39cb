"""A rematch, against the real server: the same seats, options and settings at a new table with a
new deal secret; every seat is told of it on the old table and holds its seat there with its own
secret of the old table (nobody is told a secret); one
rematch per match however many ask; refused before the match is over, to spectators and beyond
the rate limit of new tables. And the help's rules pages."""

from __future__ import annotations

import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_util import ServerProcess, finished_table, needs_pg, pg_url, seat_tokens, seats

from sixtysix.games import GAMES
from sixtysix.server.rulepages import PAGES


def state(server: ServerProcess, table: str, token: str | None = None) -> dict[str, Any]:
    status, m = server.request("GET", f"/api/tables/{table}" + (f"?token={token}" if token else ""))
    assert status == 200, m
    return m


def test_a_rematch_keeps_seats_options_and_each_persons_secret(server: ServerProcess) -> None:
    t = finished_table(server, game="three-hand-sixty-six",
                       seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                              {"kind": "bot", "bot": "casual", "name": "Cy"}])
    old = t["table"]
    ann, bob = seat_tokens(server, t)[:2]
    before = state(server, old, ann)
    assert before["complete"] and before["rematch"] is None

    status, r = server.request("POST", f"/api/tables/{old}/rematch", {"token": ann})
    assert status == 201, r
    new = r["table"]
    assert r == {"table": new, "link": f"/t/{new}"} and new == f"{old}.2"
    # Each person holds his seat at the rematch with the secret he holds here: nobody is told
    # a secret (and nobody another's).
    ann2, bob2 = ann, bob

    # The new match: same game, options, seats and settings; a new deal, from a new secret.
    m = state(server, new, ann2)
    assert m["seat"] == 0 and not m["complete"] and m["hand_no"] == 1
    assert m["game"] == "three-hand-sixty-six" and m["options"] == before["options"]
    assert m["options"]["target"] == 1
    assert [(s["name"], s["kind"], s["bot"]) for s in m["seats"]] == \
        [(s["name"], s["kind"], s["bot"]) for s in before["seats"]]
    assert m["hints"] is False and m["commitment"] != before["commitment"]

    # Every seat and a spectator learn of it on the old table; no message carries a secret.
    mine = state(server, old, ann)
    bobs = state(server, old, bob)
    watching = state(server, old)
    assert mine["rematch"] == bobs["rematch"] == watching["rematch"] == r
    assert state(server, new, bob2)["seat"] == 1 and state(server, new)["seat"] is None
    for message in (mine, bobs, watching):
        assert ann not in json.dumps(message) and bob not in json.dumps(message)

    # Asked again, by the other seat: the same rematch, not a second one.
    status, again = server.request("POST", f"/api/tables/{old}/rematch", {"token": bob})
    assert status == 201 and again == bobs["rematch"]
    assert server.request("GET", f"/api/tables/{old}.3")[0] == 404

    # After a restart the old table still leads to its rematch.
    server.stop()
    server.start()
    assert state(server, old, bob)["rematch"] == bobs["rematch"]
    # The rematch keeps the table's settings: its people away, the computer plays it out too;
    # its own rematch is the next number.
    deadline = time.monotonic() + 60
    while not state(server, new, ann2)["complete"]:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    status, r3 = server.request("POST", f"/api/tables/{new}/rematch", {"token": bob2})
    assert status == 201 and r3["table"] == f"{old}.3"


def test_a_rematch_is_refused_before_the_end_to_spectators_and_to_bad_requests(
        server: ServerProcess) -> None:
    status, running = server.request("POST", "/api/tables", {
        "game": "sixty-six", "seats": seats("human", "random"), "takeover_seconds": 0})
    assert status == 201
    rid, token = running["table"], seat_tokens(server, running)[0]
    status, e = server.request("POST", f"/api/tables/{rid}/rematch", {"token": token})
    assert (status, e["error"]["code"]) == (409, "match_not_over")

    t = finished_table(server)
    tid, token = t["table"], seat_tokens(server, t)[0]
    for body, code, err in (({}, 403, "bad_token"),  # a spectator
                            ({"token": "not-a-seat"}, 403, "bad_token"),
                            ({"token": 7}, 400, "bad_token")):
        status, e = server.request("POST", f"/api/tables/{tid}/rematch", body)
        assert (status, e["error"]["code"]) == (code, err), e
        assert e["error"]["message"]
    # A cross-site form cannot ask for one.
    status, e = server.request("POST", f"/api/tables/{tid}/rematch", raw=json.dumps(
        {"token": token}).encode(), content_type="text/plain")
    assert status == 415
    status, e = server.request("POST", "/api/tables/nosuchtable/rematch", {"token": token})
    assert (status, e["error"]["code"]) == (404, "no_table")
    # Nothing was made, and nothing is announced.
    assert server.request("GET", f"/api/tables/{tid}.2")[0] == 404
    assert server.request("GET", f"/api/tables/{rid}.2")[0] == 404
    assert state(server, tid, token)["rematch"] is None


def test_rematches_count_against_the_limit_of_new_tables(server_factory: Any) -> None:
    server = server_factory(config={"tables_burst": 3, "tables_per_minute": 0.5})
    server.start()
    first, second = finished_table(server), finished_table(server)  # two of the three tables
    status, r = server.request("POST", f"/api/tables/{first['table']}/rematch",
                               {"token": seat_tokens(server, first)[0]})
    assert status == 201, r
    status, e = server.request("POST", f"/api/tables/{second['table']}/rematch",
                               {"token": seat_tokens(server, second)[0]})
    assert (status, e["error"]["code"]) == (429, "rate_limited")
    assert "try again in" in e["error"]["message"]
    assert server.request("GET", f"/api/tables/{second['table']}.2")[0] == 404
    # Asking again for a rematch that exists makes no table, so it is not limited.
    status, again = server.request("POST", f"/api/tables/{first['table']}/rematch",
                                   {"token": seat_tokens(server, first)[0]})
    assert status == 201 and again == r


# ---------------------------------------------------------------------- help pages


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_has_a_help_page_from_its_rules_text(client: TestClient, game_id: str) -> None:
    r = client.get(f"/api/rules/{game_id}")
    assert r.status_code == 200
    page = r.json()
    assert page["name"] == GAMES[game_id].name and page["html"].startswith("<h1 id=")
    # The rules text itself (docs/rules/), every option with a readable label and its meaning.
    assert f"<code>{game_id}</code>" in page["html"]
    catalog = next(g for g in client.get("/api/games").json()["games"] if g["id"] == game_id)
    assert page["options"] == catalog["options"]
    for o in page["options"]:
        assert o["label"] and "_" not in o["label"] and o["meaning"], o
    shown = [o for o in page["options"] if f'{o["label"]} <code>{o["name"]}</code>' in page["html"]]
    assert shown, "no option of the rules text is shown with its label"
    # Links between rules pages lead to help pages; no raw HTML of the text gets through.
    hrefs = re.findall(r'<a href="([^"]*)"', page["html"])
    assert all(h.startswith(("/help/", "https://", "http://", "#")) for h in hrefs), hrefs
    assert "<script" not in page["html"]


def test_help_pages_refuse_unknown_pages_and_are_served_as_the_app(client: TestClient) -> None:
    r = client.get("/api/rules/../../etc/passwd")
    assert r.status_code == 404
    r = client.get("/api/rules/nosuch")
    assert r.status_code == 404 and "choose from" in r.json()["error"]["message"]
    assert set(client.get("/api/rules/index").json()["pages"]) == set(PAGES)
    r = client.get("/help/schnapsen")
    assert r.status_code == 200 and "/static/help.js" in r.text


def test_levels_are_listed_apart_from_engines(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert data["levels"] == ["beginner", "casual", "strong", "master"]
    assert set(data["levels"]) <= set(data["bots"])


@needs_pg
def test_two_processes_asked_at_once_make_one_rematch(server_factory: Any) -> None:
    # Two server processes on one PostgreSQL database; each seat asks its own process at the
    # same moment: the rematch's id is derived, so both answer the same single table.
    a, b = server_factory(pg_url()), server_factory(pg_url())
    a.start()
    b.start()
    t = finished_table(a)
    old, tokens = t["table"], [x for x in seat_tokens(a, t) if x]
    t2 = finished_table(a, seats=seats("human", "human"))
    old2, tokens2 = t2["table"], seat_tokens(a, t2)
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda sv: sv[0].request("POST", f"/api/tables/{old2}/rematch",
                                                         {"token": sv[1]}),
                                [(a, tokens2[0]), (b, tokens2[1])]))
    assert [s for s, _ in answers] == [201, 201], answers
    assert {r["table"] for _, r in answers} == {f"{old2}.2"}
    # Each person holds his seat there with his secret of the old table.
    assert [state(b, f"{old2}.2", tok)["seat"] for tok in tokens2] == [0, 1]
    # A process holding the old table from before the rematch answers that same rematch.
    assert state(b, old, tokens[0])["rematch"] is None
    status, r = a.request("POST", f"/api/tables/{old}/rematch", {"token": tokens[0]})
    assert status == 201
    status, again = b.request("POST", f"/api/tables/{old}/rematch", {"token": tokens[0]})
    assert (status, again) == (201, r)
    assert state(b, old, tokens[0])["rematch"] == r
