"""The turn: one inbound message becomes at most one reply, as a pipeline of named steps.

    receive → perceive → decide → act → draft → guard → deliver → record        (agent/turn/steps.py)

`turn_handle(message_id)` runs the steps for every unhandled inbound message of the conversation, in arrival order
(`sent_at`, then id), up to the given one and on to any later one already stored. `STEPS` below is the list.

Locks and the model (no model call inside the locking transaction)
- **Lease, not a held lock.** The attempt first takes the conversation's *turn lease* (`agent.turn.lease`: token,
  holder and expiry on the conversation row, set in one short transaction). While the lease is held no other
  attempt starts the conversation — a second task finds it busy and is retried a second later (it usually finds
  its message already handled: the holder drains every pending message in order), so two turns of one
  conversation never run at once and messages run in arrival order. A lease whose holder died is taken over: at
  once if the holder was a process of this machine that no longer exists (a SIGKILLed worker child), otherwise
  after its expiry (longer than a model call with all its retries, renewed at every step).
- **Short transactions, the model outside them.** `perceive`, `draft` (between tool calls) and `guard`'s redraft
  call the model holding no transaction and no database connection (`connection_release`). Every write happens in
  a short transaction under the conversation's row lock that first checks the lease is still this attempt's
  (`lease_locked`): `decide` (the Ask decision and a tap's approval decision), `act` (an approved request's one
  execution), each tool call the model makes (`call_tool`: one transaction per call, so an effect commits with
  its result), and `deliver` + `record` together (the Ask moved by code, the reply in the outbox, the trace,
  the message marked handled — all or nothing).
- **Has the conversation moved?** Writers outside the turn (a decision on the approval page or in the app, people
  claiming or handing back the chat) bump `Conversation.version`. `decide` notes the version; if `deliver` finds
  another, the turn recomputes from `decide` (which returns the recorded decision) with fresh state, at most
  `RECOMPUTE` times, rather than apply a reply built on what it read before.
- **Exactly once, resumable.** A crash anywhere leaves the message unhandled; the redelivered task (acks_late)
  runs the turn again from the start and every step is idempotent: `message_decide` returns the recorded
  decision, an approval executes once keyed by the request's id, and an ungated effect's idempotency key is the
  message id and the call's index in the turn (`turn-<message>-<n>`), so a repeated call returns the first
  transfer instead of making a second. Only the reply and the trace wait for the end, so a customer never reads
  a reply twice.
- **A turn that raises** is recorded, answered once and passed (`agent.turn.failure`).

Statements (`bench/agent_bench.py --history` and `--profile` count them)
- The lease is taken in one `UPDATE … RETURNING` the conversation and its customer; the pending message is read
  with what `receive` and `decide` would otherwise ask (escalated? decided already? what did the previous reply
  ask for? the stamps of the organisation's rows and of its agent settings) on indexes whose size does not grow
  with the history; that read is compiled to SQL once per connection (`magie.db.compiled_reads`); the turn's last
  statement also gives the lease back, unless another message is pending (then the loop reads it next).
- The organisation, its policy and domain, and the agent settings are read once per process while their stamps
  (digests of the rows, read with the pending message) hold: a change applies to the next turn, no other
  invalidation is needed.
- A builtin turn (no model over the network) runs decide → record in ONE transaction: `lease_locked` is
  re-entrant, so each step and tool call reuses the lock; the Ask `message_decide` locked is not read again by
  `deliver`. A remote model keeps the short transactions.
- One unit of work per turn, passed explicitly (`agent.writes.TurnWrites`, `state.writes`): to `lease_locked`, to
  the Ask services (`writes=`: the row is held, so they neither lock it again nor open a savepoint, and they collect
  their transitions instead of inserting them) and, through `ToolContext.writes`, to the tools (references issued
  or read, and the customer's bank holder row, are read once per turn). `deliver` also leaves the Asks it moves in
  it. The turn's last statement writes it all with the trace, the reply and the message marked handled, and gives
  the lease back unless another message is pending (`agent.turn.commit`, the one multi-table write); a shorter
  transaction writes what it collected on its way out of `lease_locked`.
"""

from __future__ import annotations

import logging
from contextlib import nullcontext
from typing import Any

from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import Exists, OuterRef, QuerySet, Subquery
from django.db.models.expressions import RawSQL
from django.utils import timezone

from agent.continuation import approval_continue
from agent.models import Turn
from agent.providers import agent_settings_stamp_sql
from agent.tools.base import ToolContext
from agent.turn import steps
from agent.turn.failure import turn_fail
from agent.turn.lease import ConversationBusy, Lease, LeaseLost, lease_locked, lease_release, lease_take
from agent.turn.state import TurnState
from agent.writes import TurnWrites
from approvals.models import ApprovalRequest
from asks.models import Decision as DecisionRow
from asks.services import message_attribute
from conversations.models import Conversation, Message
from conversations.services import conversation_touch, message_store_outbound
from inbox.selectors import conversation_escalated
from magie.db.compiled_reads import SENTINEL_ID, SENTINEL_TEXT, compiled_read
from magie.metrics import turn_observed
from magie.tenancy import schema_name_current
from magie.tracing import traced
from tenants.selectors import OrganisationInForce, organisation_in_force, organisation_stamp_sql

