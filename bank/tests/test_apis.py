"""The app-flow API at /api/bank/: token auth, one test per endpoint, errors with their code, masked documents."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from bank.demo import JOAO_CPF
from bank.models import Holder, PixKey, PixTransfer
from bank.selectors import LOOKUP_BUDGET_POINTS, LOOKUP_COST_MISS
from bank.services import customer_token_issue
from bank.tests.conftest import ANA_KEY, ENERGIA_KEY, PEDRO_KEY, balance_of

ENDPOINTS = [
    ("get", "/api/bank/balance/"),
    ("post", "/api/bank/keys/lookup/"),
    ("get", "/api/bank/transfers/"),
    ("post", "/api/bank/transfers/"),
    ("get", "/api/bank/transfers/1/"),
    ("post", "/api/bank/transfers/1/cancel/"),
    ("get", "/api/bank/statement/"),
    ("get", "/api/bank/contacts/"),
    ("get", "/api/bank/contacts/resolve/"),
]


@pytest.fixture
def api(carla, host_client):
    token = customer_token_issue(holder=carla)
    client = host_client("demobank")
    client.defaults["HTTP_AUTHORIZATION"] = f"Token {token.secret}"
    client.bodies = []

    def call(method: str, url: str, data=None, **headers):
        if method == "get":
            response = client.get(url, data or {}, **headers)
        else:
            response = client.post(url, json.dumps(data or {}), content_type="application/json", **headers)
        client.bodies.append(response.content.decode())
        return response

    client.call = call
    return client


def documents() -> set[str]:
    """Every document the directory and the holders know, bare and formatted."""
    digits = set(Holder.objects.values_list("document", flat=True)) | set(
        PixKey.objects.values_list("owner_document", flat=True))
    formatted = {f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}" for d in digits if len(d) == 11}
    formatted |= {f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}" for d in digits if len(d) == 14}
    return digits | formatted


def assert_no_full_document(bodies: list[str]) -> None:
    known = documents()
    for body in bodies:
        for document in known:
            assert document not in body, f"full document in a response: {body[:300]}"


@pytest.mark.parametrize("method,url", ENDPOINTS)
def test_every_endpoint_requires_a_customer_token(demobank, host_client, method, url):
    client = host_client("demobank")
    response = getattr(client, method)(url)
    assert response.status_code == 401
    response = getattr(client, method)(url, HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 401


@pytest.mark.parametrize("method,url", ENDPOINTS)
def test_the_bank_api_does_not_exist_for_a_store(demostore, host_client, method, url):
    assert getattr(host_client("demostore"), method)(url).status_code == 404


def test_balance(api, carla):
    response = api.call("get", "/api/bank/balance/")
    assert response.status_code == 200
    assert response.json() == {"account_number": "0001-1", "balance_cents": 500_000, "currency": "BRL",
                               "balance": "R$\xa05.000,00"}


def test_key_lookup_shows_the_owner_with_a_masked_document(api):
    response = api.call("post", "/api/bank/keys/lookup/", {"key": ENERGIA_KEY})
    assert response.status_code == 200
    assert response.json() == {"owner_name": "Energia Sul Distribuidora S.A.", "masked_document": "**.445.566/0001-**",
                               "bank_name": "Banco Bradesco S.A.", "key_type": "email", "key_value": ENERGIA_KEY}
    response = api.call("post", "/api/bank/keys/lookup/", {"key": JOAO_CPF})  # a CPF key is masked as well
    assert response.json()["key_value"] == response.json()["masked_document"] == f"***.{JOAO_CPF[3:6]}." \
        f"{JOAO_CPF[6:9]}-**"
    assert_no_full_document(api.bodies)


def test_key_lookup_errors_carry_their_code(api):
    response = api.call("post", "/api/bank/keys/lookup/", {"key": "111.111.111-11"})
    assert (response.status_code, response.json()["code"]) == (400, "invalid_key")
    for i in range(LOOKUP_BUDGET_POINTS // LOOKUP_COST_MISS):
        response = api.call("post", "/api/bank/keys/lookup/", {"key": f"ninguem{i}@exemplo.com"})
        assert (response.status_code, response.json()["code"]) == (404, "key_not_found")
    response = api.call("post", "/api/bank/keys/lookup/", {"key": ENERGIA_KEY})
    assert response.status_code == 429
    assert response.json()["code"] == "lookup_budget_exceeded"
    assert response.json()["extra"]["retry_after_seconds"] > 0


def test_create_transfer_with_an_idempotency_key_header(api, carla):
    body = {"key": PEDRO_KEY, "amount_cents": 2_500, "description": "pizza"}
    first = api.call("post", "/api/bank/transfers/", body, HTTP_IDEMPOTENCY_KEY="app-1")
    assert first.status_code == 201, first.content
    receipt = first.json()
    assert set(receipt) == {"transfer_id", "end_to_end_id", "status", "amount_cents", "currency", "amount", "recipient",
                            "description", "txid", "created_at", "scheduled_for", "settled_at", "failure_code"}
    assert set(receipt["recipient"]) == {"owner_name", "masked_document", "bank_name", "key_type", "key_value"}
    assert receipt["status"] == "settled" and receipt["amount"] == "R$\xa025,00"
    assert len(receipt["end_to_end_id"]) == 32
    assert receipt["recipient"]["owner_name"] == "Pedro Henrique Almeida"
    assert re.fullmatch(r"\*\*\*\.\d{3}\.\d{3}-\*\*", receipt["recipient"]["masked_document"])
    again = api.call("post", "/api/bank/transfers/", body, HTTP_IDEMPOTENCY_KEY="app-1")
    assert again.json()["transfer_id"] == receipt["transfer_id"]
    assert balance_of(carla) == 500_000 - 2_500
    reused = api.call("post", "/api/bank/transfers/", body | {"amount_cents": 2_600}, HTTP_IDEMPOTENCY_KEY="app-1")
    assert (reused.status_code, reused.json()["code"]) == (409, "idempotency_key_reused")
    assert PixTransfer.objects.count() == 1
    assert_no_full_document(api.bodies)


@pytest.mark.parametrize("body,headers,status,code", [
    ({"key": PEDRO_KEY, "amount_cents": 100}, {}, 400, "idempotency_key_missing"),
    ({"key": PEDRO_KEY, "amount_cents": 0}, {"HTTP_IDEMPOTENCY_KEY": "e1"}, 400, "amount_invalid"),
    ({"key": PEDRO_KEY, "amount_cents": 500_001}, {"HTTP_IDEMPOTENCY_KEY": "e2"}, 422, "insufficient_funds"),
    ({"key": "nao-e-chave", "amount_cents": 100}, {"HTTP_IDEMPOTENCY_KEY": "e3"}, 400, "invalid_key"),
    ({"key": "ninguem@exemplo.com", "amount_cents": 100}, {"HTTP_IDEMPOTENCY_KEY": "e4"}, 404, "key_not_found"),
    ({"key": "+5511999990001", "amount_cents": 100}, {"HTTP_IDEMPOTENCY_KEY": "e5"}, 422, "same_account"),
])
def test_create_transfer_errors_carry_their_code(api, carla, body, headers, status, code):
    response = api.call("post", "/api/bank/transfers/", body, **headers)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert set(response.json()) == {"code", "message", "extra"}
    assert balance_of(carla) == 500_000 and not PixTransfer.objects.exists()


def test_create_transfer_validates_its_body(api):
    response = api.call("post", "/api/bank/transfers/", {"key": PEDRO_KEY}, HTTP_IDEMPOTENCY_KEY="v1")
    assert response.status_code == 400 and "amount_cents" in response.json()


def test_transfer_detail_list_and_cancel(api, carla, ana):
    due = (timezone.now() + timedelta(days=2)).isoformat()
    created = api.call("post", "/api/bank/transfers/", {"key": ANA_KEY, "amount_cents": 1_000, "scheduled_for": due},
                       HTTP_IDEMPOTENCY_KEY="sched-1").json()
    assert created["status"] == "scheduled"
    detail = api.call("get", f"/api/bank/transfers/{created['transfer_id']}/")
    assert detail.status_code == 200 and detail.json()["end_to_end_id"] == created["end_to_end_id"]
    listed = api.call("get", "/api/bank/transfers/", {"recipient": "ana", "amount_cents": 1_000}).json()
    assert [t["transfer_id"] for t in listed["results"]] == [created["transfer_id"]]
    cancelled = api.call("post", f"/api/bank/transfers/{created['transfer_id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    again = api.call("post", f"/api/bank/transfers/{created['transfer_id']}/cancel/")
    assert (again.status_code, again.json()["code"]) == (409, "transfer_not_cancellable")
    missing = api.call("get", "/api/bank/transfers/999999/")
    assert (missing.status_code, missing.json()["code"]) == (404, "transfer_not_found")
    assert_no_full_document(api.bodies)


def test_someone_elses_transfer_is_not_found(api, ana, host_client):
    from bank.services import pix_transfer_create

    theirs = pix_transfer_create(holder=ana, key=PEDRO_KEY, amount_cents=100, idempotency_key="ana-1")
    response = api.call("get", f"/api/bank/transfers/{theirs.pk}/")
    assert (response.status_code, response.json()["code"]) == (404, "transfer_not_found")


def test_statement(api):
    api.call("post", "/api/bank/transfers/", {"key": PEDRO_KEY, "amount_cents": 1_000}, HTTP_IDEMPOTENCY_KEY="s1")
    api.call("post", "/api/bank/transfers/", {"key": ANA_KEY, "amount_cents": 2_000}, HTTP_IDEMPOTENCY_KEY="s2")
    now = timezone.now()
    response = api.call("get", "/api/bank/statement/", {"since": (now - timedelta(days=1)).isoformat(),
                                                        "until": (now + timedelta(days=1)).isoformat()})
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"since", "until", "entries", "counts", "settled_out_cents", "settled_in_cents"}
    assert {tuple(entry) for entry in body["entries"]} == {("transfer_id", "direction", "status", "amount_cents",
                                                           "currency", "counterpart_name", "at", "end_to_end_id")}
    assert body["counts"]["out_settled"] == 2 and body["settled_out_cents"] == 3_000
    assert {e["counterpart_name"] for e in body["entries"]} == {"Pedro Henrique Almeida", "Ana Beatriz Costa"}
    bad = api.call("get", "/api/bank/statement/", {"since": "yesterday"})
    assert bad.status_code == 400
    assert_no_full_document(api.bodies)


def test_contacts_and_their_resolution(api):
    response = api.call("get", "/api/bank/contacts/")
    assert response.status_code == 200
    contacts = response.json()["results"]
    assert [c["nickname"] for c in contacts] == ["Ana", "João", "Maria", "Pedro"]
    assert all("masked_document" in c["recipient"] for c in contacts)
    found = api.call("get", "/api/bank/contacts/resolve/", {"name": "joao"})
    assert found.status_code == 200 and found.json()["recipient"]["owner_name"] == "João Pereira Lima"
    missing = api.call("get", "/api/bank/contacts/resolve/", {"name": "Roberto"})
    assert missing.status_code == 404
    assert missing.json() == {"code": "contact_not_found", "message": "no saved contact by that name",
                              "extra": {"contacts": ["Ana", "João", "Maria", "Pedro"]}}
    assert_no_full_document(api.bodies)
