"""The staff second factor's page, included by both hosts' URL confs by name (magie imports no domain app)."""

from django.urls import path

from tenants.staff_security import second_factor

urlpatterns = [path("", second_factor, name="second-factor")]
