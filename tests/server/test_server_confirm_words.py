"""No one-click self-destruction, and the table's words (issue 76, items 6 and 7), in headless
Chromium against ``sixtysix serve``.

Every action that ends a hand at once (a claim, Gaigel's knock and reverse knock) or stakes it
(closing the stock, Gaigel's Auf Dissle) asks first, with the seat's own numbers, in the page's
dialog: Cancel and Escape send nothing and leave the table as it was; the dialog's Yes does it.
Gaigel's reverse knock is not offered before the other side could have 101 by what the seat knows,
and then apart from the knock. The words: "You exchange", "You close", no "You (you)", names in a
trick kept apart (screen readers, copied text), a finished match's winner and score ("Bob won
2 : 0"), never "Match 2 of 1".

The situations are reached by playing: one person, named "You", against the computer (no delay),
clicking cards by a simple greedy line until each comes; a hand the computer ends early (a false
claim of ``random``) is followed by the next one. Marker ``browser``.
"""

from __future__ import annotations

import time
from typing import Any

from browser_util import TO_ACT, needs_chromium, offered, take, watch_errors
from server_util import ServerProcess, finished_table, seat_links, seat_tokens
from test_server_a11y import axe_violations

pytestmark = needs_chromium

VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
ORDER = "ATKQJ987"
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def value(card: str) -> int:
    return VALUES.get(card[0], 0)


def sit(server: ServerProcess, browser: Any, spec: dict[str, Any],
        dealer: int | None = None) -> tuple[Any, list[str]]:
    """A new table of ``spec`` (one person at seat 0, no delay, no hints): seat 0's page. With
    ``dealer``, tables are made until the first dealer (drawn at random) is that seat."""
    for _ in range(60):
        status, t = server.request("POST", "/api/tables", {"bot_delay": 0, "hints": False, **spec})
        assert status == 201, t
        if dealer is None:
            break
        status, m = server.request(
            "GET", f"/api/tables/{t['table']}?token={seat_tokens(server, t)[0]}")
        if m["view"]["dealer"] == dealer:
            break
    else:
        raise AssertionError(f"seat {dealer} never dealt first")
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(server.url + seat_links(server, t)[0])
    page.wait_for_function("Table.state !== null && Table.ws.readyState === 1")
    return page, errors


def our_turn(page: Any) -> dict[str, Any] | None:
    """Wait until seat 0 has something to click: its view then, or None at a hand's summary
    (Next hand is clicked)."""
    page.wait_for_function(
        "document.querySelector('#next-hand') || (Table.state.view.to_act === Table.state.seat"
        f" && Table.sentVersion !== Table.state.version && document.querySelector('{TO_ACT}'))",
        timeout=15000)
    if page.locator("#next-hand").count():
        click_and_wait(page, "#next-hand")
        return None
    return dict(page.evaluate("Table.state.view"))


def click_and_wait(page: Any, selector: str) -> None:
    version = page.evaluate("Table.state.version")
    page.click(selector)
    page.wait_for_function(f"Table.state.version > {version}", timeout=15000)


def take_and_wait(page: Any, action: str) -> None:
    version = page.evaluate("Table.state.version")
    take(page, action)
    page.wait_for_function(f"Table.state.version > {version}", timeout=15000)


def play_card(page: Any, card: str) -> None:
    take_and_wait(page, f"play {card}")


def legal(view: dict[str, Any], verb: str) -> list[dict[str, Any]]:
    return [a for a in view["legal"] if a["verb"] == verb]


def asks(page: Any, action: str, *words: str) -> str:
    """Take ``action`` (its button, its card, the talon): the page's dialog opens and asks with
    ``words``; nothing has been sent. The question."""
    version = page.evaluate("Table.state.version")
    take(page, action)
    page.wait_for_selector("#confirm-dialog[open]")
    text = str(page.inner_text("#confirm-text"))
    for w in words:
        assert w in text, (w, text)
    assert page.evaluate("Table.sentVersion") != version
    return text


