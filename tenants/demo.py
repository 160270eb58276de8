"""The three demo organisations, their staff logins and WhatsApp test credentials (demo only)."""

from __future__ import annotations

from dataclasses import dataclass

from magie.choices import OrganisationKind

DEMO_PASSWORD = "magie-demo"  # printed by seed_demo; demo logins only


@dataclass(frozen=True)
class DemoOrganisation:
    schema_name: str
    name: str
    kind: OrganisationKind
    language: str
    time_zone: str
    currency: str
    phone_number_id: str
    display_phone_number: str
    languages: tuple[str, ...] = ()  # served besides its own
    brand_colour: str = "#4f46e5"


DEMO_ORGANISATIONS = (
    DemoOrganisation("demobank", "Banco Demo", OrganisationKind.BANK, "pt-BR", "America/Sao_Paulo", "BRL",
                     "100000000000001", "+55 11 4000-0001", ("es", "en"), "#0f766e"),
    DemoOrganisation("demoschool", "Escola de Muntanya Demo", OrganisationKind.SCHOOL, "ca", "Europe/Andorra", "EUR",
                     "100000000000002", "+376 800 002", ("es", "en"), "#1d4ed8"),
    DemoOrganisation("demostore", "Tienda de Celulares Demo", OrganisationKind.STORE, "es", "America/Argentina/Buenos_Aires", "ARS",
                     "100000000000003", "+54 11 4000-0003", ("pt-BR", "en"), "#c2410c"),
)


def demo_channel_secrets(schema_name: str) -> dict[str, str]:
    """Deterministic demo credentials, so the simulator and `make run` agree across restarts."""
    return {
        "app_secret": f"demo-app-secret-{schema_name}",
        "verify_token": f"demo-verify-{schema_name}",
        "access_token": f"demo-access-token-{schema_name}",
    }
