"""Bounded database work: every connection carries a statement timeout, a lock timeout and an idle-in-transaction
timeout chosen by the role of its process, so one stuck query or one lock queue never holds a pooled connection
(and the requests waiting for it) forever.

The values travel in libpq's `options` startup parameter (`-c statement_timeout=…`): PostgreSQL applies them when
the connection is opened, at no round trip per request, and a pooled connection keeps them for its life.

Roles (`MAGIE_PROCESS_ROLE`, which `manage.py up` and `manage.py serve` set; else read from the command line):
- web: requests wait for nobody for long — a statement is cut after 5 s, a lock wait after 2 s;
- worker (and beat): tasks may read more — 30 s per statement, 5 s per lock wait;
- migrate (`migrate`, `migrate_schemas`): DDL may run long (30 min) but never queues behind a long transaction
  for more than 2 s, because every statement of the application would queue behind it in turn; the executor
  (`magie.schemas.executor`) tries again later instead;
- cli (shell, other commands, the test process): 10 min per statement, 60 s per lock wait.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROLES = ("web", "worker", "beat", "migrate", "cli")
MIGRATE_COMMANDS = {"migrate", "migrate_schemas"}


@dataclass(frozen=True)
class Timeouts:
    statement_ms: int
    lock_ms: int
    idle_in_transaction_ms: int

    def libpq_options(self) -> str:
        """The `options` startup parameter that sets them for the whole session."""
        return (f"-c statement_timeout={self.statement_ms} -c lock_timeout={self.lock_ms} "
                f"-c idle_in_transaction_session_timeout={self.idle_in_transaction_ms}")


# role → (statement, lock) in milliseconds; the environment's DATABASE_STATEMENT_TIMEOUT_<ROLE> and
# DATABASE_LOCK_TIMEOUT_<ROLE> override them (beat reads the worker's).
DEFAULTS_MS: dict[str, tuple[int, int]] = {
    "web": (5_000, 2_000),
    "worker": (30_000, 5_000),
    "migrate": (30 * 60_000, 2_000),
    "cli": (10 * 60_000, 60_000),
}
IDLE_IN_TRANSACTION_DEFAULT_MS = 60_000


def process_role(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The role of this process: MAGIE_PROCESS_ROLE when set, else what its command line runs."""
    explicit = environ.get("MAGIE_PROCESS_ROLE", "").strip().lower()
    if explicit:
        if explicit not in ROLES:
            raise ValueError(f"MAGIE_PROCESS_ROLE must be one of {', '.join(ROLES)}, not {explicit!r}")
        return explicit
    if not argv:
        return "cli"
    program, words = Path(argv[0]).name, list(argv[1:])
    if program in {"granian", "gunicorn"}:
        return "web"
    if "celery" in Path(argv[0]).parts:  # `celery …` and `python -m celery …` (…/celery/__main__.py)
        return "beat" if "beat" in words else "worker" if "worker" in words else "cli"
    if program in {"manage.py", "django-admin"} and words and words[0] in MIGRATE_COMMANDS:
        return "migrate"
    return "cli"


def role_timeouts(role: str, environ: Mapping[str, str]) -> Timeouts:
    """The timeouts of `role`: the defaults above, or the environment's (milliseconds; 0 turns one off)."""
    key = "worker" if role == "beat" else role
    statement, lock = DEFAULTS_MS[key]
    suffix = key.upper()
    return Timeouts(
        statement_ms=_milliseconds(environ, f"DATABASE_STATEMENT_TIMEOUT_{suffix}", statement),
        lock_ms=_milliseconds(environ, f"DATABASE_LOCK_TIMEOUT_{suffix}", lock),
        idle_in_transaction_ms=_milliseconds(environ, "DATABASE_IDLE_IN_TRANSACTION_TIMEOUT",
                                             IDLE_IN_TRANSACTION_DEFAULT_MS),
    )


def _milliseconds(environ: Mapping[str, str], name: str, default: int) -> int:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ValueError(f"{name} must be a whole number of milliseconds (0 for none), not {raw!r}")
    return int(raw)


def current_timeouts() -> tuple[str, Timeouts]:
    """This process's role and timeouts (what the settings put on its connections)."""
    import sys

    role = process_role(sys.argv, os.environ)
    return role, role_timeouts(role, os.environ)
