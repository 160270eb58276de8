from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import tenant_context

from magie.choices import Language, OrganisationKind
from tenants.services import organisation_create, organisation_host, platform_ensure, staff_ensure


class Command(BaseCommand):
    help = "Create an organisation: its schema, domain <schema>.<base domain>, default policy and an admin login."

    def add_arguments(self, parser):
        parser.add_argument("schema_name")
        parser.add_argument("--name", required=True)
        parser.add_argument("--kind", required=True, choices=[k for k in OrganisationKind.values if k != OrganisationKind.PLATFORM])
        parser.add_argument("--language", default="en", choices=Language.values)
        parser.add_argument("--languages", default="", help="comma-separated languages served besides its own, "
                            f"among {', '.join(Language.values)}")
        parser.add_argument("--time-zone", default="UTC")
        parser.add_argument("--currency", default="USD")
        parser.add_argument("--brand-colour", default="#4f46e5", help="the back office's main colour, #rrggbb")
        parser.add_argument("--admin-username", help="create an organisation admin login")
        parser.add_argument("--admin-password")

    def handle(self, *args, **options):
        platform_ensure()
        try:
            organisation = organisation_create(
                schema_name=options["schema_name"], name=options["name"], kind=options["kind"],
                language=options["language"], time_zone=options["time_zone"], currency=options["currency"],
                languages=[lang.strip() for lang in options["languages"].split(",") if lang.strip()],
                brand_colour=options["brand_colour"],
            )
        except ValidationError as error:
            raise CommandError("; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in error.message_dict.items())) from error
        if options["admin_username"]:
            if not options["admin_password"]:
                raise CommandError("--admin-password is required with --admin-username")
            with tenant_context(organisation):
                staff_ensure(username=options["admin_username"], password=options["admin_password"], role="admin")
        self.stdout.write(f"{organisation.schema_name}: http://{organisation_host(organisation.schema_name)}:8000/admin/")
