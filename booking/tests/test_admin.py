"""Back-office pages of the booking engine: they load for the school and do not exist for a bank."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from booking import services
from booking.models import Booking, PaymentLink, TimeSlot
from testing.organisations import signed_in

MODELS = ("activity", "instructor", "equipmenttype", "timeslot", "booking", "paymentlink")




@pytest.fixture
def school_rows(demoschool):
    slot = TimeSlot.objects.filter(bookings__isnull=True).order_by("-start").first()
    booking = services.booking_create(slot_id=slot.pk, customer_ref="c", customer_name="Laia", party_size=2)
    link = services.payment_link_create(booking_id=booking.pk)
    connection.set_schema_to_public()
    return {"timeslot": slot, "booking": booking, "paymentlink": link}


def test_the_school_back_office_lists_and_shows_every_booking_page(school_rows):
    client = signed_in("demoschool")
    index = client.get("/admin/").content.decode()
    for model in MODELS:
        assert f"/admin/booking/{model}/" in index
        response = client.get(f"/admin/booking/{model}/")
        assert response.status_code == 200, model
    for model, row in school_rows.items():
        assert client.get(f"/admin/booking/{model}/{row.pk}/change/").status_code == 200, model


def test_slots_show_places_left(school_rows):
    slot = school_rows["timeslot"]
    page = signed_in("demoschool").get("/admin/booking/timeslot/", {"start__year": slot.start.year}).content.decode()
    assert "places lliures" in page.lower()  # the school reads Catalan


def test_bookings_and_payment_links_are_read_only_and_the_token_is_not_shown(school_rows):
    client = signed_in("demoschool")
    booking, link = school_rows["booking"], school_rows["paymentlink"]
    assert client.get("/admin/booking/booking/add/").status_code == 403
    page = client.get(f"/admin/booking/paymentlink/{link.pk}/change/").content.decode()
    assert link.token not in page
    client.post(f"/admin/booking/booking/{booking.pk}/change/", {"party_size": 1, "customer_name": "Changed"})
    with schema_context("demoschool"):
        kept = Booking.objects.get(pk=booking.pk)
        assert (kept.party_size, kept.customer_name) == (2, "Laia")
        assert PaymentLink.objects.filter(pk=link.pk, paid_at__isnull=True).exists()


def test_the_schools_admin_can_change_a_slot_but_not_below_its_bookings(school_rows):
    slot = school_rows["timeslot"]
    client = signed_in("demoschool")
    url = f"/admin/booking/timeslot/{slot.pk}/change/"
    local = slot.start.astimezone(ZoneInfo("Europe/Andorra"))
    end = slot.end.astimezone(local.tzinfo)
    data = {"activity": slot.activity_id, "instructor": slot.instructor_id, "start_0": local.strftime("%Y-%m-%d"),
            "start_1": local.strftime("%H:%M:%S"), "end_0": end.strftime("%Y-%m-%d"), "end_1": end.strftime("%H:%M:%S")}
    response = client.post(url, {**data, "capacity": 1})
    assert response.status_code == 200 and "already booked" in response.content.decode()
    response = client.post(url, {**data, "capacity": 9})
    assert response.status_code == 302
    with schema_context("demoschool"):
        assert TimeSlot.objects.get(pk=slot.pk).capacity == 9


def test_a_bank_has_no_booking_pages(demobank):
    connection.set_schema_to_public()
    client = signed_in("demobank")
    assert "/admin/booking/" not in client.get("/admin/").content.decode()
    for model in MODELS:
        assert client.get(f"/admin/booking/{model}/").status_code in (403, 404), model
