"""The browser's words: every language has the same keys, with the same placeholders and plural
forms, and every key the web client names exists (web/i18n/<lang>.json, read by web/i18n.js);
every rules page has its German translation, with each English heading's anchor."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from rule_tables import MEANING, option_column

from sixtysix.engine.options import option_meanings
from sixtysix.games import GAMES
from sixtysix.server.rulepages import LANGS, PAGES, _render
from sixtysix.server.table import game_catalog

WEB = pathlib.Path(__file__).resolve().parent.parent / "sixtysix" / "web"
RULES = WEB.parent.parent / "docs" / "rules"


def _words(lang: str) -> dict[str, object]:
    return json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


WORDS = {lang: _words(lang) for lang in LANGS}
NAMESPACES = {k.split(".")[0] for k in WORDS["en"]}


def _placeholders(text: object) -> set[str]:
    forms = text.values() if isinstance(text, dict) else [text]
    return {p for f in forms if isinstance(f, str) for p in re.findall(r"\{(\w+)\}", f)}


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_each_language_has_the_keys_and_placeholders_of_english(lang: str) -> None:
    en, other = WORDS["en"], WORDS[lang]
    assert sorted(other) == sorted(en)
    for key, text in en.items():
        if text is None:  # English shows the server's own words for these; the others write theirs
            assert key.startswith(("error.", "said.")) and other[key], key
            continue
        assert other[key], key
        assert _placeholders(other[key]) == _placeholders(text), key
        if isinstance(text, dict):
            assert isinstance(other[key], dict) and "other" in text and "other" in other[key], key


def test_english_errors_are_the_servers_words_and_every_other_language_writes_its_own() -> None:
    errors = [k for k in WORDS["en"] if k.startswith("error.")]
    assert "error.rate_limited" in errors and "error.invite_spent" in errors
    for lang in LANGS:
        assert all(WORDS[lang][k] for k in errors if WORDS["en"][k] is not None)


def _used_keys() -> tuple[set[str], set[str]]:
    """The keys the client names literally ("links.seat", data-i18n="...") and the prefixes it
    builds keys from (`links.state.${state}`)."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    names = "|".join(sorted(NAMESPACES))
    for f in sorted(WEB.glob("*.js")) + [WEB / "index.html"]:
        text = f.read_text(encoding="utf-8")
        keys |= set(re.findall(rf'["\'](?:{names})\.[\w.-]+["\']', text))
        keys |= {f'"{k}"' for k in re.findall(r'data-i18n="([\w.-]+)"', text)}
        for pairs in re.findall(r'data-i18n-attr="([^"]+)"', text):
            keys |= {f'"{p.split(":")[1]}"' for p in pairs.split()}
        prefixes |= set(re.findall(rf"`((?:{names})\.[\w.-]*)\$\{{", text))
    return {k[1:-1] for k in keys}, prefixes


def test_every_key_the_client_names_exists() -> None:
    keys, prefixes = _used_keys()
    assert len(keys) > 80 and "links.state." in prefixes  # the search finds them at all
    missing = sorted(k for k in keys if k not in WORDS["en"])
    assert not missing, missing
    for p in prefixes:
        assert any(k.startswith(p) for k in WORDS["en"]), p


def _anchors(html: str) -> list[str]:
    return re.findall(r'<h[1-6] id="([^"]+)"', html)


@pytest.mark.parametrize("page", list(PAGES))
def test_each_rules_page_has_a_german_translation_with_the_english_anchors(page: str) -> None:
    assert (RULES / "de" / PAGES[page]).is_file()
    en, de = _render(page, "en"), _render(page, "de")
    assert _anchors(de) == _anchors(en)
    assert "{#" not in de
    # The same links between pages, so a citation leads to the same rule in both.
    assert re.findall(r'href="(/help/[^"]+)"', de) == re.findall(r'href="(/help/[^"]+)"', en)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_german_options_mean_what_the_german_rules_pages_say(game_id: str) -> None:
    """The lobby and the help show each option's German label and meaning: the meanings are the
    words of the German rules page (``MEANINGS_DE`` beside the game's options holds them)."""
    docs = option_column(RULES / "de" / PAGES[game_id], MEANING)
    if game_id == "three-hand-sixty-six":
        docs = option_column(RULES / "de" / PAGES["sixty-six"], MEANING) | docs
    options = next(g for g in game_catalog("de") if g["id"] == game_id)["options"]
    for o in options:
        german = option_meanings(GAMES[game_id].Options, "de")
        assert o["meaning"] == docs[o["name"]] == german[o["name"]], o["name"]
        assert o["label"] and "_" not in o["label"], o["name"]
        assert o["meaning"] != option_meanings(GAMES[game_id].Options)[o["name"]], o["name"]  # translated
