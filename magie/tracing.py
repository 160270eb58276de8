"""Traces (OpenTelemetry) of one customer message: the webhook, the broker, the turn's steps, the model call, the
send — one trace id across the web server and the workers. Off unless configured: with no
OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) every span is OpenTelemetry's no-op, a few
microseconds. Configured, each web process (magie.wsgi) and each worker child (worker_process_init) exports its spans
by OTLP over HTTP (the standard OTEL_* variables: endpoint, headers, service name).

Across the broker the trace context travels in the task message's headers (W3C `traceparent`), put there when a task
is published (Celery's before_task_publish, which `magie.queueing` fires too) and taken up when the worker starts
it (task_prerun): every task runs inside a span that continues the trace of whatever queued it. Those signals are
connected by `tracing_start`, in a process that records spans: elsewhere they would carry nothing.

`log_ids` is what the JSON log lines carry (magie.logjson): the conversation and message (the turn's key) a worker
is on, set by the turn's span; it changes no behaviour.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar

from celery import signals
from opentelemetry import context, propagate, trace
from opentelemetry.trace import SpanKind

TRACER = trace.get_tracer("magie")
log_ids: ContextVar[tuple[tuple[str, Any], ...]] = ContextVar("magie_log_ids", default=())
F = TypeVar("F", bound=Callable[..., Any])


def tracing_configured() -> bool:
    return bool(os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or os.environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))


def tracing_start(service: str, exporter: Any = None) -> bool:
    """Install this process's tracer provider: OTLP over HTTP when configured, or `exporter` (tests: an in-memory
    one). False (and nothing installed) when neither."""
    if exporter is None and not tracing_configured():
        return False
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service)}))
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    else:
        provider.add_span_processor(SimpleSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    # Across the broker, only where spans are recorded: without a provider every span is a no-op and carries no
    # context, so a worker child that traces nothing spends nothing per task on it.
    signals.before_task_publish.connect(_context_into_message, weak=False, dispatch_uid="magie-trace-publish")
    signals.task_prerun.connect(_task_span_start, weak=False, dispatch_uid="magie-trace-task-start")
    signals.task_postrun.connect(_task_span_end, weak=False, dispatch_uid="magie-trace-task-end")
    _started.append(True)
    return True


_started: list[bool] = []  # a provider installed by `tracing_start` (OpenTelemetry allows one per process)
# OpenTelemetry's own way of naming a provider, read once (as OpenTelemetry reads it, on its first use)
_PROVIDER_FROM_ENVIRONMENT = "OTEL_PYTHON_TRACER_PROVIDER" in os.environ


def spans_recorded() -> bool:
    """Whether spans go anywhere: a tracer provider installed by `tracing_start` (the only way this project installs
    one) or named by OpenTelemetry's own variable. Until then every span is the no-op one, and entering it (the
    proxy tracer, the no-op tracer, the context attached and detached) cost ~9 µs (a loaded machine, 2026-12-06)
    for each of the ~11 `traced` calls of a turn."""
    return bool(_started) or _PROVIDER_FROM_ENVIRONMENT


def traced(name: str, ids: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> Callable[[F], F]:
    """Run the function inside a span `name`; `ids(kwargs)` gives the ids it is about (span attributes, log ids)."""

    def decorate(function: F) -> F:
        @wraps(function)
        def inner(*args: Any, **kwargs: Any) -> Any:
            about = ids(kwargs) if ids is not None else {}
            token = log_ids.set((*log_ids.get(), *about.items())) if about else None
            try:
                if not spans_recorded():  # no tracer installed: OpenTelemetry's no-op span would only cost CPU
                    return function(*args, **kwargs)
                with TRACER.start_as_current_span(name, attributes=about):
                    return function(*args, **kwargs)
            finally:
                if token is not None:
                    log_ids.reset(token)

        return inner  # type: ignore[return-value]

    return decorate


@contextmanager
def server_span(name: str, headers: dict[str, str]) -> Iterator[None]:
    """A span for one request received, continuing the caller's trace if its headers carry one."""
    with TRACER.start_as_current_span(name, context=propagate.extract(headers), kind=SpanKind.SERVER):
        yield


def context_now() -> context.Context:
    """The trace context of this moment, for work done later on its behalf (`within`)."""
    return context.get_current()


@contextmanager
def within(saved: context.Context) -> Iterator[None]:
    """Run the block in a trace context captured earlier: the webhook's task, published by the process's publishing
    thread once its response has been sent (`whatsapp.publisher`), after the request's span has ended, stays in the
    message's trace."""
    token = context.attach(saved)
    try:
        yield
    finally:
        context.detach(token)


def _context_into_message(headers: dict[str, Any] | None = None, **_: Any) -> None:
    if headers is not None:
        propagate.inject(headers)


def _task_span_start(task: Any = None, **_: Any) -> None:
    request = task.request
    carrier = {key: value for key in ("traceparent", "tracestate")
               if (value := (request.headers or {}).get(key) or request.get(key))}
    token = context.attach(propagate.extract(carrier))
    span = TRACER.start_span(f"task {task.name}", kind=SpanKind.CONSUMER)
    request.magie_trace = (token, span, context.attach(trace.set_span_in_context(span)))


def _task_span_end(task: Any = None, **_: Any) -> None:
    started = getattr(task.request, "magie_trace", None)
    if started is None:
        return
    token, span, current = started
    span.end()
    context.detach(current)
    context.detach(token)
    task.request.magie_trace = None


@signals.worker_process_init.connect
def _worker_tracing(**_: Any) -> None:
    tracing_start("magie-worker")
