"""A whole hand of each game, played in headless Chromium as a player plays it: by
touching the cards (a card of the hand plays it, or opens its menu of choices: a marriage, a
Gaigel opening, a Terts announcement), the trump card (exchange) and the talon (close); the
action bar only for what names no card (bid, pass, double, cut or knock, trumps, the next hand).
The computer seats play at once (the fastest level, no delay).

At every state the own cards and the action bar are wholly on the screen with nothing over them,
and the action bar offers nothing that a card is touched for. Once in each phase the seat acts
in (an auction, the play), the table is looked at in both sizes, a phone's (390×844) and a
laptop's (1280×800), and axe-core finds nothing serious or critical on it; in the play a
screenshot of each size goes to ``$SIXTYSIX_ARTIFACTS/screenshots/`` (``GAME-phone.jpg``,
``GAME-desktop.jpg``; ``scripts/screenshots.sh`` copies them to docs/screenshots/).

Each game's hand is played at one size in every run, the sizes alternating across the games; at
the other size it is marked ``release`` (left out unless asked for: CONTRIBUTING.md) and played
in German, the page's other language (its screenshots under ``screenshots/de/``). One server
and one browser serve the module's hands, each at a table and in a page of its own.

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import (
    ARGS,
    ARTIFACTS,
    CHROMIUM,
    LAPTOP,
    PHONE,
    PLAY,
    TO_ACT,
    hand_over,
    needs_chromium,
    offered,
    out_of_sight,
    screenshot_all,
    take,
    watch_errors,
)
from server_util import ServerProcess, seat_links

pytestmark = needs_chromium

SHOTS = ARTIFACTS / "screenshots"
"""Where each game's screenshots go: ``GAME-phone.jpg``, ``GAME-desktop.jpg`` (German tables'
under ``de/``)."""

GAMES = [  # the game, its options, the computer seats, the size it is played at in every run
    ("sixty-six", {}, 1, PHONE),
    ("schnapsen", {}, 1, LAPTOP),
    ("three-hand-sixty-six", {}, 2, PHONE),
    ("three-player-sixty-six", {}, 2, LAPTOP),
    ("four-hand-sixty-six", {}, 3, PHONE),
    ("north-american-sixty-six", {"players": 3}, 2, LAPTOP),
    ("bauernschnapsen", {}, 3, PHONE),
    ("gaigel", {}, 3, LAPTOP),
    ("terts", {}, 1, PHONE),
    ("dreierschnapsen", {}, 2, LAPTOP),
]
FASTEST = "beginner"
"""The computer's level that answers soonest."""

CARDS_IN_THE_BAR = """() => { const v = Table.state.view;
  return [...document.querySelectorAll('#actions [data-action]')]
    .map((b) => v.legal.find((a) => a.action === b.dataset.action) || {action: b.dataset.action})
    .filter((a) => namedCards(a).length || ((a.verb === 'exchange' || a.verb === 'close')
      && document.querySelector('#stock-area .card')))
    .map((a) => a.action); }"""
"""Run in the page: the action bar's actions that a card of the hand is for, or the trump card or
the talon while they lie on the table."""

STILL = """(where) => document.getAnimations().every((a) => a.playState !== 'running'
  || a.effect.getTiming().iterations === Infinity
  || (where && !(a.effect.target && a.effect.target.closest && a.effect.target.closest(where))))"""
"""Run in the page: nothing moves (in ``where``, a selector, or anywhere when null) but what
moves for ever; a new hand's cards are dealt into the hand, a screenshot shows the table at rest."""

# What the seat does when it may, first to last: each card action once it is offered (the trump
# card, a marriage, Gaigel's opening, a Terts combination and its answer, closing the talon once
# in Schnapsen), the lowest bid once so that a contract is played, else pass, else a card.
PREFERRED = ("exchange", "marry", "declare", "open", "announce", "show")


