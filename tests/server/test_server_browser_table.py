"""The table as a player uses it, in headless Chromium: a card is played by touching it or dragging
it, a marriage declared by touching its king, touching a card that may not be played says why,
and the "Less motion" setting stops the cards moving (kept by the browser). (That the own hand
and the action bar stay on the screen at a phone's size and a laptop's, in an auction and in
play, is checked in every game's whole hand: test_server_browser_hands.py.)

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import time
from typing import Any

from browser_util import DESKTOP, PLAY, TO_ACT, needs_chromium, take, watch_errors
from server_util import ServerProcess, seat_links, seats

pytestmark = needs_chromium


def why_expected(view: dict[str, Any], card: str) -> str | None:
    """What the table must say when ``card`` is touched while it may not be played, following
    a trick: None where the rule at work is not one of follow, head or trump."""
    names = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    playable = [a["card"] for a in view["legal"] if a["verb"] == "play"]
    led = view["trick"][0]["card"][1]
    if any(c[1] == led for c in playable):
        return (f"You must head the trick: play a higher {names[led]} card." if card[1] == led
                else f"You must follow {names[led]}.")
    if all(c[1] == view["trump"] for c in playable) and card[1] != view["trump"]:
        return f"You have no {names[led]}: you must trump."
    return None


def test_cards_are_played_by_touch_and_drag_a_marriage_by_its_king_and_a_refusal_says_why(
        server: ServerProcess, browser: Any) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": "sixty-six", "options": {"target": 100}, "seats": seats("human", "random"),
        "bot_delay": 0})
    assert status == 201, t
    page = browser.new_page(viewport=DESKTOP, reduced_motion="no-preference")
    errors = watch_errors(page)
    page.goto(server.url + seat_links(server, t)[0])
    page.wait_for_function("Table.state !== null")
    page.check("#less-motion")  # the setting: nothing moves until it is unchecked
    done: set[str] = set()
    deadline = time.monotonic() + 90
    while done != {"touched", "dragged", "married", "why"}:
        assert time.monotonic() < deadline, done
        page.wait_for_selector(f"{TO_ACT}, #next-hand", timeout=10000)
        version = page.evaluate("Table.state.version")
        view = page.evaluate("Table.state.view")
        if page.locator("#next-hand").count():
            page.click("#next-hand")
            page.wait_for_function(f"Table.state.version > {version}", timeout=10000)
            continue
        legal = [a["action"] for a in view["legal"]]
        kings = [a for a in legal if a.startswith("marry K")]
        stuck = [c for c in view["hand"] if f"play {c}" not in legal]
        if kings and "married" not in done:
            king = kings[0].split()[1]
            page.click(f'#hand button.card.legal[data-card="{king}"]')  # the king: a menu
            menu = page.locator("#card-menu")
            assert menu.is_visible() and page.evaluate("Table.state.version") == version
            assert sorted(menu.locator("button.choice").evaluate_all(
                "els => els.map((b) => b.dataset.action)")) == sorted(
                a for a in legal if king in a.split() or a == f"declare Q{king[1]}")
            menu.locator(f'button[data-action="marry {king}"]').click()
            page.wait_for_function(f"Table.state.version > {version}", timeout=10000)
            assert page.evaluate("Table.state.view.marriages.some((m) => m.seat === 0)")
            assert page.locator(f'#trick-area [data-card="{king}"]').count() == 1 or \
                page.evaluate(f"Table.state.view.last_trick.some((x) => x.card === '{king}')")
            done.add("married")
            continue
        if view["trick"] and stuck and "why" not in done:
            words = why_expected(view, stuck[0])
            if words:
                page.click(f'#hand button.card[data-card="{stuck[0]}"]')
                assert page.inner_text("#why") == words
                assert page.evaluate("Table.state.version") == version  # nothing was sent
                done.add("why")
        card = page.locator(PLAY).first
        if not card.count():
            take(page, legal[0])
            if page.locator("#confirm-dialog[open]").count():
                page.click("#confirm-yes")
        elif "touched" in done and "dragged" not in done:
            box = card.bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 30, steps=4)
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] - box["height"], steps=4)
            page.mouse.up()
            done.add("dragged")
        else:
            card.click()
            done.add("touched")
        page.wait_for_function(f"Table.state.version > {version}", timeout=10000)
        if "touched" in done and page.is_checked("#less-motion"):  # (a marriage may come first)
            assert page.evaluate("Motion.moves.travel") == 0
            page.uncheck("#less-motion")  # kept by the browser
            assert page.evaluate("localStorage.getItem('sixtysix.stillcards')") == "0"
    assert page.evaluate("Motion.moves.travel") > 0  # cards travelled once motion was on
    assert errors == []
