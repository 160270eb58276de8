"""Tasks of the channel: process a raw webhook body, deliver an outbound message, and the sweepers (beat)."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task
from celery import states as celery_states
from django.conf import settings
from django_tenants.utils import schema_context

from whatsapp import conf
from whatsapp.answering import inbound_answer
from whatsapp.services import (
    BUSY,
    MEDIA_READ_RETRIES,
    RETRY,
    delivery_send,
    inbound_sweep,
    media_read,
    outbound_sweep,
    raw_inbound_sweep,
    turn_ended,
)

logger = logging.getLogger(__name__)


# A turn's budget, more the window in which this task starts turns (`whatsapp.answering`): the last one it starts
# has a whole budget, as in a turn task of its own. A batch of a number's waiting bodies it took is answered whole
# (WHATSAPP_INBOUND_BATCH turns, milliseconds each with the builtin provider); should a batch of slow turns overrun
# the limit, the messages it stored and did not answer are the inbound sweeper's, as after a worker lost.
INBOUND_SOFT_LIMIT = settings.MAGIE_TURN_BUDGET_SECONDS + float(conf.setting("WHATSAPP_ANSWER_INLINE_SECONDS"))


@shared_task(name="whatsapp.inbound_process", acks_late=True, ignore_result=True,
             soft_time_limit=INBOUND_SOFT_LIMIT, time_limit=INBOUND_SOFT_LIMIT + 30)
def inbound_process_task(inbound_id: int) -> None:
    """Parse, route and store one acknowledged webhook body (runs in public; enters each organisation), then answer
    what it stored here — each conversation's turn and its replies' sends (`whatsapp.answering`): one task per
    message. acks_late: a worker killed while storing leaves the task on the broker, and its transaction rolled
    back."""
    inbound_answer(inbound_id=inbound_id)


@shared_task(name="whatsapp.deliver", bind=True, acks_late=True, ignore_result=True, max_retries=None)
def deliver_task(self, schema_name: str, message_id: int) -> str:
    """Send the outbox message `message_id` of `schema_name` (see `delivery_send`). Retries are decided by the
    Delivery row (attempts, backoff, rate), so Celery's own retry count is not limited here. Busy (another worker
    holds the send's lease) looks again when the lease ends: if that worker died, its send is recovered then.
    The outcome it returns is for callers in the process (`apply`); nobody reads it from the result backend, so
    it is not written there."""
    with schema_context(schema_name):
        outcome = delivery_send(message_id=message_id)
    if outcome.state in (RETRY, BUSY):
        raise self.retry(countdown=outcome.retry_in, max_retries=None)
    return outcome.state


@shared_task(name="whatsapp.media_read", bind=True, acks_late=True, ignore_result=True, max_retries=MEDIA_READ_RETRIES)
def media_read_task(self, schema_name: str, message_id: int, media_id: str, phone_number_id: str) -> None:
    """Read an inbound image (a Pix QR code?) through the Cloud API, then queue its turn (see `media_read`). A
    timeout or 5xx is tried again with backoff; the last try queues the turn whatever happened."""
    with schema_context(schema_name):
        outcome = media_read(message_id=message_id, media_id=media_id, phone_number_id=phone_number_id,
                             final=self.request.retries >= MEDIA_READ_RETRIES)
    if outcome == "retry":
        raise self.retry(countdown=2 ** self.request.retries)


@shared_task(name="whatsapp.sweep_unhandled")
def sweep_unhandled_task(older_than_seconds: int | None = None) -> dict[str, int]:
    """Queue again the turns of inbound messages left unhandled (runs in public; enters each organisation)."""
    return inbound_sweep(older_than_seconds=older_than_seconds)


@shared_task(name="whatsapp.sweep_inbound", ignore_result=True)
def sweep_inbound_task(older_than_seconds: int | None = None) -> int:
    """Publish again the raw webhook bodies never processed."""
    return raw_inbound_sweep(older_than_seconds=older_than_seconds)


@shared_task(name="whatsapp.sweep_sending", ignore_result=True)
def sweep_sending_task() -> dict[str, int]:
    """Publish again the deliveries whose task was lost: never handed over, a retry lost, or stuck in `sending`
    past its lease (see `outbound_sweep`)."""
    return outbound_sweep()


def turn_task_ended(sender: Any = None, args: Any = None, state: str | None = None, **_: Any) -> None:
    """Celery's task_postrun: when an agent turn task ends (not when it only retries), end its admission lease and
    admit the organisation's next waiting messages (`whatsapp.admission`). Never raises into the worker."""
    if getattr(sender, "name", None) != "agent.turn" or state == celery_states.RETRY or not args or len(args) < 2:
        return
    try:
        turn_ended(schema_name=str(args[0]), message_id=int(args[1]))
    except Exception:  # noqa: BLE001 — the lease lapses and the sweeper admits what waits
        logger.warning("ending the admission lease of message %s failed", args[1], exc_info=True)
