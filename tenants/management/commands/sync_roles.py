from django.core.management.base import BaseCommand

from magie.queueing import task_queue
from tenants.models import Organisation
from tenants.tasks import roles_sync_task


class Command(BaseCommand):
    help = "Queue a roles re-sync for every organisation (or --inline to run it here)."

    def add_arguments(self, parser):
        parser.add_argument("--inline", action="store_true")

    def handle(self, *args, inline: bool, **options):
        for organisation in Organisation.objects.exclude(schema_name="public"):
            if inline:
                roles_sync_task(organisation.schema_name)
            else:
                task_queue(roles_sync_task.name, schema_name=organisation.schema_name)
            self.stdout.write(f"{organisation.schema_name}: {'synced' if inline else 'queued'}")
