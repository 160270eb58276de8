"""`manage.py customer_data export|erase --org <schema> (--customer <channel id> | --customer-id <id>)`: a customer's
data rights from the command line (an operator answering a request that came outside the back office). Recorded
like the back office's, as `command:<operating-system user>`."""

from __future__ import annotations

import getpass
import json
import sys

from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django_tenants.utils import schema_context

from conversations.models import Customer
from privacy.services import customer_erase, customer_export


class Command(BaseCommand):
    help = "Export (JSON on standard output or --output) or erase one customer's data in one organisation."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["export", "erase"])
        parser.add_argument("--org", required=True, help="the organisation's schema name")
        who = parser.add_mutually_exclusive_group(required=True)
        who.add_argument("--customer", help="the customer's channel id (their WhatsApp id)")
        who.add_argument("--customer-id", type=int, help="the customer's record number (after an erasure)")
        parser.add_argument("--output", help="write the export to this file instead of standard output")
        parser.add_argument("--yes", action="store_true", help="erase without asking")

    def handle(self, *args, action: str, org: str, customer: str | None, customer_id: int | None,
               output: str | None, yes: bool, **options):
        from tenants.models import Organisation

        if not Organisation.objects.filter(schema_name=org).exclude(schema_name="public").exists():
            raise CommandError(f"no organisation {org!r}")
        by = f"command:{getpass.getuser()}"
        with schema_context(org):
            found = Customer.objects.filter(**({"pk": customer_id} if customer_id else {"channel_user_id": customer}))
            subject = found.order_by("is_sandbox").first()  # the real customer before a sandbox one
            if subject is None:
                raise CommandError("no such customer in this organisation")
            if action == "export":
                text = json.dumps(customer_export(customer=subject, requested_by=by), cls=DjangoJSONEncoder,
                                  ensure_ascii=False, indent=1)
                if output:
                    with open(output, "w", encoding="utf-8") as handle:
                        handle.write(text)
                else:
                    sys.stdout.write(text + "\n")
                return
            if not yes and input(f"Erase the data of customer {subject.pk} in {org}? [y/N] ").strip().lower() != "y":
                raise CommandError("nothing erased")
            request = customer_erase(customer=subject, requested_by=by)
            self.stdout.write(json.dumps(request.summary, indent=1, sort_keys=True))
