"""Back-office pages of the bank: they load for demobank, mask documents, and do not exist for demostore."""

from __future__ import annotations

import pytest

from bank.models import Contact, Holder, PixKey, PixTransfer
from bank.services import pix_transfer_create
from bank.tests.conftest import DAY, PEDRO_KEY, idem
from bank.tests.test_apis import assert_no_full_document
from tenants.tests.test_admin import signed_in

LISTS = ["holder", "account", "pixkey", "pixtransfer", "contact", "banksettings"]


@pytest.fixture
def transfer(carla):
    return pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1_234, idempotency_key=idem(), now=DAY)


@pytest.mark.parametrize("username", ["admin", "auditor"])
def test_every_bank_page_loads_and_masks_documents(carla, transfer, username):
    client = signed_in("demobank", username)
    urls = [f"/admin/bank/{model}/" for model in LISTS] + [
        f"/admin/bank/holder/{carla.pk}/change/",
        f"/admin/bank/pixkey/{PixKey.objects.filter(key_type='cpf').first().pk}/change/",
        f"/admin/bank/pixtransfer/{transfer.pk}/change/",
        f"/admin/bank/contact/{Contact.objects.filter(holder=carla).first().pk}/change/",
        "/admin/bank/pixkey/?key_type=cpf",
        "/admin/",
    ]
    bodies = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        bodies.append(response.content.decode())
    assert_no_full_document(bodies)
    holders = bodies[0]
    assert "Carla Souza" in holders and carla.masked_document in holders
    assert "Pedro Henrique Almeida" in bodies[3]  # the transfer list shows the recipient…
    assert transfer.masked_recipient_document in bodies[3]  # …with the document masked


def test_transfers_are_read_only_and_settings_are_editable_by_the_admin(demobank, transfer):
    client = signed_in("demobank", "admin")
    assert client.get("/admin/bank/pixtransfer/add/").status_code == 403
    response = client.post(f"/admin/bank/pixtransfer/{transfer.pk}/change/", {"amount_cents": 1})
    assert response.status_code == 403
    transfer.refresh_from_db()
    assert transfer.amount_cents == 1_234
    response = client.post("/admin/bank/banksettings/1/change/", {"ispb": "99999999", "night_limit_cents": 50_000})
    assert response.status_code == 302
    response = client.post("/admin/bank/banksettings/1/change/", {"ispb": "99999999", "night_limit_cents": 100_001})
    assert response.status_code == 200 and "night_limit_cents" in response.context["adminform"].form.errors


def test_the_bank_pages_are_absent_for_a_store(demostore):
    client = signed_in("demostore", "admin")
    index = client.get("/admin/").content.decode()
    assert "/admin/bank/" not in index and "Pix" not in index
    for model in LISTS:
        assert client.get(f"/admin/bank/{model}/").status_code in (403, 404), model
    assert client.get("/admin/bank/").status_code == 404
    assert not Holder.objects.exists() and not PixTransfer.objects.exists()


def test_the_pix_key_list_costs_the_same_for_more_keys(carla):
    """Each key names its account, and the account its holder: both come with the rows, not two queries a key."""
    import uuid

    from django_tenants.utils import schema_context

    from bank.models import Account
    from testing.organisations import page_queries

    account = Account.objects.get(holder=carla)
    client = signed_in("demobank", "admin")
    page_queries(client, "/admin/bank/pixkey/")  # the session's first statements are not the list's
    few = page_queries(client, "/admin/bank/pixkey/")
    with schema_context("demobank"):
        PixKey.objects.bulk_create([
            PixKey(key_type=PixKey.KeyType.RANDOM, value=str(uuid.uuid4()), owner_name=carla.name,
                   owner_document=carla.document, bank_name="Magie Banco", bank_ispb="00000000", account=account)
            for _ in range(4)])
    assert page_queries(client, "/admin/bank/pixkey/") == few
