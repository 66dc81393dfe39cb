"""Ratings of players: rated matches between people move them (OpenSkill), unrated ones do not,
leaving a rated match loses it, new ratings are provisional; the player's page and the
leaderboard show them; a player who keeps leaving waits (``cooldown_for``)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_util import watch_errors
from fastapi.testclient import TestClient
from server_util import auth, new_player, play_to_end, seats
from test_server_a11y import axe_violations
from test_server_invites import context, in_browser

from sixtysix.server.players import Players
from sixtysix.server.ratings import (
    COOLDOWN_FIRST,
    DEFAULT_RATING,
    FREE_LEAVES,
    MODEL,
    Rating,
    Ratings,
    places,
)
from sixtysix.server.storage import Storage
from sixtysix.server.table import Table

ONE_GAME = {"game": "sixty-six", "options": {"target": 1}, "seats": seats("human", "human"),
            "bot_delay": 0}
"""A one-game match between two people: a rated match over in a few dozen requests."""


def rated_table(client: TestClient, ann: dict[str, Any], bob: dict[str, Any], *,
                rated: bool = True) -> tuple[str, list[str]]:
    """A table Ann made and Bob sat down at: its id and the two seats' secrets."""
    r = client.post("/api/tables", headers=auth(ann), json={**ONE_GAME, "rated": rated})
    assert r.status_code == 201, r.text
    t = r.json()
    claim = client.post(f"/api/tables/{t['table']}/claim", headers=auth(bob),
                        json={"invite": t["seats"][1]["invite"]})
    assert claim.status_code == 200, claim.text
    return t["table"], [t["seats"][0]["token"], claim.json()["token"]]


