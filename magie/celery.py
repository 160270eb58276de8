"""The Celery app. Tasks run in the schema of the organisation they were sent for (tenant-schemas-celery)."""

import os

from tenant_schemas_celery.app import CeleryApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

app = CeleryApp("magie")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