def choose(view: dict[str, Any], offer: list[dict[str, Any]], game: str, took: Counter[str]) -> str:
    """One of the actions ``offer`` (those of the view's legal ones that the page offers now)."""
    legal = [a["action"] for a in offer]
    verbs = {a["action"]: a["verb"] for a in offer}
    for verb in PREFERRED:
        # (A declaration without a card is a claim of 66: it ends the hand.)
        pick = [a for a in legal if verbs[a] == verb and (verb != "declare" or len(a.split()) > 1)]
        if pick:
            return pick[0]
    if game == "schnapsen" and "close" in legal and not took["close"]:
        return "close"
    auction = view.get("auction")
    bids = [a for a in legal if verbs[a] == "bid"]
    if bids and auction and auction.get("high") is None and not took["bid"]:
        return bids[0]
    if "pass" in legal:
        return "pass"
    plays = [a for a in legal if verbs[a] == "play"]
    return plays[0] if plays else legal[0]


def where(page: Any, action: str) -> str:
    """What a player touches for ``action`` now: a card of the hand ('card'), the trump card or
    the talon ('talon'), or the action bar ('bar')."""
    if page.locator(f'#hand [data-action="{action}"]').count():
        return "card"
    if page.locator(f'#stock-area [data-action="{action}"]').count():
        return "talon"
    if page.locator(f'#actions [data-action="{action}"]').count():
        return "bar"
    return "card"  # a card whose menu offers it (take() asserts that it does)


def settle(page: Any, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    page.wait_for_function(f"innerWidth === {size['width']} && innerHeight === {size['height']}")
    page.wait_for_function(STILL, arg=None)


def name(size: dict[str, int]) -> str:
    return "phone" if size == PHONE else "desktop"


def serious(page: Any) -> list[str]:
    """What axe-core (its rules run by default) finds of serious or critical impact."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']]}"
            for v in found if v["impact"] in ("serious", "critical")]


def look_at_both_sizes(page: Any, size: dict[str, int], game: str, shots: Path | None) -> None:
    """The hand and the action bar on the screen at both sizes, and axe's check at ``size``; with
    ``shots`` (a folder), a screenshot of each size there. The page is left at ``size``."""
    for s in (size, PHONE if size != PHONE else LAPTOP):
        settle(page, s)
        assert out_of_sight(page) == [], (game, s)
        if shots:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / f"{game}-{name(s)}.jpg"), type="jpeg", quality=80)
    assert serious(page) == [], (game, page.evaluate("Table.state.view.phase"))
    if shots:
        # The look finds a card pushed off the screen, and a card under something else.
        assert page.evaluate("""() => { const c = document.querySelector('#hand .card');
            c.style.marginLeft = '-2000px'; return c.dataset.card; }""") in out_of_sight(page)
        page.evaluate("document.querySelector('#hand .card').style.marginLeft = ''")
        page.evaluate("""() => { const r = document.querySelector('#hand .card')
            .getBoundingClientRect(), d = document.createElement('div'); d.id = 'over';
            Object.assign(d.style, {position: 'fixed', zIndex: 99, left: r.left + 'px',
              top: r.top + 'px', width: r.width + 'px', height: r.height + 'px'});
            document.body.append(d); }""")
        assert any(x.endswith("under over") for x in out_of_sight(page)), game
        page.evaluate("document.getElementById('over').remove()")
    settle(page, size)


def play_a_whole_hand(page: Any, game: str, size: dict[str, int], shots: Path) -> Counter[str]:
    """Seat 0 plays until a hand it played cards in is over (the dealer sits out a Three-Hand
    hand; the next one is then played); what it touched, and each verb taken."""
    took: Counter[str] = Counter()
    looked: set[str] = set()
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, (game, took)
        page.wait_for_selector(f"{TO_ACT}, #next-hand, #summary h2", timeout=15000)
        page.wait_for_function(STILL, arg="#dock")
        assert out_of_sight(page) == [], game
        assert page.evaluate(CARDS_IN_THE_BAR) == [], game
        version = page.evaluate("Table.state.version")
        if hand_over(page):
            if took["play"]:
                return took
            assert took["hands"] < 2, (game, took)
            took["hands"] += 1
            page.click("#next-hand")
            page.wait_for_function(f"Table.state.version > {version}", timeout=15000)
            continue
        view = page.evaluate("Table.state.view")
        playing = page.locator(PLAY).count() > 0
        # (Cards to play are looked at once a trick is under way, or after two of them.)
        moment = "cards" if playing else view["phase"]
        if moment not in looked and (not playing or view["trick"] or took["play"] >= 2):
            looked.add(moment)
            look_at_both_sizes(page, size, game, shots if playing else None)
        # (While the page draws for the seat, as it does unless asked not to, it offers nothing.)
        offer = [a for a in view["legal"] if offered(page, a["action"])]
        if not offer:
            page.wait_for_function(f"Table.state.version > {version}", timeout=15000)
            continue
        action = choose(view, offer, game, took)
        verb = action.split()[0]
        took[verb] += 1
        took[f"{verb} on the {where(page, action)}"] += 1
        take(page, action)
        if page.locator("#confirm-dialog[open]").count():  # a costly action asks first
            page.click("#confirm-yes")
        page.wait_for_function(f"Table.state.version > {version}", timeout=15000)


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's hands (each at a table of its own)."""
    tmp = tmp_path_factory.mktemp("hands")
    # More new tables a minute than a public server allows one address (a Gaigel table is made
    # again until this seat is forehand).
    (tmp / "config.toml").write_text("tables_burst = 100\ntables_per_minute = 600.0\n")
    s = ServerProcess(f"sqlite:///{tmp / 'tables.db'}", str(tmp / "config.toml"),
                      log=tmp / "server.log")
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One browser for the module's hands (each in a page of its own)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def browser(chromium: Any, table_server: ServerProcess,
            request: pytest.FixtureRequest) -> Iterator[Any]:
    """The shared browser; after a failed test its pages are kept as screenshots and the server's
    log goes into the report."""
    yield chromium
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        screenshot_all(chromium, request.node.nodeid)
        report.sections.append(("server log (tail)", table_server.output()[-6000:]))
    for ctx in chromium.contexts:
        ctx.close()


