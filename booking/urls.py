from django.urls import path

from booking import apis

app_name = "booking"

urlpatterns: list = [
    path("activities/", apis.ActivityListApi.as_view(), name="activities"),
    path("availability/", apis.AvailabilityApi.as_view(), name="availability"),
    path("bookings/", apis.BookingCreateApi.as_view(), name="booking-create"),
    path("bookings/<int:booking_id>/", apis.BookingDetailApi.as_view(), name="booking-detail"),
    path("bookings/<int:booking_id>/cancel/", apis.BookingCancelApi.as_view(), name="booking-cancel"),
    path("bookings/<int:booking_id>/payment-link/", apis.PaymentLinkCreateApi.as_view(), name="payment-link-create"),
]
