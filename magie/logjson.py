"""Log lines as JSON (LOG_FORMAT=json): time, level, logger, the line, and the ids it is about — the organisation
(the connection's schema), the conversation and message (the turn's key) a worker is on, the trace and span — never
a message's text, a secret or an exception's own words (which may quote either): an exception is its class and
its stack of frames."""

from __future__ import annotations

import json
import logging
import traceback
from datetime import UTC, datetime

from opentelemetry import trace

from magie.tracing import log_ids


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "at": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage(),
        }
        organisation = _schema()
        if organisation:
            line["organisation"] = organisation
        line.update(dict(log_ids.get()))
        span = trace.get_current_span().get_span_context()
        if span.is_valid:
            line["trace_id"], line["span_id"] = f"{span.trace_id:032x}", f"{span.span_id:016x}"
        if record.exc_info and record.exc_info[0] is not None:
            line["exception"] = record.exc_info[0].__name__
            line["stack"] = "".join(traceback.format_tb(record.exc_info[2]))
        return json.dumps(line, ensure_ascii=False, default=str)


def _schema() -> str | None:
    try:
        from django.db import connections

        schema = getattr(connections["default"], "schema_name", None)
    except Exception:  # noqa: BLE001 — a line logged before Django is set up has no organisation
        return None
    return schema if schema and schema != "public" else None
