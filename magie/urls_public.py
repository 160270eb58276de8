"""The platform's host (e.g. http://localhost:8000/): operators' admin and the organisation directory."""

from django.urls import include, path

from tenants.staff_security import second_factor
from magie.admin_sites import platform_site
from magie.views import platform_home

urlpatterns = [
    path("", platform_home, name="platform-home"),
    path("admin/second-factor/", second_factor, name="second-factor"),
    path("admin/", platform_site.urls),
    path("webhooks/whatsapp", include("whatsapp.urls")),
]
