import json
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import tenant_context

from agent.audit import effects_without_approval
from approvals.selectors import approval_metrics
from tenants.models import Organisation
from tenants.selectors import policy_in_force
from workspace.ranges import RangeInvalid, day_range


class Command(BaseCommand):
    help = ("Approval metrics of an organisation: effects executed without approval (must be 0), approval and "
            "decline rates, median time to decision, expiries, rubber-stamping warnings.")

    def add_arguments(self, parser):
        parser.add_argument("--org", required=True)
        parser.add_argument("--days", type=int, default=30, help="the last N days and today (without --since)")
        parser.add_argument("--since", help="YYYY-MM-DD, the organisation's local date (the dashboard's range)")
        parser.add_argument("--until", help="YYYY-MM-DD exclusive (default: tomorrow)")

    def handle(self, *args, org: str, days: int, **options):
        organisation = Organisation.objects.filter(schema_name=org).exclude(schema_name="public").first()
        if organisation is None:
            raise CommandError(f"no organisation {org!r}")
        if options["since"] or options["until"]:  # the same days as the dashboard and `ask_outcomes`
            try:
                chosen = day_range(organisation=organisation, since=options["since"], until=options["until"])
            except RangeInvalid as error:
                raise CommandError(str(error)) from None
            since, until = chosen.since, chosen.until
        else:
            zone = ZoneInfo(organisation.time_zone)
            until = datetime.combine(datetime.now(zone).date() + timedelta(days=1), time.min, zone)
            since = until - timedelta(days=days + 1)
        with tenant_context(organisation):
            unapproved = effects_without_approval(
                since=since, until=until, policy_at=lambda at: policy_in_force(organisation=organisation, at=at))
            report = approval_metrics(since=since, until=until, effects_without_approval=len(unapproved))
        report["unapproved_effects"] = unapproved
        self.stdout.write(json.dumps(report, indent=2, default=str))