def cancelled(page: Any, action: str, how: str) -> None:
    """Cancel the open question (``how``: Escape, or the Cancel button): nothing goes out, the
    table is as it was, and the action is still offered."""
    version = page.evaluate("Table.state.version")
    if how == "Escape":
        page.keyboard.press("Escape")
    else:
        page.click("#confirm-no")
    page.wait_for_selector("#confirm-dialog", state="hidden")
    time.sleep(0.3)
    assert page.evaluate("[Table.state.version, Table.sentVersion !== Table.state.version]") == \
        [version, True]
    assert offered(page, action)


def greedy_card(view: dict[str, Any], win: bool = True) -> str:
    """A card to play: the best plain card to lead, the cheapest winner to follow (the lowest
    card when none wins, or when not ``win``)."""
    cards = [a["card"] for a in legal(view, "play")]
    if not win:
        return min(cards, key=value)
    if not view["trick"]:
        plain = [c for c in cards if c[1] != view["trump"]] or cards
        return max(plain, key=value)
    led = view["trick"][0]["card"]
    beats = [c for c in cards if (c[1] == led[1] and ORDER.index(c[0]) < ORDER.index(led[0]))
             or (c[1] == view["trump"] != led[1])]
    return min(beats, key=value) if beats else min(cards, key=value)


def trick_names_apart(page: Any) -> bool:
    """A completed trick on the table: its players' names never run together in the page's text
    (what a screen reader reads and a copy gives); False where no trick is complete."""
    trick = page.evaluate("Table.state.view.trick.length ? [] : Table.state.view.last_trick")
    if len(trick) < 2:
        return False
    names = [page.evaluate(f"Table.name({t['seat']})") for t in trick]
    text = page.evaluate("document.getElementById('trick-area').textContent")
    assert "".join(names) not in text, text
    assert all(f" by {n}, " in text for n in names[:-1]) and text.endswith(f" by {names[-1]}"), text
    return True


def test_sixty_six_asks_before_closing_and_claiming(server: ServerProcess, browser: Any) -> None:
    page, errors = sit(server, browser, {
        "game": "sixty-six", "options": {"target": 100},
        "seats": [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "random", "name": "Bob"}]})
    board = page.inner_text("#scoreboard .seat-box[data-seat='0']")
    assert board.startswith("You") and "(you)" not in board  # not "You (you)"
    done: set[str] = set()
    deadline = time.monotonic() + 120
    while not {"close asked", "false claim asked", "true claim", "closed", "exchanged",
               "trick names"} <= done:
        assert time.monotonic() < deadline, done
        view = our_turn(page)
        if view is None:
            continue
        if "trick names" not in done and trick_names_apart(page):
            done.add("trick names")
        # The buttons' words do not run together either ("Draw the cardDeclare …"), where the
        # action bar has several (most of Sixty-Six is done by touching cards).
        labels = page.locator("#actions button.action").all_inner_texts()
        if len(labels) > 1:
            assert " ".join(labels) in page.text_content("#actions"), labels
        points = view["points"][0]
        close = legal(view, "close")
        # A claim: "declare", or "declare QH" (a marriage shown and the hand claimed).
        true = [a for a in legal(view, "declare") if "false_claim" not in a]
        false = [a for a in legal(view, "declare") if a["action"] == "declare" and "false_claim" in a]
        if true:  # 66 or more
            claim, suit = true[0], true[0].get("card", "  ")[1]
            what = f"Show the {SUITS[suit]} marriage and claim" if suit != " " else "Claim the hand"
            asks(page, claim["action"], f"{what} with {claim['points']} points? You have "
                 f"{claim['points']} of 66", "the hand ends now")
            page.click("#confirm-yes")
            page.wait_for_selector("#summary h2")
            assert page.inner_text("#summary h2").startswith("You won the hand")
            done.add("true claim")
        elif false and "false claim asked" not in done:
            asks(page, "declare", f"You have {points} points, not 66: this claim is false and "
                 "loses the hand (Bob scores 2 game points). Claim anyway?")
            cancelled(page, "declare", "Escape")
            done.add("false claim asked")
        elif close and "close asked" not in done:
            cost = 2 if view["tricks"][1] else 3
            asks(page, "close", f"Close the stock? You have {points} points. Nobody draws any "
                 f"more: you must reach 66 with the tricks left, or Bob scores {cost} game points.")
            # The dialog is reached and read as one (axe-core), and the safe answer has the focus.
            assert axe_violations(page) == []
            assert page.evaluate("document.activeElement.id") == "confirm-no"
            cancelled(page, "close", "Cancel")
            done.add("close asked")
        elif close and "true claim" in done and "closed" not in done:
            asks(page, "close", "Close the stock?")
            page.click("#confirm-yes")
            page.wait_for_function("Table.state.view.closed_by === 0")
            log = page.text_content("#meld-log")
            assert "You close the stock" in log and "closes" not in log, log
            done.add("closed")
        elif legal(view, "exchange") and "exchanged" not in done:
            click_and_wait(page, '#stock-area [data-action="exchange"]')  # touch the trump card
            log = page.text_content("#meld-log")
            assert "You exchange the trump card" in log and "exchanges" not in log, log
            done.add("exchanged")
        elif legal(view, "marry"):
            take_and_wait(page, legal(view, "marry")[0]["action"])
        else:
            play_card(page, greedy_card(view))
    assert errors == []


