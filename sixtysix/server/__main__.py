"""``python -m sixtysix.server [--host H] [--port P] [--database URL]``: the same as ``sixtysix serve``."""

from __future__ import annotations

import argparse

from .runner import serve


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m sixtysix.server", description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--database", default="sqlite:///sixtysix.db")
    p.add_argument("--log-level", default="warning")
    p.add_argument("--config", default=None, help="a TOML file of server limits (ServerConfig)")
    a = p.parse_args(argv)
    serve(a.host, a.port, a.database, a.log_level, a.config)


if __name__ == "__main__":
    main()
