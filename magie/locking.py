"""The one way a service takes its row: locked for the rest of the transaction, or a typed "not found"."""

from __future__ import annotations

from typing import TypeVar

from django.db import models

from magie.errors import DomainError

M = TypeVar("M", bound=models.Model)


def row_locked(queryset: models.QuerySet[M] | models.Manager[M], *, pk: int, missing: DomainError) -> M:
    """Row `pk` of `queryset` under SELECT … FOR UPDATE (needs a transaction); raises `missing` when there is none.

    `missing` is the engine's own error (BookingNotFound, ProductNotFound…), so the API answers its 404 code.
    """
    row = queryset.select_for_update().filter(pk=pk).first()
    if row is None:
        raise missing
    return row
