"""The demo organisations' sandbox customers: the identities the simulator and `manage.py chat` talk as."""

from __future__ import annotations

from conversations.services import customer_create_sandbox
from magie.choices import OrganisationKind

SANDBOX_CUSTOMERS: dict[str, list[tuple[str, str]]] = {
    OrganisationKind.BANK: [("5511999990001", "Carla Souza")],
    OrganisationKind.SCHOOL: [("376612345678", "Jordi Vidal"), ("376600001", "Marta Puig")],
    OrganisationKind.STORE: [("5491155550001", "Lucía Gómez"), ("5491100001111", "Martín Díaz")],
}


def seed_sandbox_customers(organisation) -> None:
    for channel_user_id, name in SANDBOX_CUSTOMERS.get(getattr(organisation, "kind", ""), []):
        customer_create_sandbox(channel_user_id=channel_user_id, name=name)
