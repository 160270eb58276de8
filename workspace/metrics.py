"""`/metrics` on the platform host: the metrics every process observed (magie.metrics) and what is read from the
broker and the database when scraped — it reads across the rooms, like the rest of the workspace.

Access: with MAGIE_METRICS_TOKEN set, a request must carry `Authorization: Bearer <token>`; without it, a
development deployment answers loopback clients only, and production only the networks of MAGIE_METRICS_ALLOW
(e.g. `10.0.0.0/8`), none by default.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import threading
import time
from collections.abc import Iterable, Iterator

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from agent.models import Turn
from magie.metrics import metrics_text
from tenants.models import Organisation

logger = logging.getLogger(__name__)
BATCH = 250  # organisations per statement


def _schemas() -> list[str]:
    return list(Organisation.objects.exclude(schema_name="public").order_by("schema_name")
                .values_list("schema_name", flat=True))


def _per_schema(select: str, schemas: list[str]) -> Iterator[tuple]:
    """`select` (with {schema} for each organisation's schema) run as UNION ALL, BATCH schemas per statement."""
    with connection.cursor() as cursor:
        for start in range(0, len(schemas), BATCH):
            part = schemas[start:start + BATCH]
            cursor.execute(" UNION ALL ".join(select.format(schema=f'"{schema}"', name=schema) for schema in part))
            yield from cursor.fetchall()


def queue_depths() -> dict[str, int]:
    """Messages waiting in the broker's default queue (a queue not declared yet holds none)."""
    from magie.celery import app

    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    try:
        with app.connection_for_read() as broker:
            declared = broker.default_channel.queue_declare(queue=queue, passive=True)
            return {queue: int(declared.message_count)}
    except Exception:  # noqa: BLE001 — not declared yet, or the broker is away: the scrape goes on
        logger.warning("queue depth of %s not read", queue, exc_info=True)
        return {queue: 0}


def oldest_waiting() -> tuple[float, float]:
    """Seconds since the oldest acknowledged webhook body not processed, and the oldest customer message not
    answered, in any organisation (0 when none waits)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(extract(epoch FROM now() - min(received_at)), 0) "
                       "FROM public.whatsapp_inbound_inboundbody WHERE processed_at IS NULL")
        bodies = float(cursor.fetchone()[0])
    oldest = [row[0] for row in _per_schema(
        "SELECT min(created_at) FROM {schema}.conversations_message WHERE direction = 'in' AND handled_at IS NULL",
        _schemas()) if row[0] is not None]
    if not oldest:
        return bodies, 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT extract(epoch FROM now() - %s)", [min(oldest)])
        return bodies, max(0.0, float(cursor.fetchone()[0]))


def week_by_organisation() -> dict[str, tuple[int, int, int]]:
    """Per organisation, the last 7 days' turns, failed turns and escalations."""
    select = ("SELECT '{name}', (SELECT count(*) FROM {schema}.agent_turn WHERE started_at >= now() - interval '7 days'),"
              " (SELECT count(*) FROM {schema}.agent_turn WHERE started_at >= now() - interval '7 days' "
              "AND status = '" + Turn.Status.FAILED.value + "'), (SELECT count(*) FROM {schema}.inbox_escalation "
              "WHERE created_at >= now() - interval '7 days')")
    return {name: (turns, failed, escalations) for name, turns, failed, escalations in _per_schema(select, _schemas())}


class DatabaseCollector(Collector):
    """What is read when scraped, kept `max_age` seconds: many web processes scraped often cost the database one
    read a minute each."""

    def __init__(self, max_age: float = 60.0) -> None:
        self.max_age = max_age
        self._lock = threading.Lock()
        self._read_at = -max_age
        self._families: list[GaugeMetricFamily] = []

    def collect(self) -> Iterator[GaugeMetricFamily]:
        with self._lock:
            if time.monotonic() - self._read_at >= self.max_age:
                try:
                    self._families = list(self._read())
                except Exception:  # noqa: BLE001 — a scrape answers with what it has; the log says why
                    logger.exception("reading the database metrics failed")
                self._read_at = time.monotonic()
            yield from self._families

    def _read(self) -> Iterable[GaugeMetricFamily]:
        depth = GaugeMetricFamily("magie_queue_depth", "Tasks waiting in the broker's queue", labels=["queue"])
        for queue, count in queue_depths().items():
            depth.add_metric([queue], count)
        yield depth
        age = GaugeMetricFamily("magie_queue_age_seconds", "Age of the oldest work not done yet", labels=["what"])
        bodies, messages = oldest_waiting()
        age.add_metric(["webhook_body"], bodies)
        age.add_metric(["customer_message"], messages)
        yield age
        families = {
            "turns": GaugeMetricFamily("magie_week_turns", "Turns in the last 7 days", labels=["organisation"]),
            "failed": GaugeMetricFamily("magie_week_dead_letters", "Failed turns (the dead-letter list), last 7 days",
                                        labels=["organisation"]),
            "escalations": GaugeMetricFamily("magie_week_escalations", "Chats handed to people, last 7 days",
                                             labels=["organisation"]),
            "rate": GaugeMetricFamily("magie_week_fallback_rate", "Escalations per turn over the last 7 days",
                                      labels=["organisation"]),
        }
        for schema, (turns, failed, escalations) in sorted(week_by_organisation().items()):
            families["turns"].add_metric([schema], turns)
            families["failed"].add_metric([schema], failed)
            families["escalations"].add_metric([schema], escalations)
            families["rate"].add_metric([schema], escalations / turns if turns else 0.0)
        yield from families.values()


database_collector = DatabaseCollector(max_age=float(getattr(settings, "MAGIE_METRICS_DATABASE_SECONDS", 60)))


def metrics_allowed(request: HttpRequest) -> bool:
    token = settings.MAGIE_METRICS_TOKEN
    if token:
        given = request.headers.get("Authorization", "")
        return hmac.compare_digest(given.encode(), f"Bearer {token}".encode())
    address = ipaddress.ip_address(request.META.get("REMOTE_ADDR") or "0.0.0.0")
    if not settings.PRODUCTION and address.is_loopback:
        return True
    return any(address in ipaddress.ip_network(network, strict=False) for network in settings.MAGIE_METRICS_ALLOW)


@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    if not metrics_allowed(request):
        return HttpResponseNotFound()  # nothing here for whoever may not scrape it
    return HttpResponse(metrics_text(database_collector), content_type=CONTENT_TYPE_LATEST)
