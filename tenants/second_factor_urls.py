"""The staff second factor's pages, included by both hosts' URL confs by name (magie imports no domain app)."""

from django.urls import path

from tenants.staff_security import recovery_codes, second_factor

urlpatterns = [path("", second_factor, name="second-factor"),
               path("recovery-codes/", recovery_codes, name="recovery-codes")]
