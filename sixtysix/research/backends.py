"""Where independent pieces of work run: in this process, in a local process pool, or as Ray tasks.

Tournaments and self-play cut their work into tasks that depend only on their arguments (every
random choice inside a task comes from a seed in those arguments), so every backend gives the same
results in the same order.

>>> list(run_tasks(abs, [-1, 2, -3]))
[1, 2, 3]

``backend="ray"`` starts (or joins, with ``address``) a Ray cluster: a local one by default, with
``workers`` CPUs and no dashboard. A local cluster runs with Ray's token authentication (on by
default for local clusters since Ray 2.59): unless ``RAY_AUTH_TOKEN`` or ``RAY_AUTH_TOKEN_PATH``
says otherwise, a fresh token is written to a private temporary directory and given to Ray through
``RAY_AUTH_TOKEN_PATH``, and that directory — the token, Ray's session files and logs — is removed
when the work is done, so nothing is left in the home directory. To join a cluster, pass its
``address`` and its token the way Ray's documentation says (``RAY_AUTH_TOKEN`` or
``RAY_AUTH_TOKEN_PATH``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal, TypeVar

__all__ = ["Backend", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")
Backend = Literal["local", "ray"]


def run_tasks(fn: Callable[[T], R], tasks: Iterable[T], *, workers: int = 1,
              backend: Backend = "local", address: str | None = None) -> Iterator[R]:
    """``fn`` of each task, yielded in task order as they complete in order."""
    tasks = list(tasks)
    if backend == "ray":
        yield from _ray(fn, tasks, workers, address)
    elif backend != "local":
        raise ValueError(f"backend must be 'local' or 'ray', not {backend!r}")
    elif workers > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(fn, tasks)
    else:
        yield from map(fn, tasks)


def _ray(fn: Callable[[T], R], tasks: list[T], workers: int, address: str | None) -> Iterator[R]:
    scratch: str | None = None
    saved_env: dict[str, str | None] = {}
    try:
        # Ray reads its authentication settings when it is imported: set them up first.
        if not address and not (os.environ.get("RAY_AUTH_TOKEN")
                                or os.environ.get("RAY_AUTH_TOKEN_PATH")):
            scratch = tempfile.mkdtemp(prefix="sixtysix-ray-")
            token = os.path.join(scratch, "auth_token")
            with open(token, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32))
            os.chmod(token, 0o600)
            for key, value in (("RAY_AUTH_MODE", "token"), ("RAY_AUTH_TOKEN_PATH", token)):
                saved_env[key] = os.environ.get(key)
                os.environ[key] = value
        try:
            import ray
        except ModuleNotFoundError:
            raise ValueError("the Ray backend needs Ray: pip install 'sixtysix[ray]'") from None
        started = not ray.is_initialized()
        if started:
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "configure_logging": False}
            if address:
                kwargs["address"] = address
            else:
                kwargs["num_cpus"] = max(1, workers)
                if scratch is None:
                    scratch = tempfile.mkdtemp(prefix="sixtysix-ray-")
                kwargs["_temp_dir"] = scratch
            ray.init(**kwargs)
        try:
            remote = ray.remote(fn)
            refs = [remote.remote(t) for t in tasks]
            for ref in refs:
                yield ray.get(ref)
        finally:
            if started:
                ray.shutdown()
    finally:
        for key, old in saved_env.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
