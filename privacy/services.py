"""A customer's data rights, and the organisation's retention windows, as `privacy.rules` decides them per record.

- `customer_export`: everything held about one customer, in one consistent read, as JSON-ready data; recorded.
- `customer_erase`: in one transaction, every record of the customer emptied or deleted except what the law makes
  the organisation keep (the ledger and the proof of it, docs/data-rights.md); recorded with what was done.
- `retention_apply`: contents older than the organisation's windows emptied, in batches; run daily by beat.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connection, models, transaction
from django.db.models import CharField, Q, QuerySet, Value
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from conversations.models import Customer
from magie.fields import EncryptedTextField
from magie.tenancy import schema_name_current
from privacy.models import DataRequest, RetentionSettings
from privacy.rules import RULES, Erase, Reach, Rule, Window

logger = logging.getLogger(__name__)

EXPORT_FORMAT = "magie.customer-data/1"
PSEUDONYM = "erased-"
BATCH = 1000


def reach_of(customer: Customer) -> Reach:
    """The customer and the channel ids the engines file them under: the current one and, after an erasure, the
    one the kept records still carry."""
    refs = {customer.channel_user_id}
    refs |= set(DataRequest.objects.filter(customer=customer, kind=DataRequest.Kind.ERASURE)
                .exclude(ledger_ref="").values_list("ledger_ref", flat=True))
    return Reach(customer_id=customer.pk, refs=tuple(sorted(refs)))


def _model(label: str) -> type[models.Model]:
    return apps.get_model(label)


def _rows(label: str, rule: Rule, reach: Reach) -> QuerySet:
    assert rule.of_customer is not None
    return _model(label)._base_manager.filter(rule.of_customer(reach))


def customer_rules() -> Iterator[tuple[str, Rule]]:
    """(label, rule) of every model some of whose rows belong to a customer."""
    return ((label, rule) for label, rule in RULES.items() if rule.of_customer is not None)


# --------------------------------------------------------------------------------------------------- export

def _exported(row: models.Model, rule: Rule) -> dict[str, Any]:
    out: dict[str, Any] = {"pk": row.pk}
    for field in row._meta.concrete_fields:
        if field.name in rule.secrets or isinstance(field, EncryptedTextField):
            continue
        value = getattr(row, field.attname)
        out[field.attname] = value.isoformat() if isinstance(value, datetime) else value
    return out


def customer_export(*, customer: Customer, requested_by: str) -> dict[str, Any]:
    """Everything held about `customer`, record kind by record kind, read in one snapshot (REPEATABLE READ);
    bearer tokens and encrypted secrets are left out. Recorded as a DataRequest (who, when, rows per kind)."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost:  # a caller's transaction (a test's) has its own snapshot already
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        reach = reach_of(customer)
        records: dict[str, list[dict[str, Any]]] = {}
        kept_by_law: dict[str, list[int]] = {}
        for label, rule in customer_rules():
            rows = list(_rows(label, rule, reach).order_by("pk"))
            if not rows:
                continue
            records[label] = [_exported(row, rule) for row in rows]
            if rule.ledger:
                kept = _rows(label, rule, reach).filter(rule.kept) if rule.kept is not None else None
                kept_by_law[label] = sorted(kept.values_list("pk", flat=True)) if kept is not None else \
                    [row.pk for row in rows]
        DataRequest.objects.create(kind=DataRequest.Kind.EXPORT, customer=customer, requested_by=requested_by,
                                   requested_at=timezone.now(),
                                   summary={label: {"exported": len(rows)} for label, rows in records.items()})
    logger.info("data export of customer %s by %s", customer.pk, requested_by)
    return {"format": EXPORT_FORMAT, "organisation": schema_name_current(), "customer": customer.pk,
            "exported_at": timezone.now().isoformat(), "kept_by_law": kept_by_law, "records": records}


# --------------------------------------------------------------------------------------------------- erasure

def _blanks(model: type[models.Model], rule: Rule) -> dict[str, Any]:
    """The emptied value of each of the rule's fields: NULL where allowed, the field's empty default, "erased-<id>"
    for the fields that must stay unique."""
    values: dict[str, Any] = {}
    for name in rule.fields:
        field = model._meta.get_field(name)
        if name in rule.pseudonyms:
            values[name] = Concat(Value(PSEUDONYM), Cast("pk", CharField()), output_field=CharField())
        elif field.null:
            values[name] = None
        elif isinstance(field, models.JSONField):
            values[name] = field.get_default() if field.has_default() else {}
        else:
            values[name] = ""
    return values


def _not_yet_blank(model: type[models.Model], rule: Rule) -> Q:
    """Rows with at least one of the rule's fields not emptied yet (so retention rewrites no row twice)."""
    condition = Q(pk__in=[])
    for name, blank in _blanks(model, rule).items():
        if name in rule.pseudonyms:
            condition |= ~Q(**{f"{name}__startswith": PSEUDONYM})
        elif blank is None:
            condition |= Q(**{f"{name}__isnull": False})
        elif isinstance(model._meta.get_field(name), EncryptedTextField):
            continue  # ciphertexts of "" differ each time: emptied with the rest, never looked for
        else:
            condition |= ~Q(**{name: blank})
    return condition


