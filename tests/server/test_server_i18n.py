"""English and German: the help's rules pages in the language asked for (``?lang=``, else the
browser's Accept-Language), refusals with the values a client needs to say them in its language,
and in Chromium a German browser's page in German, switched to English from the header.

The browser test carries the marker ``browser`` (skipped only where /usr/bin/chromium is missing
and ``CI`` is unset); the others run in-process in milliseconds.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browser_util import DESKTOP, PHONE, needs_chromium, watch_errors
from fastapi.testclient import TestClient
from server_util import ServerProcess, seat_links, seats

from sixtysix.engine import Match
from sixtysix.games import GAMES, make_game


def _h2(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<h2 id="([^"]+)">([^<]+)</h2>', html)


def test_the_rules_page_in_german_keeps_the_english_anchors(client: TestClient) -> None:
    en = client.get("/api/rules/sixty-six").json()
    de = client.get("/api/rules/sixty-six?lang=de").json()
    assert (en["lang"], de["lang"]) == ("en", "de")
    assert ("closing", "Closing") in _h2(en["html"])
    assert ("closing", "Zudrehen") in _h2(de["html"])
    assert [a for a, _ in _h2(de["html"])] == [a for a, _ in _h2(en["html"])]
    # Links between pages lead to the same rule in the help, whatever the language.
    assert 'href="/help/index"' in de["html"]
    assert "Bummerl" in client.get("/api/rules/schnapsen?lang=de").json()["html"]


@pytest.mark.parametrize(("header", "lang"), [
    ("de-AT,de;q=0.9,en;q=0.8", "de"), ("en-GB,en;q=0.9,de;q=0.8", "en"), ("fr-FR,de;q=0.5", "de"),
    ("fr-FR", "en"), ("", "en"), ("de;q=x, en", "en"),
])
def test_without_lang_the_browsers_languages_choose(client: TestClient, header: str, lang: str) -> None:
    r = client.get("/api/rules/index", headers={"Accept-Language": header})
    assert r.status_code == 200 and r.json()["lang"] == lang
    # ?lang= wins over the header.
    other = "en" if lang == "de" else "de"
    assert client.get(f"/api/rules/index?lang={other}",
                      headers={"Accept-Language": header}).json()["lang"] == other


def test_a_language_without_rules_pages_is_refused_clearly(client: TestClient) -> None:
    r = client.get("/api/rules/schnapsen?lang=fr")
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "bad_request" and "'fr'" in r.json()["error"]["message"]


def test_a_refusal_names_its_values_for_the_client_to_word_them(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "schnapsen", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]}).json()
    invite = made["seats"][1]["invite"]
    assert client.post(f"/api/tables/{made['table']}/claim", json={"invite": invite}).status_code == 200
    r = client.post(f"/api/tables/{made['table']}/claim", json={"invite": invite})
    assert r.status_code == 410
    assert r.json()["error"]["code"] == "invite_spent"
    assert r.json()["error"]["params"] == {"seat": 2, "name": "Bob"}


@needs_chromium[0]
@needs_chromium[1]
def test_a_german_browser_sees_german_and_the_switch_turns_it_english(
        server: ServerProcess, browser: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP, locale="de-DE")
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(server.url + "/help/schnapsen")
    page.wait_for_selector("#help-options h2")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.input_value("#lang-select") == "de"
    assert "Wertung eines Spiels" in page.inner_text("#help-rules")
    assert page.inner_text("#help-nav span[aria-current]") == "Schnapsen"
    assert "Sechsundsechzig" in page.inner_text("#help-nav")
    assert page.inner_text("#help-options h2") == "Alle Optionen"
    assert page.inner_text("#opt-help-start_score").startswith("Anfangsstand")
    opt = page.locator("#help-rules .opt", has=page.locator("code", has_text="start_score")).first
    assert opt.inner_text().startswith("Anfangsstand")
    assert opt.get_attribute("title") == "wo der Stand jedes Spielers beginnt"
    assert page.inner_text("#help a[href='/']") == "Zurück zur Lobby"

    # The lobby: levels a player understands, the engines apart; options in German.
    page.goto(server.url + "/")
    page.wait_for_selector("#quick-level option", state="attached")
    assert page.inner_text("#quick-title") == "Gegen den Computer spielen"
    assert page.inner_text("#quick-level option:checked") == "Gelegenheitsspieler"
    assert page.inner_text("#quick-level-help").startswith("Spielt vernünftig Karte für Karte")
    assert page.inner_text('.quick-game[data-game="sixty-six"]') == "Sechsundsechzig"
    assert page.get_attribute("#seat-kind-1 optgroup >> nth=1", "label") == "Engines (für Fortgeschrittene)"
    page.select_option("#game-select", "schnapsen")
    page.click("#options-box summary")
    assert page.locator("label:has(#opt-start_score)").inner_text().startswith("Anfangsstand")
    assert page.locator("#opt-next_dealer option:checked").text_content() == "abwechselnd"
    page.select_option("#opt-next_dealer", "loser")
    page.select_option("#lang-select", "en")  # what was chosen stays, in English words
    page.wait_for_function("document.querySelector('label:has(#opt-start_score)')"
                           ".textContent.includes('Start score')")
    assert page.inner_text("#quick-title") == "Play against the computer"
    assert page.input_value("#game-select") == "schnapsen"
    assert page.locator("#opt-next_dealer option:checked").text_content() == "loser"
    assert page.inner_text("#quick-level option:checked") == "Casual"
    page.select_option("#lang-select", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")

    page.goto(server.url + "/leaderboard")
    page.wait_for_selector("#leaderboard-list .note")
    assert page.inner_text("#leaderboard-title") == "Bestenliste: Sechsundsechzig"
    assert page.inner_text("#leaderboard-list").startswith("In diesem Spiel hat noch niemand")

    # At a table: its words, and the switch redraws them in English.
    status, made = server.request("POST", "/api/tables", {
        "game": "schnapsen", "seats": seats("human", "beginner"), "bot_delay": 0})
    assert status == 201, made
    page.goto(server.url + seat_links(server, made)[0])
    page.wait_for_selector("#seat-state-0")
    assert page.inner_text("#seat-state-0").startswith("Platz 1: P0 (dein Platz)")
    # The computer's seat is named in German; the server keeps its English name.
    assert made["seats"][1]["name"] == "Computer 2 (beginner)"
    assert page.inner_text("#seat-state-1").startswith("Platz 2: Computer 2 (Anfänger)")
    assert page.inner_text('.seat-box[data-seat="1"] .seat-name b') == "Computer 2 (Anfänger)"
    # On a phone the header stays on one line, nothing cut off (its links are icons there).
    page.set_viewport_size(PHONE)
    assert page.evaluate("""() => {
      const top = document.querySelector('header.top'), kids = [...top.children]
        .map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0);
      const links = document.querySelector('.top-links');
      return top.scrollWidth <= innerWidth && links.scrollWidth <= links.clientWidth
        && kids.every((r) => r.right <= innerWidth && Math.abs(r.top - kids[0].top) < 12);
    }""")
    assert page.locator(".top-links a[href='/leaderboard']").get_attribute("title") == "Bestenliste"
    assert not page.is_visible("#my-page-link")  # no player in this browser: no page of his
    page.set_viewport_size(DESKTOP)
    assert page.inner_text("#score-pad-btn") == "Schreibblock"
    assert page.inner_text("#rules-link") == "Regeln: Schnapsen"
    assert page.inner_text("#hand-info").startswith("Spiel 1")
    assert page.title() == f"Schnapsen — Tisch {made['table']}"
    page.wait_for_function("/ist dran|Du bist dran/.test(document.querySelector('#status').textContent)")
    page.wait_for_selector("#table [data-card] svg[aria-label]")
    names = page.locator("#table [data-card] svg[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert names and all(re.fullmatch(r"(Kreuz|Karo|Herz|Pik)-(Ass|Zehn|König|Dame|Bube)", n)
                         for n in names), names
    page.select_option("#lang-select", "en")
    page.wait_for_function("document.querySelector('#score-pad-btn').textContent === 'Score pad'")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#seat-state-0").startswith("Seat 1: P0 (your seat)")
    assert page.inner_text("#seat-state-1").startswith("Seat 2: Computer 2 (Beginner)")
    assert page.inner_text("#rules-link") == "Rules of Schnapsen"
    assert page.inner_text("#hand-info").startswith("Hand 1")
    assert re.search(r"to act|Your turn", page.inner_text("#status"))

    # The choice is kept: the next page of this browser is English, whatever its languages.
    page.goto(server.url + "/help/schnapsen")
    page.wait_for_selector("#help-options h2")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Scoring a hand" in page.inner_text("#help-rules")
    assert page.inner_text("#opt-help-start_score").startswith("Start score")
    page.select_option("#lang-select", "de")
    page.wait_for_function("document.querySelector('#help-options h2')?.textContent === 'Alle Optionen'")
    assert "Wertung eines Spiels" in page.inner_text("#help-rules")
    assert not errors, errors


def _details() -> list[str]:
    """The engine's words for how a hand scored, from random hands of every game (each way a
    hand ends that random play reaches), in 0.3 s."""
    found: dict[tuple[str, str], str] = {}
    for game in sorted(GAMES):
        for seed in range(60):
            rng = random.Random(seed)
            m = Match(make_game(game), dealer=seed % GAMES[game].n_seats)
            m.deal_hand(seed=rng.getrandbits(40))
            while m.in_hand:
                m.apply(rng.choice(m.legal_actions()))
            found.setdefault((game, m.results[-1].end), m.results[-1].detail)
    return list(found.values())


def _english(detail: str) -> str:
    """What the page showed before it spoke German: the engine's words with seats named."""
    text = re.sub(r"\bpays seat (\d+) (\d+)\b",
                  lambda m: f"pays P{m[1]} {m[2]} chip{'' if m[2] == '1' else 's'}", detail)
    return re.sub(r"\b1 (trick|point)s\b", r"1 \1", re.sub(r"\bseat (\d+)\b", r"P\1", text))


