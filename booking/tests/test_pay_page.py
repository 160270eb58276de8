"""The payment page, through HTTP on the school's host: shows the amount in Catalan, pays once, refuses clearly."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.utils import timezone

from booking import services
from booking.models import Booking
from booking.tests import factories as f


def pending_booking(party_size=2, price_cents=4500):
    act = f.activity(price_cents=price_cents)
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=4)
    return services.booking_create(slot_id=slot.pk, customer_ref="c", customer_name="Laia", party_size=party_size)


def test_the_page_shows_the_booking_and_the_amount_in_the_organisations_language(demoschool, host_client):
    booking = pending_booking()
    link = services.payment_link_create(booking_id=booking.pk)
    response = host_client("demoschool").get(f"/pay/{link.token}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "90,00\xa0€" in page and "Pagueu la reserva" in page and 'data-state="due"' in page
    assert booking.slot.activity.names["ca"] in page and "<form" in page


def test_the_page_speaks_the_customers_language_when_the_school_serves_it(demoschool, host_client):
    link = services.payment_link_create(booking_id=pending_booking().pk)
    spanish = host_client("demoschool").get(f"/pay/{link.token}/?lang=es").content.decode()
    assert "Paga tu reserva" in spanish and "Pendiente de pago" in spanish and "90,00\xa0€" in spanish
    english = host_client("demoschool").get(f"/pay/{link.token}/?lang=en").content.decode()
    assert "Pay your booking" in english and "€90.00" in english
    french = host_client("demoschool").get(f"/pay/{link.token}/?lang=fr").content.decode()  # not served: its own
    assert "Pagueu la reserva" in french


def test_paying_twice_pays_once_and_says_already_paid(demoschool, host_client):
    booking = pending_booking()
    link = services.payment_link_create(booking_id=booking.pk)
    client = host_client("demoschool")
    first = client.post(f"/pay/{link.token}/")
    assert first.status_code == 200 and 'data-state="paid_now"' in first.content.decode()
    booking.refresh_from_db()
    paid_at = booking.paid_at
    assert booking.status == Booking.Status.PAID and paid_at is not None
    second = client.post(f"/pay/{link.token}/")
    assert second.status_code == 200 and "ja està pagada" in second.content.decode()
    shown = client.get(f"/pay/{link.token}/")
    assert 'data-state="already_paid"' in shown.content.decode() and "<form" not in shown.content.decode()
    booking.refresh_from_db()
    assert booking.status == Booking.Status.PAID and booking.paid_at == paid_at


def test_an_expired_link_gives_410_and_pays_nothing(demoschool, host_client):
    booking = pending_booking()
    link = services.payment_link_create(booking_id=booking.pk, now=timezone.now() - timedelta(hours=2),
                                        ttl=timedelta(hours=1))
    client = host_client("demoschool")
    shown = client.get(f"/pay/{link.token}/")
    assert shown.status_code == 410 and "ha caducat" in shown.content.decode()
    posted = client.post(f"/pay/{link.token}/")
    assert posted.status_code == 410
    booking.refresh_from_db()
    assert booking.status == Booking.Status.PENDING_PAYMENT


def test_an_unknown_token_gives_404_and_a_cancelled_booking_409(demoschool, host_client):
    client = host_client("demoschool")
    unknown = client.get("/pay/nothing-here/")
    assert unknown.status_code == 404 and "no existeix" in unknown.content.decode()
    assert client.post("/pay/nothing-here/").status_code == 404
    booking = pending_booking()
    link = services.payment_link_create(booking_id=booking.pk)
    services.booking_cancel(booking_id=booking.pk)
    assert client.get(f"/pay/{link.token}/").status_code == 409
    assert client.post(f"/pay/{link.token}/").status_code == 409
    assert Booking.objects.get(pk=booking.pk).status == Booking.Status.CANCELLED


def test_a_school_token_means_nothing_on_another_organisations_host(demoschool, host_client):
    booking = pending_booking()
    link = services.payment_link_create(booking_id=booking.pk)
    assert host_client("demobank").get(f"/pay/{link.token}/").status_code == 404
    assert host_client("demobank").post(f"/pay/{link.token}/").status_code == 404
    connection.set_tenant(demoschool)  # the requests left the connection on the bank's schema
    assert Booking.objects.get(pk=booking.pk).status == Booking.Status.PENDING_PAYMENT
