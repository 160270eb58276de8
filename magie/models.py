"""Platform-level rows (public schema)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class AppendOnly(models.Model):
    """Abstract: a row written once and read back in the order written (an Ask's transitions and decisions, the
    replies and notes on an escalation): stamped when inserted, ordered by its id."""

    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        abstract = True
        ordering = ["pk"]


class Heartbeat(models.Model):
    """The last time a periodic task sent by beat ran on a worker: `manage.py doctor` reads it to tell whether beat
    (and a worker consuming its tasks) is alive — beat answers no ping of its own."""

    name = models.CharField(max_length=32, unique=True, verbose_name=_("name"))
    at = models.DateTimeField()
    hostname = models.CharField(max_length=200, blank=True)  # the worker that ran it

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.name} at {self.at.isoformat()}"


class SchemaTemplateDump(models.Model):
    """The SQL that makes a new organisation's schema: pg_dump of the migrated template schema (`magie_template`)
    for one set of applied migrations (`fingerprint`), kept so that creating an organisation replays it instead of
    dumping again (magie/schemas/template.py)."""

    fingerprint = models.CharField(max_length=64, unique=True)
    sql = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    def __str__(self) -> str:
        return f"schema template {self.fingerprint[:12]}"
