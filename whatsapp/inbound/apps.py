from django.apps import AppConfig


class InboundConfig(AppConfig):
    """The webhook's raw inbound log (public schema): every verified body, before any organisation is entered."""

    name = "whatsapp.inbound"
    label = "whatsapp_inbound"
    verbose_name = "WhatsApp inbound log"
