"""What the back office shows of a customer's data before an export or an erasure."""

from __future__ import annotations

from dataclasses import dataclass

from django.apps import apps
from django.utils.functional import Promise
from django.utils.text import capfirst

from conversations.models import Customer
from privacy.models import DataRequest
from privacy.rules import Erase, Rule
from privacy.services import _rows, customer_rules, reach_of


@dataclass(frozen=True)
class Holding:
    label: str  # "app.Model"
    name: str | Promise  # the record kind in the reader's language
    count: int
    kept: int  # rows an erasure keeps whole
    erase: Erase
    ledger: bool


def _kept(rule: Rule, rows, count: int) -> int:
    if rule.erase is Erase.KEEP:
        return count
    if rule.erase is Erase.BLANK and rule.kept is not None:
        return rows.filter(rule.kept).count()
    return 0


def customer_holdings(customer: Customer) -> list[Holding]:
    """Per record kind with rows of this customer: how many, and how many an erasure keeps whole."""
    reach = reach_of(customer)
    holdings = []
    for label, rule in customer_rules():
        rows = _rows(label, rule, reach)
        count = rows.count()
        if count:
            model = apps.get_model(label)
            holdings.append(Holding(label, capfirst(model._meta.verbose_name_plural), count,
                                    _kept(rule, rows, count), rule.erase, rule.ledger))
    return holdings


def customer_requests(customer: Customer) -> list[DataRequest]:
    return list(DataRequest.objects.filter(customer=customer))
