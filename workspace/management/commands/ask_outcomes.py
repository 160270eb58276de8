import json

from django.core.management.base import BaseCommand, CommandError
from django_tenants.utils import tenant_context

from tenants.models import Organisation
from workspace.ranges import RangeInvalid, day_range
from workspace.selectors.dashboard import ask_outcomes_report
from workspace.wording import OUTCOME_LABELS


class Command(BaseCommand):
    help = ("Ask outcomes of one organisation over a period: each Ask in one of completed / failed / abandoned / "
            "superseded / handed to a person / still open (shares sum to 100%), per kind, and by reason.")

    def add_arguments(self, parser):
        parser.add_argument("--org", required=True, help="the organisation's schema name")
        parser.add_argument("--since", help="YYYY-MM-DD (organisation's local date; default: 30 days ago)")
        parser.add_argument("--until", help="YYYY-MM-DD exclusive (default: tomorrow)")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        organisation = Organisation.objects.filter(schema_name=options["org"]).first()
        if organisation is None or organisation.is_platform:
            raise CommandError(f"no organisation {options['org']!r}")
        try:
            days = day_range(organisation=organisation, since=options["since"], until=options["until"])
        except RangeInvalid as error:
            raise CommandError(str(error)) from None
        with tenant_context(organisation):
            report = ask_outcomes_report(since=days.since, until=days.until)
        if options["json"]:
            self.stdout.write(json.dumps({"organisation": organisation.schema_name, "since": days.since.isoformat(),
                                          "until": days.until.isoformat(), **report}))
            return
        partition = report["partition"]
        self.stdout.write(f"{organisation.name}: Asks opened {days.first} – {days.end} (exclusive): "
                          f"{partition['total']}")
        for name, count in partition["counts"].items():
            self.stdout.write(f"  {OUTCOME_LABELS[name]!s:<34} {count:>7}  {partition['shares'][name]:6.2f}%")
        self.stdout.write(f"  abandoned before every required slot was filled: {report['abandoned_incomplete']} "
                          f"({report['rates']['abandoned_incomplete']:.2f}% of closed)")
