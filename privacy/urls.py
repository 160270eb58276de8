"""A customer's data rights in the back office (included by magie.urls_tenant at /privacy/)."""

from django.urls import path

from privacy import views

app_name = "privacy"
urlpatterns = [
    path("customer/<int:customer_id>/", views.customer_page_view, name="customer"),
    path("customer/<int:customer_id>/export", views.customer_export_staff, name="customer_export"),
    path("customer/<int:customer_id>/erase", views.customer_erase_staff, name="customer_erase"),
]