def play_out(client: TestClient, tid: str, tokens: list[str | None]) -> dict[str, Any]:
    """Play the match to its end over HTTP, each seat with a secret taking its first legal card
    (a seat without one is the computer's: it is waited for). A hand can end without ending a
    one-game match (a tie scores nobody): a person then asks for the next hand."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        s = client.get(f"/api/tables/{tid}").json()
        if s["complete"]:
            return s  # type: ignore[no-any-return]
        if s["view"]["phase"] == "over":
            for token in (t for t in tokens if t is not None):
                client.post(f"/api/tables/{tid}/next", json={"token": token, "version": s["version"]})
            time.sleep(0.01)
            continue
        seat = s["view"]["to_act"]
        if seat is None or tokens[seat] is None:
            time.sleep(0.01)
            continue
        mine = client.get(f"/api/tables/{tid}?token={tokens[seat]}").json()
        legal = [a["action"] for a in mine["view"]["legal"]]
        choice = next((a for a in legal if a.startswith("play")), legal[0])
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": tokens[seat], "action": choice, "version": s["version"]})
        assert r.status_code in (200, 409), r.text  # 409: the computer acted meanwhile
    raise AssertionError("the match did not end")


def page(client: TestClient, player: dict[str, Any]) -> dict[str, Any]:
    r = client.get(f"/api/players/{player['id']}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_rated_match_moves_both_ratings_the_right_way(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    tid, tokens = rated_table(client, ann, bob)
    end = play_out(client, tid, list(tokens))
    assert end["rated"] and [s["player"] for s in end["seats"]] == [ann["id"], bob["id"]]
    winner, loser = (ann, bob) if end["winner"] == [0] else (bob, ann)
    w, lo = page(client, winner), page(client, loser)
    for p, result, higher in ((w, "won", True), (lo, "lost", False)):
        [r] = p["ratings"]
        assert set(r) == {"game", "game_name", "rating", "sigma", "matches", "provisional",
                          "history"}
        assert r["game"] == "sixty-six" and r["matches"] == 1 and r["provisional"]
        assert (r["rating"] > DEFAULT_RATING) is higher and r["rating"] != DEFAULT_RATING
        assert r["sigma"] < MODEL.sigma  # one match: a little surer
        [h] = r["history"]
        assert h["table"] == tid and h["result"] == result and h["rating"] == r["rating"]
        assert h["change"] == r["rating"] - DEFAULT_RATING
        [m] = p["matches"]
        assert m == {"table": tid, "game": "sixty-six", "game_name": "Sixty-Six",
                     "created": m["created"], "finished": True, "rated": True, "result": result,
                     "change": h["change"], "link": f"/t/{tid}",
                     "record": f"/api/tables/{tid}/record"}
    # Equal players: one's gain is the other's loss.
    assert w["ratings"][0]["rating"] - DEFAULT_RATING == DEFAULT_RATING - lo["ratings"][0]["rating"]
    board = client.get("/api/leaderboard?game=sixty-six").json()
    assert [(p["rank"], p["id"]) for p in board["players"]] == [(1, winner["id"]), (2, loser["id"])]
    assert board["players"][0]["provisional"] and board["game_name"] == "Sixty-Six"
    # A second rated match counts again; the same match is never rated twice.
    assert not Ratings(client.app.state.hub.storage).settle(  # type: ignore[attr-defined]
        client.app.state.hub.tables[tid].table)  # type: ignore[attr-defined]
    assert page(client, winner)["ratings"][0]["matches"] == 1


def test_a_rated_rematch_is_rated_with_the_same_players(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    tid, tokens = rated_table(client, ann, bob)
    play_out(client, tid, list(tokens))
    r = client.post(f"/api/tables/{tid}/rematch", json={"token": tokens[1]})
    assert r.status_code == 201, r.text
    again = client.get(f"/api/tables/{r.json()['table']}").json()
    assert again["rated"] and [s["player"] for s in again["seats"]] == [ann["id"], bob["id"]]
    play_out(client, again["table"], list(tokens))
    assert page(client, ann)["ratings"][0]["matches"] == 2


def test_an_unrated_match_moves_no_rating_and_is_listed(client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    tid, tokens = rated_table(client, ann, bob, rated=False)
    end = play_out(client, tid, list(tokens))
    assert end["complete"] and not end["rated"]
    for p in (ann, bob):
        got = page(client, p)
        assert got["ratings"] == []
        assert [(m["table"], m["rated"], m["result"]) for m in got["matches"]] == [(tid, False, None)]
    assert client.get("/api/leaderboard?game=sixty-six").json()["players"] == []


def test_leaving_a_rated_match_loses_it_whatever_the_computer_makes_of_it(
        client: TestClient) -> None:
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    tid, tokens = rated_table(client, ann, bob)
    with client.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "leave"})
        while ws.receive_json()["type"] != "left":
            pass
    # The computer plays Ann's seat from now on; Bob plays his.
    end = play_out(client, tid, [None, tokens[1]])
    assert end["seats"][0]["left"] and not end["seats"][1]["left"]
    a, b = page(client, ann)["ratings"][0], page(client, bob)["ratings"][0]
    assert a["history"][0]["result"] == "left" and a["rating"] < DEFAULT_RATING
    assert b["history"][0]["result"] == "won" and b["rating"] > DEFAULT_RATING


def test_the_computer_playing_for_an_away_player_is_his_leaving(client: TestClient) -> None:
    """Away past the table's takeover time at his turn: the computer played for him."""
    ann, bob = new_player(client, "Ann"), new_player(client, "Bob")
    r = client.post("/api/tables", headers=auth(ann),
                    json={**ONE_GAME, "rated": True, "takeover_seconds": 0.01})
    t = r.json()
    client.post(f"/api/tables/{t['table']}/claim", headers=auth(bob),
                json={"invite": t["seats"][1]["invite"]})
    end = play_out(client, t["table"], [None, None])  # both away: the computer plays both
    assert [s["left"] for s in end["seats"]] == [True, True]
    # Both left: neither won; a draw between them.
    for p in (ann, bob):
        [h] = page(client, p)["ratings"][0]["history"]
        assert h["result"] == "left" and h["change"] == 0
    assert Ratings(client.app.state.hub.storage).cooldown_for(ann["id"]) == 0  # type: ignore[attr-defined]


def test_rated_tables_are_for_players_without_hints(client: TestClient) -> None:
    ann = new_player(client, "Ann")
    r = client.post("/api/tables", json={**ONE_GAME, "rated": True})
    assert r.status_code == 401 and r.json()["error"]["code"] == "player_needed"
    for bad in ({"rated": "yes"}, {"rated": True, "hints": True},
                {"rated": True, "takeover_seconds": 0},
                {"rated": True, "seats": seats("human", "random")}):
        r = client.post("/api/tables", headers=auth(ann), json={**ONE_GAME, **bad})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_table", (bad, r.text)
    t = client.post("/api/tables", headers=auth(ann), json={**ONE_GAME, "rated": True}).json()
    invite = t["seats"][1]["invite"]
    r = client.post(f"/api/tables/{t['table']}/claim", json={"invite": invite})
    assert r.status_code == 401 and r.json()["error"]["code"] == "player_needed"
    # Refused without spending the invitation.
    bob = new_player(client, "Bob")
    r = client.post(f"/api/tables/{t['table']}/claim", headers=auth(bob), json={"invite": invite})
    assert r.status_code == 200


