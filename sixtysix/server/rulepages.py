"""The browser's help: each game's rules page of docs/rules/, rendered to HTML, in English or
German (docs/rules/de/, the same pages translated).

One source: the pages are read where a built package ships them (``sixtysix/rules/``, copied
there from docs/rules/ by setup.py) or, in a source checkout, from docs/rules/ itself. Option
names in the text are shown as readable labels with their meaning (the docstring of each option's
field, or its translation beside the options), and links between rules pages become links
between help pages. A translated heading keeps the English
heading's anchor, written after it as ``{#anchor}``, so that every link to a part of the rules
works in each language.

>>> page = rules_page("schnapsen")
>>> page["name"], page["html"].startswith('<h1 id="schnapsen-schnapsen">Schnapsen')
('Schnapsen', True)
>>> 'Start score <code>start_score</code>' in page["html"]
True
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML

from ..games import GAMES
from .table import TableError, game_catalog

__all__ = ["LANGS", "PAGES", "choose_lang", "rules_dir", "rules_page"]

PAGES = {"index": "index.md", **{gid: g.rule_page for gid, g in GAMES.items()}}
"""Help page id (a game id, or ``index`` for what the games share) -> its file in docs/rules/: each
game's own (``Game.rule_page``)."""

LANGS = ("en", "de")
"""The languages of the rules pages, English first (the fallback); each but English is a folder
of docs/rules/ with every page of ``PAGES``."""

_HERE = Path(__file__).resolve().parent.parent
_DIRS = (_HERE / "rules", _HERE.parent / "docs" / "rules")


def rules_dir() -> Path:
    """Where the rules pages are: shipped in the package, else the source checkout's docs/."""
    for d in _DIRS:
        if (d / "index.md").is_file():
            return d
    raise TableError("unavailable", "the rules pages are not installed with this server", 501)


def choose_lang(asked: str | None, accept_language: str | None) -> str:
    """The language to answer in: ``asked`` (a request's ``?lang=``) if given, else the best of
    ``LANGS`` in an Accept-Language header, else English.

    >>> choose_lang(None, "de-AT,de;q=0.9,en;q=0.8"), choose_lang("en", "de"), choose_lang(None, "fr")
    ('de', 'en', 'en')
    """
    if asked is not None:
        if asked not in LANGS:
            raise TableError("bad_request", f"there are no texts in {asked!r} here (choose from "
                             f"{', '.join(LANGS)})", 400)
        return asked
    best, best_q = "en", 0.0
    for part in (accept_language or "").split(","):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGS and q > best_q:
            best, best_q = lang, q
    return best


_ANCHOR = re.compile(r"\s*\{#([\w-]+)\}\s*$")
"""A heading's own anchor, written after it: ``## Zudrehen {#closing}``."""

_LINK = re.compile(r"^([a-z0-9-]+)\.md(#[\w-]*)?$")


def _help_href(href: str) -> str | None:
    """A link of the rules text as a link of the help: another rules page becomes its help page;
    web addresses stay; other files of the repository lead nowhere in the browser (None)."""
    if href.startswith(("http://", "https://", "#")):
        return href
    m = _LINK.match(href)
    if m:
        page = next((p for p, f in PAGES.items() if f == f"{m.group(1)}.md"), None)
        if page is not None:
            return f"/help/{page}{m.group(2) or ''}"
    return None


def _slug(text: str) -> str:
    """A heading's anchor, as mkdocs writes it.

    >>> _slug("Play once the stock is exhausted or closed"), _slug("Options (`target`)")
    ('play-once-the-stock-is-exhausted-or-closed', 'options-target')
    """
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _heading_ids(tokens: list[Any]) -> None:
    """Each heading's anchor: its own ``{#anchor}`` (taken out of its text), else the one mkdocs
    makes from its text, so that links like #options work."""
    for tok, after in zip(tokens, tokens[1:], strict=False):
        if tok.type != "heading_open":
            continue
        m = _ANCHOR.search(after.content)
        if m is None:
            tok.attrSet("id", _slug(after.content))
            continue
        tok.attrSet("id", m.group(1))
        after.content = after.content[:m.start()]
        last = after.children[-1] if after.children else None
        if last is not None and last.type == "text":
            last.content = _ANCHOR.sub("", last.content)


@functools.lru_cache(maxsize=len(PAGES) * len(LANGS))
def _render(page: str, lang: str = "en") -> str:
    options = {o["name"]: o for g in game_catalog(lang) if g["id"] == page for o in g["options"]}
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    renderer = md.renderer
    assert isinstance(renderer, RendererHTML)
    base_code = renderer.rules.get("code_inline")

    def code_inline(_self: Any, tokens: Any, idx: int, opts: Any, env: Any) -> str:
        o = options.get(tokens[idx].content)
        if o is None:
            return str(base_code(tokens, idx, opts, env)) if base_code else ""
        return (f'<span class="opt" title="{html.escape(o["meaning"])}">{html.escape(o["label"])} '
                f'<code>{html.escape(o["name"])}</code></span>')

    md.add_render_rule("code_inline", code_inline)
    folder = rules_dir() if lang == "en" else rules_dir() / lang
    tokens = md.parse((folder / PAGES[page]).read_text(encoding="utf-8"))
    _heading_ids(tokens)
    for tok in tokens:
        for child in tok.children or ():
            if child.type == "link_open":
                href = _help_href(str(child.attrGet("href") or ""))
                if href is None:
                    child.attrs.pop("href", None)
                else:
                    child.attrSet("href", href)
    return str(renderer.render(tokens, md.options, {}))


def rules_page(page: str, lang: str = "en") -> dict[str, Any]:
    """A help page in ``lang`` (one of ``LANGS``): the game's name, its rules as HTML and its
    options (labels and meanings)."""
    if page not in PAGES:
        raise TableError("no_page", f"there is no rules page {page!r} (choose from "
                         f"{', '.join(PAGES)})", 404)
    game = next((g for g in game_catalog(lang) if g["id"] == page), None)
    return {"page": page, "lang": lang, "name": GAMES[page].name if page in GAMES else "The rules",
            "html": _render(page, lang), "options": game["options"] if game else [],
            "pages": {p: (GAMES[p].name if p in GAMES else "The rules") for p in PAGES}}
