from django.apps import AppConfig


class ApprovalsConfig(AppConfig):
    name = "approvals"

    def ready(self) -> None:
        from approvals.links import approval_links_render
        from conversations.rendering import outbound_renderer_register

        outbound_renderer_register(approval_links_render)  # approval links reach only their customer
