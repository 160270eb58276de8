"""One organisation out of its database and into another: its schema and its rows of the public schema.

An archive is a tar file of three members:
- `manifest.json`: the format, the schema's name, the migrations recorded in it, when it was made;
- `schema.dump`: pg_dump's custom format of that one schema (tables, rows, sequences, indexes, constraints);
- `public.json`: the organisation's rows of the public schema — the organisation, its domains, its policy and every
  version of it, its WhatsApp channels — as PostgreSQL stores them (the channels' secrets stay ciphertexts: the
  target must run with the same MAGIE_FIELD_KEYS, and no plaintext secret is ever written to the archive).
Both are read in one snapshot: the public rows in a REPEATABLE READ transaction whose snapshot pg_dump shares
(`--snapshot`), so they agree with each other.

`organisation_restore` loads an archive into the configured database: pg_restore in one transaction, the public
rows under new ids (their references to the organisation renumbered), then the schema is migrated to this code's
migrations if it is behind. It refuses a schema or organisation that exists, and an archive made by newer code.
"""

from __future__ import annotations

import io
import json
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import connection, models, transaction
from django.utils import timezone

from magie.schemas.executor import migrations_expected
from magie.schemas.pgtools import connection_arguments, pg_tool
from tenants.models import Organisation

FORMAT = "magie.organisation-archive/1"


class ArchiveRefused(Exception):
    """The archive cannot be restored here; the message says why."""


def public_models() -> list[tuple[type[models.Model], str]]:
    """(model, its column naming the organisation) of every public-schema table holding an organisation's rows:
    the organisation itself, then every model of a shared-only app with a foreign key to it."""
    found: list[tuple[type[models.Model], str]] = [(Organisation, "id")]
    tenant_apps = set(settings.TENANT_APPS)
    for model in apps.get_models():
        if model._meta.proxy or model._meta.app_config.name in tenant_apps:
            continue
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is Organisation and field.column:
                found.append((model, field.column))
    return found


def organisation_archive(schema_name: str, path: Path) -> dict[str, Any]:
    """Write `schema_name`'s organisation to the tar file `path`; its manifest."""
    organisation = Organisation.objects.get(schema_name=schema_name)
    arguments, env = connection_arguments()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        cursor.execute("SELECT pg_export_snapshot()")
        (snapshot,) = cursor.fetchone()
        public: dict[str, list[Any]] = {}
        for model, column in public_models():
            cursor.execute(f'SELECT row_to_json(t) FROM public."{model._meta.db_table}" t WHERE "{column}" = %s '
                           "ORDER BY 1::text", [organisation.pk])
            public[model._meta.label] = [row for (row,) in cursor.fetchall()]
        cursor.execute(f'SELECT app || \'.\' || name FROM "{schema_name}".django_migrations ORDER BY 1')
        migrations = [name for (name,) in cursor.fetchall()]
        with tempfile.TemporaryDirectory() as folder:
            dump = Path(folder) / "schema.dump"
            subprocess.run([str(pg_tool("pg_dump")), *arguments, f"--schema={schema_name}", "--format=custom",
                            f"--snapshot={snapshot}", "--no-owner", "--no-privileges", f"--file={dump}"],
                           env=env, check=True, capture_output=True, timeout=3600)
            manifest = {"format": FORMAT, "schema": schema_name, "organisation_id": organisation.pk,
                        "migrations": migrations, "made_at": timezone.now().isoformat()}
            with tarfile.open(path, "w") as archive:
                _add(archive, "manifest.json", json.dumps(manifest, indent=1).encode())
                _add(archive, "public.json", json.dumps(public).encode())
                archive.add(dump, arcname="schema.dump")
    return manifest


def _add(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    archive.addfile(info, io.BytesIO(data))


def organisation_restore(path: Path) -> Organisation:
    """Load the archive at `path` into the configured database (see the module's docstring); the organisation."""
    from django_tenants.utils import schema_exists

    from tenants.services import platform_ensure

    with tarfile.open(path, "r") as archive, tempfile.TemporaryDirectory() as folder:
        manifest = json.loads(_member(archive, "manifest.json"))
        if manifest.get("format") != FORMAT:
            raise ArchiveRefused(f"not an organisation archive of this kind ({manifest.get('format')!r})")
        schema_name = manifest["schema"]
        unknown = set(manifest["migrations"]) - migrations_expected()
        if unknown:
            raise ArchiveRefused(f"the archive was made by newer code: unknown migrations {sorted(unknown)[:5]}")
        if schema_exists(schema_name) or Organisation.objects.filter(schema_name=schema_name).exists():
            raise ArchiveRefused(f"an organisation or schema named {schema_name!r} exists in this database")
        public = json.loads(_member(archive, "public.json"))
        archive.extract("schema.dump", folder, filter="data")
        arguments, env = connection_arguments()
        done = subprocess.run([str(pg_tool("pg_restore")), *arguments, "--single-transaction", "--exit-on-error",
                               "--no-owner", "--no-privileges", str(Path(folder) / "schema.dump")],
                              env=env, capture_output=True, text=True, timeout=3600)
        if done.returncode:
            raise ArchiveRefused(f"pg_restore failed: {done.stderr.strip()[-2000:]}")
    platform_ensure()
    try:
        with transaction.atomic():
            new_id = None
            for model, column in public_models():
                for row in public.get(model._meta.label, []):
                    new_id = _insert(model, column, row, new_id)
    except Exception:
        with connection.cursor() as cursor:  # nothing half-restored is left behind
            cursor.execute(f'DROP SCHEMA "{schema_name}" CASCADE')
        raise
    organisation = Organisation.objects.get(schema_name=schema_name)
    if not migrations_expected() <= set(manifest["migrations"]):
        call_command("migrate_schemas", tenant=True, schema_name=schema_name, interactive=False, verbosity=0)
        connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    return organisation


def _member(archive: tarfile.TarFile, name: str) -> bytes:
    handle = archive.extractfile(name)
    if handle is None:
        raise ArchiveRefused(f"the archive has no {name}")
    return handle.read()


def _insert(model: type[models.Model], column: str, row: dict[str, Any], organisation_id: int | None) -> int:
    """Insert one archived row under a new id (its reference to the organisation set to `organisation_id`); the
    organisation's new id when `row` is the organisation."""
    table = model._meta.db_table
    values = {key: value for key, value in row.items() if key != "id"}
    if model is not Organisation:
        values[column] = organisation_id
    names = ", ".join(f'"{name}"' for name in values)
    with connection.cursor() as cursor:
        cursor.execute(f'INSERT INTO public."{table}" ({names}) SELECT {names} FROM '
                       f'json_populate_record(NULL::public."{table}", %s::json) RETURNING id',
                       [json.dumps(values)])
        (new_id,) = cursor.fetchone()
    return new_id if model is Organisation else (organisation_id or 0)