def test_the_leaderboard_puts_established_ratings_first_and_checks_its_query(
        client: TestClient) -> None:
    store: Storage = client.app.state.hub.storage  # type: ignore[attr-defined]
    new, old, best = new_player(client, "New"), new_player(client, "Old"), new_player(client, "Best")
    for p, mu, sigma in ((new, 1900.0, 480.0), (old, 1600.0, 300.0), (best, 1700.0, 250.0)):
        with store.engine.begin() as conn:
            conn.exec_driver_sql("INSERT INTO sixtysix_ratings VALUES (?, ?, ?, ?, ?, ?)",
                                 (p["id"], "sixty-six", mu, sigma, 12, 0.0))
    board = client.get("/api/leaderboard?game=sixty-six&limit=3").json()["players"]
    assert [(p["name"], p["rating"], p["provisional"]) for p in board] == [
        ("Best", 1700, False), ("Old", 1600, False), ("New", 1900, True)]
    assert [p["name"] for p in client.get("/api/leaderboard?game=sixty-six&limit=1")
            .json()["players"]] == ["Best"]
    assert client.get("/api/leaderboard?game=schnapsen").json()["players"] == []
    r = client.get("/api/leaderboard?game=chess")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_game"
    for q in ("limit=0", "limit=101", "limit=x"):
        assert client.get(f"/api/leaderboard?game=sixty-six&{q}").status_code == 400
    # A deleted player leaves the leaderboard.
    client.delete(f"/api/players/{best['id']}", headers=auth(best))
    assert [p["name"] for p in client.get("/api/leaderboard?game=sixty-six").json()["players"]] \
        == ["Old", "New"]


def test_provisional_until_the_uncertainty_is_small() -> None:
    assert Rating("sixty-six", DEFAULT_RATING, MODEL.sigma, 0).provisional
    assert not Rating("sixty-six", 1400.0, 399.0, 11).provisional
    assert Rating("sixty-six", 1512.4, 401.0, 9).to_json() == {
        "game": "sixty-six", "rating": 1512, "sigma": 401, "matches": 9, "provisional": True}


def test_partners_are_rated_apart_and_three_players_place() -> None:
    store = Storage("sqlite://")
    ratings = Ratings(store)
    # A newcomer and a well-known partner win together: the newcomer gains more.
    rated = places([0, 1, 0, 1], [0, 2], {0: "new", 1: "b", 2: "known", 3: "d"}, set())
    assert rated == [(["new", "known"], 0), (["b", "d"], 1)]
    teams = [[MODEL.rating(), MODEL.rating(1500, 150)], [MODEL.rating(), MODEL.rating()]]
    [[new, known], _] = MODEL.rate(teams, ranks=[0, 1])
    assert new.mu - 1500 > known.mu - 1500 > 0
    # Three each for himself: the winner first, the two others second; a computer seat is out.
    assert places([0, 1, 2], [1], {0: "a", 1: "b", 2: "c"}, set()) == [
        (["a"], 1), (["b"], 0), (["c"], 1)]
    assert places([0, 1, 2], [1], {0: "a", 1: "b"}, set()) == [(["a"], 1), (["b"], 0)]
    # One player on both sides, or only one side with players: nobody is rated.
    assert places([0, 1], [0], {0: "a", 1: "a"}, set()) == []
    assert places([0, 1, 0, 1], [0, 2], {0: "a", 2: "b"}, set()) == []
    assert ratings.rating_of("nobody", "sixty-six") == DEFAULT_RATING
    store.close()


def test_a_player_who_keeps_leaving_waits_longer_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    store = Storage("sqlite://")
    ratings = Ratings(store)
    now = 1_000_000.0
    for i in range(FREE_LEAVES + 2):
        store.create_table(f"t{i}", {"game": "sixty-six"})
        monkeypatch.setattr(time, "time", lambda i=i: now + i)
        store.add_leave(f"t{i}", 0, "ann")
        store.add_leave(f"t{i}", 0, "ann")  # the same leave again: once
        waits = ratings.cooldown_for("ann", now + i)
        assert waits == (0 if i < FREE_LEAVES else COOLDOWN_FIRST * 2 ** (i - FREE_LEAVES))
    assert ratings.cooldown_for("ann", now + 3 + 2 * COOLDOWN_FIRST) == 0
    assert ratings.cooldown_for("ann", now + 3 * 3600) == 0  # an hour on, forgotten
    assert ratings.cooldown_for("bob", now) == 0
    store.close()


