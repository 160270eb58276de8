"""An image a customer sends may be a photographed Pix QR code: the channel fetches it through the Cloud API's media
endpoints with the channel's token and reads its QR codes (zxing-cpp), before the agent's turn runs.

    GET {WHATSAPP_GRAPH_URL}/{media id}     (Bearer: the channel's access token) → {"url", "mime_type", "file_size"}
    GET {url}                                (the same Bearer)                    → the image's bytes

The second URL comes from Meta's answer, and the token goes with it: it is followed only to Meta's media hosts
(https, `*.fbsbx.com`, `*.facebook.com`, `*.whatsapp.net`) or, for a local test server, to the Graph URL's own host.
No redirect is followed on either call (a 3xx is refused: it could carry the token off Meta's hosts).
Both calls have the channel's HTTP timeout; the image is read up to `MAGIE_PIX_QR_IMAGE_MAX_BYTES` (a bigger one is
refused, not truncated) and decoded by Pillow only when its header declares at most `MAGIE_PIX_QR_IMAGE_MAX_PIXELS`
pixels (ImageTooLarge otherwise: refused before a pixel is decoded; a decompression bomb is refused too).

What a QR says is third-party text. Only the text of a QR that is (or was meant to be) a Pix BR Code is kept — it
becomes the message's text, where the agent reads it as a Pix code, quarantined — any other QR content is dropped,
never stored as if the customer had written it.
"""

from __future__ import annotations

import io
import json
import logging
import urllib.error
import urllib.request
import warnings
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from django.conf import settings

from language.brcode import brcode_find
from whatsapp import conf
from whatsapp.sender import _opener

logger = logging.getLogger(__name__)

MEDIA_HOSTS = (".fbsbx.com", ".facebook.com", ".whatsapp.net")


class ImageTooLarge(Exception):
    """The image declares more pixels than `MAGIE_PIX_QR_IMAGE_MAX_PIXELS`: refused before it is decoded."""


class MediaUnavailable(Exception):
    """The media could not be had; `retryable` for timeouts, 5xx and 429."""

    def __init__(self, reason: str, *, retryable: bool) -> None:
        super().__init__(reason)
        self.retryable = retryable


@dataclass(frozen=True)
class DownloadedMedia:
    """A customer's media file as fetched from the Cloud API (the webhook's `image` entry is payloads.Media)."""

    content: bytes
    mime_type: str


def _get(url: str, *, access_token: str, most: int) -> tuple[bytes, str]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {access_token}"})
    timeout = float(conf.setting("WHATSAPP_HTTP_TIMEOUT_SECONDS"))
    try:
        with _opener(url).open(request, timeout=timeout) as response:
            declared = response.headers.get("Content-Length")
            if declared is not None and declared.isdigit() and int(declared) > most:
                raise MediaUnavailable(f"{declared} bytes announced, at most {most}", retryable=False)
            body = response.read(most + 1)
            content_type = response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        raise MediaUnavailable(f"HTTP {error.code}", retryable=error.code >= 500 or error.code == 429) from None
    except (urllib.error.URLError, OSError) as error:
        raise MediaUnavailable(f"network: {type(error).__name__}", retryable=True) from None
    if len(body) > most:
        raise MediaUnavailable(f"longer than {most} bytes", retryable=False)
    return body, content_type


def _followable(url: str) -> bool:
    where, graph = urlsplit(url), urlsplit(conf.setting("WHATSAPP_GRAPH_URL"))
    host = (where.hostname or "").lower()
    if where.scheme == "https" and any(host.endswith(suffix) for suffix in MEDIA_HOSTS):
        return True
    return bool(host) and host == (graph.hostname or "").lower() and where.scheme == graph.scheme


def media_download(*, media_id: str, access_token: str) -> DownloadedMedia:
    """The bytes of the customer's media `media_id` (MediaUnavailable otherwise; nothing is stored here)."""
    graph = conf.setting("WHATSAPP_GRAPH_URL").rstrip("/")
    if not graph:
        raise MediaUnavailable("no Cloud API configured (WHATSAPP_GRAPH_URL)", retryable=False)
    raw, _ = _get(f"{graph}/{quote(media_id, safe='')}", access_token=access_token, most=64 * 1024)
    try:
        info = json.loads(raw)
    except ValueError:
        raise MediaUnavailable("the media endpoint answered no JSON", retryable=True) from None
    url = info.get("url") if isinstance(info, dict) else None
    if not isinstance(url, str) or not _followable(url):
        raise MediaUnavailable("the media URL is not one of Meta's media hosts", retryable=False)
    content, content_type = _get(url, access_token=access_token, most=int(settings.MAGIE_PIX_QR_IMAGE_MAX_BYTES))
    return DownloadedMedia(content=content, mime_type=str(info.get("mime_type") or content_type))


def qr_texts(image: bytes) -> list[str]:
    """The texts of the QR codes in `image` (PNG, JPEG, WebP…), [] when none can be read or it is no image;
    ImageTooLarge when its header declares more than `MAGIE_PIX_QR_IMAGE_MAX_PIXELS` pixels (`Image.open` reads
    the header only: nothing is decoded then)."""
    import zxingcpp
    from PIL import Image, UnidentifiedImageError

    most = int(settings.MAGIE_PIX_QR_IMAGE_MAX_PIXELS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(image)) as opened:
                if opened.width * opened.height > most:
                    raise ImageTooLarge(f"{opened.width}x{opened.height} pixels, at most {most}")
                picture = opened.convert("L")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as bomb:  # Pillow's own, bigger bound
        raise ImageTooLarge(str(bomb)) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        return []
    return [result.text for result in zxingcpp.read_barcodes(picture)
            if result.format == zxingcpp.BarcodeFormat.QRCode and result.valid and result.text]


def pix_code_text(image: bytes) -> str:
    """The text of the image's Pix QR codes (valid or damaged, so the customer can be told), one per line; "" when
    the image holds none. Other QR content is dropped. ImageTooLarge as `qr_texts`."""
    found = [text for text in qr_texts(image) if brcode_find(text)]
    return "\n".join(dict.fromkeys(found))  # the same code printed twice on a bill is one code
