"""In Chromium, the simulator runs the Asks issue's opening Pix scenario end to end with the builtin provider, as the
sandbox customer Carla: the turn, the preview with buttons, the approval tap (recorded as the admin's, in the
simulator), the Ana Ask."""

from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django_tenants.utils import schema_context

from approvals.models import ApprovalRequest
from asks.models import Ask, SlotEvent
from bank.models import PixTransfer
from tenants.demo import DEMO_PASSWORD

pytestmark = pytest.mark.browser
SCREENS = Path(django_settings.DATA_DIR) / "screens"
# The tests run the turn inside the simulator's answer (Celery eager): it took 19 s on a loaded 2-core machine
TURN_ANSWERED_MS = 60_000


def answered(page):
    """`with answered(page) as sent:` around what sends a message (the send button, a button in a bubble, a photo):
    the block ends once the simulator has answered it. The page's poll can show the turn's bubbles before that
    answer reaches the page, so a bubble is no sign of it: the next message, the error box and the rows wait."""
    return page.expect_response(lambda r: r.url.endswith("/simulator/send") and r.request.method == "POST",
                                timeout=TURN_ANSWERED_MS)


def say(page, text: str) -> None:
    """Send `text` as Carla and return once the simulator has answered it (200: the page shows no error)."""
    page.fill("#text", text)
    with answered(page) as sent:
        page.click("#send")
    assert sent.value.status == 200, sent.value.text()


def test_the_opening_pix_scenario_in_the_simulator(page, site, settings):
    base = site("demobank")
    page.goto(f"{base}/admin/login/?next=/simulator/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form [type=submit]")
    page.wait_for_url(f"{base}/simulator/")

    say(page, "manda 200 pro Pedro")
    preview = page.locator(".bubble.out", has_text="Confirme o Pix").first
    preview.wait_for()
    assert "Pedro Henrique Almeida" in preview.inner_text() and "R$\xa0200,00" in preview.inner_text()
    with answered(page) as sent:
        preview.locator("button.option", has_text="Aprovar").click()
    assert sent.value.status == 200, sent.value.text()
    page.locator(".bubble.out", has_text="enviado para Pedro Henrique Almeida").wait_for()

    say(page, "qual meu saldo?")
    page.locator(".bubble.out", has_text="Seu saldo é R$\xa04.800,00").wait_for()

    say(page, "manda um pix de 100 pra Ana")
    ana = page.locator(".bubble.out", has_text="Ana Beatriz Costa")
    ana.wait_for()
    assert "R$\xa0100,00" in ana.inner_text() and page.locator("#error").inner_text() == ""
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "simulator-pix.png"), full_page=True)

    with schema_context("demobank"):
        assert list(PixTransfer.objects.values_list("amount_cents", flat=True)) == [20000]
        assert ApprovalRequest.objects.filter(status="executed").count() == 1
        assert ApprovalRequest.objects.get(status="executed").decided_by == "simulator:admin"
        ana_ask = Ask.objects.filter(kind="pix_transfer").order_by("-pk").first()
        values = [e.value for e in SlotEvent.objects.filter(ask=ana_ask)]
        assert {"amount_cents": 10000, "currency": "BRL"} in values and "Ana" in values
        assert all("20000" not in str(v) for v in values)


def test_a_photographed_pix_qr_in_the_simulator(page, site, settings, tmp_path):
    """Issue 19 in Chromium: the admin sends, as Carla, a photo of a Pix QR whose code names another merchant than
    the key's owner; the preview warns, the tap pays once, with the code's txid."""
    from agent.tests.pixcodes import encode, qr_png

    photo = tmp_path / "conta.png"
    photo.write_bytes(qr_png(encode(key="+5511987650000", name="LOJA DO ZE", city="SAO PAULO", amount="350.00",
                                    txid="PED991")))
    base = site("demobank")
    page.goto(f"{base}/admin/login/?next=/simulator/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form [type=submit]")
    page.wait_for_url(f"{base}/simulator/")

    with answered(page) as sent:
        page.set_input_files("#photo", str(photo))
    assert sent.value.status == 200, sent.value.text()
    preview = page.locator(".bubble.out", has_text="Confirme o Pix").first
    preview.wait_for()
    text = preview.inner_text()
    assert text.startswith('⚠️ Atenção: o código Pix diz que o recebedor é "LOJA DO ZE", mas essa chave é de '
                           "Mercado Bom Preço Ltda.") and "R$\xa0350,00" in text
    with answered(page) as sent:
        preview.locator("button.option", has_text="Aprovar").click()
    assert sent.value.status == 200, sent.value.text()
    page.locator(".bubble.out", has_text="enviado para Mercado Bom Preço Ltda").wait_for()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "simulator-pix-qr.png"), full_page=True)
    with schema_context("demobank"):
        assert list(PixTransfer.objects.values_list("txid", "amount_cents")) == [("PED991", 35000)]
        assert ApprovalRequest.objects.get(status="executed").decided_by == "simulator:admin"
