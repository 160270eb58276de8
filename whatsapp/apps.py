from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WhatsappConfig(AppConfig):
    name = "whatsapp"
    verbose_name = _("WhatsApp")

    def ready(self) -> None:
        from celery.signals import task_postrun

        from whatsapp.tasks import turn_task_ended

        # The agent's turn is queued by name (whatsapp does not import agent): its end is heard the same way, to
        # give its admission lease back and admit the organisation's next waiting message.
        task_postrun.connect(turn_task_ended, weak=False, dispatch_uid="whatsapp-turn-ended")
