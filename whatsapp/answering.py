"""One task per inbound body: parse and store it, run its message's turn, hand the reply to the sender — in the
worker process that took the body, without three trips through the broker (parse → turn → send).

The guarantees are the ones of the three tasks, each kept by the same code:
- **Order and exactly once.** Storing is `inbound_process` (per-number advisory locks, unique wamids); the turn is
  `turn_handle` (the conversation's turn lease, every pending message in arrival order, idempotent on the message);
  the send is `delivery_send` (the Delivery row's lock and lease, at most once when Meta's answers are clear).
- **Fair between organisations.** A turn run here is admitted first (`whatsapp.admission`), as a queued one is: an
  organisation at its cap leaves the message waiting, stored, and its next turn to end admits it.
- **Nothing lost.** Each step commits before the next begins. A worker that dies after storing leaves unhandled
  messages (the inbound sweeper admits them again once their admission lease lapses); after the turn, a reply
  without a delivery (the outbound sweeper sends it).

One task may store several bodies (the older ones of its numbers still waiting, then those that came while it was
queued: a burst, whose bodies the webhook did not publish one by one) and so answer several conversations. It
starts turns for WHATSAPP_ANSWER_INLINE_SECONDS, then queues the rest as turn tasks for other workers to share;
its soft time limit is a turn's budget more than that window, so the last turn it starts has a whole budget.
What does not fit in one task goes back to the broker as before: a turn whose conversation another attempt holds
(`agent.turn`, retried), a send that must wait (Meta's pace, a retry's backoff: `whatsapp.deliver` with its
countdown).
"""

from __future__ import annotations

import logging
import time

from celery.exceptions import SoftTimeLimitExceeded
from django_tenants.utils import schema_context

from agent.turn import ConversationBusy, turn_handle
from conversations.models import Message
from magie.celery import app as celery_app
from tenants.models import WhatsAppChannel
from whatsapp import conf
from whatsapp.services import (
    BUSY,
    RETRY,
    InboundOutcome,
    TurnDue,
    delivery_send,
    inbound_numbers,
    inbound_process,
    inbound_process_waiting,
    inbound_publish,
    inbound_queued_release,
    inbound_waiting_batch_end,
    turn_ended,
    turn_publish,
    turn_queue,
)

logger = logging.getLogger(__name__)

DELIVER_TASK = "whatsapp.deliver"


# A task takes at most this many batches of its numbers' waiting bodies (WHATSAPP_INBOUND_BATCH each), then leaves
# the rest to a task of their own at the back of the queue: another organisation's number waits at most that long.
DRAIN_BATCHES = 5


def inbound_answer(*, inbound_id: int) -> InboundOutcome:
    """Store the body (`inbound_process`: with it, any older body of its numbers still waiting), then answer what it
    stored here, in arrival order: each conversation's turn (it drains every message of that conversation stored so
    far) followed by its replies sent. The first conversation's turn always runs here, the others' only within
    WHATSAPP_ANSWER_INLINE_SECONDS of the first; those left then are queued as turn tasks, for other workers.

    With WHATSAPP_INBOUND_BATCH (the default), the bodies of its numbers are taken in batches of that many, oldest
    first (one transaction each), each batch's turns all run here before the next batch is taken: first those up to
    its own body, then — if others were left to it: they came while it was queued, the webhook did not publish them
    (`whatsapp.services.inbound_queued_take`) — the others still waiting, a batch started only within the window,
    DRAIN_BATCHES at most, then a task of the numbers' own is published for the rest. Each body is still stored
    once (locked and stamped by the statement that takes it) and each message answered once (its turn)."""
    started, window = time.monotonic(), float(conf.setting("WHATSAPP_ANSWER_INLINE_SECONDS"))
    batch = int(conf.setting("WHATSAPP_INBOUND_BATCH"))
    channels: dict[str, WhatsAppChannel] = {}  # read once per number for the task's bodies (`inbound_process`)
    if batch <= 0:  # every body is published as a task of its own
        outcome = inbound_process(inbound_id=inbound_id, queue_turns=False, channels=channels)
        _answer(outcome.due, started=started, window=window)
        return outcome
    # the oldest waiting bodies of its numbers up to this one, a batch at most (this one, if older ones fill it,
    # is taken below with the rest), answered whole
    outcome = inbound_process(inbound_id=inbound_id, queue_turns=False, limit=batch, channels=channels)
    numbers = outcome.numbers or inbound_numbers(inbound_id=inbound_id)
    # from here a body of these numbers publishes a task of its own; those that came before are read below
    others = inbound_queued_release(numbers=numbers)
    _answer(outcome.due)
    if not others and outcome.numbers:  # its own body alone was left to it, and taken: nothing more to read
        return outcome
    for _ in range(DRAIN_BATCHES):
        if not numbers:
            return outcome
        if time.monotonic() - started > window:
            break
        more = inbound_process_waiting(numbers=numbers, limit=batch, channels=channels)
        if not more.bodies:
            return outcome  # none waits (or another task of these numbers took them)
        outcome.add(more)
        _answer(more.due)  # stored by this task to be answered here: every turn of the batch
    _drain_later(numbers, batch=batch)
    return outcome


