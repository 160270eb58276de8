"""Keys of a development machine, generated once under the data folder (0600) and reused by every process.

Only the development deployment (the embedded default, or MAGIE_DEPLOYMENT=development) uses them; production
refuses to start without SECRET_KEY and MAGIE_FIELD_KEYS (magie/settings/base.py, security block).
"""

from __future__ import annotations

import os
import secrets
import time
from base64 import urlsafe_b64encode
from collections.abc import Callable
from pathlib import Path


def local_key(path: Path, make: Callable[[], str]) -> str:
    """The key stored at `path`, created by the first process that asks (O_EXCL: racing processes agree)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another process is writing it
            value = path.read_text().strip()
            if value:
                return value
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty: delete it and start again") from None
    value = make()
    with os.fdopen(fd, "w") as handle:
        handle.write(value + "\n")
    return value


def new_secret_key() -> str:
    return secrets.token_urlsafe(50)


def new_fernet_key() -> str:
    return urlsafe_b64encode(secrets.token_bytes(32)).decode()
