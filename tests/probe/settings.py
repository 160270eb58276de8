"""The platform's settings plus the probe app (a tenant app): `PROBE_PHASE=expand` (the default) installs its
expand migration only, `contract` the expand and the contract migrations."""

import os

from magie.settings.base import *  # noqa: F403

TENANT_APPS = [*TENANT_APPS, "tests.probe"]  # noqa: F405
INSTALLED_APPS = [*INSTALLED_APPS, "tests.probe"]  # noqa: F405
MIGRATION_MODULES = {"probe": f"tests.probe.migrations_{os.environ.get('PROBE_PHASE', 'expand')}"}
