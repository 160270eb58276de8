"""Reads of the public schema."""

from __future__ import annotations

from datetime import datetime

from django.db import connection

from magie.errors import NotFound
from tenants.models import Organisation, OrganisationPolicy, PolicyVersion, WhatsAppChannel
from tenants.policy import Policy, policy_snapshot


def organisation_current() -> Organisation:
    """The organisation whose schema the connection is in (set by the middleware, a task or tenant_context)."""
    tenant = getattr(connection, "tenant", None)
    if tenant is None or tenant.schema_name == "public":
        raise NotFound("no organisation is active on this connection")
    return tenant


def policy_current(*, organisation: Organisation) -> Policy:
    row = OrganisationPolicy.objects.get(organisation=organisation)
    return Policy.from_snapshot(policy_snapshot(row), version=row.version)


def policy_in_force(*, organisation: Organisation, at: datetime) -> Policy:
    """The policy as it stood at `at` (what an auditor asks about an Ask of a given day)."""
    version = (
        PolicyVersion.objects.filter(organisation=organisation, changed_at__lte=at).order_by("-number").first()
    )
    if version is None:
        raise NotFound(f"{organisation.schema_name} had no policy at {at.isoformat()}")
    return Policy.from_snapshot(version.snapshot, version=version.number)


def whatsapp_channel_by_phone_number_id(*, phone_number_id: str) -> WhatsAppChannel:
    """Route an incoming webhook: the channel (and so the organisation) owning this number, or NotFound."""
    channel = WhatsAppChannel.objects.select_related("organisation").filter(phone_number_id=phone_number_id).first()
    if channel is None:
        raise NotFound("unknown phone_number_id", phone_number_id=phone_number_id)
    return channel
