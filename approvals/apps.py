from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApprovalsConfig(AppConfig):
    name = "approvals"
    verbose_name = _("Approvals")

    def ready(self) -> None:
        from django_fsm.signals import pre_transition

        from approvals.links import approval_links_render
        from approvals.signals import ask_leaves_confirmation
        from asks.models import Ask
        from conversations.rendering import outbound_renderer_register

        outbound_renderer_register(approval_links_render)  # approval links reach only their customer
        pre_transition.connect(ask_leaves_confirmation, sender=Ask, dispatch_uid="approvals-follow-ask")