@needs_chromium[0]
@needs_chromium[1]
def test_how_hands_scored_and_what_was_said_are_worded_in_both_languages(
        server: ServerProcess, browser: Any) -> None:
    details = _details()
    assert len(details) > 25
    page = browser.new_context(locale="en-US").new_page()
    errors = watch_errors(page)
    page.goto(server.url + "/help/index")
    page.wait_for_function("I18n.plurals !== null")
    word = "(d) => d.map((x) => detailText(x, (i) => `P${i}`))"
    assert page.evaluate(word, details) == [_english(d) for d in details]
    page.evaluate("I18n.use('de')")
    german = page.evaluate(word, details)
    english = re.compile(r"\b(points?|tricks?|opponents?|seat|knock\w*|loser|claim\w*|dealer|wins|"
                         r"made|failed|scores?|carried|nobody|units?|chips?|pays)\b")
    left = [(d, g) for d, g in zip(details, german, strict=True) if english.search(g)]
    assert not left, left

    # The log of what was said and shown: German from the action's text, in the second person
    # for this seat; English is the server's own words.
    said = [{"action": a, "points": p, "words": f"server words {a}", "you_words": f"server you {a}"}
            for a, p in [("marry KH", 20), ("marry double QC", 40), ("declare KS", 40), ("declare", None),
                         ("trump S", None), ("turn", None), ("exchange", None), ("close", None),
                         ("pass", None), ("bid gang", None), ("bid 3", None), ("kontra", None),
                         ("rekontra", None), ("cut", None), ("knock", None), ("open andere-alte AH", None),
                         ("open hoeher ??", None), ("announce KS QS JS", 20), ("show AC AD AH AS", 100),
                         ("bella", 20), ("meld low", 111), ("defer", None), ("reverse", None)]]
    words = ("(xs) => { Table.state = {game: 'gaigel',"
             " view: {targets: {claim: 101}, scoring: {claim: 'knock'}}};"
             " const out = xs.map((x) => [Table.saidWords(x, false), Table.saidWords(x, true)]);"
             " Table.state = null; return out; }")
    german = page.evaluate(words, said)
    assert german[0] == ["meldet eine Hochzeit in Herz (20)", "meldest eine Hochzeit in Herz (20)"]
    assert german[3][0] == "klopft: sagt 101 an"
    left = [g for g in german if any(english.search(x) or "{" in x or "server" in x for x in g)]
    assert not left, left
    page.evaluate("I18n.use('en')")
    assert page.evaluate(words, said) == [[f"server words {x['action']}", f"server you {x['action']}"]
                                          for x in said]
    assert not errors, errors
