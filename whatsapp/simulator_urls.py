from django.urls import path

from whatsapp.simulator_views import simulator_messages, simulator_page, simulator_send

# Mounted at `simulator/` on each organisation's host (magie/urls_tenant.py).
urlpatterns = [
    path("", simulator_page, name="whatsapp-simulator"),
    path("messages", simulator_messages, name="whatsapp-simulator-messages"),
    path("send", simulator_send, name="whatsapp-simulator-send"),
]