def hands() -> Iterator[Any]:
    for game, options, computers, size in GAMES:
        for s in (size, PHONE if size != PHONE else LAPTOP):
            # (The release run's tables speak German: the page's other language.)
            yield pytest.param(game, options, computers, s, "en" if s == size else "de",
                               id=f"{game}-{name(s)}" if s == size else f"{game}-{name(s)}-de",
                               marks=[] if s == size else [pytest.mark.release])


@pytest.mark.parametrize("game,options,computers,size,lang", list(hands()))
def test_a_whole_hand_by_touching_cards(table_server: ServerProcess, browser: Any, game: str,
                                        options: dict[str, Any], computers: int,
                                        size: dict[str, int], lang: str) -> None:
    started = time.time() - 1  # (a file system's clock may round down)
    for _ in range(40):
        status, t = table_server.request("POST", "/api/tables", {
            "game": game, "options": options, "bot_delay": 0,
            "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": FASTEST}] * computers})
        assert status == 201, t
        # In Gaigel this seat opens the hand by touching its cards: it must be forehand.
        status, m = table_server.request("GET", f"/api/tables/{t['table']}?token={t['seats'][0]['token']}")
        assert status == 200, m
        if game != "gaigel" or m["view"]["dealer"] == computers:
            break
    page = browser.new_context(viewport=size, locale=lang).new_page()
    errors = watch_errors(page)
    page.goto(table_server.url + seat_links(table_server, t)[0])
    page.wait_for_function("Table.state !== null")
    shots = SHOTS if lang == "en" else SHOTS / lang
    took = play_a_whole_hand(page, game, size, shots)
    assert page.evaluate("I18n.lang") == lang
    # Every card action this seat took, it took by touching the card; the screenshots of both
    # sizes were taken.
    assert took["play"] > 0, took
    for verb in ("play", "marry", "open", "announce", "show"):
        assert took[f"{verb} on the card"] == took[verb], took
    if game == "gaigel":  # the opening, chosen by touching the card it leads, then confirmed
        assert took["open"] == 1, took
    for s in (PHONE, LAPTOP):
        shot = (shots / f"{game}-{name(s)}.jpg").stat()
        assert shot.st_mtime >= started and shot.st_size > 10_000, (game, s)
    assert page.evaluate("Table.state.reveal") is not None  # the hand is over, shown face up
    assert errors == [], errors
