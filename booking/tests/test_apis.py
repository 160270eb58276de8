"""The booking API on the school's host, authenticated with a customer token; errors carry code and extra."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from booking import services
from booking.demo import DEMO_CUSTOMER_TOKEN
from booking.models import Booking, PaymentLink
from booking.tests import factories as f


@pytest.fixture
def customer(demoschool):
    return services.customer_token_issue(customer_ref="cust-1", customer_name="Laia Puig")


@pytest.fixture
def api(customer, host_client):
    client = host_client("demoschool")
    client.defaults["HTTP_AUTHORIZATION"] = f"Token {customer.secret}"
    return client


@pytest.fixture
def stranger(demoschool, host_client):
    token = services.customer_token_issue(customer_ref="cust-2", customer_name="Other")
    client = host_client("demoschool")
    client.defaults["HTTP_AUTHORIZATION"] = f"Token {token.secret}"
    return client


def test_every_endpoint_needs_a_valid_customer_token(demoschool, host_client):
    anonymous = host_client("demoschool")
    wrong = host_client("demoschool")
    wrong.defaults["HTTP_AUTHORIZATION"] = "Token not-a-token"
    for client in (anonymous, wrong):
        assert client.get("/api/booking/activities/").status_code == 401
        assert client.get("/api/booking/availability/").status_code == 401
        assert client.post("/api/booking/bookings/", {"slot_id": 1, "party_size": 1},
                           content_type="application/json").status_code == 401
        assert client.get("/api/booking/bookings/1/").status_code == 401
        assert client.post("/api/booking/bookings/1/payment-link/").status_code == 401
    assert anonymous.get("/api/booking/activities/")["WWW-Authenticate"] == "Token"


def test_the_api_does_not_exist_for_a_bank(demobank, host_client):
    client = host_client("demobank")
    client.defaults["HTTP_AUTHORIZATION"] = "Token whatever"
    assert client.get("/api/booking/activities/").status_code == 404
    client.defaults.pop("HTTP_AUTHORIZATION")
    assert client.get("/api/booking/activities/").status_code == 404


def test_activities_are_listed_in_the_organisations_language(api):
    response = api.get("/api/booking/activities/")
    assert response.status_code == 200
    by_slug = {a["slug"]: a for a in response.json()}
    assert set(by_slug["ski"]) == {"id", "slug", "name", "price_cents", "currency", "duration_minutes", "equipment"}
    assert by_slug["ski"]["name"] == "Esquí alpí"
    assert by_slug["ski"]["price_cents"] == 4500 and by_slug["ski"]["currency"] == "EUR"
    assert by_slug["ski"]["equipment"] == [{"slug": "ski-set", "name": by_slug["ski"]["equipment"][0]["name"],
                                            "per_person": 1}]
    assert {e["slug"] for e in by_slug["climbing"]["equipment"]} == {"harness", "helmet"}


def test_availability_by_activity_day_and_party(api):
    tomorrow = timezone.now().astimezone(f.TZ).date() + timedelta(days=1)
    response = api.get("/api/booking/availability/", {"activity": "ski", "day": tomorrow.isoformat()})
    assert response.status_code == 200
    slots = response.json()
    assert set(slots[0]) == {"slot_id", "activity", "activity_name", "instructor", "start", "end", "capacity",
                             "places_left", "price_cents", "currency"} and slots[0]["activity"] == "ski"
    assert [s["start"][11:16] for s in slots] == ["09:00", "15:00"]
    assert slots[0]["places_left"] == 1 and slots[0]["start"].endswith(f.local(tomorrow, 9).isoformat()[-6:])
    response = api.get("/api/booking/availability/", {"activity": "ski", "day": tomorrow.isoformat(), "party_size": 2})
    assert [s["start"][11:16] for s in response.json()] == ["15:00"]
    unknown = api.get("/api/booking/availability/", {"activity": "paragliding"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "activity_not_found"
    bad = api.get("/api/booking/availability/", {"day": "tomorrow"})
    assert bad.status_code == 400


def test_booking_through_the_api_uses_the_booking_service(api, customer):
    act = f.activity(price_cents=2500)
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=3)
    response = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 2, "idempotency_key": "app-1"},
                        content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"id", "status", "customer_name", "party_size", "amount_cents", "currency", "amount_display",
                         "created_at", "paid_at", "cancelled_at", "slot"}
    assert set(body["slot"]) == {"id", "activity", "activity_name", "instructor", "start", "end"}
    assert (body["paid_at"], body["cancelled_at"], body["slot"]["activity"]) == (None, None, slot.activity.slug)
    assert (body["status"], body["amount_cents"], body["party_size"]) == ("pending_payment", 5000, 2)
    assert body["amount_display"] == "50,00\xa0€" and body["customer_name"] == "Laia Puig"
    assert body["slot"]["id"] == slot.pk
    booking = Booking.objects.get(pk=body["id"])
    assert booking.customer_ref == customer.customer_ref
    again = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 2, "idempotency_key": "app-1"},
                     content_type="application/json")
    assert again.status_code == 201 and again.json()["id"] == body["id"]
    reused = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 1},
                      content_type="application/json", HTTP_IDEMPOTENCY_KEY="app-1")
    assert reused.status_code == 409 and reused.json()["code"] == "idempotency_key_reused"


def test_a_taken_slot_answers_409_with_alternatives(api):
    act = f.activity()
    day = f.future_day()
    full = f.slot(act, f.instructor(act), f.local(day, 9), capacity=1)
    other = f.slot(act, f.instructor(act), f.local(day, 15), capacity=2)
    services.booking_create(slot_id=full.pk, customer_ref="x", customer_name="X", party_size=1)
    response = api.post("/api/booking/bookings/", {"slot_id": full.pk, "party_size": 1},
                        content_type="application/json")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "slot_taken"
    assert body["extra"]["alternatives"] == [{
        "slot_id": other.pk, "start": other.start.astimezone(f.TZ).isoformat(),
        "end": other.end.astimezone(f.TZ).isoformat(), "instructor": other.instructor.name, "places_left": 2,
    }]


@pytest.mark.parametrize("case, code, status", [
    ("unknown", "slot_not_found", 404), ("too_many", "party_too_large", 422), ("past", "slot_in_the_past", 422),
    ("zero", "invalid_party_size", 400), ("absurd", "invalid_party_size", 400),
])
def test_booking_refusals_are_rendered_with_their_code(api, case, code, status):
    act = f.activity()
    start = f.local(f.future_day(), 9) if case != "past" else timezone.now() - timedelta(hours=1)
    slot = f.slot(act, f.instructor(act), start, capacity=2)
    payload = {"slot_id": 999999 if case == "unknown" else slot.pk,
               "party_size": {"too_many": 3, "zero": 0, "absurd": 10**22}.get(case, 1)}
    response = api.post("/api/booking/bookings/", payload, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert not Booking.objects.filter(slot=slot).exists()


def test_missing_fields_are_a_400(api):
    response = api.post("/api/booking/bookings/", {"party_size": 1}, content_type="application/json")
    assert response.status_code == 400 and "slot_id" in response.json()


def test_a_customer_reads_only_their_own_booking(api, stranger):
    act = f.activity()
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9))
    made = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 1},
                    content_type="application/json").json()
    mine = api.get(f"/api/booking/bookings/{made['id']}/")
    assert mine.status_code == 200 and mine.json()["id"] == made["id"]
    theirs = stranger.get(f"/api/booking/bookings/{made['id']}/")
    missing = api.get("/api/booking/bookings/999999/")
    assert theirs.status_code == missing.status_code == 404
    assert theirs.json()["code"] == missing.json()["code"] == "booking_not_found"
    assert stranger.post(f"/api/booking/bookings/{made['id']}/payment-link/").status_code == 404
    assert stranger.post(f"/api/booking/bookings/{made['id']}/cancel/").status_code == 404
    assert not PaymentLink.objects.filter(booking_id=made["id"]).exists()
    assert Booking.objects.get(pk=made["id"]).status == "pending_payment"


def test_a_payment_link_is_made_for_the_customers_booking(api):
    act = f.activity(price_cents=4500)
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=4)
    made = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 2},
                    content_type="application/json").json()
    response = api.post(f"/api/booking/bookings/{made['id']}/payment-link/")
    assert response.status_code == 201
    body = response.json()
    link = PaymentLink.objects.get(booking_id=made["id"])
    assert set(body) == {"booking_id", "url", "amount_cents", "currency", "amount_display", "expires_at"}
    assert body["booking_id"] == made["id"]
    assert body["url"] == f"http://demoschool.localhost/pay/{link.token}/"
    assert (body["amount_cents"], body["currency"], body["amount_display"]) == (9000, "EUR", "90,00\xa0€")


def test_cancelling_through_the_api_frees_the_place_and_then_no_link_is_made(api):
    act = f.activity()
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=1)
    made = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 1},
                    content_type="application/json").json()
    cancelled = api.post(f"/api/booking/bookings/{made['id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    refused = api.post(f"/api/booking/bookings/{made['id']}/payment-link/")
    assert (refused.status_code, refused.json()["code"]) == (409, "booking_not_payable")
    again = api.post("/api/booking/bookings/", {"slot_id": slot.pk, "party_size": 1}, content_type="application/json")
    assert again.status_code == 201


def test_the_demo_customer_token_works(demoschool, host_client):
    client = host_client("demoschool")
    assert client.get("/api/booking/activities/", HTTP_AUTHORIZATION=f"Token {DEMO_CUSTOMER_TOKEN}").status_code == 200
