"""Pix codes for tests: the BR Code test encoder (independent of the parser but for the CRC), QR images of them made
with segno, and a fake PSP serving dynamic codes' payloads over real HTTP."""

from __future__ import annotations

import base64
import io
import json
import time
from typing import Any

import segno

from language.tests.test_brcode import encode
from testing.platform import FakeHandler, FakeService

__all__ = ["FakePsp", "encode", "jws", "photo_jpeg", "qr_png", "tampered"]


def tampered(payload: str, *, old: str, new: str) -> str:
    """`payload` with one value changed and the CRC left as it was (what an edited code looks like)."""
    assert old in payload and len(old) == len(new)
    return payload.replace(old, new, 1)


def qr_png(payload: str, *, scale: int = 6) -> bytes:
    buffer = io.BytesIO()
    segno.make(payload, error="m", micro=False).save(buffer, kind="png", scale=scale, border=4)
    return buffer.getvalue()


def photo_jpeg(payload: str, *, angle: float = 12, blur: float = 1.2, quality: int = 55) -> bytes:
    """A QR as a phone photographs a printed bill: small on a grey page, turned, blurred, JPEG-compressed."""
    from PIL import Image, ImageFilter

    qr = Image.open(io.BytesIO(qr_png(payload, scale=4))).convert("RGB")
    page = Image.new("RGB", (900, 700), (205, 200, 190))
    page.paste(qr.rotate(angle, expand=True, fillcolor=(205, 200, 190)), (150, 80))
    out = io.BytesIO()
    page.filter(ImageFilter.GaussianBlur(blur)).save(out, "JPEG", quality=quality)
    return out.getvalue()


def jws(claims: dict[str, Any]) -> bytes:
    """A JWS compact serialisation of `claims` (the signature is not checked by the reader: see agent.pixpayload)."""
    def part(data: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")
    return f"{part({'alg': 'PS256', 'typ': 'JWT'})}.{part(claims)}.c2lnbmF0dXJl".encode()


class FakePsp(FakeService):
    """Serves `routes[path]` = (status, body bytes, delay seconds) over real HTTP on 127.0.0.1; records each GET."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, bytes, float]] = {}
        self.requests: list[str] = []
        fake = self

        class Handler(FakeHandler):
            def do_GET(self) -> None:
                fake.requests.append(self.path)
                status, body, delay = fake.routes.get(self.path, (404, b"not found", 0.0))
                if delay:
                    time.sleep(delay)
                try:
                    self.answer(status, body, "application/jose")
                except OSError:  # the client gave up first
                    pass

        self.serve(Handler)

    @property
    def location(self) -> str:
        """host:port, as a dynamic code writes its location (no scheme)."""
        return f"127.0.0.1:{self.port}"
