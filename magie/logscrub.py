"""A logging filter that keeps bearer secrets out of log lines: approval links (`/approve/<token>/`) lose their
token before any handler formats the record (Django's request and server logs print the path)."""

from __future__ import annotations

import logging
import re

APPROVAL_TOKEN = re.compile(r"(/approve/)[^/\s\"'?]+")


def redact(text: str) -> str:
    return APPROVAL_TOKEN.sub(r"\1[redacted]", text)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "/approve/" in record.msg:
            record.msg = redact(record.msg)
        if record.args:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            if any(isinstance(arg, str) and "/approve/" in arg for arg in args):
                cleaned = tuple(redact(arg) if isinstance(arg, str) else arg for arg in args)
                record.args = cleaned if isinstance(record.args, tuple) else cleaned[0]
        return True
