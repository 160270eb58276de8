from celery import shared_task
from celery.signals import worker_process_init
from django.conf import settings
from django_tenants.utils import schema_context

from agent.turn import ConversationBusy, approval_announced, turn_handle
from guards.runner import warm_up


@worker_process_init.connect
def guards_warm_up(**_) -> None:
    """Each worker process compiles the guards' tables and loads the language detector before its first turn (the
    runner would do it on the first draft, outside the budget but in a customer's wait)."""
    warm_up()


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
