"""Attack: make a worker decode a huge picture (issue 27). A 40-megapixel photo used to cost about 250 MB per worker
before any QR was looked for; an image is now judged by the pixels its header declares
(`MAGIE_PIX_QR_IMAGE_MAX_PIXELS`, 4096² by default) before a pixel is decoded, and the customer is told plainly.
Through the signed webhook (the fake Graph serves the photo over real HTTP) and the simulator, database checked."""

from __future__ import annotations

import base64
import io
import struct
import zlib

import pytest
from django_tenants.utils import schema_context

from agent.models import PixCode
from agent.replies import say
from agent.tests.pixcodes import encode, qr_png
from approvals.models import ApprovalRequest
from bank.models import PixTransfer
from conversations.models import Message
from tenants.demo import demo_channel_secrets
from testing.organisations import signed_in
from whatsapp.media import ImageTooLarge, pix_code_text, qr_texts
from whatsapp.tests.conftest import change, envelope, fake_graph, inbound, post, signed  # noqa: F401
from whatsapp.tests.conftest import encode as json_body
from whatsapp.tests.test_pix_qr import data_url, media_reads, turn_of  # noqa: F401

pytestmark = pytest.mark.django_db

CARLA = "5511999990001"
BILL = encode(key="contas@energiasul.com.br", name="ENERGIA SUL DISTRIBUIDORA", city="PORTO ALEGRE",
              amount="187.45", txid="FATURA202612")


def photo_png(width: int, height: int, payload: str = BILL) -> bytes:
    """A white page of `width`×`height` pixels with the code's QR near a corner (PNG: small on the wire)."""
    from PIL import Image

    page = Image.new("L", (width, height), 255)
    page.paste(Image.open(io.BytesIO(qr_png(payload, scale=8))).convert("L"), (200, 200))
    out = io.BytesIO()
    page.save(out, "PNG", optimize=False, compress_level=9)
    return out.getvalue()


@pytest.fixture(scope="module")
def forty_megapixels() -> bytes:
    return photo_png(8000, 5000)


def header_only_png(width: int, height: int) -> bytes:
    """A PNG that declares `width`×`height` and holds one row of data: decoding it would fail on the data, so an
    answer of ImageTooLarge says the decision was taken from the header alone."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * (width + 1)))
            + chunk(b"IEND", b""))


def test_a_40_mp_photo_is_refused_before_decoding_and_the_same_code_smaller_is_read(forty_megapixels, settings):
    assert len(forty_megapixels) < settings.MAGIE_PIX_QR_IMAGE_MAX_BYTES  # it passes the byte bound: pixels decide
    with pytest.raises(ImageTooLarge):
        qr_texts(forty_megapixels)
    with pytest.raises(ImageTooLarge):
        pix_code_text(forty_megapixels)
    assert pix_code_text(photo_png(4000, 3000)) == BILL  # a 12 MP phone photo of the same page is read
    settings.MAGIE_PIX_QR_IMAGE_MAX_PIXELS = 41_000_000  # the control: the big photo itself holds a readable code
    assert pix_code_text(forty_megapixels) == BILL


@pytest.mark.parametrize("size", [(8000, 5000), (65535, 65535), (4097, 4096), (1, 20_000_000)])
def test_the_refusal_is_taken_from_the_header_alone(size):
    with pytest.raises(ImageTooLarge):
        qr_texts(header_only_png(*size))


def test_an_image_within_the_budget_but_broken_is_no_code_not_a_refusal():
    assert qr_texts(header_only_png(4096, 4096)) == []


def nothing_paid() -> bool:
    return (PixCode.objects.count() == 0 and ApprovalRequest.objects.count() == 0
            and PixTransfer.objects.count() == 0)


def test_a_40_mp_photo_through_the_webhook_gets_the_honest_reply_and_pays_nothing(
        platform, turns, media_reads, fake_graph, forty_megapixels,  # noqa: F811
        django_capture_on_commit_callbacks):
    fake_graph.access_token = demo_channel_secrets("demobank")["access_token"]
    fake_graph.media["MEDIA-40MP"] = (forty_megapixels, "image/png")
    body = json_body(envelope(change(messages=[inbound("image", {"id": "MEDIA-40MP", "mime_type": "image/png",
                                                                 "sha256": "x"})])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200
    assert media_reads.outcomes == ["too_large"]
    with schema_context("demobank"):
        message = Message.objects.get(direction="in")
        assert (message.kind, message.text, message.media_refused) == ("media", "", "too_large")
        assert turns.message_ids() == [message.pk]  # the turn still runs, once
        turn = turn_of(message.pk)
        assert turn.reply == say("pt-BR", "image_too_large") and "grande demais" in turn.reply
        assert nothing_paid()
        message.refresh_from_db()
        assert message.handled_at is not None


def test_a_40_mp_photo_in_the_simulator_gets_the_honest_reply(demobank, turns, forty_megapixels,
                                                              django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        answer = signed_in("demobank").post(
            "/simulator/send", {"wa_id": CARLA, "image": "data:image/png;base64,"
                                + base64.b64encode(forty_megapixels).decode()}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    message = Message.objects.get(pk=answer.json()["message_id"])
    assert (message.text, message.media_refused) == ("", "too_large")
    assert turn_of(message.pk).reply == say("pt-BR", "image_too_large") and nothing_paid()
