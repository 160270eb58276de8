import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from magie.errors import DomainError
from magie.locking import row_locked
from magie.models import Heartbeat


class RowMissing(DomainError):
    code, http_status = "row_missing", 404


@pytest.mark.django_db
def test_the_row_comes_back_locked_for_update():
    beat = Heartbeat.objects.create(name="locking", at=timezone.now())
    with CaptureQueriesContext(connection) as queries:
        assert row_locked(Heartbeat.objects, pk=beat.pk, missing=RowMissing()) == beat
    assert queries.captured_queries[-1]["sql"].endswith("FOR UPDATE")


@pytest.mark.django_db
def test_a_missing_row_raises_the_callers_error():
    missing = RowMissing(row_id=0)
    with pytest.raises(RowMissing) as raised:
        row_locked(Heartbeat.objects.filter(name="locking"), pk=0, missing=missing)
    assert raised.value is missing


@pytest.mark.django_db
def test_the_queryset_narrows_what_can_be_found():
    beat = Heartbeat.objects.create(name="locking", at=timezone.now())
    with pytest.raises(RowMissing):
        row_locked(Heartbeat.objects.exclude(pk=beat.pk), pk=beat.pk, missing=RowMissing())
