from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tenants.archive import organisation_archive
from tenants.models import Organisation


class Command(BaseCommand):
    help = ("Write one organisation (its schema and its public rows) to an archive file that "
            "`organisation_restore` loads into another database.")

    def add_arguments(self, parser):
        parser.add_argument("schema_name")
        parser.add_argument("archive", help="the tar file to write")

    def handle(self, *args, schema_name: str, archive: str, **options):
        if not Organisation.objects.filter(schema_name=schema_name).exclude(schema_name="public").exists():
            raise CommandError(f"no organisation {schema_name!r}")
        manifest = organisation_archive(schema_name, Path(archive))
        self.stdout.write(f"{schema_name}: {len(manifest['migrations'])} migrations, written to {archive}")
