"""Platform-level rows (public schema)."""

from __future__ import annotations

from django.db import models


class Heartbeat(models.Model):
    """The last time a periodic task sent by beat ran on a worker: `manage.py doctor` reads it to tell whether beat
    (and a worker consuming its tasks) is alive — beat answers no ping of its own."""

    name = models.CharField(max_length=32, unique=True)
    at = models.DateTimeField()
    hostname = models.CharField(max_length=200, blank=True)  # the worker that ran it

    def __str__(self) -> str:
        return f"{self.name} at {self.at.isoformat()}"