logger = logging.getLogger(__name__)

STEPS = ("receive", "perceive", "decide", "act", "draft", "guard", "deliver", "record")
RECOMPUTE = 2

__all__ = ["STEPS", "ConversationBusy", "approval_announced", "turn_handle"]


class Moved(Exception):
    """The conversation changed outside this turn while it waited on the model."""


def turn_handle(*, message_id: int, queue_delivery: bool = True) -> list[Message]:
    """Run the turns of the message's conversation, in arrival order, up to this message and beyond; each turn
    reads the organisation and its policy in force when it starts. Raises ConversationBusy when another live
    attempt holds the conversation (the task retries). Returns the replies the turns put in the outbox, in order.

    `queue_delivery`: each reply's delivery task is queued when its turn commits (the default); False when the
    caller hands the returned replies to their channel itself — a reply it never hands over (a worker killed
    between the two) has no delivery, and the channel's outbox sweeper sends it."""
    lease = lease_take(message_id=message_id)  # the conversation row (and customer) comes with the lease
    released = False
    replies: list[Message] = []
    try:
        conversation = lease.conversation
        assert conversation is not None
        pending = _next_pending(conversation.pk)
        while pending is not None:
            # Read per turn, not per task: a policy changed while this loop ran applies to the next message.
            # (not read again while its stamp, read with the message, is the one this process read it under)
            org = organisation_in_force(stamp=pending.__dict__.pop("org_stamp", None))
            lease.given_back = None
            trace = turn_run(message=pending, conversation=conversation, org=org, lease=lease,
                             queue_delivery=queue_delivery)
            turn_observed(trace)
            if trace.reply_message is not None:
                replies.append(trace.reply_message)
            # nothing left: let go in the same statement — the turn's last one, or one of its own (a failed turn)
            released = (lease.given_back if lease.given_back is not None
                        else lease_release(lease, unless_pending=True))
            pending = None if released else _next_pending(conversation.pk)
    finally:
        try:
            if not released:
                lease_release(lease)
        except (OperationalError, InterfaceError):  # the database went away: the lease expires by itself
            logger.warning("could not release the turn lease of conversation %s", lease.conversation_id)
    return replies


def _next_pending(conversation_id: int) -> Message | None:
    """The oldest unhandled inbound message, read with what its turn would otherwise ask in queries of their own:
    whether the chat is escalated, whether it was decided already (by an attempt that crashed), and what the
    previous reply asked for, and the stamps of the organisation's rows and of its agent settings (cached per
    process while they hold: `organisation_in_force`, `provider_for_current_organisation`). One statement whose
    cost does not grow with the conversation's history: the message is found on the small `inbound_pending` index (an anti-join on the turns' unique index, not a LEFT JOIN the
    planner may hash over every turn), and the annotations are computed for that one row (picked by id first, so
    the planner expects one row and does not hash the decisions table instead)."""
    found = compiled_read("turn_next_pending", _pending_queryset,
                          {"conversation": conversation_id, "schema": schema_name_current()})
    return found[0] if found else None  # type: ignore[return-value]  # the queryset's model: Message


def _pending_queryset() -> tuple[QuerySet, dict[Any, str]]:
    """`_next_pending`'s read, compiled once per connection (`magie.db.compiled_reads`): building it is milliseconds
    of the ORM's CPU, more than PostgreSQL takes to answer it."""
    first = (Message.objects.filter(conversation_id=SENTINEL_ID, direction=Message.Direction.INBOUND,
                                    handled_at__isnull=True)
             .filter(~Exists(Turn.objects.filter(message_id=OuterRef("pk"))))
             .order_by("sent_at", "pk").values("pk")[:1])
    queryset = (Message.objects.filter(pk=Subquery(first)).select_related("attribution__ask")
                .annotate(escalated=conversation_escalated(OuterRef("conversation_id")),
                          previous_asked_for=Subquery(steps.previous_asked_for_query(OuterRef("conversation_id"))),
                          decided=Exists(DecisionRow.objects.filter(message_id=OuterRef("pk"))),
                          org_stamp=RawSQL(organisation_stamp_sql(), [SENTINEL_TEXT]),
                          settings_stamp=RawSQL(agent_settings_stamp_sql(), []))[:1])
    return queryset, {SENTINEL_ID: "conversation", SENTINEL_TEXT: "schema"}


