"""`DATABASE_URL` → Django's DATABASES entry, for the django-tenants backend."""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit


def database_from_url(url: str) -> dict[str, object]:
    """Parse `postgres://user:pass@host:port/name?host=/socket/dir` (socket form as pgserver gives it)."""
    parts = urlsplit(url)
    if parts.scheme not in {"postgres", "postgresql"}:
        raise ValueError(f"DATABASE_URL must be a postgresql:// URL, not {parts.scheme!r}")
    query = parse_qs(parts.query)
    host = query.get("host", [parts.hostname or ""])[0]
    return {
        "ENGINE": "magie.db.pgbackend",  # django-tenants' backend, its table list bounded (magie/db/pgbackend/base.py)
        "NAME": unquote(parts.path.lstrip("/")) or "postgres",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": host,
        "PORT": str(parts.port or ""),
        "CONN_MAX_AGE": 0,
    }