def customer_erase(*, customer: Customer, requested_by: str) -> DataRequest:
    """Erase `customer`: every record `privacy.rules` marks BLANK is emptied (those it keeps whole excepted), every
    DELETE record deleted, the raw webhook bodies that name them deleted, in one transaction with the customer's
    row locked. What the law keeps (the ledger and the approvals that prove it, paid bookings) is untouched, and
    the customer's old channel id is recorded when a kept record still carries it. Recorded as a DataRequest."""
    with transaction.atomic():
        customer = Customer.objects.select_for_update().get(pk=customer.pk)
        reach = reach_of(customer)
        summary: dict[str, dict[str, int]] = {}
        ledger_kept = False
        for label, rule in customer_rules():
            model = _model(label)
            rows = _rows(label, rule, reach)
            if rule.erase is Erase.DELETE:
                summary[label] = {"deleted": rows.delete()[0]}
                continue
            kept = rows.filter(rule.kept).count() if rule.kept is not None else 0
            if rule.erase is Erase.KEEP:
                kept = rows.count()
            else:
                emptied = rows.exclude(rule.kept) if rule.kept is not None else rows
                summary[label] = {"emptied": emptied.update(**_blanks(model, rule))}
            if kept:
                summary.setdefault(label, {})["kept"] = kept
                ledger_kept |= rule.ledger
        summary["whatsapp_inbound.InboundBody"] = {"deleted": _raw_bodies_delete(reach)}
        original = next((ref for ref in reach.refs if not ref.startswith(PSEUDONYM)), "")
        request = DataRequest.objects.create(
            kind=DataRequest.Kind.ERASURE, customer=customer, requested_by=requested_by,
            requested_at=timezone.now(), summary=summary, ledger_ref=original if ledger_kept else "")
    logger.warning("customer %s erased by %s", customer.pk, requested_by)
    return request


def _raw_bodies_delete(reach: Reach) -> int:
    """Delete the acknowledged webhook bodies (public schema) sent to this organisation's numbers that carry one of
    the customer's channel ids; bodies not processed yet are left to be processed."""
    from tenants.models import WhatsAppChannel
    from tenants.selectors import organisation_current

    numbers = list(WhatsAppChannel.objects.filter(organisation=organisation_current())
                   .values_list("phone_number_id", flat=True))
    refs = [f'"{ref}"' for ref in reach.refs if not ref.startswith(PSEUDONYM)]
    if not numbers or not refs:
        return 0
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM public.whatsapp_inbound_inboundbody WHERE processed_at IS NOT NULL "
            "AND phone_number_ids && %s::varchar[] "
            "AND EXISTS (SELECT 1 FROM unnest(%s::text[]) AS ref WHERE position(convert_to(ref, 'UTF8') IN body) > 0)",
            [numbers, refs])
        return cursor.rowcount


# --------------------------------------------------------------------------------------------------- retention

def retention_settings() -> RetentionSettings:
    """The organisation's windows (the defaults until an admin saves them)."""
    return RetentionSettings.objects.first() or RetentionSettings()


def retention_apply(*, now: datetime | None = None) -> dict[str, int]:
    """Empty (or delete) what is older than the organisation's windows, BATCH rows per statement; what is still in
    use (open Asks, pending messages, open chats) and what the erasure would keep are never touched. Returns rows
    changed per record kind. Safe to repeat: emptied rows are not rewritten."""
    now = now or timezone.now()
    windows = retention_settings()
    cutoffs = {Window.MESSAGES: now - timedelta(days=windows.message_days),
               Window.TRACES: now - timedelta(days=windows.trace_days)}
    changed: dict[str, int] = {}
    for label, rule in RULES.items():
        if rule.retention is None:
            continue
        model = _model(label)
        rows = model._base_manager.filter(**{f"{rule.aged_by}__lt": cutoffs[rule.retention]})
        for excluded in (rule.still_used, rule.kept):
            if excluded is not None:
                rows = rows.exclude(excluded)
        if rule.erase is not Erase.DELETE:
            rows = rows.filter(_not_yet_blank(model, rule))
        total = 0
        while batch := list(rows.values_list("pk", flat=True)[:BATCH]):
            chosen = model._base_manager.filter(pk__in=batch)
            total += chosen.delete()[0] if rule.erase is Erase.DELETE else chosen.update(**_blanks(model, rule))
        if total:
            changed[label] = total
    if changed:
        logger.info("retention in %s: %s", schema_name_current(), changed)
    return changed


def inbound_bodies_expire(*, now: datetime | None = None) -> int:
    """Delete the raw webhook bodies processed longer ago than MAGIE_INBOUND_BODY_RETENTION_DAYS (public schema):
    their contents live on in the organisations' messages, under each organisation's own window."""
    from whatsapp.inbound.models import InboundBody

    cutoff = (now or timezone.now()) - timedelta(days=settings.MAGIE_INBOUND_BODY_RETENTION_DAYS)
    total = 0
    while batch := list(InboundBody.objects.filter(processed_at__lt=cutoff).values_list("pk", flat=True)[:BATCH]):
        total += InboundBody.objects.filter(pk__in=batch).delete()[0]
    return total
