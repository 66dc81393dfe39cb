"""The documentation in docs/: it builds without a warning, its shell examples run, and every rule
option of every game is described on its game's page with the default the code has. (Its Python
examples run as doctests: pytest collects docs/*.md.)"""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from typing import Any

import pytest
from rule_tables import DEFAULT, MEANING, RULES, option_column

from sixtysix.games import GAMES
from sixtysix.server.rulepages import PAGES  # game id -> its page in docs/rules/

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
BIN = pathlib.Path(sys.executable).parent


def test_every_game_has_a_rules_page_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    index = (DOCS / "rules" / "index.md").read_text(encoding="utf-8")
    for game_id in GAMES:
        page = PAGES[game_id]
        assert (DOCS / "rules" / page).is_file(), page
        assert f"rules/{page}" in nav, f"{page} is missing from mkdocs.yml's nav"
        assert f"`{game_id}`" in index, f"{game_id} is missing from the rules index"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_option_is_documented_with_its_default(game_id: str) -> None:
    rows = option_column(RULES / PAGES[game_id], DEFAULT)
    if game_id == "three-hand-sixty-six":  # "all the options of Sixty-Six, and:"
        rows = option_column(RULES / PAGES["sixty-six"], DEFAULT) | rows
    options = GAMES[game_id].Options()
    for f in dataclasses.fields(options):
        assert f.name in rows, f"{game_id}: option {f.name} is not described in docs"
        default = json.dumps(getattr(options, f.name))
        assert rows[f.name].startswith(f"`{default}`"), (
            f"{game_id}: {f.name} defaults to {default} in the code, docs say {rows[f.name]}")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_options_command_tells_each_options_meaning_as_the_docs_do(game_id: str) -> None:
    """'sixtysix options GAME' prints a meaning under every option: the words of the game's
    rules page (the docstrings of the game's options fields hold them; the two must not drift
    apart). Options inherited from another game's are on that game's page."""
    from typer.testing import CliRunner

    from sixtysix.cli import app
    from sixtysix.engine.options import option_meanings
    cls = GAMES[game_id]
    docs: dict[str, str] = {}
    for g in sorted(GAMES.values(), key=lambda g: len(g.Options.__mro__)):
        if issubclass(cls.Options, g.Options):
            docs |= option_column(RULES / g.rule_page, MEANING)
    meanings = option_meanings(cls.Options)
    out = CliRunner().invoke(app, ["options", game_id]).output
    for f in dataclasses.fields(cls.Options):
        assert meanings.get(f.name), f"{game_id}: {f.name} has no meaning"
        assert meanings[f.name] == docs[f.name], f"{game_id}: {f.name} differs from docs"
        assert "      " + meanings[f.name] in out


def _shell_blocks() -> list[object]:
    """(page, block) for every ```sh block of docs/, named by page and number."""
    out: list[object] = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for i, block in enumerate(re.findall(r"```sh\n(.*?)```", text, flags=re.S)):
            name = str(page.relative_to(DOCS))
            out.append(pytest.param(name, block, id=f"{name}-{i + 1}"))
    return out


PIP_SHIM = """#!/bin/sh
# pip, but 'pip install' goes into the test's own folder, not the environment the tests run in
if [ "$1" = install ]; then
  shift
  exec "{python}" -m pip install --quiet --no-deps --target "{site}" "$@"
fi
exec "{python}" -m pip "$@"
"""


@pytest.mark.parametrize(("page", "block"), _shell_blocks())
def test_shell_examples_run(page: str, block: str, tmp_path: pathlib.Path) -> None:
    """Every command of a ```sh block runs and succeeds, as printed, in order, in one fresh folder
    that holds a copy of the repository's examples/ (``console`` blocks are only shown).

    ``pip install`` puts a package into a folder of this test that is on the Python path, not
    into the environment the tests run in; sixtysix is already installed, so no dependency is
    fetched. A command that plays at the terminal reads ``quit`` and leaves at once."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    site, shims = tmp_path / "site-packages", tmp_path / "bin"
    shims.mkdir()
    (shims / "pip").write_text(PIP_SHIM.format(python=sys.executable, site=site))
    (shims / "pip").chmod(0o755)
    env = dict(os.environ, PATH=os.pathsep.join([str(shims), str(BIN), os.environ.get("PATH", "")]),
               PYTHONPATH=os.pathsep.join([str(site), *filter(None, [os.environ.get("PYTHONPATH")])]))
    for command in filter(None, (line.strip() for line in block.splitlines())):
        done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, input="quit\n",
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{page}: {command}\n{done.stdout}\n{done.stderr}"


def test_the_example_bot_is_the_one_in_the_docs() -> None:
    """Each file of examples/ that a page shows (a code block after "`examples/...`:") is shown as
    it is: the docs' code and the code that their commands run cannot drift apart."""
    shown = 0
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for path, code in re.findall(r"`(examples/[^`]+)`:\n\n```\w*\n(.*?)```",
                                     text, flags=re.S):
            assert (ROOT / path).read_text(encoding="utf-8") == code, f"{page.name}: {path}"
            shown += 1
    assert shown >= 2


