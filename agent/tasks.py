import gc

from celery import shared_task
from celery.signals import worker_init
from django.conf import settings
from django_tenants.utils import schema_context

from agent.turn import ConversationBusy, approval_announced, turn_handle
from guards.runner import warm_up
from language.invisible import invisible_load
from language.lemmas import lemmas_load


@worker_init.connect
def guards_warm_up(**_) -> None:
    """The worker compiles the guards' tables, loads the language detector and the lemma dictionaries and builds the
    class of invisible characters every reply is cleaned of before its first turn (the runner would do it on the
    first draft, outside the budget but in a customer's wait) — once, in the main process before its pool forks: every child, and every child started again after one died, has them
    from the fork. Warmed in each child instead, a child took seconds of CPU to start, and on a busy machine more
    than Celery waits for a new child's first sign of life (`worker_proc_alive_timeout`): killed, started again,
    killed. Then the objects made so far are frozen out of the collector's reach (`gc.freeze`, as CPython advises
    before a fork): they live as long as the process, and a full collection no longer walks them — it took ~25 ms
    of a turn's CPU, once in a few long drafts, against ~1 ms frozen (docs/benchmarks.md, the guards' row)."""
    warm_up()
    lemmas_load()
    invisible_load()
    gc.freeze()


@shared_task(name="agent.turn", bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=5,
             soft_time_limit=settings.MAGIE_TURN_BUDGET_SECONDS, time_limit=settings.MAGIE_TURN_BUDGET_SECONDS + 30)
def turn_task(self, schema_name: str, message_id: int) -> None:
    """One inbound message's turn. Idempotent on the message id; one attempt per conversation at a time (its turn
    lease): while another attempt holds it, this one is retried shortly — usually to find its message done.
    MAGIE_TURN_BUDGET_SECONDS bounds an attempt: Celery raises SoftTimeLimitExceeded inside the turn, which
    `turn_run` answers as any failed turn (recorded, one honest reply, the message handled, never replayed)."""
    with schema_context(schema_name):
        try:
            turn_handle(message_id=message_id)
        except ConversationBusy as busy:
            raise self.retry(exc=busy, countdown=1, max_retries=None) from busy


@shared_task(name="agent.approval_continue", bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=5)
def approval_continue_task(self, schema_name: str, approval_id: int) -> None:
    """Queued by approvals after a decision on the page or in the app. Idempotent on the request's state."""
    with schema_context(schema_name):
        approval_announced(approval_id=approval_id)
