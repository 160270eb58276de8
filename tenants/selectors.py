"""Reads of the public schema."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import connection
from django.db.models import OuterRef, Subquery
from django.db.models.expressions import RawSQL

from magie.errors import NotFound
from magie.tenancy import NoOrganisation, Tenancy, schema_name_current, tenancy_current, tenancy_refresh
from tenants.models import Domain, Organisation, OrganisationPolicy, PolicyVersion
from tenants.policy import Policy, policy_snapshot


def organisation_current() -> Organisation:
    """The organisation row whose schema the connection is in (NoOrganisation outside one): the one the middleware
    set, else read by the id `magie.tenancy` knows."""
    tenancy = tenancy_current()
    tenant = getattr(connection, "tenant", None)
    return tenant if isinstance(tenant, Organisation) else Organisation.objects.get(pk=tenancy.pk)


def policy_current(*, organisation: Organisation) -> Policy:
    row = OrganisationPolicy.objects.get(organisation=organisation)
    return _policy_of(row)


@dataclass(frozen=True)
class OrganisationInForce:
    """What a turn reads of its organisation, once: who it is, the policy in force and where its pages are."""

    organisation: Organisation
    tenancy: Tenancy
    policy: Policy
    public_base_url: str


_policies: dict[tuple[int, int, datetime], Policy] = {}
_policies_lock = threading.Lock()


def _policy_of(row: OrganisationPolicy) -> Policy:
    """The parsed policy of this row, parsed once per process per (organisation, version, change time)."""
    key = (row.organisation_id, row.version, row.updated_at)
    policy = _policies.get(key)
    if policy is None:
        policy = Policy.from_snapshot(policy_snapshot(row), version=row.version)
        with _policies_lock:
            for stale in [k for k in _policies if k[0] == row.organisation_id]:
                del _policies[stale]
            _policies[key] = policy
    return policy


def organisation_stamp_sql() -> str:
    """SQL (one parameter: the schema name) for a digest of everything `organisation_in_force` reads — the
    organisation row, its policy row and its primary domain — to fold into a statement the caller sends anyway
    (the turn's read of its pending message). Any edit of any of them changes it, so a cache keyed on it needs no
    other invalidation: a policy changed between two turns applies to the second."""
    quote = connection.ops.quote_name
    org, policy, domain = Organisation._meta, OrganisationPolicy._meta, Domain._meta
    return (f"(SELECT md5(concat_ws('|', o::text, p::text, (SELECT d::text FROM {quote(domain.db_table)} d "
            f"WHERE d.tenant_id = o.id AND d.is_primary ORDER BY d.id LIMIT 1))) FROM {quote(org.db_table)} o "
            f"LEFT JOIN {quote(policy.db_table)} p ON p.organisation_id = o.id WHERE o.schema_name = %s)")


_in_force: dict[str, tuple[tuple[str, str], OrganisationInForce]] = {}  # schema → ((stamp, URL template), value)


def organisation_in_force(*, stamp: str | None = None) -> OrganisationInForce:
    """The current organisation with its policy and primary domain in ONE query (a turn calls this once and passes
    the result down; nothing in the turn reads the organisation, its policy or its domain again). The policy is
    parsed once per version per process; the tenancy cache is refreshed from the row, so an edit made by another
    process is seen by the next turn.

    Given `stamp` (`organisation_stamp_sql`, read by the caller in a statement of its own), no query at all when
    this process last read the organisation under the same stamp: the digest covers every column read here, so
    an unchanged stamp means unchanged rows (the cache is per process, one entry per schema)."""
    schema = schema_name_current()
    key = (stamp or "", settings.MAGIE_PUBLIC_URL_TEMPLATE)
    cached = _in_force.get(schema) if stamp else None
    if cached is not None and cached[0] == key:
        tenancy_refresh(cached[1].organisation)  # what tenancy_current() answers stays this row's
        return cached[1]
    primary = Domain.objects.filter(tenant=OuterRef("pk"), is_primary=True).values("domain")[:1]
    organisation = (Organisation.objects.select_related("policy").annotate(primary_domain=Subquery(primary))
                    .annotate(stamp=RawSQL(organisation_stamp_sql(), [schema]))
                    .filter(schema_name=schema).first())
    if organisation is None:
        raise NoOrganisation(f"no organisation owns schema {schema}")
    in_force = OrganisationInForce(
        organisation=organisation, tenancy=tenancy_refresh(organisation), policy=_policy_of(organisation.policy),
        public_base_url=settings.MAGIE_PUBLIC_URL_TEMPLATE.format(host=organisation.primary_domain or ""),
    )
    _in_force[schema] = ((organisation.stamp or "", key[1]), in_force)  # keyed on the stamp read with the rows
    return in_force


def policy_in_force(*, organisation: Organisation, at: datetime) -> Policy:
    """The policy as it stood at `at` (what an auditor asks about an Ask of a given day)."""
    version = (
        PolicyVersion.objects.filter(organisation=organisation, changed_at__lte=at).order_by("-number").first()
    )
    if version is None:
        raise NotFound(f"{organisation.schema_name} had no policy at {at.isoformat()}")
    return Policy.from_snapshot(version.snapshot, version=version.number)


