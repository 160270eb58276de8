"""Statements a connection repeats are prepared on the server (DATABASE_PREPARED_STATEMENTS, on by default), and
the setting turns it off for poolers that cannot keep them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection
from django_tenants.utils import schema_context

from tenants.models import Organisation

pytestmark = pytest.mark.django_db


def _prepared() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return cursor.fetchone()[0]


def test_a_statement_sent_a_fifth_time_is_prepared_on_the_server():
    with schema_context("public"):
        before = _prepared()
        for _ in range(6):
            list(Organisation.objects.filter(schema_name="a-schema-nobody-has").values_list("pk", flat=True))
        assert _prepared() > before


@pytest.mark.parametrize(("value", "expected"), [("true", "True 5"), ("false", "None None")])
def test_the_setting_decides_the_connection_options(value, expected):
    code = ("from django.conf import settings; o = settings.DATABASES['default']['OPTIONS']; "
            "print(o.get('server_side_binding'), o.get('prepare_threshold'))")
    child = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=settings.BASE_DIR, text=True,
                           capture_output=True, timeout=120,
                           env={**os.environ, "DATABASE_PREPARED_STATEMENTS": value,
                                "DJANGO_SETTINGS_MODULE": "magie.settings.base"})
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.splitlines()[-1] == expected
