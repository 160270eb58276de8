"""Platform tasks: the heartbeat beat sends every 30 seconds (read by `manage.py doctor`)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from magie.models import Heartbeat

HEARTBEAT_SECONDS = 30.0


@shared_task(name="magie.heartbeat", bind=True, ignore_result=True)
def heartbeat_task(self) -> None:
    Heartbeat.objects.update_or_create(name="beat", defaults={"at": timezone.now(),
                                                               "hostname": self.request.hostname or ""})
