"""Writes of the public schema: organisations, their policies (versioned) and channel credentials."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django_tenants.utils import schema_context, schema_exists

from magie.choices import OrganisationKind
from tenants.errors import RekeyAlreadyDecided, RekeyNeedsSecondPerson
from tenants.models import ChannelRekey, Domain, Organisation, OrganisationPolicy, PolicyVersion, WhatsAppChannel
from tenants.policy import policy_snapshot, validate_policy
from tenants.roles import Role, roles_sync

logger = logging.getLogger(__name__)


def organisation_host(schema_name: str) -> str:
    return f"{schema_name}.{settings.MAGIE_BASE_DOMAIN}"


def platform_ensure() -> Organisation:
    """The public tenant and its domain (the platform's own host). Idempotent."""
    platform, _ = Organisation.objects.get_or_create(
        schema_name="public", defaults={"name": "Magie platform", "kind": OrganisationKind.PLATFORM}
    )
    Domain.objects.get_or_create(domain=settings.MAGIE_BASE_DOMAIN, defaults={"tenant": platform, "is_primary": True})
    return platform


def organisation_create(
    *, schema_name: str, name: str, kind: str, language: str, time_zone: str, currency: str,
    languages: Sequence[str] = (),
    brand_colour: str = "#4f46e5",
) -> Organisation:
    """Create the organisation, its schema (migrated), domain, default policy (version 1) and staff roles.

    Idempotent on `schema_name`: an existing organisation is returned as it is, after whatever a creation cut short
    left undone (its schema, domain, policy or roles) has been made — a crash between the organisation's row and
    its policy no longer leaves one that every turn refuses ("no policy") and that no later run repairs.
    """
    existing = Organisation.objects.filter(schema_name=schema_name).first()
    if existing:
        organisation_complete(existing)
        return existing
    organisation = Organisation(
        schema_name=schema_name, name=name, kind=kind, language=language, time_zone=time_zone, currency=currency,
        languages=[lang for lang in dict.fromkeys(languages) if lang != language],
        brand_colour=brand_colour,
    )
    organisation.full_clean()
    organisation.save(verbosity=0)  # CREATE SCHEMA (django-tenants; the row is deleted again when that fails)
    organisation_complete(organisation, new=True)
    logger.info("organisation %s created", schema_name)
    return organisation


def organisation_missing(organisation: Organisation) -> list[str]:
    """What an organisation lacks of what `organisation_create` makes: "schema", "domain", "policy", "roles"."""
    missing = []
    if not schema_exists(organisation.schema_name):
        return ["schema", "roles"] + [part for part in ("domain", "policy") if not _has(organisation, part)]
    missing += [part for part in ("domain", "policy") if not _has(organisation, part)]
    with schema_context(organisation.schema_name):
        if Group.objects.filter(name__in=[role.value for role in Role]).count() != len(Role):
            missing.append("roles")
    return missing


def _has(organisation: Organisation, part: str) -> bool:
    if part == "domain":
        return Domain.objects.filter(tenant=organisation, is_primary=True).exists()
    return OrganisationPolicy.objects.filter(organisation=organisation).exists()


def organisation_complete(organisation: Organisation, *, new: bool = False) -> None:
    """Make what `organisation` lacks of its schema, domain, policy (version 1) and staff roles. Idempotent;
    `new`: just saved by `organisation_create` (lacking them is no news, not worth a warning)."""
    if organisation.is_platform:
        return
    missing = organisation_missing(organisation)
    if not missing:
        return
    if not new:
        logger.warning("organisation %s lacks %s: made now", organisation.schema_name, ", ".join(missing))
    if "schema" in missing:
        organisation.create_schema(check_if_exists=True, verbosity=0)
    with transaction.atomic():
        if "domain" in missing:
            Domain.objects.get_or_create(domain=organisation_host(organisation.schema_name),
                                         defaults={"tenant": organisation, "is_primary": True})
        if "policy" in missing:
            policy, _ = OrganisationPolicy.objects.get_or_create(organisation=organisation)
            if not PolicyVersion.objects.filter(organisation=organisation).exists():
                PolicyVersion.objects.create(
                    organisation=organisation, number=1, changed_at=timezone.now(), changed_by="system (created)",
                    changes={}, snapshot=policy_snapshot(policy),
                )
    if "roles" in missing:
        with schema_context(organisation.schema_name):
            roles_sync(permissions_create=False)  # migrations (or the template's copy of them) made every permission


def _coerce(field: str, value: Any) -> Any:
    if field in ("ask_stale_after", "approval_expiry") and isinstance(value, timedelta):
        return int(value.total_seconds())
    return value


@transaction.atomic
def policy_update(*, organisation: Organisation, changes: Mapping[str, Any], changed_by: str) -> OrganisationPolicy:
    """Apply `changes` (snapshot keys; durations may be given as timedelta under their field name) and record a
    version with old → new for every field that changed. Locks the policy row; raises ValidationError naming the
    fields when the result would be invalid, and then nothing is written. No change → no version."""
    policy = OrganisationPolicy.objects.select_for_update().get(organisation=organisation)
    before = policy_snapshot(policy)
    after = dict(before)
    for field, value in changes.items():
        key = {"ask_stale_after": "ask_stale_after_seconds", "approval_expiry": "approval_expiry_seconds"}.get(
            field, field
        )
        if key not in before:
            raise ValidationError({field: [f"Unknown policy field {field!r}."]})
        after[key] = _coerce(field, value)
    validate_policy(after)
    diff = {key: {"old": before[key], "new": after[key]} for key in after if after[key] != before[key]}
    if not diff:
        return policy
    policy.ask_stale_after = timedelta(seconds=after["ask_stale_after_seconds"])
    policy.approval_expiry = timedelta(seconds=after["approval_expiry_seconds"])
    for key in ("on_tool_failure", "side_request", "gates", "enabled_guards", "internal_vocabulary",
                "guard_retries", "guard_time_budget_ms", "amount_max_cents"):
        setattr(policy, key, after[key])
    policy.version += 1
    policy.save()
    PolicyVersion.objects.create(
        organisation=organisation, number=policy.version, changed_at=policy.updated_at, changed_by=changed_by,
        changes=diff, snapshot=after,
    )
    logger.info("policy of %s changed to v%s by %s: %s", organisation.schema_name, policy.version, changed_by,
                sorted(diff))
    return policy


@transaction.atomic
def whatsapp_channel_save(
    *, organisation: Organisation, phone_number_id: str, display_phone_number: str = "",
    app_secret: str | None = None, verify_token: str | None = None, access_token: str | None = None,
) -> WhatsAppChannel:
    """Create or update a channel; a secret given as None or "" keeps its stored value (write-only secrets). A new
    channel may be created without secrets: the back office asks for them as a key change a second person
    approves, and until then the channel verifies no webhook."""
    channel = WhatsAppChannel.objects.select_for_update().filter(phone_number_id=phone_number_id).first()
    if channel and channel.organisation_id != organisation.pk:
        raise ValidationError({"phone_number_id": ["This number already belongs to another organisation."]})
    channel = channel or WhatsAppChannel(organisation=organisation, phone_number_id=phone_number_id)
    channel.display_phone_number = display_phone_number or channel.display_phone_number
    for field, value in (("app_secret", app_secret), ("verify_token", verify_token), ("access_token", access_token)):
        if value:
            setattr(channel, field, value)
    channel.full_clean(exclude=[name for name in WhatsAppChannel.SECRET_FIELDS if not getattr(channel, name)])
    channel.save()
    logger.info("whatsapp channel %s saved for %s", phone_number_id, organisation.schema_name)
    return channel


@transaction.atomic
def channel_rekey_request(*, channel: WhatsAppChannel, requested_by: str, app_secret: str | None = None,
                          verify_token: str | None = None, access_token: str | None = None) -> ChannelRekey | None:
    """Ask to change `channel`'s secrets (None or "" leaves one as it is); nothing changes on the channel until a
    second person approves. An earlier pending request of the channel is superseded. None when nothing changes."""
    new = {"app_secret": app_secret, "verify_token": verify_token, "access_token": access_token}
    new = {name: value for name, value in new.items() if value}
    if not new:
        return None
    channel = WhatsAppChannel.objects.select_for_update().get(pk=channel.pk)
    ChannelRekey.objects.filter(channel=channel, status=ChannelRekey.Status.PENDING).update(
        status=ChannelRekey.Status.SUPERSEDED, app_secret="", verify_token="", access_token="",
        decided_at=timezone.now())
    rekey = ChannelRekey.objects.create(channel=channel, organisation_id=channel.organisation_id,
                                        changes=sorted(new), requested_by=requested_by, **new)
    logger.warning("key change %s of whatsapp channel %s (%s) requested by %s", rekey.pk, channel.phone_number_id,
                   ", ".join(rekey.changes), requested_by)
    return rekey


@transaction.atomic
def channel_rekey_decide(*, rekey_id: int, approve: bool, decided_by: str) -> ChannelRekey:
    """Approve (the new secrets replace the channel's) or refuse a pending key change. Only a person other than
    the requester may approve; anyone allowed to re-key may refuse, the requester included (a withdrawal)."""
    rekey = ChannelRekey.objects.select_for_update().get(pk=rekey_id)
    if rekey.status != ChannelRekey.Status.PENDING:
        raise RekeyAlreadyDecided(rekey_id=rekey.pk, status=rekey.status)
    if approve and decided_by == rekey.requested_by:
        raise RekeyNeedsSecondPerson(rekey_id=rekey.pk)
    if approve:
        channel = WhatsAppChannel.objects.select_for_update().get(pk=rekey.channel_id)
        for name in rekey.changes:
            setattr(channel, name, getattr(rekey, name))
        channel.save()
    rekey.status = ChannelRekey.Status.APPLIED if approve else ChannelRekey.Status.REFUSED
    rekey.decided_by, rekey.decided_at = decided_by, timezone.now()
    rekey.app_secret = rekey.verify_token = rekey.access_token = ""  # applied, or never to be: not kept twice
    rekey.save()
    logger.warning("key change %s of whatsapp channel %s %s by %s (requested by %s)", rekey.pk, rekey.channel_id,
                   rekey.status, decided_by, rekey.requested_by)
    return rekey


@transaction.atomic
def organisation_staff_security_update(*, organisation: Organisation, admin_totp_required: bool,
                                       changed_by: str, agent_totp_required: bool | None = None,
                                       auditor_totp_required: bool | None = None) -> None:
    """Require (or stop requiring) a TOTP second factor of the organisation's admins, human agents and auditors
    (None: that role's rule unchanged); logged with who did it."""
    rules = {"admin_totp_required": admin_totp_required, "agent_totp_required": agent_totp_required,
             "auditor_totp_required": auditor_totp_required}
    rules = {name: value for name, value in rules.items() if value is not None}
    Organisation.objects.filter(pk=organisation.pk).update(**rules)
    for name, value in rules.items():
        setattr(organisation, name, value)
    logger.warning("staff security of %s: %s, by %s", organisation.schema_name,
                   ", ".join(f"{name}={value}" for name, value in rules.items()), changed_by)


@transaction.atomic
def organisation_languages_set(*, organisation: Organisation, languages: Sequence[str]) -> Organisation:
    """The languages the organisation answers customers in besides its own (validated; its own is always served).
    Saving invalidates the tenancy cache (tenants' signal), so the next turn reads them."""
    organisation = Organisation.objects.select_for_update().get(pk=organisation.pk)
    organisation.languages = [lang for lang in dict.fromkeys(languages) if lang != organisation.language]
    organisation.full_clean(exclude=["schema_name", "domain_url"])
    organisation.save(update_fields=["languages"])
    return organisation


def staff_ensure(*, username: str, password: str, role: str, email: str = "") -> Any:
    """Create (or reset to `role`) one staff login in the current organisation's schema. Idempotent."""
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username, defaults={"email": email, "is_staff": True})
    if created:
        user.set_password(password)
        user.save()
    groups = roles_sync()
    user.groups.set([groups[Role(role).value]])
    return user
