"""The connection pool as production configures it (magie.settings.base, in a subprocess: the tests' own settings
have no pool): a checkout beyond its size fails clearly after DATABASE_POOL_TIMEOUT, and clients racing for one
slot through a pool smaller than their number all finish. `tests/pool_clients.py` is the process under test."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection
from django_tenants.utils import tenant_context

from booking.models import Booking
from booking.tests import factories as f
from tenants.models import Organisation
from testing.platform import test_database_url as database_url_of_the_tests


def pool_clients(*args: object, pool_size: int, pool_timeout: float) -> dict:
    env = os.environ | {
        "DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": database_url_of_the_tests(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, "DATABASE_POOL": "true",
        "DATABASE_POOL_MAX_SIZE": str(pool_size), "DATABASE_POOL_TIMEOUT": str(pool_timeout), "LOG_LEVEL": "WARNING",
    }
    done = subprocess.run([sys.executable, "-m", "tests.pool_clients", *map(str, args)], env=env,
                          cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_checkout_beyond_the_pool_fails_after_the_pool_timeout_with_a_503_and_the_pool_recovers(db):
    result = pool_clients("beyond", pool_size=2, pool_timeout=1.5)

    assert result["pool_size"] == 2
    assert (result["error"], result["cause"]) == ("OperationalError", "PoolTimeout")
    assert 1.5 <= result["waited"] < 5, result  # DATABASE_POOL_TIMEOUT, not psycopg's 30 s nor forever
    assert (result["status"], result["retry_after"]) == (503, "1")
    assert result["again"] is True


@pytest.fixture
def school(committed):
    organisation = Organisation.objects.get(schema_name="demoschool")
    with tenant_context(organisation):
        yield organisation
    connection.set_schema_to_public()


def test_eight_clients_racing_for_one_slot_through_a_pool_of_four_all_finish(school):
    act = f.activity()
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(40), 9), capacity=3)

    result = pool_clients("book", slot.pk, 8, 3, pool_size=4, pool_timeout=5)

    assert result["pool_size"] == 4
    assert result["stuck"] == 0, result
    assert result["outcomes"] == {"booked": 3, "slot_taken": 8 * 3 - 3}, result
    assert Booking.objects.filter(slot=slot).count() == 3
