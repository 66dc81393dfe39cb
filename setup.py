"""Optional compiled core (docs/architecture.md, "The compiled core").

The modules in ``sixtysix/_core.py``'s ``COMPILED`` are plain Python; where Cython and a C compiler
are present they are also compiled, from the same source, into extension modules that import in
their place. Every extension is ``optional``: without Cython, without a compiler, or when one
fails to build, the package installs and runs on the pure modules. ``SIXTYSIX_PURE=1`` at run
time chooses the pure modules even where the compiled ones are installed; ``SIXTYSIX_NO_COMPILE=1``
at build time skips compiling; ``SIXTYSIX_PORTABLE=1`` builds for any machine of the kind, not
only the building one (``NATIVE``).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "sixtysix"))
from _core import BUILT, COMPILED, source_digest  # noqa: E402 - read without importing sixtysix

del sys.path[0]


def extensions() -> list[Extension]:
    if os.environ.get("SIXTYSIX_NO_COMPILE"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython: the pure package
        return []
    exts = [Extension(name, [name.replace(".", "/") + ".py"]) for name in COMPILED]
    try:
        built = cythonize(exts, language_level=3, quiet=True, compiler_directives=DIRECTIVES,
                          nthreads=JOBS)
    except Exception as e:  # Cython could not translate a module: install the pure package
        print(f"warning: the compiled core is not built ({e}); the pure-Python core runs",
              file=sys.stderr)
        return []
    for ext in built:
        ext.optional = True  # no compiler, or a failed one: that module stays pure (cythonize drops it)
        if os.name != "nt":
            # No debug information (Python's own CFLAGS ask for -g): the same machine code, in
            # extensions a sixth of the size (the installed package 47 MB with it).
            ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
        if ext.name in VECTORIZED and os.name != "nt":
            ext.extra_compile_args = [*ext.extra_compile_args, "-O3", "-fstrict-aliasing"]
    return built


VECTORIZED = ("sixtysix.bots.value_net",)
"""Compiled with -O3 and strict aliasing (GCC and Clang), which vectorize the network's loops over
its units (its indices are ``Py_ssize_t``: under Python's -fwrapv an ``int`` index is not
vectorized). Each unit's sum is still added in the same order, so the values are the same to the
bit; a world is valued in about two thirds of the time (14.6 against 9.8 us on the workplace
machine). ``NATIVE`` widens the vectors to the building machine's."""

NATIVE = ("-march=native", "-ffp-contract=off")
"""For ``VECTORIZED``, where the compiler takes them and ``SIXTYSIX_PORTABLE`` is not set: the
building machine's vector instructions (AVX2 on most x86-64: four doubles an instruction, not two;
master's search 12-15% faster), with no fused multiply-add (which rounds once where Python
rounds twice): the values stay those of the pure module to the bit (tests/core_diff.py). A build
for other machines (a wheel to hand out) sets ``SIXTYSIX_PORTABLE=1``."""

JOBS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
"""Modules translated and compiled at once: one a CPU (the C compiler's -O2 of the kernels is most
of an install's time)."""

DIRECTIVES = {
    "binding": True,  # functions keep their signatures and docstrings (doctests, inspect)
    # The annotations are for mypy: Cython ignores them, so the compiled modules keep Python's
    # semantics exactly (unbounded ints, bool an int).
    "annotation_typing": False,
    "embedsignature": False,
}


class BuildPy(build_py):
    """Ship the rules pages (docs/rules/**/*.md) in the package as sixtysix/rules/: the server's help
    pages read them there (one source: they are copied at build time, never kept twice)."""

    def run(self) -> None:
        super().run()
        src = Path(__file__).resolve().parent / "docs" / "rules"
        dst = Path(self.build_lib) / "sixtysix" / "rules"
        dst.mkdir(parents=True, exist_ok=True)
        for page in src.rglob("*.md"):  # each language's folder too (de/)
            (dst / page.relative_to(src)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, dst / page.relative_to(src))


class BuildExt(build_ext):
    """Record beside the extensions what each was compiled from (``_core.BUILT``: digests of its
    ``.py`` and ``.pxd``), so that an installed core knows its extensions are current whatever
    times its files were given (a wheel's all get the time of their install). Compiles ``JOBS``
    extensions at once unless ``--parallel`` says otherwise."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS

    def build_extensions(self) -> None:
        if not os.environ.get("SIXTYSIX_PORTABLE") and self._takes(NATIVE):
            for ext in self.extensions:
                if ext.name in VECTORIZED:
                    ext.extra_compile_args = [*ext.extra_compile_args, *NATIVE]
        super().build_extensions()

    def _takes(self, flags: tuple[str, ...]) -> bool:
        """Whether the C compiler builds a file with ``flags`` (MSVC, or a compiler without
        them: the extensions are built without)."""
        if self.compiler.compiler_type == "msvc":
            return False
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "probe.c"
            src.write_text("int probe(void) { return 0; }\n", encoding="utf-8")
            try:
                self.compiler.compile([str(src)], output_dir=tmp, extra_postargs=list(flags))
            except Exception:  # CompileError, or no compiler at all
                return False
        return True

    def run(self) -> None:
        super().run()
        here = Path(__file__).resolve().parent
        built = {}
        for name in COMPILED:
            if Path(self.get_ext_fullpath(name)).exists():
                built[name] = source_digest(str(here / Path(*name.split(".")).with_suffix(".py")))
        if built:
            out = Path(self.get_ext_fullpath(COMPILED[0])).parent / BUILT
            out.write_text(json.dumps(built, indent=1, sort_keys=True) + "\n", encoding="utf-8")


setup(ext_modules=extensions(), cmdclass={"build_py": BuildPy, "build_ext": BuildExt})
