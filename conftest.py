"""Root test set-up: doctests of the compiled core.

Where the compiled core is built (setup.py), ``sixtysix/engine/legal.py`` and the other modules of
``sixtysix._core.COMPILED`` import as extension modules, and pytest would refuse to collect their
doctests because the module's file is not the ``.py`` it was asked for. The docstrings are the same
(compiled from that very file), so the check is waived and the doctests run against the compiled
functions; under ``SIXTYSIX_PURE=1`` they run against the sources.
"""

from __future__ import annotations

import os

os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")
