"""`manage.py rotate_field_keys`: re-encrypt every encrypted column with the first key of MAGIE_FIELD_KEYS.

Rotation: put the new key first (`MAGIE_FIELD_KEYS=<new>,<old>`), restart every process, run this command (it reads
with any listed key and writes with the first), then drop the old key and restart again. Safe to run twice."""

from __future__ import annotations

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django_tenants.utils import get_public_schema_name, get_tenant_model, schema_context

from magie.crypto import SecretUnreadable, rotate
from magie.fields import EncryptedTextField


def encrypted_columns(*, tenant_schema: bool) -> list[tuple[str, list[str]]]:
    """(table, columns) of every model with encrypted fields, of the public schema or of an organisation's."""
    from django.conf import settings

    wanted = set(settings.TENANT_APPS if tenant_schema else settings.SHARED_APPS)
    found = []
    for model in apps.get_models():
        app = model._meta.app_config.name
        if app not in wanted or model._meta.proxy:
            continue
        columns = [field.column for field in model._meta.concrete_fields
                   if isinstance(field, EncryptedTextField) and field.column]
        if columns:
            found.append((model._meta.db_table, columns))
    return found


def rotate_schema(*, tenant_schema: bool) -> int:
    rotated = 0
    quote = connection.ops.quote_name
    with transaction.atomic():
        for table, columns in encrypted_columns(tenant_schema=tenant_schema):
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT id, {', '.join(quote(c) for c in columns)} FROM {quote(table)} FOR UPDATE")
                for row_id, *values in cursor.fetchall():
                    new = [rotate(value) if value else value for value in values]
                    cursor.execute(f"UPDATE {quote(table)} SET {', '.join(f'{quote(c)} = %s' for c in columns)} "
                                   "WHERE id = %s", [*new, row_id])
                    rotated += sum(1 for value in values if value)
    return rotated


class Command(BaseCommand):
    help = __doc__

    def handle(self, *args, **options):
        try:
            with schema_context(get_public_schema_name()):
                total = {"public": rotate_schema(tenant_schema=False)}
            for organisation in get_tenant_model().objects.exclude(schema_name=get_public_schema_name()):
                with schema_context(organisation.schema_name):
                    total[organisation.schema_name] = rotate_schema(tenant_schema=True)
        except SecretUnreadable as error:
            raise CommandError(f"{error}: is every key in use still listed in MAGIE_FIELD_KEYS?") from error
        for schema, count in total.items():
            self.stdout.write(f"{schema}: {count} value(s) re-encrypted with the first key")
