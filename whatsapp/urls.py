from django.urls import path

from whatsapp.views import webhook

# Mounted at `webhooks/whatsapp` on the platform host (magie/urls_public.py).
urlpatterns = [path("", webhook, name="whatsapp-webhook")]
