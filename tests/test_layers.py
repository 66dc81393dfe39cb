"""The layering of design.md: arrows point down only."""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "sixtysix"
# Each layer and the layers above it, which it must not import.
ABOVE = {
    "cards.py": ("engine", "games", "records", "bots", "analysis", "cli", "server", "research"),
    "engine": ("games", "records", "bots", "analysis", "cli", "server", "research"),
    "games": ("records", "bots", "analysis", "cli", "server", "research"),
}


def _imports(path: pathlib.Path) -> set[str]:
    """Top-level sixtysix subpackages that ``path`` imports (absolute or relative)."""
    out = set()
    rel = path.relative_to(PACKAGE.parent).with_suffix("").parts
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(rel[:-node.level])
                parts = base + (node.module.split(".") if node.module else [])
            else:
                parts = (node.module or "").split(".")
            names = [parts + [a.name] for a in node.names] if len(parts) == 1 else [parts]
            for p in names:
                if p[0] == "sixtysix" and len(p) > 1:
                    out.add(p[1])
        elif isinstance(node, ast.Import):
            for a in node.names:
                p = a.name.split(".")
                if p[0] == "sixtysix" and len(p) > 1:
                    out.add(p[1])
    return out


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_layers_import_only_downwards(layer: str) -> None:
    root = PACKAGE / layer
    files = [root] if root.is_file() else sorted(root.rglob("*.py"))
    assert files
    for path in files:
        bad = _imports(path) & {m.removesuffix(".py") for m in ABOVE[layer]}
        assert not bad, f"{path.relative_to(PACKAGE)} imports {sorted(bad)} from above its layer"
