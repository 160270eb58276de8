"""PostgreSQL's client programs (pg_dump, pg_restore, psql) for the configured server.

A dump must be made by a pg_dump at least as new as the server. Candidates, first that fits: the folder of
`MAGIE_PG_BIN_DIR`, the programs on PATH, then the ones pgserver ships (PostgreSQL 16, with the embedded default)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

from django.conf import settings
from django.db import connection


class PgToolMissing(RuntimeError):
    """No usable PostgreSQL client program for this server: install postgresql-client (its major version at least
    the server's) or point MAGIE_PG_BIN_DIR at one."""


def _candidates(name: str) -> list[Path]:
    found: list[Path] = []
    if os.environ.get("MAGIE_PG_BIN_DIR"):
        found.append(Path(os.environ["MAGIE_PG_BIN_DIR"]) / name)
    on_path = shutil.which(name)
    if on_path:
        found.append(Path(on_path))
    spec = importlib.util.find_spec("pgserver")
    if spec is not None and spec.origin is not None:
        found.append(Path(spec.origin).parent / "pginstall" / "bin" / name)
    return [path for path in found if path.is_file()]


def _major(program: Path) -> int:
    output = subprocess.run([str(program), "--version"], capture_output=True, text=True, check=True).stdout
    match = re.search(r"(\d+)(?:\.\d+)?", output)
    return int(match.group(1)) if match else 0


def server_major() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('server_version_num')::int / 10000")
        return int(cursor.fetchone()[0])


def pg_tool(name: str) -> Path:
    """The first candidate `name` whose major version is at least the server's; PgToolMissing if none."""
    needed = server_major()
    for program in _candidates(name):
        if _major(program) >= needed:
            return program
    raise PgToolMissing(f"no {name} of PostgreSQL {needed} or newer (install postgresql-client-{needed} or set "
                        "MAGIE_PG_BIN_DIR)")


def connection_arguments(database: str | None = None) -> tuple[list[str], dict[str, str]]:
    """(command-line arguments, environment) that point a client program at the configured database (or at
    `database` on the same server)."""
    db = settings.DATABASES["default"]
    arguments = ["--dbname", database or db["NAME"]]
    if db.get("HOST"):
        arguments += ["--host", db["HOST"]]
    if db.get("PORT"):
        arguments += ["--port", str(db["PORT"])]
    if db.get("USER"):
        arguments += ["--username", db["USER"]]
    env = os.environ | {"PGCONNECT_TIMEOUT": "10"}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = db["PASSWORD"]
    return arguments, env