def test_the_site_builds_without_warnings(tmp_path: pathlib.Path) -> None:
    done = subprocess.run([str(BIN / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "rules" / "sixty-six" / "index.html").is_file()


def _without_code(text: str) -> str:
    """The page without its fenced code blocks and inline code (a '#' there is no heading, a
    '](x)' no link)."""
    text = re.sub(r"^\s*```.*?^\s*```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def _anchors(page: pathlib.Path) -> set[str]:
    """The ids that the headings of ``page`` get on the site: the toc extension's slugs (a
    repeated heading gets _1, _2, ...), or the heading's own ``{#id}`` (attr_list)."""
    from markdown.extensions.toc import slugify
    text = re.sub(r"^\s*```.*?^\s*```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    seen: set[str] = set()
    for title in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, flags=re.M):
        own = re.search(r"\{#([\w-]+)\}$", title)
        if own:
            seen.add(own.group(1))
            continue
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)  # a link: its text
        slug = slugify(re.sub(r"[`*]", "", title), "-")
        n, unique = 0, slug
        while unique in seen:
            n += 1
            unique = f"{slug}_{n}"
        seen.add(unique)
    return seen


def test_every_link_between_pages_and_to_a_heading_resolves() -> None:
    """A link to another page of docs/ names a page that is there, and a '#anchor' a heading of
    that page (mkdocs.yml's validation fails the build on the same; this test needs no build)."""
    broken = []
    for page in sorted(DOCS.rglob("*.md")):
        for target in re.findall(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)",
                                 _without_code(page.read_text(encoding="utf-8"))):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:, ...
                continue
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            if not dest.is_file():
                broken.append(f"{page.relative_to(DOCS)}: {target} (no such file)")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{page.relative_to(DOCS)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_a_link_to_a_missing_heading_is_found() -> None:
    """The check above finds what it is for: a heading that is not there."""
    assert "the-auction" in _anchors(DOCS / "rules" / "bauernschnapsen.md")
    assert "the-contracts" not in _anchors(DOCS / "rules" / "bauernschnapsen.md")
    assert "card-values-and-ranks-rulestables" in _anchors(DOCS / "bots.md")


def _cli_sections() -> dict[str, str]:
    """docs/cli.md's reference: command ('play', or 'group sub') -> the text of its section."""
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    ref = text[text.index("\n## Every command and option"):]
    parts = re.split(r"^### `sixtysix ([a-z -]+?)`\s*$", ref, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _commands() -> list[tuple[str, list[str]]]:
    """Every command of ``sixtysix``, walked from the app itself (subcommands of a group too),
    with the long form of each of its options."""
    import typer.main

    from sixtysix.cli import app

    out: list[tuple[str, list[str]]] = []

    def walk(cmd: Any, path: str) -> None:
        if not hasattr(cmd, "list_commands"):  # a command, not a group
            return
        ctx = cmd.context_class(cmd)  # asked as 'sixtysix --help' asks: lazy groups load here
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is None or getattr(sub, "hidden", False):
                continue
            full = f"{path} {name}".strip()
            options = [next((o for o in p.opts if o.startswith("--")), p.opts[0])
                       for p in sub.params
                       if p.param_type_name == "option" and not getattr(p, "hidden", False)]
            out.append((full, options))
            walk(sub, full)

    walk(typer.main.get_command(app), "")
    return out


def test_every_command_and_option_is_described_in_cli_md() -> None:
    """What ``sixtysix --help`` and each ``sixtysix COMMAND --help`` list, docs/cli.md describes:
    a section per command, naming each of its options."""
    sections = _cli_sections()
    commands = _commands()
    assert len(commands) >= 10
    missing = []
    for name, options in commands:
        if name not in sections:
            missing.append(f"sixtysix {name}: no '### `sixtysix {name}`' section")
            continue
        missing += [f"sixtysix {name} {o}" for o in options
                    if not re.search(rf"`{re.escape(o)}(?![\w-])", sections[name])]
    extra = sorted(set(sections) - {name for name, _ in commands})
    assert not missing and not extra, (
        "not in docs/cli.md: " + ", ".join(missing) + "; no longer a command: " + ", ".join(extra))
    summary = (DOCS / "cli.md").read_text(encoding="utf-8").split("\n## ")[0]
    for name, _ in commands:
        assert f"`sixtysix {name}" in summary, f"sixtysix {name} is missing from the command table"
    import typer.main

    from sixtysix.cli import app
    for p in typer.main.get_command(app).params:  # the options of 'sixtysix' itself
        assert f"`sixtysix {p.opts[0]}`" in summary, f"sixtysix {p.opts[0]} is not in docs/cli.md"
