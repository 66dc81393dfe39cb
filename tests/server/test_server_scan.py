"""Whole matches through a real server's WebSockets, every message and download scanned for a card
its receiver may not know at that moment.

Random players drive every seat of each table from this process (a real ``sixtysix serve`` in a
subprocess, real sockets), a spectator watches one match in four, and the tables run
concurrently. Each match is played in lockstep: an action is sent only once every connection has
the state it follows, so each message's version names the exact moment it describes. While the
table waits, seats download their records (all seats at each deal and when trumps are named, which
is when Three-Player's trump naming hides the second packet, and the seat to act now and then).
When the match is over its full record, with the revealed secret, is replayed here and every
message and download is checked against the oracle of ``test_server_hidden`` (worked out from the
actions, not from the engine's bookkeeping); each download must also be exactly the seat record
(records.md §7) of the match as it stood, and every match must verify against its commitments.

``SIXTYSIX_SCAN_MATCHES`` sets the number of matches per game: 50 by default, to keep CI short;
the issue asks for 200 (``SIXTYSIX_SCAN_MATCHES=200``: all nine games in 128 s on 2 busy cores).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import websockets
from server_util import ServerProcess, seat_tokens
from test_server_hidden import CARD, secret_cards, update_shown

from sixtysix.cards import card_str
from sixtysix.engine import Match
from sixtysix.engine.state import PH_OVER, PH_TRUMP, State
from sixtysix.fairness import verify_record
from sixtysix.games import GAMES, make_game
from sixtysix.records import match_from_record, seat_record

MATCHES = int(os.environ.get("SIXTYSIX_SCAN_MATCHES", "50"))
CONCURRENT = 16
# Short matches, so that many fit: each still has several hands where the rules allow it.
OPTIONS: dict[str, dict[str, Any]] = {
    "sixty-six": {"target": 3}, "three-hand-sixty-six": {"target": 3},
    "four-hand-sixty-six": {"target": 3}, "schnapsen": {"start_score": 3},
    "three-player-sixty-six": {"hands": 2}, "bauernschnapsen": {"target": 3},
    "gaigel": {"target": 2}, "terts": {"target": 150},
    "north-american-sixty-six": {"target": 2},
}
"""The games scanned, with short matches. In North American Sixty-Six the players bid as little as
they may (pass, or the forced dealer's least bid): random bids of 4 and 5 fail and sink the
bidders, and such matches rarely end."""
LIMITS = {"tables_burst": 100_000, "tables_per_minute": 100_000, "sockets_burst": 100_000,
          "sockets_per_minute": 100_000}


@dataclass
class Played:
    """One match as its receivers saw it: messages per connection, downloads, the final record."""

    game: str
    viewers: list[int | None]
    messages: list[list[tuple[int, str]]]
    downloads: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    d = tmp_path_factory.mktemp("scan")
    config = d / "limits.toml"
    config.write_text("".join(f"{k} = {v!r}\n" for k, v in LIMITS.items()))
    s = ServerProcess("sqlite://", str(config))  # in memory: the database is not under test here
    s.start()
    yield s
    s.stop()


async def play_match(server: ServerProcess, http: httpx.AsyncClient, ws_base: str, game: str,
                     rng: random.Random, spectator: bool) -> Played:
    n = GAMES[game].n_seats
    r = await http.post("/api/tables", json={
        "game": game, "options": OPTIONS.get(game, {}), "bot_delay": 0,
        "seats": [{"kind": "human", "name": f"P{i}"} for i in range(n)]})
    assert r.status_code == 201, r.text
    t = r.json()
    tid = t["table"]
    tokens = await asyncio.to_thread(seat_tokens, server, t)
    viewers: list[int | None] = [*range(n), None] if spectator else list(range(n))
    played = Played(game, viewers, [[] for _ in viewers])
    conns = []
    try:
        for tok in tokens + [None] * spectator:
            conns.append(await websockets.connect(
                f"{ws_base}/ws/{tid}" + (f"?token={tok}" if tok else ""), compression=None))
        last: list[dict[str, Any]] = [{} for _ in conns]

        async def reach(version: int) -> None:
            for i, c in enumerate(conns):
                while True:
                    text = await asyncio.wait_for(c.recv(), 30)
                    assert isinstance(text, str)
                    m = json.loads(text)
                    assert m["type"] == "state", m
                    played.messages[i].append((m["version"], text))
                    if m["version"] == version:
                        last[i] = m
                        break

        async def download(seat: int, version: int) -> None:
            r = await http.get(f"/api/tables/{tid}/record", params={"token": tokens[seat]})
            assert r.status_code == 200, r.text
            played.downloads.append((version, seat, r.json()))

        version = 1
        await reach(version)
        hand_no = naming_hand = 0
        while not last[0]["complete"]:
            view = last[0]["view"]
            naming = view["phase"] == "trump" and naming_hand != last[0]["hand_no"]
            if last[0]["hand_no"] != hand_no or naming:
                # A new deal, and the moment trumps are named: every seat downloads.
                hand_no = last[0]["hand_no"]
                if naming:
                    naming_hand = hand_no
                for seat in range(n):
                    await download(seat, version)
            if view["phase"] == "over":
                # Every person asks for the next hand: the last one's asking deals it.
                for c in conns[:n]:
                    await c.send(json.dumps({"type": "next", "version": version}))
            else:
                seat = view["to_act"]
                if rng.random() < 0.03:
                    await download(seat, version)
                legal = [a["action"] for a in last[seat]["view"]["legal"]]
                if view["phase"] == "auction" and game == "north-american-sixty-six":
                    legal = ["pass"] if "pass" in legal else legal[:1]  # the least bid first
                plays = [a for a in legal if a.startswith("play")]
                # Mostly play cards, so that hands run long and reach the last draw and the close.
                action = rng.choice(plays if plays and rng.random() < 0.8 else legal)
                await conns[seat].send(json.dumps({"type": "act", "action": action, "version": version}))
            version += 1
            await reach(version)
        r = await http.get(f"/api/tables/{tid}/record")
        assert r.status_code == 200, r.text
        played.record = r.json()
    finally:
        for c in conns:
            await c.close()
    return played


async def play_all(server: ServerProcess, game: str, count: int) -> list[Played]:
    gate = asyncio.Semaphore(CONCURRENT)
    ws_base = server.url.replace("http", "ws")
    # Idle connections are dropped well before the server's keep-alive of 5 s runs out: with
    # both at 5 s, a request sent on a connection the server was closing failed (ReadError).
    limits = httpx.Limits(max_connections=CONCURRENT * 2, keepalive_expiry=1.0)
    async with httpx.AsyncClient(base_url=server.url, limits=limits, timeout=30) as http:
        async def one(k: int) -> Played:
            async with gate:
                # A spectator watches one match in four (each connection costs the server).
                return await play_match(server, http, ws_base, game, random.Random(f"{game}:{k}"), k % 4 == 0)
        return await asyncio.gather(*(one(k) for k in range(count)))


def moments(record: dict[str, Any]) -> list[tuple[State, set[int], int]]:
    """The state after each event (index: the version), the cards everyone saw taken, the hand."""
    game = make_game(record["game"], record.get("options") or {})
    match = Match(game, dealer=record["hands"][0]["dealer"])
    out: list[tuple[State, set[int], int]] = [(None, set(), -1)]  # type: ignore[list-item]
    for h, entry in enumerate(record["hands"]):
        match.deal_hand(seed=entry["seed"])
        hand = match.hand
        assert hand is not None
        shown: set[int] = set()
        update_shown(None, hand, None, shown)
        out.append((hand.copy(), set(shown), h))
        for action in entry["actions"]:
            before = hand.copy()
            match.apply(hand.parse(action))
            hand = match.hand
            assert hand is not None
            update_shown(before, hand, action, shown)
            out.append((hand.copy(), set(shown), h))
    return out


def prefix(record: dict[str, Any], version: int) -> dict[str, Any]:
    """The full record as it stood at ``version`` (that many events: deals and actions)."""
    hands = []
    left = version
    for entry in record["hands"]:
        if left == 0:
            break
        left -= 1
        taken = entry["actions"][:left]
        left -= len(taken)
        hands.append({**entry, "actions": taken})
    out = {k: v for k, v in record.items() if k not in ("hands", "fairness")}
    out["hands"] = hands
    return out


def check(p: Played, exact: bool = True) -> tuple[int, int, int]:
    """Scan one match: the numbers of messages, of downloads, and of downloads while trumps were
    being named, checked. ``exact``: also compare each download with the seat record."""
    record = p.record
    assert verify_record(record).ok
    states = moments(record)
    cache: dict[tuple[int, int | None], set[str]] = {}
    hand_end: dict[int, int] = {}
    for v, (_, _, h) in enumerate(states):
        hand_end[h] = v

    def secrets_at(version: int, viewer: int | None) -> set[str]:
        key = (version, viewer)
        if key not in cache:
            state, shown, _ = states[version]
            cache[key] = secret_cards(state, viewer, shown)
        return cache[key]

    checked = downloads = naming = 0
    for viewer, msgs in zip(p.viewers, p.messages, strict=True):
        for version, text in msgs:
            leaked = set(CARD.findall(text)) & secrets_at(version, viewer)
            assert not leaked, f"{p.game}: seat {viewer} was sent {sorted(leaked)} at version {version}"
            state = states[version][0]
            if state.phase != PH_OVER:
                # Running points: the own side's only (rules/sixty-six.md: they are not public).
                pts = json.loads(text)["view"]["points"]
                sides = state.rules.sides
                assert all((x is None) == (viewer is None or sides[q] != sides[viewer])
                           for q, x in enumerate(pts)), (p.game, viewer, pts)
            checked += 1
    for version, seat, rec_sent in p.downloads:
        rec = dict(rec_sent)
        fairness = rec.pop("fairness")
        assert "secret" not in fairness and len(fairness["commitments"]) == len(rec["hands"])
        if exact:
            # Exactly the seat's record of the match as it stood.
            assert rec == seat_record(prefix(record, version), seat), (p.game, seat, version)
        current = states[version][2]
        naming += states[version][0].phase == PH_TRUMP
        for h, entry in enumerate(rec["hands"]):
            at = version if h == current else hand_end[h]
            leaked = set(CARD.findall(json.dumps(entry))) & secrets_at(at, seat)
            assert not leaked, f"{p.game}: seat {seat}'s download showed {sorted(leaked)} (version {version})"
        downloads += 1
    return checked, downloads, naming


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_hundreds_of_matches_leak_nothing_to_anyone(server: ServerProcess, game: str) -> None:
    start = time.perf_counter()
    played = asyncio.run(play_all(server, game, MATCHES))
    mid = time.perf_counter()
    counts = [check(p) for p in played]
    messages, downloads, naming = (sum(c[i] for c in counts) for i in range(3))
    print(f"\n{game}: {MATCHES} matches played in {mid - start:.1f} s; {messages} messages and "
          f"{downloads} downloads scanned in {time.perf_counter() - mid:.1f} s")
    assert len(played) == MATCHES and messages > MATCHES * 20 and downloads >= MATCHES * 2
    if make_game(game).rules.trump_choice:
        assert naming >= MATCHES * 0.5  # downloads while trumps were being named were checked


def test_the_scan_catches_a_leaking_download(server: ServerProcess) -> None:
    """The checker itself: a download that shows the seat's whole hand while trumps are named
    (the leak this scan was written for) fails it, by the oracle as well as by the equality."""
    played = asyncio.run(play_all(server, "three-player-sixty-six", 1))[0]
    check(played)
    version, seat, rec = next(d for d in played.downloads if d[0] == 1)
    deal = match_from_record(played.record).deals[0][0]
    rec["hands"][0]["deal"]["hands"][seat] = [card_str(c) for c in deal.hands[seat]]
    with pytest.raises(AssertionError, match="download showed"):
        check(played, exact=False)
    with pytest.raises(AssertionError):
        check(played)
