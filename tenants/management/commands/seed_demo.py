from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django_tenants.utils import tenant_context

from tenants.demo import DEMO_ORGANISATIONS, DEMO_PASSWORD, demo_channel_secrets
from tenants.roles import Role
from tenants.services import (
    organisation_create,
    organisation_host,
    organisation_languages_set,
    platform_ensure,
    staff_ensure,
    whatsapp_channel_save,
)


class Command(BaseCommand):
    help = "Create the demo organisations (demobank, demoschool, demostore) with logins and data. Idempotent."

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000, help="port shown in the printed URLs")

    def handle(self, *args, **options):
        port = options["port"]
        platform_ensure()
        user_model = get_user_model()
        if not user_model.objects.filter(username="platform").exists():
            user_model.objects.create_superuser("platform", "", DEMO_PASSWORD)
        lines = [f"Platform:   http://localhost:{port}/   (operators: http://localhost:{port}/admin/ platform / {DEMO_PASSWORD})"]
        for demo in DEMO_ORGANISATIONS:
            organisation = organisation_create(
                schema_name=demo.schema_name, name=demo.name, kind=demo.kind, language=demo.language,
                time_zone=demo.time_zone, currency=demo.currency, brand_colour=demo.brand_colour,
            )
            if tuple(organisation.languages) != demo.languages:  # seeded before organisations listed languages
                organisation = organisation_languages_set(organisation=organisation, languages=demo.languages)
            whatsapp_channel_save(
                organisation=organisation, phone_number_id=demo.phone_number_id,
                display_phone_number=demo.display_phone_number, **demo_channel_secrets(demo.schema_name),
            )
            with tenant_context(organisation):
                for role in Role:
                    staff_ensure(username=role.value, password=DEMO_PASSWORD, role=role.value)
                for app_config in apps.get_app_configs():  # engines and apps add their demo data here
                    seeder = getattr(app_config, "seed_demo", None)
                    if seeder:
                        seeder(organisation)
            lines.append(
                f"{demo.name:<26} http://{organisation_host(demo.schema_name)}:{port}/admin/   "
                f"logins: admin, agent, auditor / {DEMO_PASSWORD}"
            )
        self.stdout.write("\n".join(lines))
