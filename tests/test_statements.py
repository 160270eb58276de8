"""`magie.db.statements.prepared` gives what Django's `get_db_prep_save` gives, for every field of the models whose
rows every message writes, with the values those fields hold and with values it must leave to Django."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime, timedelta, timezone, tzinfo

import pytest
from django.db import connection

from agent.models import Turn
from asks.models import AskTransition
from conversations.models import Conversation, Customer, Message
from magie.db.statements import prepared
from whatsapp.models import Delivery


class NoOffset(tzinfo):
    """A tzinfo that knows no offset: a datetime carrying it is naive for Django."""

    def utcoffset(self, dt: datetime | None) -> None:
        return None

    def dst(self, dt: datetime | None) -> None:
        return None

    def tzname(self, dt: datetime | None) -> str:
        return "none"


SAMPLES: list[object] = [
    None, "", "text", True, False, 0, 7, 2**40, datetime(2026, 12, 6, 1, 2, 3, 456789, tzinfo=UTC),
    datetime(2026, 12, 6, 1, 2, 3, tzinfo=timezone(timedelta(hours=-3))),
    datetime(2026, 12, 6, 1, 2, 3), datetime(2026, 12, 6, 1, 2, 3, tzinfo=NoOffset()), [], {"a": 1},
]


@pytest.mark.parametrize("model", [Message, Turn, Delivery, AskTransition, Conversation, Customer])
def test_prepared_is_what_django_prepares(model):
    for field in model._meta.concrete_fields:
        for value in SAMPLES:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # a naive datetime: Django warns (both ways)
                try:
                    expected = field.get_db_prep_save(value, connection=connection)
                except Exception as error:  # noqa: BLE001 — then ours must refuse it the same way
                    with pytest.raises(type(error)):
                        prepared(field, value)
                    continue
                got = prepared(field, value)
            assert type(got) is type(expected) and repr(got) == repr(expected), (model, field.name, value)


def test_a_naive_datetime_still_goes_through_django():
    field = Message._meta.get_field("sent_at")
    with pytest.warns(RuntimeWarning, match="naive datetime"):
        aware = prepared(field, datetime(2026, 12, 6, 1, 2, 3))
    assert aware.utcoffset() is not None
