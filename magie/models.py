"""Platform-level rows (public schema)."""

from __future__ import annotations

from django.db import models


class AppendOnly(models.Model):
    """Abstract: a row written once and read back in the order written (an Ask's transitions and decisions, the
    replies and notes on an escalation): stamped when inserted, ordered by its id."""

    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["pk"]


class Heartbeat(models.Model):
    """The last time a periodic task sent by beat ran on a worker: `manage.py doctor` reads it to tell whether beat
    (and a worker consuming its tasks) is alive — beat answers no ping of its own."""

    name = models.CharField(max_length=32, unique=True)
    at = models.DateTimeField()
    hostname = models.CharField(max_length=200, blank=True)  # the worker that ran it

    def __str__(self) -> str:
        return f"{self.name} at {self.at.isoformat()}"
