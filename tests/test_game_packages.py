"""Each game is one package (issue 78): no code outside ``sixtysix/games/<game>/`` names the game.

Outside its package and the registry (``games/__init__.py``), no module of ``sixtysix`` holds a
game's id in a string, uses its game or options class, or imports its package: whatever other
code needs to know about a game, the game declares (``engine/game.py``'s ``Game``). Docstrings
and comments may name games (examples, rule citations); code may not. A game built on another
(Three-Hand on Sixty-Six) may name the game it extends. About 0.3 s.
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


def names_of_game(path: pathlib.Path, tree: ast.AST, cls: type) -> list[str]:
    """Where the code of ``path`` names game ``cls``: its id in a string that is no docstring
    (not inside a dotted name or a file name: a rules page, a compiled module of ``_core``), its
    classes, or its package in an import."""
    gid = re.compile(rf"(?<![\w.-]){re.escape(cls.id)}(?![\w.-])")
    classes = {cls.__name__, cls.Options.__name__}  # type: ignore[attr-defined]
    package = cls.__module__.rsplit(".", 1)[0]
    docs = _docstrings(tree)
    found = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs \
                and gid.search(n.value):
            found.append(f"line {n.lineno}: {n.value!r}")
        elif isinstance(n, ast.Name) and n.id in classes or \
                isinstance(n, ast.Attribute) and n.attr in classes:
            found.append(f"line {n.lineno}: {ast.unparse(n)}")
        elif isinstance(n, ast.ImportFrom):
            module = _imported(path, n)
            if module == package or module.startswith(package + ".") or \
                    any(a.name in classes for a in n.names):
                found.append(f"line {n.lineno}: import from {module}")
    return found


def _sources() -> list[tuple[pathlib.Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.rglob("*.py"))]


SOURCES = _sources()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_code_outside_the_games_package_names_it(game_id: str) -> None:
    cls = GAMES[game_id]
    home = _package(cls)
    # A game's package may name the games its game class extends (Three-Hand: Sixty-Six).
    builders = {_package(g) for g in GAMES.values() if g is not cls and issubclass(g, cls)}
    outside = {}
    for path, tree in SOURCES:
        if path == REGISTRY or home in path.parents or any(b in path.parents for b in builders):
            continue
        found = names_of_game(path, tree, cls)
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
    found = names_of_game(path, ast.parse(code), cls)
    assert [f.split(":")[0] for f in found] == ["line 2", "line 4", "line 4"], found
    assert names_of_game(path, ast.parse('"""make_game("gaigel")"""\n'), cls) == []


def test_every_game_is_a_package_with_its_options_apart() -> None:
    for cls in GAMES.values():
        home = _package(cls)
        assert home.parent == PACKAGE / "games" and (home / "__init__.py").is_file(), cls
        assert cls.Options.__module__ == cls.__module__.rsplit(".", 1)[0] + ".options"  # type: ignore[attr-defined]
        assert (PACKAGE.parent / "docs" / "rules" / cls.rule_page).is_file(), cls
