"""A logging filter that keeps bearer secrets out of log lines, before any handler formats the record (Django's
request and server logs print the path, runserver the whole request line, the web servers their access lines):
- approval and payment links (`/approve/<token>/`, `/pay/<token>/`) lose their token;
- secret query parameters — Meta's webhook handshake carries `hub.verify_token` — lose their value.

The web servers' access logs are configured without the query string, and their access lines pass through this
filter too (magie/serving.py: granian's logging configuration, gunicorn's logger class)."""

from __future__ import annotations

import logging
import re

BEARER_PATHS = ("/approve/", "/pay/")
APPROVAL_TOKEN = re.compile(r"(/(?:approve|pay)/)[^/\s\"'?]+")
SECRET_PARAMETERS = ("hub.verify_token", "verify_token", "access_token", "token")
_SECRET_NAMES = "|".join(re.escape(name) for name in SECRET_PARAMETERS)
SECRET_QUERY = re.compile(rf"((?<![\w.])(?:{_SECRET_NAMES})=)[^&\s\"']*", re.IGNORECASE)


def redact(text: str) -> str:
    return SECRET_QUERY.sub(r"\1[redacted]", APPROVAL_TOKEN.sub(r"\1[redacted]", text))


def _has_secret(text: str) -> bool:
    return any(path in text for path in BEARER_PATHS) or "token=" in text.lower()


def redact_values(values: dict) -> dict:
    """A mapping of log fields (granian's and gunicorn's access atoms) with every string value redacted."""
    return {key: redact(value) if isinstance(value, str) and _has_secret(value) else value
            for key, value in values.items()}


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and _has_secret(record.msg):
            record.msg = redact(record.msg)
        if isinstance(record.args, dict):  # `logger.info("%(path)s", {...})`: granian's access lines
            record.args = redact_values(record.args)
        elif record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            if any(isinstance(arg, str) and _has_secret(arg) for arg in args):
                cleaned = tuple(redact(arg) if isinstance(arg, str) else arg for arg in args)
                record.args = cleaned if isinstance(record.args, tuple) else cleaned[0]  # type: ignore[assignment]
        return True