def _answer(due_turns: list[TurnDue], *, started: float | None = None, window: float = 0.0) -> None:
    """Run the turns of stored messages (their conversations' first pending message each): all of them, or — given
    when the task `started` — the first, then the others only within `window` of that start (the rest are queued
    as turn tasks)."""
    seen: set[tuple[str, int]] = set()  # conversations whose turn ran, or was left to a task, from here
    for due in due_turns:
        conversation = (due.schema_name, due.conversation_id)
        if conversation in seen:  # its turn (here, queued or waiting) answers every pending message of it
            continue
        seen.add(conversation)
        if started is not None and len(seen) > 1 and time.monotonic() - started > window:
            _turn_queue(due)
            continue
        with schema_context(due.schema_name):
            for reply in turn_here(due=due):
                reply_send(schema_name=due.schema_name, message=reply, channel=due.channel)


def _drain_later(numbers: list[str], *, batch: int) -> None:
    """Bodies of `numbers` still waiting when this task stops draining: published as a task of their own (unless
    one is queued already), behind what the other numbers queued meanwhile; it takes the oldest batch first."""
    last = inbound_waiting_batch_end(numbers=numbers, batch=batch)
    if last is not None:
        inbound_publish(inbound_id=last, numbers=numbers if len(numbers) == 1 else (), several=True)


def turn_here(*, due: TurnDue) -> list[Message]:
    """Run the message's turn in this process if its organisation has room (`whatsapp.admission`); the replies it
    put in the outbox, not yet handed to a sender. Another attempt holding the conversation: the turn is queued as
    a task (retried until that attempt ends). At the cap: it waits, stored, for the next turn to end. The current
    schema is the message's organisation's."""
    from whatsapp.admission import ADMITTED, turn_admit

    if turn_admit(schema_name=due.schema_name, message_id=due.message_id) != ADMITTED:
        return []  # queued already, or waiting for room
    try:
        replies = turn_handle(message_id=due.message_id, queue_delivery=False)
    except ConversationBusy:
        # admitted: its lease is handed to the task (`turn_publish` gives it back if the broker refuses)
        turn_publish(schema_name=due.schema_name, message_id=due.message_id)
        return []
    except SoftTimeLimitExceeded:  # the task's budget is spent: nothing more is started here
        _turn_end(due)
        raise
    except Exception:  # noqa: BLE001 — the message stays unhandled: the sweeper admits it again
        logger.exception("the turn of message %s failed in the inbound task; the sweeper will queue it",
                         due.message_id)
        _turn_end(due)
        return []
    _turn_end(due)
    return replies


def _turn_end(due: TurnDue) -> None:
    try:
        turn_ended(schema_name=due.schema_name, message_id=due.message_id)
    except Exception:  # noqa: BLE001 — the lease lapses and the sweeper admits what waits
        logger.warning("ending the admission lease of message %s failed", due.message_id, exc_info=True)


def reply_send(*, schema_name: str, message: Message, channel: WhatsAppChannel | None = None) -> str:
    """Send a reply the turn just stored (`delivery_send`), here — from `channel`, the number the customer's
    message came to, when this task stored it (not read again); a send that must wait (Meta's pace, a retry's
    backoff, another worker's lease) goes to the broker with its countdown, and a publish the broker refuses is
    left to the outbound sweeper (the delivery is pending, due). Replies of other channels are not ours."""
    if message.channel != Message.Channel.WHATSAPP:
        return "not_whatsapp"
    try:
        outcome = delivery_send(message_id=message.pk, reply=message, channel=channel)
    except SoftTimeLimitExceeded:
        raise
    except Exception:  # noqa: BLE001 — the delivery is pending or in `sending`: the outbound sweeper takes it
        logger.exception("sending reply %s from the inbound task failed; the outbound sweeper will", message.pk)
        return "error"
    if outcome.state in (RETRY, BUSY):
        try:
            celery_app.signature(DELIVER_TASK, args=(schema_name, message.pk),
                                 headers={"_schema_name": schema_name}).apply_async(countdown=outcome.retry_in,
                                                                                    retry=False)
        except Exception:  # noqa: BLE001 — its due time is recorded: the outbound sweeper publishes it
            logger.warning("reply %s must wait %.1f s; the broker refused its task, the sweeper will publish it",
                           message.pk, outcome.retry_in, exc_info=True)
    return outcome.state


def _turn_queue(due: TurnDue) -> None:
    with schema_context(due.schema_name):
        try:
            turn_queue(schema_name=due.schema_name, message_id=due.message_id)
        except Exception:  # noqa: BLE001 — stored and unhandled: the inbound sweeper queues it
            logger.warning("the turn of message %s was not queued; the sweeper will", due.message_id, exc_info=True)


