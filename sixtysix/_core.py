"""Which core runs: the compiled modules or the pure-Python ones (docs/architecture.md).

The hot modules listed in ``COMPILED`` are plain Python, the reference. ``setup.py`` also
compiles them with Cython where it can; an extension module then sits beside each source file and
Python imports it in the source's place. ``SIXTYSIX_PURE=1`` in the environment makes this package
import the sources even so (a finder placed before the usual ones), so both cores can be run and
compared on one install. Where any source (or its ``.pxd``) differs from the one its extension was
built from (``BUILT`` records digests; without it, the file is newer than the extension), or an
extension is missing, every module is imported as source: a stale extension never runs old code,
and compiled and pure modules never mix (they share C types).
``pip install -e .`` (or ``python setup.py build_ext --inplace``) compiles them again.

This module imports nothing from the package: ``setup.py`` reads ``COMPILED`` from it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.machinery
import json
import os
import re
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["COMPILED", "PURE", "BUILT", "core_name", "compiled_modules", "install", "stale",
           "incomplete", "source_digest"]

COMPILED = (
    "sixtysix.cards",
    "sixtysix.engine.legal",
    "sixtysix.engine.kernel",
    "sixtysix.engine.kernel_search",
    "sixtysix.engine.kernel_multi",
    "sixtysix.engine.kernel_judge",
    "sixtysix.games.gaigel.kernel",
    "sixtysix.games.terts.kernel",
    "sixtysix.games.bauernschnapsen.kernel",
    "sixtysix.engine.rules",
    "sixtysix.engine.state",
    "sixtysix.engine.phases.play",
    "sixtysix.engine.phases.trump",
    "sixtysix.engine.phases.contracts",
    "sixtysix.engine.phases.meld",
    "sixtysix.engine.phases.announce",
    "sixtysix.games.base",
    "sixtysix.games.dealing",
    "sixtysix.games.sixty_six.game",
    "sixtysix.games.schnapsen.game",
    "sixtysix.bots.solver",
    "sixtysix.bots.worlds",
    "sixtysix.bots.playout",
    "sixtysix.bots.choices",
    "sixtysix.bots.exact",
    "sixtysix.bots.packed",
    "sixtysix.bots.ismcts",
    "sixtysix.bots.pimc",
    "sixtysix.engine.view",
    "sixtysix.bots.heuristic",
    "sixtysix.bots.value_net",
)
"""The modules compiled where a compiler is present: the engine's hot paths (legal actions, apply,
trick resolution, drawing, scoring, dealing and the next dealer, Bauernschnapsen's auction), the
playout kernels (with C types from ``kernel.pxd`` and ``kernel_multi.pxd``), the solver and the
searches (their worlds, playouts, exact values, kernel dispatch, ISMCTS and PIMC: ``bots/worlds``
to ``bots/pimc``, with C types from ``playout.pxd``, ``ismcts.pxd`` and ``pimc.pxd``); and, as
plain Python compiled, a seat's view and the heuristic player, with which the bidding searches
play hands out; and the learned value of Sixty-Six worlds (``value_net.pxd``)
that the search may call instead of a playout. ``sixtysix.bots.base`` must stay out: its
``clock``, entered as interpreted Python, is where a thinking search lets other threads run."""

PURE = os.environ.get("SIXTYSIX_PURE", "").strip().lower() not in ("", "0", "false", "no")
"""True when ``SIXTYSIX_PURE`` asks for the pure-Python core."""


BUILT = "_built.json"
"""Written beside the package by ``setup.py`` when it compiles: each compiled module's name and a
digest of the source (``.py`` and ``.pxd``) it was compiled from."""


_CIMPORT = re.compile(rb"^\s*(?:from\s+(sixtysix(?:\.\w+)+)\s+cimport\b|cimport\s+(sixtysix(?:\.\w+)+))",
                      re.MULTILINE)
"""A package module named by a ``cimport`` line of a ``.pxd``."""


def _headers(pxd: str) -> list[str]:
    """The ``.pxd`` beside ``pxd``'s module and every package ``.pxd`` it cimports, directly or
    not, in a fixed order: a cimported header's inline functions and constants are compiled into
    the module (``engine/actions.pxd``'s action blocks), so they are part of what it is built
    from."""
    root = os.path.dirname(pxd)
    while root and os.path.basename(root) != "sixtysix" and os.path.dirname(root) != root:
        root = os.path.dirname(root)
    top = os.path.dirname(root)  # the folder that holds the package
    seen: list[str] = []
    todo = [pxd]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.append(path)
        with contextlib.suppress(OSError), open(path, "rb") as f:
            for m in _CIMPORT.finditer(f.read()):
                name = (m.group(1) or m.group(2)).decode()
                todo.append(os.path.join(top, *name.split(".")) + ".pxd")
    return [seen[0]] + sorted(seen[1:])


def source_digest(source: str) -> str:
    """A digest of ``source``, of the ``.pxd`` beside it, if any, and of the package's ``.pxd``
    files that one cimports: what its extension is built from."""
    h = hashlib.sha256()
    for path in (source, *_headers(source.removesuffix(".py") + ".pxd")):
        with contextlib.suppress(OSError), open(path, "rb") as f:
            h.update(f.read())
        h.update(b"\0")
    return h.hexdigest()


def stale(source: str, digest: str | None = None) -> bool:
    """True when an extension module beside ``source`` was built from another version of it or of
    its ``.pxd``: ``digest`` is the ``source_digest`` it was compiled from (``BUILT``), if known;
    without it, an extension older than either file is stale. Digests, not times, where they are
    known: a wheel's files all get the time of their install, in any order."""
    base = source.removesuffix(".py")
    if not any(os.path.exists(base + suffix)
               for suffix in importlib.machinery.EXTENSION_SUFFIXES):
        return False
    if digest is not None:
        return digest != source_digest(source)
    newest = os.path.getmtime(source)
    with contextlib.suppress(OSError):
        newest = max(newest, os.path.getmtime(base + ".pxd"))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        with contextlib.suppress(OSError):
            return os.path.getmtime(base + suffix) < newest
    return False


@functools.cache
def incomplete(root: str = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) -> bool:
    """True when the compiled core under ``root`` (the folder holding the package) is not whole: a
    module of ``COMPILED`` has no extension, or a stale one. The compiled modules share C types
    (the state's struct, declared in ``.pxd`` files), so one module run from its source beside
    compiled others would not fit them: then the whole core runs pure."""
    built: dict[str, str] | None = None
    with contextlib.suppress(OSError, ValueError), \
            open(os.path.join(root, "sixtysix", BUILT), encoding="utf-8") as f:
        built = {str(k): str(v) for k, v in json.load(f).items()}
    for name in COMPILED:
        base = os.path.join(root, *name.split("."))
        if not any(os.path.exists(base + suffix)
                   for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            return True
        if stale(base + ".py", None if built is None else built.get(name, "")):
            return True
    return False


class _SourceFinder:
    """Finds the modules of ``COMPILED`` as their ``.py`` sources where the pure core is asked for
    or an extension is stale (``incomplete``); leaves every other import to the usual finders."""

    @staticmethod
    def find_spec(fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED or not path:
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *loaders).find_spec(fullname)
            if spec is not None and spec.origin is not None:
                return spec if PURE or incomplete() else None
        return None


def install() -> None:
    """Put the source finder first on ``sys.meta_path`` (called on package import)."""
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())


def compiled_modules() -> list[str]:
    """The modules of ``COMPILED`` that run compiled in this process (importing them)."""
    import importlib
    out = []
    for name in COMPILED:
        origin = getattr(importlib.import_module(name), "__file__", None) or ""
        if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            out.append(name)
    return out


def core_name() -> str:
    """'compiled (Cython, N of M modules)' or 'pure Python', with the reason when pure.

    >>> core_name().startswith(("compiled", "pure Python"))
    True
    """
    done = compiled_modules()
    if done:
        return f"compiled (Cython, {len(done)} of {len(COMPILED)} modules)"
    if PURE:
        return "pure Python (SIXTYSIX_PURE is set)"
    return "pure Python (the compiled modules are missing, incomplete or built from other sources)"
