"""Each game is one package (issue 78): no code outside ``sixtysix/games/<game>/`` names the game.

Outside its package and the registry (``games/__init__.py``), no module of ``sixtysix`` holds a
game's id in a string, uses its game or options class, or imports its package: whatever other
code needs to know about a game, the game declares (``engine/game.py``'s ``Game``). Docstrings
and comments may name games (examples, rule citations); code may not. A game built on another
(Three-Hand on Sixty-Six) may name the game it extends. About 1 s (each module parsed once).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from sixtysix.games import GAMES

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "sixtysix"
REGISTRY = PACKAGE / "games" / "__init__.py"


def _package(cls: type) -> pathlib.Path:
    """The directory of the game's package."""
    return PACKAGE.joinpath(*cls.__module__.split(".")[1:-1])


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (a string expression statement)."""
    return {id(n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)}


def _imported(path: pathlib.Path, node: ast.ImportFrom) -> str:
    """The absolute module an import-from reads."""
    if not node.level:
        return node.module or ""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if path.name == "__init__.py":
        parts = parts[:-1]
    base = parts[:len(parts) - node.level + (path.name == "__init__.py")]
    return ".".join(base + ([node.module] if node.module else []))


def _code_words(path: pathlib.Path, tree: ast.AST) -> list[tuple[int, str, str]]:
    """What the code of ``path`` could name a game by, as (line, kind, text): each string that is
    no docstring, each name and attribute, each module imported from and each name imported."""
    docs = _docstrings(tree)
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            out.append((n.lineno, "string", n.value))
        elif isinstance(n, ast.Name):
            out.append((n.lineno, "name", n.id))
        elif isinstance(n, ast.Attribute):
            out.append((n.lineno, "name", n.attr))
        elif isinstance(n, ast.ImportFrom):
            out.append((n.lineno, "module", _imported(path, n)))
            out += [(n.lineno, "name", a.name) for a in n.names]
    return out


def names_of_game(words: list[tuple[int, str, str]], cls: type) -> list[str]:
    """Where code (``_code_words``) names game ``cls``: its id in a string (not inside a dotted
    name or a file name: a rules page, a compiled module of ``_core``), its classes, or its
    package in an import."""
    gid = re.compile(rf"(?<![\w.-]){re.escape(cls.id)}(?![\w.-])")  # type: ignore[attr-defined]
    classes = {cls.__name__, cls.Options.__name__}  # type: ignore[attr-defined]
    package = cls.__module__.rsplit(".", 1)[0]
    return [f"line {line}: {text!r}" for line, kind, text in words
            if kind == "string" and gid.search(text) or kind == "name" and text in classes
            or kind == "module" and (text == package or text.startswith(package + "."))]


SOURCES = [(p, _code_words(p, ast.parse(p.read_text(encoding="utf-8"))))
           for p in sorted(PACKAGE.rglob("*.py"))]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_code_outside_the_games_package_names_it(game_id: str) -> None:
    cls = GAMES[game_id]
    home = _package(cls)
    # A game's package may name the games its game class extends (Three-Hand: Sixty-Six).
    builders = {_package(g) for g in GAMES.values() if g is not cls and issubclass(g, cls)}
    outside = {}
    for path, words in SOURCES:
        if path == REGISTRY or home in path.parents or any(b in path.parents for b in builders):
            continue
        found = names_of_game(words, cls)
        if found:
            outside[str(path.relative_to(PACKAGE))] = found
    assert not outside, f"{game_id} is named outside its package: {outside}"


def test_the_check_finds_a_game_named_in_code(tmp_path: pathlib.Path) -> None:
    """The check itself: an id test, a class and an import are each found; a docstring is not."""
    cls = GAMES["gaigel"]
    path = PACKAGE / "bots" / "example.py"
    code = ('"""Gaigel\'s knock: make_game("gaigel")."""\n'
            'from ..games.gaigel import Gaigel\n'
            'def f(s):\n'
            '    return s.game.id == "gaigel" or isinstance(s.game, Gaigel)\n')
    found = names_of_game(_code_words(path, ast.parse(code)), cls)
    assert [f.split(":")[0] for f in found] == ["line 2", "line 2", "line 4", "line 4"], found
    assert names_of_game(_code_words(path, ast.parse('"""make_game("gaigel")"""\n')), cls) == []


def test_every_game_is_a_package_with_its_options_apart() -> None:
    for cls in GAMES.values():
        home = _package(cls)
        assert home.parent == PACKAGE / "games" and (home / "__init__.py").is_file(), cls
        assert cls.Options.__module__ == cls.__module__.rsplit(".", 1)[0] + ".options"  # type: ignore[attr-defined]
        assert (PACKAGE.parent / "docs" / "rules" / cls.rule_page).is_file(), cls
