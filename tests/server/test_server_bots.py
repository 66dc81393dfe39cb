"""Computer players drive whole matches on the server, in every game, dealing the next hand
themselves when no person sits at the table; a spectator watches them."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from server_util import new_table, seats

from sixtysix.engine.phases import PH_AUCTION
from sixtysix.games import GAMES, make_game
from sixtysix.records import replay


@pytest.mark.parametrize("game", sorted(GAMES))
def test_computers_play_a_whole_match(client: TestClient, game: str) -> None:
    n = GAMES[game].n_seats
    # Random bids fail too often for a bidding game's match to reach its target: bid sensibly.
    kind = "casual" if PH_AUCTION in make_game(game).rules.phases else "random"
    t = new_table(client, game=game, seats=seats(*[kind] * n))
    tid = t["table"]
    deadline = time.monotonic() + 30
    while True:
        s = client.get(f"/api/tables/{tid}").json()
        if s["complete"] or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert s["complete"], f"{game}: the match did not end ({s['hand_no']} hands)"
    assert s["view"]["hand"] == [] and s["seat"] is None  # a spectator's view
    record = client.get(f"/api/tables/{tid}/record").json()
    result = replay(record)
    assert result["match"]["complete"] and result["match"]["score"] == s["score"]
    assert len(record["hands"]) == s["hand_no"] == len(s["results"])
