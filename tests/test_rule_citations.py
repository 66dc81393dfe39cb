"""Every rules citation in the tree resolves: ``rules/<page>.md#<anchor>`` names a page of
docs/rules/ and a heading on it, with the anchor mkdocs gives that heading. The rules were once
cited by the sections of a private spec ("rules" + ".md §x.y"); none of those may come back."""

from __future__ import annotations

import pathlib
import re

import pytest
from markdown.extensions.toc import slugify

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
WHERE = ("sixtysix", "tests", "benchmarks", "docs")
FILES = ("README.md", "CONTRIBUTING.md")
SUFFIXES = {".py", ".pyx", ".pxd", ".md", ".js", ".html", ".css", ".sh", ".toml", ".txt"}
CITE = re.compile(r"rules/([a-z0-9-]+)\.md(?:#([A-Za-z0-9_-]+))?")
OLD = re.compile(r"rules\.md\s*(?:#\s*)?§")
OTHER = re.compile(r"(?:records|design)\.md\s*§[\d.]+(?:(?:,| and)\s*§[\d.]+)*")
EDGE = re.compile(r"§(?:1\.13|2\.12|3\.8|4\.3|5\.5|6\.7|7\.10|8\.9|9\.8)(?:\.\d+)*(?:[–-]\d+)?\b")
"""The spec's numbered edge cases, which tests name as the cases they work through (labels, not
rules: docs/rules/ states the rules those cases exercise)."""


def _sources() -> list[pathlib.Path]:
    out = [ROOT / f for f in FILES if (ROOT / f).exists()]
    for d in WHERE:
        out += sorted(p for p in (ROOT / d).rglob("*") if p.is_file() and p.suffix in SUFFIXES
                      and "results" not in p.parts and ".venv" not in p.parts)
    return out


def anchors(page: pathlib.Path) -> set[str]:
    """The ids mkdocs (``toc`` with its default slugify) gives the headings of ``page``."""
    out, fence = set(), False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            out.add(slugify(re.sub(r"[`*_]", "", m.group(1)), "-"))
    return out


def broken(text: str) -> list[str]:
    """The citations in ``text`` whose page or anchor does not exist."""
    bad = []
    for m in CITE.finditer(text):
        page = RULES / f"{m.group(1)}.md"
        if not page.exists() or (m.group(2) and m.group(2) not in anchors(page)):
            bad.append(m.group(0))
    return bad


def test_every_rules_citation_resolves() -> None:
    seen, bad = 0, []
    for p in _sources():
        if p == pathlib.Path(__file__).resolve():
            continue  # its examples below are broken on purpose
        text = p.read_text(encoding="utf-8", errors="replace")
        seen += len(CITE.findall(text))
        bad += [f"{p.relative_to(ROOT)}: {c}" for c in broken(text)]
    assert not bad, bad
    assert seen > 100  # the search found the citations at all


def test_no_citation_of_the_private_spec_is_left() -> None:
    left = [str(p.relative_to(ROOT)) for p in _sources() if p != pathlib.Path(__file__).resolve()
            and OLD.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert not left, left


def test_no_bare_section_number_cites_a_rule() -> None:
    """A "§x.y" is a section of records.md or design.md, or an edge-case label; a rule is cited by
    its page."""
    left = []
    for p in _sources():
        if p == pathlib.Path(__file__).resolve() or p.suffix not in {".py", ".md", ".js"}:
            continue
        text = EDGE.sub("", OTHER.sub("", p.read_text(encoding="utf-8", errors="replace")))
        left += [f"{p.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(r"§ ?\d+(?:\.\d+)*", text)]
    assert not left, left


@pytest.mark.parametrize(("text", "ok"), [
    ("rules/gaigel.md#options", True),
    ("rules/gaigel.md", True),
    ("rules/gaigel.md#knocking", False),  # no such heading
    ("rules/gaigle.md#options", False),  # no such page
])
def test_a_broken_citation_is_found(text: str, ok: bool) -> None:
    assert (broken(text) == []) is ok
