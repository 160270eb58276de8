from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MagieConfig(AppConfig):
    name = "magie"
    verbose_name = _("Platform")

    def ready(self) -> None:
        # Register every app's Celery tasks in every process (web, commands, tests), not only in workers: a task
        # queued by name (agent.turn, whatsapp.deliver, agent.approval_continue) must resolve to the task here, so
        # that eager mode runs it and a typo fails loudly instead of vanishing onto the broker.
        from magie.celery import app

        app.autodiscover_tasks(force=True)

        # Metrics (magie/metrics.py): a delivery's status changes are counted where django-fsm announces them.
        from django_fsm.signals import post_transition

        from magie.metrics import outbound_transition_observed

        post_transition.connect(outbound_transition_observed, dispatch_uid="magie.metrics.outbound")

        # The worker's and beat's database backends at their priority and on their cores, under `manage.py up` with
        # the embedded PostgreSQL (magie/db/backend_priority.py).
        from django.db.backends.signals import connection_created

        from magie.db.backend_priority import backend_follow_process, backend_nice_setting

        if backend_nice_setting():
            connection_created.connect(backend_follow_process, dispatch_uid="magie.db.backend_priority")
