"""`/metrics` on the platform host (included by magie.urls_public)."""

from django.urls import path

from workspace.metrics import metrics_view

urlpatterns = [path("metrics", metrics_view, name="metrics")]
