"""The platform host's own pages (the organisation directory), included by `magie.urls_public` by name so that
magie imports no domain app."""

from django.urls import include, path

from tenants.views import platform_home

urlpatterns = [
    path("", platform_home, name="platform-home"),
    path("admin/second-factor/", include("tenants.second_factor_urls")),
]
