"""Optional compiled core (docs/architecture.md, "The compiled core").

The modules in ``sixtysix/_core.py``'s ``COMPILED`` are plain Python; where Cython and a C compiler
are present they are also compiled, from the same source, into extension modules that import in
their place. Every extension is ``optional``: without Cython, without a compiler, or when one
fails to build, the package installs and runs on the pure modules. ``SIXTYSIX_PURE=1`` at run
time chooses the pure modules even where the compiled ones are installed; ``SIXTYSIX_NO_COMPILE=1``
at build time skips compiling.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sixtysix"))
from _core import COMPILED  # noqa: E402 - the one list of compiled modules, read without importing sixtysix

del sys.path[0]


def extensions() -> list[Extension]:
    if os.environ.get("SIXTYSIX_NO_COMPILE"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython: the pure package
        return []
    exts = [Extension(name, [name.replace(".", "/") + ".py"], optional=True) for name in COMPILED]
    return cythonize(exts, language_level=3, quiet=True, compiler_directives={
        "binding": True,  # functions keep their signatures and docstrings (doctests, inspect)
        # The annotations are for mypy; C types come only from the .pxd files beside the sources.
        "annotation_typing": False,
        "embedsignature": False,
    })


setup(ext_modules=extensions())