@traced("turn", lambda kw: {"conversation_id": kw["conversation"].pk, "message_id": kw["message"].pk})
def turn_run(*, message: Message, conversation: Conversation, org: OrganisationInForce, lease: Lease,
             queue_delivery: bool = True) -> Turn:
    """One message's turn: the steps in order; a step that raises makes it a failed turn (recorded, answered).
    `queue_delivery`: see `turn_handle`."""
    counter = QueryCounter()
    message.conversation = conversation
    state = TurnState(message=message, conversation=conversation, org=org, lease=lease,
                      trace=Turn(message=message, started_at=timezone.now(), status=Turn.Status.DONE),
                      writes=TurnWrites(conversation_id=conversation.pk), queue_delivery=queue_delivery)
    with connection.execute_wrapper(counter):
        try:
            return _steps(state, counter)
        except (ConversationBusy, LeaseLost, OperationalError, InterfaceError):
            raise
        except Exception as error:  # noqa: BLE001 — any bug or refusal of one message must not block the chat
            logger.exception("turn of message %s failed", message.pk)
            return turn_fail(state, error, queries=counter.count)


def _steps(state: TurnState, counter: QueryCounter) -> Turn:
    for attempt in range(RECOMPUTE + 1):
        steps.receive(state)
        if not state.done and state.perception is None:  # a recompute keeps what the message said
            steps.perceive(state)
        decided = not state.done  # a turn that decided read state it may have to recompute
        # A provider that waits on nobody (the builtin one: microseconds of CPU, no network) runs decide → record in
        # ONE transaction under the row lock — the nested `lease_locked` of each step reuses it: one lock and one
        # commit per turn instead of one per step and tool call, and nothing can move the conversation meanwhile.
        # A model over the network gets the short transactions with the model outside them.
        # What the services collect in `state.writes` (the Asks' transitions, references kept alive) is written
        # when each transaction ends: by the turn's last statement (`agent.turn.commit`), or on the way out of a
        # shorter transaction's `lease_locked`.
        remote = getattr(state.provider, "remote", False)
        try:
            with nullcontext() if remote else lease_locked(state.lease, state.writes):
                if decided:
                    steps.decide(state)
                    steps.act(state)
                    steps.draft(state)
                    steps.guard(state)
                with lease_locked(state.lease, state.writes) as row:
                    if decided and row.version != state.lease.version and attempt < RECOMPUTE:
                        raise Moved
                    state.writes.defer_saves = True  # the Asks `deliver` moves are saved by `record`'s statement
                    try:
                        steps.deliver(state)
                        trace = steps.record(state, queries=counter.count)
                    finally:
                        state.writes.defer_saves = False
            state.lease.given_back = state.gives_back  # committed with the trace (not before: a rollback keeps it)
            return trace
        except Moved:
            logger.info("conversation %s moved during the turn of message %s: recomputing",
                        state.conversation.pk, state.message.pk)
            state.draft, state.records, state.checked, state.done = None, [], None, False
            state.reply = None
            state.trace.drafts, state.trace.guards = [], []
    raise AssertionError("unreachable: the last attempt delivers")


class QueryCounter:
    """Counts the turn's database queries for its trace (without keeping their SQL)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


def approval_announced(*, approval_id: int) -> None:
    """A decision made on the approval page or in the bank's app: continue (execute once, or word the decline or
    expiry) and tell the customer in their conversation, through the outbox. One short transaction under the
    conversation lock; it bumps the conversation's version, so a turn waiting on the model recomputes."""
    org = organisation_in_force()
    request = ApprovalRequest.objects.select_related("conversation__customer", "shown_in").get(pk=approval_id)
    conversation = request.conversation
    # The row lock, not the turn lease: a decision from outside the chat does not wait for a turn that is waiting
    # on the model (that turn sees the version move and recomputes).
    with transaction.atomic():
        Conversation.objects.select_for_update().only("pk").get(pk=conversation.pk)
        last_inbound = (Message.objects.filter(conversation=conversation, direction=Message.Direction.INBOUND)
                        .order_by("-sent_at", "-pk").first())
        customer, tenancy = conversation.customer, org.tenancy
        ctx = ToolContext(
            conversation_id=conversation.pk, ask_id=request.ask_id,
            message_id=last_inbound.pk if last_inbound else 0, customer_ref=customer.channel_user_id,
            customer_name=customer.name, org_kind=tenancy.kind, language=conversation.language or tenancy.language,
            currency=tenancy.currency, time_zone=tenancy.time_zone, policy=org.policy, now=timezone.now(),
            public_base_url=org.public_base_url,
            test_money_only=request.shown_in is not None and request.shown_in.is_simulated)
        draft = approval_continue(approval_id=approval_id, ctx=ctx)
        conversation_touch(conversation_id=conversation.pk)
        if draft is not None and draft.text:
            channel = last_inbound.channel if last_inbound else Message.Channel.WHATSAPP
            reply = message_store_outbound(conversation=conversation, text=draft.text, sent_at=timezone.now(),
                                           channel=channel)
            message_attribute(message_id=reply.pk, ask_id=request.ask_id)