def test_gaigel_asks_before_a_knock_and_offers_the_reverse_knock_only_once_it_can_be_right(
        server: ServerProcess, browser: Any) -> None:
    page, errors = sit(server, browser, {
        "game": "gaigel", "options": {"target": 100},
        "seats": [{"kind": "human", "name": "You"}] + [
            {"kind": "bot", "bot": "casual", "name": n} for n in ("Bob", "Cy", "Dan")]},
        dealer=3)  # seat 0 is forehand: it opens trick 1, where Auf Dissle may be bet
    done: set[str] = set()
    deadline = time.monotonic() + 150
    while done != {"auf dissle asked", "knock asked", "reverse hidden", "reverse knock"}:
        assert time.monotonic() < deadline, done
        view = our_turn(page)
        if view is None:
            continue
        reverse = legal(view, "reverse")
        if reverse:  # on lead from trick 2: the knock and the reverse knock are legal
            most, points = reverse[0]["their_most"], view["points"][0]
            knock = page.locator('#actions button.action[data-action="declare"]')
            assert knock.inner_text() == "Knock (claim 101)"
            button = page.locator('#actions button.action[data-action="reverse"]')
            if most < 101:  # it cannot be right yet: not offered
                assert button.count() == 0
                done.add("reverse hidden")
            else:  # offered apart from the knock, as a secondary choice, after it
                assert button.count() == 1 and page.locator(
                    "#actions .apart button.secondary[data-action='reverse']").count() == 1
                acts = page.evaluate("[...document.querySelectorAll('#actions button.action')]"
                                     ".map((b) => b.dataset.action)")
                assert acts.index("declare") < acts.index("reverse") == len(acts) - 1, acts
            if "knock asked" not in done:
                words = (f"Your side has {points} points, not 101: this knock is false and loses "
                         "the hand (Bob and Dan score 2 game points). Knock anyway?"
                         if points < 101 else f"Knock with {points} points?")
                asks(page, "declare", words)
                cancelled(page, "declare", "Escape")
                done.add("knock asked")
                continue
            if most >= 101:
                asks(page, "reverse", "Reverse knock? You claim that Bob and Dan have 101 or more "
                     f"and did not knock. By what you know, Bob and Dan have at most {most}. If "
                     "it is less than 101, Bob and Dan score 2 game points.")
                cancelled(page, "reverse", "Cancel")
                page.click('#actions button.action[data-action="reverse"]')
                page.click("#confirm-dialog[open] #confirm-yes")
                page.wait_for_selector("#summary h2")
                assert "reverse" in page.evaluate("Table.state.result.end")
                done.add("reverse knock")
                continue
        opens = [a["action"] for a in legal(view, "open") if "auf-dissle" not in a["action"]]
        dissle = [a for a in legal(view, "open") if "auf-dissle" in a["action"]]
        if dissle and "auf dissle asked" not in done:  # a bet that stakes the hand: asked first
            low = sum(c[0] == "7" for c in view["hand"])
            asks(page, dissle[0]["action"], "Open Auf Dissle? You bet on the five low cards: your "
                 "side wins 2 game points if you hold all five sevens, now or after a round of "
                 f"drawing (you hold {low} now), and loses as soon as you win a trick yourself: "
                 "then Bob and Dan score 2 game points.")
            cancelled(page, dissle[0]["action"], "Escape")
            done.add("auf dissle asked")
        elif opens:
            take_and_wait(page, opens[0])
        elif legal(view, "pass"):
            click_and_wait(page, '#actions button.action[data-action="pass"]')
        else:  # lose tricks to the other side until it has three, then win the lead back
            play_card(page, greedy_card(view, win=view["tricks"][1] >= 3))
    assert errors == []


