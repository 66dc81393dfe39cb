"""A table that explains itself (issue 13, item 5), in headless Chromium at a phone's size and a
desktop's: drawing is automatic, marriages and exchanges are told to the other seat, the trump
card lies face down once the stock is closed, the last trick can be looked at with names, a
claim that would be false asks first, a played card and a taken trick animate unless the system
asks for less motion; and the score words of Three-Player Sixty-Six and Schnapsen.

The Sixty-Six hand is a known deal: the test writes the table into the server's database itself,
with a secret of its own (a server never lets a request choose or see one), found by replaying
candidate deals with the engine until the scripted line below meets every situation checked.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import random
import re
import secrets
import time
from typing import Any

from browser_util import ACTIONS, SIZES, needs_chromium, take, watch_errors
from server_util import ServerProcess, finished_table, seat_links
from test_server_a11y import axe_violations, unlabelled_cards
from test_server_browser_games import play_hand

from sixtysix.analysis import false_claim_points
from sixtysix.engine import Match
from sixtysix.engine.actions import action_str, parse_action
from sixtysix.fairness import SECRET_BYTES, deal_seed
from sixtysix.games import make_game
from sixtysix.server.storage import Storage
from sixtysix.server.table import Table, check_spec, secret_hash

pytestmark = needs_chromium

NAMES = ("Ann", "Bob")


def pick(legal: list[str], seat: int, done: set[str]) -> str:
    """The scripted line, the same for the engine and the browser: draw (Ann's browser does it by
    itself; Bob's asks), a marriage and an exchange when first offered, then a close, then Ann's
    claim (a false one: the deal is chosen so), else the first card."""
    if "draw" in legal:
        return "draw"
    for verb in ("marry", "exchange"):
        if verb not in done:
            for a in legal:
                if a.split()[0] == verb:
                    return a
    if {"marry", "exchange"} <= done and "close" not in done and "close" in legal:
        return "close"
    if "close" in done and seat == 0 and "declare" in legal:
        return "declare"
    return next(a for a in legal if a.startswith("play"))


def scripted_secret() -> bytes:
    """A deal secret (dealer Bob: Ann leads) whose first hand, played by ``pick``, has phase-1
    tricks won by each, a marriage, an exchange, a close with cards left in the stock, and then
    Ann's claim short of 66 (found once, from seeded candidates)."""
    game = make_game("sixty-six")
    for i in range(2000):
        secret = random.Random(i).randbytes(SECRET_BYTES)
        state = Match(game, dealer=1).deal_hand(seed=deal_seed(secret, 1))
        done: set[str] = set()
        while not state.over:
            view = state.view(state.to_act)
            a = pick([action_str(x) for x in view.legal], state.to_act, done)
            done.add(f"draw by {NAMES[state.to_act]}" if a == "draw" else a.split()[0])
            if a == "declare":
                if false_claim_points(parse_action(a), view) is not None and \
                        {"draw by Ann", "draw by Bob"} <= done:
                    return secret
                break
            state.step(parse_action(a))
    raise AssertionError("no candidate deal meets the script")


def planted_table(server: ServerProcess, table_id: str, secret: bytes) -> dict[str, Any]:
    """A Sixty-Six table of two people, Ann and Bob (the dealer), written into the server's own
    database with ``secret``; each seat's link."""
    spec = check_spec({"game": "sixty-six", "bot_delay": 0, "hints": False,
                       "seats": [{"kind": "human", "name": n} for n in NAMES]})
    spec.update(secret=secret.hex(), dealer=1)
    tokens = [secrets.token_urlsafe(16) for _ in NAMES]
    storage = Storage(server.database)
    storage.create_table(table_id, spec, {i: {"token_hash": secret_hash(tok), "invite_hash": None,
                                              "invite": None} for i, tok in enumerate(tokens)})
    Table(table_id, spec, storage).deal()
    storage.close()
    return {"links": [f"/t/{table_id}?token={tok}" for tok in tokens]}


def moves(page: Any) -> dict[str, int]:
    """How many cards have travelled to the trick, and tricks to their winner, on the page."""
    return dict(page.evaluate("({...Motion.moves})"))


@SIZES
def test_a_hand_of_sixty_six_explains_itself(server: ServerProcess, browser: Any,
                                             size: dict[str, int]) -> None:
    t = planted_table(server, f"explain-{size['width']}", scripted_secret())
    pages, errors = [], []
    for seat, link in enumerate(t["links"]):
        # Ann's system asks for less motion; Bob's does not.
        ctx = browser.new_context(viewport=size,
                                  reduced_motion="reduce" if seat == 0 else "no-preference")
        page = ctx.new_page()
        errors += watch_errors(page)
        page.goto(server.url + link)
        page.wait_for_function("Table.state !== null && Table.ws.readyState === 1")
        pages.append(page)
    ann, bob = pages
    # Bob's browser asks before drawing (a setting kept per browser), so that he may close first.
    for p in pages:
        assert p.locator("#ask-draw").is_visible()
    bob.check("#ask-draw")
    done: set[str] = set()
    looked_back = auto_drawn = asked_to_draw = taken = False
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, done
        to_act = ann.evaluate("Table.state.view.to_act")
        page, other = pages[to_act], pages[1 - to_act]
        page.wait_for_function(f"Table.state.view.to_act === {to_act} && "
                               f"document.querySelector('#hand button.card.legal, {ACTIONS}')")
        # Ann is never shown a Draw button: after a trick she wins, her browser draws.
        assert ann.locator('#actions button[data-action="draw"]').count() == 0
        view = page.evaluate("Table.state.view")
        legal = [a["action"] for a in view["legal"]]
        a = pick(legal, to_act, done)
        version, stock = page.evaluate("[Table.state.version, Table.state.view.stock]")
        if a == "declare":
            break
        if a == "draw":  # Bob is asked: draw, or close the stock before drawing
            # (closing: touch the talon)
            assert to_act == 1 and bob.locator('#stock-area .stock[data-action="close"]').count() == 1
            assert bob.inner_text("#status") == "You won the trick: draw, or close the stock before drawing."
            asked_to_draw = True
        swept = {p: bool(p.evaluate("Table.state.view.last_trick.length && "
                                    "!Table.state.view.trick.length")) for p in pages}
        moved = {p: moves(p) for p in pages}
        take(page, a)
        if a == "close":  # closing asks first (test_server_confirm_words.py)
            page.click("#confirm-dialog[open] #confirm-yes")
        done.add(a.split()[0])
        for p in pages:
            p.wait_for_function(f"Table.state.version > {version}", timeout=10000)
        who = NAMES[to_act]
        if a.startswith("play"):
            # The card travels to the trick, and a trick taken before it to its winner;
            # neither for Ann, whose system asks for less motion.
            for p, on in ((ann, False), (bob, True)):
                m = moves(p)
                assert m["travel"] == moved[p]["travel"] + on, m
                if swept[p]:
                    assert m["sweep"] == moved[p]["sweep"] + on, m
                    taken = taken or on
            # A phase-1 trick taken by Ann: both draw from the stock, and nobody clicked Draw.
            if not ann.evaluate("Table.state.view.trick.length") and "close" not in done \
                    and ann.evaluate("Table.state.view.leader") == 0:
                for p in pages:
                    p.wait_for_function(f"Table.state.view.stock === {stock - 2} && "
                                        "Table.state.view.hand_sizes.every((n) => n === 6)")
                auto_drawn = True
        elif a.startswith("marry"):
            # (in the log, folded to its latest line: attached, not necessarily shown)
            other.wait_for_selector(f"#meld-log li:has-text('{who} shows a marriage in')",
                                    state="attached")
        elif a == "exchange":
            other.wait_for_selector(f"#meld-log li:has-text('{who} exchanges the trump card')",
                                    state="attached")
            trump = page.evaluate("Table.state.view.trump")
            assert other.get_attribute("#stock-area .turnup", "data-card") == "9" + trump
        elif a == "close":
            for p in pages:  # the trump card lies face down; the trump suit is still told
                assert p.locator("#stock-area .turnup").count() == 0
                assert p.locator("#stock-area .turnup-closed svg[aria-label='face-down card']").count() == 1
                assert "Trumps" in p.inner_text("#stock-area")
                assert f"closed by {who}" in p.inner_text("#stock-area")
        # The last trick, at any time of the hand: a button (reached and pressed by keyboard)
        # opens it with who played what and who won it.
        last = bob.evaluate("Table.state.view.last_trick")
        if last and not looked_back and bob.evaluate("Table.state.view.trick.length"):
            button = bob.locator("#last-trick-btn")
            assert button.inner_text() == "Last trick"
            assert button.get_attribute("aria-expanded") == "false"
            button.focus()
            bob.keyboard.press("Enter")
            panel = bob.locator("#last-trick-panel")
            leader = bob.evaluate("Table.state.view.leader")
            winner = "you" if leader == 1 else NAMES[leader]  # Bob's own page says "you"
            assert panel.locator(".caption").inner_text() == f"Last trick, won by {winner}"
            cards = panel.locator(".trick-card").evaluate_all(
                "els => els.map((e) => [e.querySelector('[data-card]').dataset.card, "
                "e.querySelector('.who').innerText])")
            assert cards == [[x["card"], NAMES[x["seat"]]] for x in last]
            assert bob.locator("#last-trick-btn").get_attribute("aria-expanded") == "true"
            assert axe_violations(bob) == [] and unlabelled_cards(bob) == []
            assert bob.evaluate("document.documentElement.scrollWidth <= innerWidth")  # fits
            bob.keyboard.press("Enter")  # the button keeps the focus: Enter again closes it
            assert bob.locator("#last-trick-panel").count() == 0
            looked_back = True
    assert auto_drawn and asked_to_draw and looked_back and taken
    assert {"marry", "exchange", "close"} <= done
    # Ann's claim would be false: the browser asks. Cancel changes nothing; OK claims.
    assert ann.evaluate("Table.state.view.legal.find((a) => a.action === 'declare').false_claim") < 66
    ann.click('#actions button.action[data-action="declare"]')
    asked = ann.inner_text("#confirm-dialog[open] #confirm-text")
    assert "this claim is false" in asked and "not 66" in asked
    ann.keyboard.press("Escape")  # the page's dialog: Escape is Cancel
    time.sleep(0.3)
    assert ann.evaluate("Table.state.version") == version
    assert bob.evaluate("Table.state.version") == version
    assert ann.locator("#summary h2").count() == 0 and ann.locator(
        '#actions button.action[data-action="declare"]').count() == 1  # still Ann's to choose
    ann.click('#actions button.action[data-action="declare"]')
    ann.click("#confirm-dialog[open] #confirm-yes")
    for p, winner in zip(pages, ("Bob", "You"), strict=True):  # Bob's own page: "You won"
        p.wait_for_selector("#summary h2")
        assert p.inner_text("#summary h2").startswith(f"{winner} won the hand")
    assert errors == []


@SIZES
def test_three_player_sixty_six_speaks_in_chips(server: ServerProcess, browser: Any,
                                                size: dict[str, int]) -> None:
    # A hand played by clicking; at every state no "+-", "1 tricks" on the page (play_hand).
    page, _, _ = play_hand(server, browser, "three-player-sixty-six", {"hands": 1},
                           ("random", "random"), size)
    names = page.evaluate("Table.state.seats.map((s) => s.name)")
    result = page.evaluate("Table.state.result")
    detail = page.inner_text("#summary p")
    if result["end"] == "tie":
        assert detail.startswith("tie at ") and detail.endswith("no chips change hands")
    else:
        # "Ann (40 points, 3 tricks) pays Bob 2 chips; …": who pays whom, by name, in chips.
        for part in detail.split("; "):
            m = re.fullmatch(r"(.+?) \(\d+ points, \d+ tricks?\) pays (.+) (\d) chips?", part)
            assert m and m[1] in names and m[2] in names and m[1] != m[2], detail
    lines = page.inner_text("#summary").splitlines()
    for name, n in zip(names, result["game_points"], strict=True):
        line = next(x for x in lines if x.startswith(f"{name}: "))
        assert line.endswith(f", {'+' if n > 0 else ''}{n} chip{'' if abs(n) == 1 else 's'}"), line
    board = page.locator("#scoreboard .seat-box[data-seat]")
    for i, n in enumerate(page.evaluate("Table.state.score")):
        assert f"{n} chip{'' if n == 1 else 's'}" in board.nth(i).inner_text()
    assert "+-" not in page.inner_text("#table")


@SIZES
def test_schnapsen_counts_down_from_seven(server: ServerProcess, browser: Any,
                                          size: dict[str, int]) -> None:
    t = finished_table(server, game="schnapsen", options={},
                       seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}])
    page = browser.new_page(viewport=size)
    errors = watch_errors(page)
    page.goto(server.url + seat_links(server, t)[0])
    page.wait_for_selector("#match-end:not([hidden])")
    score = page.evaluate("Table.state.score")
    assert min(score) <= 0 < max(score) <= 7  # the winner reached 0
    boxes = page.locator("#scoreboard .seat-box[data-seat]")
    for i, n in enumerate(score):  # once over, the game points made: never "-2 to go"
        assert f"Match {7 - n} ·" in boxes.nth(i).inner_text()
        assert "to go" not in boxes.nth(i).inner_text()
    winner = 0 if score[0] <= 0 else 1
    assert page.inner_text("#match-end h2") == \
        f"{'You' if winner == 0 else page.evaluate('Table.name(1)')} won " \
        f"{7 - score[winner]} : {7 - score[1 - winner]}"
    # The score pad counts down from 7 hand by hand, and its last line says who gets the Bummerl
    # (two, a Schneider, where the loser made no game point: schneider_bummerl is off here).
    pad = page.locator("#score-pad")
    assert pad.locator("tr.pad-start td").all_text_contents() == ["7", "7"]
    # Its race bars: the game points each made of the 7.
    assert pad.locator("meter").evaluate_all("els => els.map((e) => e.value)") == \
        [min(7, 7 - n) for n in score]
    lines = pad.locator("tbody tr[data-hand] .pad-score")
    assert lines.all_text_contents()[-2:] == [str(n) for n in score]
    loser = "You" if winner == 1 else page.evaluate("Table.name(1)")
    assert pad.locator(".pad-bummerl").text_content() == f"{loser} get{'' if winner else 's'} a Bummerl."
    assert errors == []
