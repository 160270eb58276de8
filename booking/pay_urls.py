from django.urls import path

from booking.views import pay_page

urlpatterns: list = [
    path("<str:token>/", pay_page, name="booking-pay"),
]
