"""Bank test helpers: fixed clocks in the organisation's time zone and the demo holders."""

from __future__ import annotations

import itertools
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bank.demo import DEMO_CUSTOMER_REF, DEMO_SECOND_CUSTOMER_REF
from bank.models import Account, Holder

SAO_PAULO = ZoneInfo("America/Sao_Paulo")
DAY = datetime(2026, 3, 10, 14, 0, tzinfo=SAO_PAULO)  # a Tuesday afternoon
NIGHT = datetime(2026, 3, 10, 22, 0, tzinfo=SAO_PAULO)  # inside the 20:00–06:00 window
PEDRO_KEY = "+5521987654321"  # external (Nubank)
ANA_KEY = "ana.costa@exemplo.com.br"  # local (Ana's account at this bank)
ENERGIA_KEY = "contas@energiasul.com.br"  # external business, not a contact

_counter = itertools.count()


def idem() -> str:
    return f"idem-{next(_counter)}"


@pytest.fixture
def carla(demobank) -> Holder:
    return Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)


@pytest.fixture
def ana(demobank) -> Holder:
    return Holder.objects.get(customer_ref=DEMO_SECOND_CUSTOMER_REF)


def balance_of(holder: Holder) -> int:
    return Account.objects.get(holder=holder).balance_cents


def settlement_balance() -> int:
    return Account.objects.get(kind=Account.Kind.SETTLEMENT).balance_cents
