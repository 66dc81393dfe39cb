"""The bidding and meld games in headless Chromium: a whole hand of Bauernschnapsen (auction and
doubling included), Gaigel, Terts and four-player North American Sixty-Six, by clicking, against
computer seats. At every state the page is checked against the seat's view that the server sent:
the auction's calls, the contract with its doubling, the opening, every meld and announcement with
its points are on the table as the view says, the completed trick stays with its winner named,
the dealer is marked; and no card face is on the page that the view does not show this seat (the
hidden-information scan checks the view itself against the engine).

Marker ``browser``. Skipped only where /usr/bin/chromium is missing and ``CI`` is unset.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_util import PHONE, PLAY, TO_ACT, hand_over, needs_chromium, take, watch_errors
from server_util import ServerProcess, seat_links, seats

pytestmark = needs_chromium

# Run in the page: what is wrong with the table as drawn, compared with ``Table.state``.
CHECK = r"""() => {
  const m = Table.state, v = m.view, bad = [];
  const name = (p) => m.seats[p].name;
  // (textContent: the log's earlier lines are folded away, one click from view.)
  const text = (id) => (document.getElementById(id) || {textContent: ""}).textContent;
  // Every card face on the page is one the seat's view shows it.
  const allowed = new Set([...v.hand, ...v.trick.map((t) => t.card), ...v.last_trick.map((t) => t.card),
    ...v.known.flat(), ...v.first_tricks.flat(), ...v.scored.flatMap((x) => x.cards)]);
  if (v.turnup && v.turnup_up) allowed.add(v.turnup);
  // Once the hand is over it is shown face up (``reveal``): every card of its deal.
  const r = m.reveal;
  if (r) for (const c of [...r.dealt.flat(), ...r.stock, r.turnup]) allowed.add(c);
  for (const svg of document.querySelectorAll("#table svg.card-svg")) {
    if (svg.getAttribute("aria-label") === "face-down card") continue;
    const holder = svg.closest("[data-card]");
    if (!holder || !allowed.has(holder.dataset.card)) {
      bad.push("face " + (holder ? holder.dataset.card : "?"));
    }
  }
  const downs = v.trick.filter((t) => t.card === "??").length;
  if (document.querySelectorAll("#trick-area .card.back").length !== downs) bad.push("face-down trick cards");
  const a = v.auction;
  if (a && a.calls.length) {
    for (const c of a.calls) {
      if (!text("auction-panel").includes(`${name(c.seat)}: ${c.call}`)) bad.push("call " + c.call);
    }
  }
  const c = v.contract;
  if (c) {
    const banner = text("contract-banner");
    if (!banner.toLowerCase().includes(c.name.toLowerCase()) || !banner.includes(name(c.declarer))) {
      bad.push("contract");
    }
    if (c.doubling && !banner.includes(`${c.doubling} ×${c.factor}`)) bad.push("doubling");
  }
  if (v.opening && !text("opening").includes(v.opening)) bad.push("opening");
  const calls = ["bid", "pass", "kontra", "rekontra", "subkontra"];
  const said = v.log.filter((x) => !a || !calls.includes(x.action.split(" ")[0])).slice(-8);
  for (const x of said) {
    // The seat's own actions in the second person ("You bid 3 units"), the others' in the third.
    const words = x.you_words ? `You ${x.you_words}` : `${name(x.seat)} ${x.words}`;
    if (!text("meld-log").includes(words)) bad.push("log " + x.words);
  }
  for (const x of v.scored) {
    if (!text("scored").includes(`${name(x.seat)}: ${x.name.split(" ")[0]}`)) bad.push("scored");
  }
  // Between tricks the completed one stays, its winner (the next leader) named.
  const won = `Trick won by ${v.leader === m.seat ? "you" : name(v.leader)}`;
  if (!v.trick.length && v.last_trick.length && !text("trick-area").includes(won)) bad.push("trick");
  const dealer = document.querySelectorAll("#scoreboard .dealer");
  if (dealer.length !== 1 || dealer[0].closest(".seat-box").dataset.seat !== String(v.dealer)) {
    bad.push("dealer");
  }
  const page = document.getElementById("table").innerText;
  if (/\b1 tricks\b|\+-/.test(page)) bad.push("score words");
  return bad;
}"""

# The actions tried first when offered (the rest: pass in an auction, else a card, else a button).
PREFERRED = ("kontra", "rekontra", "subkontra", "announce", "show", "bella", "marry", "meld",
             "open", "cut", "turn")


def choose(page: Any) -> str | None:
    """Click one legal action; the verb clicked (None: nothing to click)."""
    legal = page.evaluate("Table.state.view.legal.map((a) => a.action)")
    auction = page.evaluate("Table.state.view.auction")
    verbs = [a.split()[0] for a in legal]
    pick = next((a for v in PREFERRED for a, w in zip(legal, verbs, strict=True) if w == v), None)
    if pick is None and "bid" in verbs and auction and auction["high"] is None:
        pick = legal[verbs.index("bid")]  # the lowest bid, once, so that someone plays a contract
    if pick is None and "pass" in verbs:
        pick = "pass"
    cards = page.locator(PLAY)
    if pick is None and cards.count():
        cards.first.click()
        return "play"
    if pick is None and legal:
        pick = legal[0]
    if pick is None:
        return None
    take(page, pick)
    return pick.split()[0]


def play_hand(server: ServerProcess, browser: Any, game: str, options: dict[str, Any],
              kinds: tuple[str, ...], size: dict[str, int] = PHONE,
              ) -> tuple[Any, list[dict[str, Any]], list[str]]:
    """Seat 0 in a page of ``size`` (a phone's) plays a whole hand by clicking; every state is
    checked with CHECK. The page, every view seen, and the verbs clicked."""
    status, t = server.request("POST", "/api/tables", {
        "game": game, "options": options, "seats": seats("human", *kinds), "bot_delay": 0})
    assert status == 201, t
    page = browser.new_page(viewport=size)
    errors = watch_errors(page)
    page.goto(server.url + seat_links(server, t)[0])
    page.wait_for_function("Table.state !== null")
    views: list[dict[str, Any]] = []
    clicked: list[str] = []
    deadline = time.monotonic() + 25
    while True:
        assert time.monotonic() < deadline, f"{game}: the hand did not end"
        page.wait_for_selector(f"{TO_ACT}, #summary h2", timeout=10000)
        views.append(page.evaluate("Table.state.view"))
        assert page.evaluate(CHECK) == [], (game, views[-1])
        if hand_over(page):
            break
        version = page.evaluate("Table.state.version")
        verb = choose(page)
        assert verb is not None
        clicked.append(verb)
        page.wait_for_function(f"Table.state.version > {version}", timeout=10000)
    wide = page.evaluate("""[...document.querySelectorAll('#table *')].filter((e) =>
        e.getBoundingClientRect().right > innerWidth + 1).map((e) => e.id || e.className.baseVal
        || e.className)""")
    assert wide == [], wide  # fits the screen (a phone's)
    assert errors == []
    return page, views, clicked


def test_bauernschnapsen_hand_with_its_auction(server: ServerProcess, browser: Any) -> None:
    page, views, clicked = play_hand(server, browser, "bauernschnapsen", {},
                                     ("random", "random", "random"))
    last = views[-1]
    # The auction ran (forehand must bid: at least one call), and ended with one contract.
    auction, contract = last["auction"], last["contract"]
    assert auction["calls"] and not auction["open"]
    bids = [c for c in auction["calls"] if c["call"] != "pass"]
    assert contract["name"] == bids[-1]["call"].removeprefix("bid ")
    assert contract["declarer"] == bids[-1]["seat"] == auction["bidder"]
    assert sorted(auction["passed"]) == sorted(set(range(4)) - {contract["declarer"]})
    # Who bid or passed what, in the order of bidding: clockwise from forehand, skipping passers.
    dealer = last["dealer"]
    assert auction["calls"][0]["seat"] == (dealer + 1) % 4
    assert "bid" in clicked or "pass" in clicked  # this seat called too
    banner = page.inner_text("#contract-banner")
    assert contract["name"] in banner.lower() and str(contract["value"]) in banner
    if contract["factor"] > 1:
        assert f"×{contract['factor']} = {contract['worth']}" in banner
    # The dealer's right chose how to deal, and it is in the log with his name.
    first = last["log"][0]
    assert first["action"] in ("cut", "knock") and first["seat"] == (dealer - 1) % 4


def test_gaigel_hand_with_its_opening(server: ServerProcess, browser: Any) -> None:
    page, views, _ = play_hand(server, browser, "gaigel", {}, ("random", "random", "random"))
    last = views[-1]
    opening = last["log"][0]
    assert opening["action"].startswith("open ") and opening["seat"] == (last["dealer"] + 1) % 4
    assert last["opening"] in page.inner_text("#opening")
    # A first trick played face down: at this seat's turn in it (it did not lead), the cards
    # before its own lay face down (drawn as backs, CHECK says).
    if last["opening"] in ("Andere Alte", "Höher") and opening["seat"] != 0:
        assert any(t["card"] == "??" for v in views for t in v["trick"])
    for entry in last["log"]:  # melds with their points
        if entry["action"].startswith("marry"):
            assert entry["points"] in (20, 40, 80) and f"({entry['points']})" in entry["words"]
    text = page.inner_text("#scoreboard")
    assert f"of {last['targets']['race']}" in text  # the match is a race to its target


def test_terts_hand_with_announcements(server: ServerProcess, browser: Any) -> None:
    page, views, clicked = play_hand(server, browser, "terts", {}, ("random",))
    last = views[-1]
    answers = {"show", "pass"}
    log = last["log"]
    for i, entry in enumerate(log):
        if entry["action"].startswith("announce "):
            # The other player answered at once, with a show or a pass.
            assert log[i + 1]["action"].split()[0] in answers and log[i + 1]["seat"] != entry["seat"]
            assert entry["points"] in (20, 50, 100, 200)
    for x in last["scored"]:
        assert f"{x['points']}" in page.inner_text("#scored")
    assert "Total" in page.inner_text("#scoreboard") and "of 501" in page.inner_text("#scoreboard")


def test_north_american_four_players_with_the_auction(server: ServerProcess,
                                                      browser: Any) -> None:
    page, views, clicked = play_hand(server, browser, "north-american-sixty-six", {"players": 4},
                                     ("random", "random", "random"))
    last = views[-1]
    auction = last["auction"]
    assert auction["kind"] == "units" and auction["calls"]
    assert auction["calls"][0]["seat"] == (last["dealer"] + 1) % 4
    bids = [c for c in auction["calls"] if c["call"] != "pass"]
    if bids:  # (under all_pass = "redeal" nobody may have bid)
        contract = last["contract"]
        assert contract["value"] == int(bids[-1]["call"].split()[1])
        assert contract["declarer"] == bids[-1]["seat"]
        assert f"bid {contract['value']} unit" in page.inner_text("#contract-banner")
    assert "Units" in page.inner_text("#scoreboard") and "of 10" in page.inner_text("#scoreboard")


@pytest.mark.parametrize("game", ["bauernschnapsen", "gaigel"])
def test_a_spectator_sees_no_card_of_anyone(server: ServerProcess, browser: Any, game: str) -> None:
    status, t = server.request("POST", "/api/tables", {
        "game": game, "seats": seats("random", "random", "random", "random"), "bot_delay": 0})
    assert status == 201, t
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    errors = watch_errors(page)
    page.goto(server.url + t["spectator_link"])
    page.wait_for_function("Table.state !== null")
    seen = 0
    deadline = time.monotonic() + 10
    while seen < 20 and time.monotonic() < deadline:  # the computers play on meanwhile
        assert page.locator("#hand .card").count() == 0
        assert page.evaluate(CHECK) == []
        seen += 1
        time.sleep(0.05)
    assert errors == []
