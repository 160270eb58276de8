import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")
application = get_wsgi_application()

from magie.tracing import tracing_start  # noqa: E402

tracing_start("magie-web")  # exports nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set
