import json

from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import tenant_context

from asks.models import Ask
from asks.selectors import ask_trace
from tenants.models import Organisation


class Command(BaseCommand):
    help = "One Ask's story in order: messages, decisions with their rules, slot events and transitions (JSON lines)."

    def add_arguments(self, parser):
        parser.add_argument("--org", required=True)
        parser.add_argument("ask_id", type=int)

    def handle(self, *args, org: str, ask_id: int, **options):
        organisation = Organisation.objects.filter(schema_name=org).first()
        if organisation is None or organisation.is_platform:
            raise CommandError(f"no organisation {org!r}")
        with tenant_context(organisation):
            ask = Ask.objects.filter(pk=ask_id).first()
            if ask is None:
                raise CommandError(f"no Ask {ask_id} in {org}")
            for item in ask_trace(ask):
                self.stdout.write(json.dumps(item, ensure_ascii=False, default=str))
