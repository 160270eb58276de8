"""The human agents' queue, on each organisation's host (included by magie.urls_tenant at /inbox/)."""

from django.urls import path

from inbox import views

app_name = "inbox"
urlpatterns = [
    path("", views.queue, name="queue"),
    path("<int:escalation_id>/claim/", views.claim, name="claim"),
    path("<int:escalation_id>/reply/", views.reply, name="reply"),
    path("<int:escalation_id>/resolve/", views.resolve, name="resolve"),
]
