import json
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import tenant_context

from asks.selectors import ask_outcomes
from tenants.models import Organisation


class Command(BaseCommand):
    help = "Ask outcomes of one organisation over a period: completed, failed, abandoned by reason, with rates."

    def add_arguments(self, parser):
        parser.add_argument("--org", required=True, help="the organisation's schema name")
        parser.add_argument("--since", help="YYYY-MM-DD (organisation's local date; default: 30 days ago)")
        parser.add_argument("--until", help="YYYY-MM-DD exclusive (default: tomorrow)")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        organisation = Organisation.objects.filter(schema_name=options["org"]).first()
        if organisation is None or organisation.is_platform:
            raise CommandError(f"no organisation {options['org']!r}")
        zone = ZoneInfo(organisation.time_zone)
        today = datetime.now(zone).date()

        def day(value, default):
            try:
                chosen = datetime.strptime(value, "%Y-%m-%d").date() if value else default
            except ValueError as error:
                raise CommandError(f"dates are YYYY-MM-DD: {error}") from error
            return datetime.combine(chosen, time.min, zone)

        since = day(options["since"], today - timedelta(days=30))
        until = day(options["until"], today + timedelta(days=1))
        with tenant_context(organisation):
            report = ask_outcomes(since=since, until=until)
        if options["json"]:
            self.stdout.write(json.dumps({"organisation": organisation.schema_name, "since": since.isoformat(),
                                          "until": until.isoformat(), **report}))
            return
        self.stdout.write(f"{organisation.name}: Asks opened {since.date()} – {until.date()} (exclusive)")
        self.stdout.write(f"  opened {report['total']}, closed {report['closed']}, still open {report['open']}")
        for name in ("completed", "failed", "cooled", "superseded", "cancelled", "abandoned_incomplete"):
            count = report[name] if name != "abandoned_incomplete" else report["abandoned_incomplete"]
            self.stdout.write(f"  {name:<22} {count:>6}  {report['rates'][name]:6.2f}% of closed")