def test_a_finished_match_says_who_won_and_by_how_much(server: ServerProcess, browser: Any) -> None:
    page = browser.new_page()
    errors = watch_errors(page)
    for game, names in (("sixty-six", ("Ann", "Bob")),
                        ("four-hand-sixty-six", ("Ann", "Bob", "Cy", "Dan"))):
        t = finished_table(server, game=game, seats=[{"kind": "human", "name": names[0]}] + [
            {"kind": "bot", "bot": "random", "name": n} for n in names[1:]])
        page.goto(server.url + seat_links(server, t)[0])
        page.wait_for_selector("#match-end:not([hidden])")
        m = page.evaluate("({score: Table.state.score, winner: Table.state.winner, "
                          "sides: Table.state.view.sides})")
        won = m["winner"]
        assert won and len({m["sides"][i] for i in won}) == 1
        lost = next(i for i in range(len(names)) if i not in won)
        who = " and ".join(sorted(("You" if i == 0 else names[i] for i in won), key=lambda n: n != "You"))
        words = f"{who} won {m['score'][won[0]]} : {m['score'][lost]}"
        assert page.inner_text("#match-end h2") == words
        assert page.inner_text("#status") == f"The match is over: {words}."
        board = page.inner_text("#scoreboard")
        assert " of 1" not in board and "to go" not in board, board  # not "Match 2 of 1"
        assert "(you)" in board  # Ann is not called "You": the scoreboard says which seat is hers
    # Three-Player Sixty-Six counts chips, each player for himself.
    t = finished_table(server, game="three-player-sixty-six", options={"hands": 1}, seats=[
        {"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "random", "name": n}
                                             for n in ("Bob", "Cy")])
    page.goto(server.url + seat_links(server, t)[0])
    page.wait_for_selector("#match-end:not([hidden])")
    score, won = page.evaluate("[Table.state.score, Table.state.winner]")
    if len(won) == 1:  # (a tie for the most chips is told as a draw)
        names = ["you", "Bob", "Cy"]
        rest = sorted((i for i in range(3) if i != won[0]), key=lambda i: -score[i])
        top = score[won[0]]
        words = f"{names[won[0]].capitalize()} won with {top} chip{'' if top == 1 else 's'} (" + \
            ", ".join(f"{names[i]} {score[i]}" for i in rest) + ")"
        assert page.inner_text("#match-end h2") == words
    # Schnapsen counts down from 7 while the match goes on (its end: test_server_browser_explain).
    page, errors2 = sit(server, browser, {"game": "schnapsen", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Bob"}]})
    for i in range(2):
        assert page.inner_text(f"#scoreboard .seat-box[data-seat='{i}']").split("\n")[1].startswith(
            "7 to go (from 7) · ")
    assert errors == errors2 == []
