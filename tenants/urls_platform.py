"""The platform host's own pages (the organisation directory, the operators' second factor), included by
`magie.urls_public` by name so that magie imports no domain app."""

from django.urls import path

from tenants.staff_security import second_factor
from tenants.views import platform_home

urlpatterns = [
    path("", platform_home, name="platform-home"),
    path("admin/second-factor/", second_factor, name="second-factor"),
]
