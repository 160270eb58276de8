"""gunicorn's access log without bearer secrets (`manage.py serve` with MAGIE_SERVER=gunicorn names this class)."""

from __future__ import annotations

from gunicorn.glogging import Logger

from magie.logscrub import redact_values


class ScrubbedGunicornLogger(Logger):
    """gunicorn's logger with approval and payment tokens (and secret query values) redacted from every access atom
    (the path, the request line, the referer) before the line is formatted."""

    def atoms(self, resp, req, environ, request_time):  # noqa: ANN001, ANN201 — gunicorn's signature
        return redact_values(super().atoms(resp, req, environ, request_time))
