"""The two lines every benchmark prints first: the machine it ran on and the command that ran it."""

from __future__ import annotations

import os
import platform
import sys
from pathlib import Path


def cpu_model() -> str:
    """The processor's name (from /proc/cpuinfo on Linux), else what ``platform`` knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def header() -> str:
    return (f"machine: {cpu_model()}, {os.cpu_count()} cores, {platform.system()} "
            f"{platform.machine()}, Python {platform.python_version()} "
            f"({platform.python_implementation()})\n"
            f"command: {' '.join(['python'] + sys.argv)}")
