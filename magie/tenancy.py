"""The current organisation, the one way: its schema, name, kind, language, currency and time zone.

The connection knows which schema it is in (the middleware sets the organisation itself; a task or
`schema_context` sets only the schema name). `tenancy_current()` answers from the organisation when the
connection holds it, else from a per-process cache keyed by schema, read once from the tenant model (django-tenants'
`get_tenant_model()`, so magie imports no domain app). The cache is invalidated explicitly: `tenancy_forget()` is
called when an organisation is saved or deleted (tenants connects it), and `tenancy_refresh()` replaces the entry
from a row read anyway (the turn reads the organisation with its policy once per turn, so a change made by another
process is seen by the next turn).

There is no fallback: outside an organisation `NoOrganisation` is raised, never a silent UTC/BRL/English.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from django.db import connection
from django_tenants.utils import get_public_schema_name, get_tenant_model

from magie.errors import NotFound


class NoOrganisation(NotFound):
    code = "no_organisation"


@dataclass(frozen=True)
class Tenancy:
    pk: int
    schema_name: str
    name: str
    kind: str
    language: str
    currency: str
    time_zone: str
    languages: tuple[str, ...] = ()  # every language it answers customers in, its own first

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    @classmethod
    def of(cls, organisation: Any) -> Tenancy:
        return cls(pk=organisation.pk, schema_name=organisation.schema_name, name=organisation.name,
                   kind=organisation.kind, language=organisation.language, currency=organisation.currency,
                   time_zone=organisation.time_zone,
                   languages=tuple(getattr(organisation, "served_languages", ())) or (organisation.language,))


_cache: dict[str, Tenancy] = {}
_lock = threading.Lock()


def schema_name_current() -> str:
    """The schema the connection is in (django-tenants' backend adds the attribute)."""
    return str(connection.schema_name)  # type: ignore[attr-defined]


def tenancy_current() -> Tenancy:
    """The organisation whose schema the connection is in (NoOrganisation in the public schema)."""
    schema = schema_name_current()
    if not schema or schema == get_public_schema_name():
        raise NoOrganisation("no organisation is active on this connection")
    cached = _cache.get(schema)
    tenant = getattr(connection, "tenant", None)
    if hasattr(tenant, "language") and getattr(tenant, "schema_name", None) == schema:  # the row on the connection wins
        if cached is not None and _says_the_same(cached, tenant):
            return cached
        return tenancy_refresh(tenant)
    if cached is not None:
        return cached
    tenant = get_tenant_model().objects.filter(schema_name=schema).first()  # a schema set by name (a task)
    if tenant is None:
        raise NoOrganisation(f"no organisation owns schema {schema}")
    return tenancy_refresh(tenant)


def _says_the_same(cached: Tenancy, organisation: Any) -> bool:
    """The cached entry still matches the row on the connection (another process may have saved a change)."""
    return cached == Tenancy.of(organisation)


def tenancy_refresh(organisation: Any) -> Tenancy:
    """Cache what this organisation row says (read by the caller anyway) and return it."""
    tenancy = Tenancy.of(organisation)
    with _lock:
        _cache[tenancy.schema_name] = tenancy
    return tenancy


def tenancy_forget(schema_name: str | None = None) -> None:
    """Drop the cached organisation (all of them without a name): the next read goes to the database."""
    with _lock:
        if schema_name is None:
            _cache.clear()
        else:
            _cache.pop(schema_name, None)
