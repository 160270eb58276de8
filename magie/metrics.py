"""Prometheus metrics: what the code observes as it runs, and what is read from the database when scraped.

Observed (prometheus-client; in multi-process mode when PROMETHEUS_MULTIPROC_DIR is set — `manage.py up` sets it
for the web server's processes and the Celery worker's, so one scrape sees them all):
- `magie_webhook_seconds`: the webhook's answer time, by status (`MetricsMiddleware`, outermost);
- `magie_turns_total` / `magie_turn_seconds`: turns and their latency by outcome (`turn_observed`, agent's turn);
- `magie_guard_verdicts_total`: verdicts by guard (`guard_verdicts_observed`, the guards' runner);
- `magie_outbound_sends_total`: outbound deliveries by status reached (django-fsm's post_transition);
- `magie_db_pool_*`: each process's connection pool (after every request and task).
What is read from the broker and the database when scraped (queue depth and age, per organisation the week's turns,
dead letters, escalations and fallback rate) is `workspace.metrics`, which reads across the rooms.
"""

from __future__ import annotations

import atexit
import logging
import os
import time
from collections.abc import Callable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest, multiprocess
from prometheus_client.registry import Collector

from magie.tracing import server_span

logger = logging.getLogger(__name__)

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)

WEBHOOK_SECONDS = Histogram("magie_webhook_seconds", "Time to answer a WhatsApp webhook", ["status"],
                            buckets=LATENCY_BUCKETS)
TURNS = Counter("magie_turns", "Turns by outcome", ["outcome"])
TURN_SECONDS = Histogram("magie_turn_seconds", "A turn's latency, message stored to turn recorded, by outcome",
                         ["outcome"], buckets=LATENCY_BUCKETS)
GUARD_VERDICTS = Counter("magie_guard_verdicts", "Guard verdicts on drafts, by guard", ["guard", "verdict"])
OUTBOUND_SENDS = Counter("magie_outbound_sends", "Outbound deliveries reaching a status", ["status"])
POOL_SIZE = Gauge("magie_db_pool_connections", "Connections the process's pool holds", ["role"],
                  multiprocess_mode="livesum")
POOL_IN_USE = Gauge("magie_db_pool_in_use", "Pool connections lent out", ["role"], multiprocess_mode="livesum")
POOL_WAITING = Gauge("magie_db_pool_waiting", "Requests waiting for a pool connection", ["role"],
                     multiprocess_mode="livesum")


_CHILDREN: dict[tuple[Any, tuple[str, ...]], Any] = {}


def _child(metric: Any, *labels: str) -> Any:
    """`metric.labels(*labels)`, kept: the client validates the labels and takes a lock each time it is asked
    (about a dozen times per turn); the child it answers is the same object for as long as the process lives."""
    key = (metric, labels)
    child = _CHILDREN.get(key)
    if child is None:
        child = _CHILDREN[key] = metric.labels(*labels)
    return child


def turn_observed(turn: Any) -> None:
    """One turn recorded (an `agent.Turn`): counted by outcome, its latency from the message's arrival."""
    outcome = str(getattr(turn, "status", "unknown"))
    _child(TURNS, outcome).inc()
    # the message's arrival when its row was read with it (never a query of its own), else the turn's start
    message = getattr(turn, "message", None)  # the instance the turn was made with: no query
    arrived = vars(message).get("created_at") if message is not None else None
    arrived = arrived or getattr(turn, "started_at", None)
    finished = getattr(turn, "finished_at", None)
    if arrived is not None and finished is not None:
        _child(TURN_SECONDS, outcome).observe(max(0.0, (finished - arrived).total_seconds()))


def guard_verdicts_observed(verdicts: dict[str, Any]) -> None:
    """{guard name: verdict with `.passed`} of one draft."""
    for name, verdict in verdicts.items():
        _child(GUARD_VERDICTS, name, "passed" if getattr(verdict, "passed", False) else "failed").inc()


def outbound_transition_observed(sender: type, target: str | None = None, **_: Any) -> None:
    """django-fsm's post_transition: a delivery (whatsapp.Delivery) reached `target`."""
    if getattr(getattr(sender, "_meta", None), "label", "") == "whatsapp.Delivery" and target:
        OUTBOUND_SENDS.labels(str(target)).inc()


def pool_observed() -> None:
    """This process's pool, after a request or a task (no pool: nothing)."""
    from django.conf import settings
    from django.db import connection

    pool = getattr(connection, "pool", None) if settings.DATABASE_POOL else None
    if pool is None:
        return
    stats = pool.get_stats()
    role = settings.MAGIE_PROCESS_ROLE
    size = stats.get("pool_size", 0)
    POOL_SIZE.labels(role).set(size)
    POOL_IN_USE.labels(role).set(max(0, size - stats.get("pool_available", 0)))
    POOL_WAITING.labels(role).set(stats.get("requests_waiting", 0))


class MetricsMiddleware:
    """Outermost: the webhook's answer time as the server sees it, and the pool after every request."""

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        started = time.perf_counter()
        if request.path == "/webhooks/whatsapp" and request.method == "POST":
            with server_span("webhook", dict(request.headers)):  # the message's trace starts here
                response = self.get_response(request)
            WEBHOOK_SECONDS.labels(str(response.status_code)).observe(time.perf_counter() - started)
        else:
            response = self.get_response(request)
        pool_observed()
        return response


def metrics_text(*collectors: Collector) -> bytes:
    """The exposition of every process of this machine (multi-process mode) or of this one, and `collectors`'."""
    registry = CollectorRegistry()
    for collector in collectors:
        registry.register(collector)
    if MULTIPROCESS:
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry)
    from prometheus_client import REGISTRY  # this process's own metrics, and the collectors'

    return generate_latest(REGISTRY) + generate_latest(registry)


def process_exited(pid: int | None = None) -> None:
    if MULTIPROCESS:
        multiprocess.mark_process_dead(pid or os.getpid())  # its live gauges (the pool) leave the sums


atexit.register(process_exited)
