"""The database work of a background process at that process's CPU priority and on its cores.

`manage.py up` runs the worker and beat at a lower CPU priority than the web server, on the cores it gives them
(`magie.management.commands.up`), so a burst of turns never takes the CPU an acknowledgement waits for. But a good
part of a turn's CPU is spent by PostgreSQL, in the backend process serving the worker's connection, which the
postmaster started at the web's priority and on every core: during a burst those backends still competed with the
acknowledgements. With the embedded PostgreSQL (a server of this machine, run as this user), `up` asks the worker
and beat to give each backend they connect to their own priority and cores: MAGIE_DATABASE_BACKEND_NICE, the niceness
to set (unset or 0: nothing is done). A server elsewhere, or run by another user, is never touched: `up` sets the
variable only for its embedded database, and the operating system refuses to renice another user's process.

A backend's nice value alone is not enough on Linux: PostgreSQL starts every backend in a session of its own, and with
autogroup scheduling (`kernel.sched_autogroup_enabled`, on by default) each session is one scheduling group whose
share of the CPU does not depend on its processes' nice values — a backend at nice 10 still weighed as much as the
whole web server. So the backend's autogroup takes the niceness too (`/proc/<pid>/autogroup`).
"""

from __future__ import annotations

import logging
import os
from typing import Any

logger = logging.getLogger(__name__)

_done: set[int] = set()  # backends of this process already given its priority (a pooled connection comes back)


def backend_nice_setting() -> int:
    try:
        return int(os.environ.get("MAGIE_DATABASE_BACKEND_NICE", "0") or 0)
    except ValueError:
        return 0


def backend_follow_process(sender: Any = None, connection: Any = None, **_: Any) -> None:
    """Django's `connection_created`: the backend serving `connection` takes MAGIE_DATABASE_BACKEND_NICE and this
    process's cores. Never raises: a backend that cannot be reniced keeps its priority."""
    nice = backend_nice_setting()
    raw = getattr(connection, "connection", None)
    pid = getattr(getattr(raw, "info", None), "backend_pid", None)  # psycopg knows it: no query
    if not nice or not pid or pid in _done:
        return
    _done.add(pid)
    try:
        os.setpriority(os.PRIO_PROCESS, pid, max(nice, os.getpriority(os.PRIO_PROCESS, pid)))
        if hasattr(os, "sched_setaffinity"):  # Linux
            os.sched_setaffinity(pid, os.sched_getaffinity(0))
        autogroup_lower(pid, nice)
    except OSError as error:  # not ours (another user's server), or gone
        logger.info("the database backend %s keeps its CPU priority: %s", pid, error)


def autogroup_lower(pid: int, nice: int) -> None:
    """The niceness of `pid`'s autogroup raised to `nice` when `pid` leads a session other than this process's (a
    PostgreSQL backend: its session is its scheduling group); nothing without autogroup (not Linux, or turned off)
    or for a process in this process's session (its group is ours, and our nice values apply inside it)."""
    path = f"/proc/{pid}/autogroup"
    if not os.path.exists(path) or os.getsid(pid) == os.getsid(0):
        return
    with open(path) as current:  # "/autogroup-123 nice 0"
        now = int(current.read().split()[-1])
    if nice > now:
        with open(path, "w") as autogroup:
            autogroup.write(str(nice))
