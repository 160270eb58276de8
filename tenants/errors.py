"""Refusals of the public schema's operations, each with its code."""

from __future__ import annotations

from magie.errors import DomainError


class RekeyAlreadyDecided(DomainError):
    code, http_status = "rekey_already_decided", 409


class RekeyNeedsSecondPerson(DomainError):
    """The requester of a channel key change cannot approve it: a second person must."""

    code, http_status = "rekey_needs_second_person", 403
