"""Settings for mypy (django-stubs imports them to learn the apps and models): the test settings, pointed at a
database and a broker that are never reached, so that type checking starts no embedded PostgreSQL or Redis."""

import os

os.environ.setdefault("DATABASE_URL", "postgresql://typecheck@127.0.0.1:5432/typecheck")
os.environ.setdefault("CELERY_BROKER_URL", "memory://")

from magie.settings.test import *  # noqa: E402, F403
