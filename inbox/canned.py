"""Canned replies' variables: `{{customer_name}}`, `{{organisation}}`, `{{agent}}` — checked when a reply is saved
(an unknown one is refused, named) and filled when an agent picks it, so the agent sees exactly what will be sent
before sending it. Pure functions."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

VARIABLES = ("customer_name", "organisation", "agent")
PLACEHOLDER = re.compile(r"\{\{\s*([^{}]*?)\s*\}\}")
UNFILLED = re.compile(r"\{\{.*?\}\}")


def canned_variables_check(text: str) -> None:
    """Refuse a text with a variable other than VARIABLES (or a malformed `{{…}}`), naming each one."""
    unknown = sorted({name for name in PLACEHOLDER.findall(text) if name not in VARIABLES})
    if unknown:
        raise ValidationError({"text": _("Unknown variables: %(unknown)s. Use only %(known)s.") % {
            "unknown": ", ".join(f"{{{{{name}}}}}" for name in unknown),
            "known": ", ".join(f"{{{{{name}}}}}" for name in VARIABLES)}})
    stray = PLACEHOLDER.sub("", text)
    if "{{" in stray or "}}" in stray:
        raise ValidationError({"text": _("A variable is written {{name}}, with two braces on each side.")})


def canned_render(text: str, *, customer_name: str, organisation: str, agent: str) -> str:
    """The reply with its variables filled (an unknown one cannot be saved; left as typed if found anyway)."""
    values = {"customer_name": customer_name, "organisation": organisation, "agent": agent}
    return PLACEHOLDER.sub(lambda match: values.get(match.group(1), match.group(0)), text)


def text_has_placeholder(text: str) -> bool:
    """A `{{…}}` left in a text about to go to a customer."""
    return bool(UNFILLED.search(text))
