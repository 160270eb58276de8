
from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import tenant_context

from approvals.audit import export_csv, export_json
from approvals.models import ApprovalRequest
from tenants.models import Organisation


class Command(BaseCommand):
    help = "Export an organisation's approval log: JSON (messages → slots → preview → decision → execution) or CSV."

    def add_arguments(self, parser):
        parser.add_argument("--org", required=True)
        parser.add_argument("--approval", type=int, help="one request only")
        parser.add_argument("--format", choices=["json", "csv"], default="json")

    def handle(self, *args, org: str, approval: int | None, format: str, **options):
        organisation = Organisation.objects.filter(schema_name=org).exclude(schema_name="public").first()
        if organisation is None:
            raise CommandError(f"no organisation {org!r}")
        with tenant_context(organisation):
            requests = ApprovalRequest.objects.select_related("ask").order_by("pk")
            if approval is not None:
                requests = requests.filter(pk=approval)
                if not requests.exists():
                    raise CommandError(f"no approval request {approval} in {org}")
            self.stdout.write(export_json(requests) if format == "json" else export_csv(requests))
