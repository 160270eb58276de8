"""Aggregates the dashboard's queries share."""

from __future__ import annotations

from django.db.models import Aggregate, DurationField, ExpressionWrapper, F, FloatField
from django.db.models.functions import Extract


class Percentile(Aggregate):
    """PostgreSQL's `percentile_cont(p) WITHIN GROUP (ORDER BY expr)`."""

    function = "PERCENTILE_CONT"
    template = "%(function)s(%(percentile)s) WITHIN GROUP (ORDER BY %(expressions)s)"
    output_field = FloatField()

    def __init__(self, expression, percentile: float, **extra):
        super().__init__(expression, percentile=float(percentile), **extra)


def seconds_between(end: str, start: str) -> Extract:
    """`end - start` in seconds (PostgreSQL's epoch of the interval)."""
    return Extract(ExpressionWrapper(F(end) - F(start), output_field=DurationField()), "epoch")


def rate(part: int, whole: int) -> float:
    """`part` as a percentage of `whole`, two decimals; 0 of nothing."""
    return round(100 * part / whole, 2) if whole else 0.0
