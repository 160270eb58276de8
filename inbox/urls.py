"""The human agents' inbox, on each organisation's host (included by magie.urls_tenant at /inbox/)."""

from django.urls import path

from inbox import views

app_name = "inbox"
urlpatterns = [
    path("", views.queue, name="queue"),
    path("list/", views.inbox_list, name="list"),
    path("availability/", views.availability, name="availability"),
    path("<int:escalation_id>/", views.detail, name="detail"),
    path("<int:escalation_id>/messages/", views.messages_after, name="messages"),
    path("<int:escalation_id>/live/", views.live, name="live"),
    path("<int:escalation_id>/notes/", views.notes, name="notes"),
    path("<int:escalation_id>/customer-bank/", views.customer_bank, name="customer_bank"),
    path("<int:escalation_id>/claim/", views.claim, name="claim"),
    path("<int:escalation_id>/reply/", views.reply, name="reply"),
    path("<int:escalation_id>/note/", views.note, name="note"),
    path("<int:escalation_id>/reassign/", views.reassign, name="reassign"),
    path("<int:escalation_id>/resolve/", views.resolve, name="resolve"),
]
