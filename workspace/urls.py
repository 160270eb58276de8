"""The staff workspace's audit pages on each organisation's host (included by magie.urls_tenant at /workspace/)."""

from django.urls import path

from workspace import views

app_name = "workspace"
urlpatterns = [
    path("trace/ask/<int:ask_id>/", views.trace_ask, name="trace_ask"),
    path("trace/ask/<int:ask_id>/export.<str:fmt>", views.trace_ask_export, name="trace_ask_export"),
    path("trace/conversation/<int:conversation_id>/", views.trace_conversation, name="trace_conversation"),
    path("trace/conversation/<int:conversation_id>/export.<str:fmt>", views.trace_conversation_export,
         name="trace_conversation_export"),
    path("trace/transfer/<str:end_to_end_id>/", views.trace_transfer, name="trace_transfer"),
    path("dashboard/", views.dashboard, name="dashboard"),
    path("dashboard/<str:section>.csv", views.dashboard_csv, name="dashboard_csv"),
]
