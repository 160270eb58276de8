"""Which model base URLs an organisation may set: only the platform's allow-list (`MAGIE_MODEL_URL_ALLOWLIST`), so
an organisation admin cannot make the platform's workers POST to an address of the platform's own network (SSRF).

An entry is a URL prefix (`https://api.openai.com/v1`: that origin, with that path or below it), a subdomain
wildcard (`https://*.openai.azure.com`) or a port wildcard (`http://127.0.0.1:*/v1`, for a local test server).
The platform's own OPENAI_BASE_URL (set by its operator) is always allowed. A URL matching no entry is refused. A host that resolves to a loopback,
link-local, private, multicast, reserved or unspecified address is refused too, unless an entry names that host
literally (an operator who lists `http://10.0.0.5:8080/v1` or `http://127.0.0.1:4010/v1` means it). No credentials in
the URL, http(s) only. Checked in the admin form and again each time a client is created (a DNS answer can change).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

from django.conf import settings

from magie.errors import DomainError

DEFAULT_PORTS = {"http": 80, "https": 443}


class ModelUrlRefused(DomainError):
    """Its message is the operator's (logs, English); `extra["why"]` names the rule, for staff words at display
    (`agent.admin.model_url_refusal_words`), with `host` or `allowed` where the message names them."""

    code, http_status = "model_url_refused", 400


def _parts(url: str) -> tuple[str, str, int, str]:
    split = urlsplit(url.strip())
    if split.scheme not in DEFAULT_PORTS or not split.hostname:
        raise ModelUrlRefused("Only http(s) URLs with a host are accepted.", url=url, why="scheme")
    if split.username or split.password:
        raise ModelUrlRefused("A model URL cannot carry credentials; put the key in the key field.", url=url,
                              why="credentials")
    try:
        port = split.port or DEFAULT_PORTS[split.scheme]
    except ValueError:
        raise ModelUrlRefused("The port is not a number.", url=url, why="port") from None
    return split.scheme, split.hostname.lower().rstrip("."), port, split.path.rstrip("/")


def _matches(url: tuple[str, str, int, str], entry: str) -> bool | None:
    """None: no match; False: matched through a wildcard; True: matched an entry naming the host literally."""
    scheme, host, port, path = url
    wildcard = "://*." in entry
    any_port = re.search(r"://[^/]*:\*", entry) is not None
    try:
        e_scheme, e_host, e_port, e_path = _parts(re.sub(r":\*(?=/|$)", "", entry.replace("://*.", "://", 1)))
    except ModelUrlRefused:
        return None
    if scheme != e_scheme or (port != e_port and not any_port):
        return None
    if wildcard:
        if not host.endswith("." + e_host):
            return None
    elif host != e_host:
        return None
    if e_path and path != e_path and not path.startswith(e_path + "/"):
        return None
    return not wildcard


def _internal(host: str, port: int) -> bool:
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError:
        raise ModelUrlRefused(f"{host} does not resolve.", host=host, why="unresolved") from None
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%", 1)[0])
        if (address.is_loopback or address.is_link_local or address.is_private or address.is_multicast
                or address.is_reserved or address.is_unspecified):
            return True
    return False


def model_base_url_check(url: str) -> str:
    """`url` when an organisation may use it as its model base URL, else ModelUrlRefused saying why."""
    if settings.OPENAI_BASE_URL and url.strip().rstrip("/") == settings.OPENAI_BASE_URL.strip().rstrip("/"):
        return url.strip()
    parts = _parts(url)
    matches = [_matches(parts, entry) for entry in settings.MAGIE_MODEL_URL_ALLOWLIST]
    if not any(match is not None for match in matches):
        allowed = ", ".join(settings.MAGIE_MODEL_URL_ALLOWLIST) or "none"
        raise ModelUrlRefused(f"This model URL is not on the platform's allow-list (allowed: {allowed}).", url=url,
                              why="not_allowed", allowed=allowed)
    if not any(matches) and _internal(parts[1], parts[2]):
        raise ModelUrlRefused(f"{parts[1]} resolves to an internal address (loopback, link-local or private).",
                              url=url, why="internal", host=parts[1])
    return url.strip()


def model_base_url_refusal(url: str | None) -> str | None:
    """Why a client must not be created for `url` (None: the SDK's default, or allowed)."""
    if not url:
        return None
    try:
        model_base_url_check(url)
    except ModelUrlRefused as error:
        return f"model URL refused: {error}"
    return None
