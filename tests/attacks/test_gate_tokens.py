"""Attack: read the customers' API tokens from a copy of the database (issue 27: stored in clear). Only their
SHA-256 is stored; the key a customer holds still opens the API, the stored value does not."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from bank.models import Holder
from bank.models import HolderToken as BankToken
from bank.services import customer_token_issue as bank_token_issue
from booking.demo import DEMO_CUSTOMER_TOKEN
from booking.models import CustomerToken as BookingToken
from booking.services import customer_token_issue as booking_token_issue
from magie.tokens import token_digest

pytestmark = pytest.mark.django_db


def test_a_bank_token_is_stored_as_its_digest_and_only_the_key_opens_the_api(demobank):
    token = bank_token_issue(holder=Holder.objects.get(customer_ref="5511999990001"))
    stored = BankToken.objects.get(pk=token.pk).key
    assert token.secret not in stored and stored == token_digest(token.secret)
    with connection.cursor() as cursor:  # what a dump of the table holds
        cursor.execute("SELECT key FROM bank_customertoken")
        assert all(token.secret not in row[0] for row in cursor.fetchall())
    connection.set_schema_to_public()
    api = Client(HTTP_HOST="demobank.localhost")
    assert api.get("/api/bank/contacts/", HTTP_AUTHORIZATION=f"Token {token.secret}").status_code == 200
    assert api.get("/api/bank/contacts/", HTTP_AUTHORIZATION=f"Token {stored}").status_code == 401


def test_a_booking_token_is_stored_as_its_digest_and_only_the_key_opens_the_api(demoschool):
    token = booking_token_issue(customer_ref="cust-9", customer_name="Laia")
    stored = BookingToken.objects.get(pk=token.pk).key
    assert stored == token_digest(token.secret) and token.secret not in stored
    connection.set_schema_to_public()
    api = Client(HTTP_HOST="demoschool.localhost")
    assert api.get("/api/booking/activities/", HTTP_AUTHORIZATION=f"Token {token.secret}").status_code == 200
    assert api.get("/api/booking/activities/", HTTP_AUTHORIZATION=f"Token {stored}").status_code == 401


def test_the_demo_token_is_stored_hashed_too(demoschool):
    assert not BookingToken.objects.filter(key=DEMO_CUSTOMER_TOKEN).exists()
    assert BookingToken.objects.filter(key=token_digest(DEMO_CUSTOMER_TOKEN)).exists()
