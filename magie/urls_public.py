"""The platform's host (e.g. http://localhost:8000/): operators' admin and the organisation directory."""

from django.urls import include, path

from magie.admin_sites import platform_site
from magie.views import healthz

urlpatterns = [
    path("", include("tenants.urls_platform")),
    path("admin/", platform_site.urls),
    path("webhooks/whatsapp", include("whatsapp.urls")),
    # A channel's own URL (Meta's callback override per account): routed by the path before any signature check.
    path("webhooks/whatsapp/<str:phone_number_id>", include("whatsapp.urls")),
    path("healthz", healthz, name="healthz"),
    path("", include("workspace.metrics_urls")),  # /metrics: Prometheus (magie/metrics.py, workspace/metrics.py)
]