# ---------------------------------------------------------------------- in the browser


def played_rated_match(database: str) -> tuple[dict[str, Any], dict[str, Any], str, list[int]]:
    """Ann and Bob (players) and a rated one-game match between them, played to its end in the
    database a server will then open: the players, the table and the match's winners."""
    store = Storage(database)
    players = Players(store)
    ann, bob = players.create("Ann"), players.create("Bob")
    t = Table.create(store, {**ONE_GAME, "rated": True})
    t.set_player(0, ann["id"])
    t.set_player(1, bob["id"])
    play_to_end(t)
    store.close()
    return ann, bob, t.id, list(t.match.winner or [])


@in_browser
def test_the_player_page_plots_the_rating_and_the_leaderboard_links_to_it(
        server_factory: Any, browser: Any) -> None:
    # Analyses within a second (the defaults' budgets take a minute for a hand).
    s = server_factory(config={"analysis_samples": 60, "analysis_worlds": 4})
    ann, bob, tid, winners = played_rated_match(s.database)
    s.start()
    page = context(browser, s).new_page()
    errors = watch_errors(page)
    page.goto(s.url + "/")
    page.evaluate("p => localStorage.setItem('sixtysix.player', JSON.stringify(p))", ann)
    page.goto(f"{s.url}/p/{ann['id']}")
    page.wait_for_selector("svg.rating-plot", state="visible")
    assert page.inner_text("#player-page-name") == "Ann"
    # The plot: the start and one rated match, described for a screen reader.
    label = page.get_attribute("svg.rating-plot", "aria-label")
    assert label is not None and label.startswith("Sixty-Six: rating history over 1 rated match")
    assert page.locator("svg.rating-plot circle.rating-point").count() == 1
    assert page.locator(".rating-card .provisional").count() == 1
    result = "won" if winners == [0] else "lost"
    assert page.locator(f"circle.rating-point.{result}").count() == 1
    # The match, with its table and its record.
    assert page.get_attribute("#player-page-matches a[href^='/t/']", "href") == f"/t/{tid}"
    assert page.get_attribute("#player-page-matches a[download]", "href") == \
        f"/api/tables/{tid}/record"
    assert page.get_attribute("#my-page-link", "href") == f"/p/{ann['id']}"
    assert axe_violations(page) == []
    # The match's analysis, one click away: worked out by the server, each hand's mistakes per
    # player with the better move and the position face up.
    page.click("#player-page-matches a.analysis-link")
    page.wait_for_selector("#analysis-totals li")
    assert page.url == f"{s.url}/a/{tid}"
    assert page.inner_text("#analysis-title").startswith("Sixty-Six: the mistakes at table")
    totals = page.locator("#analysis-totals li").all_inner_texts()
    assert [x.split(":")[0] for x in totals] == ["Ann", "Bob"], totals
    shown = page.locator(".analysis-mistake").count()
    assert shown == sum(int(x.split(": ")[1].split()[0]) for x in totals)
    if shown:
        page.locator(".analysis-position summary").first.click()
        assert page.locator(".analysis-position[open] li").count() == 2  # both hands, face up
    else:
        page.wait_for_selector("#analysis-none")
    assert axe_violations(page) == []
    page.go_back()
    page.wait_for_selector("svg.rating-plot", state="visible")
    # The leaderboard: the winner first; a name leads to the player's page.
    page.click("a[href^='/leaderboard?game=sixty-six']")
    page.wait_for_selector("#leaderboard-list tbody tr")
    names = page.locator("#leaderboard-list tbody td:nth-child(2)").all_inner_texts()
    assert names == (["Ann", "Bob"] if winners == [0] else ["Bob", "Ann"])
    assert axe_violations(page) == []
    page.click("#leaderboard-list a:text('Bob')")
    page.wait_for_function("document.getElementById('player-page-name').textContent === 'Bob'")
    assert page.url == f"{s.url}/p/{bob['id']}"
    assert errors == []
