from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tenants.archive import ArchiveRefused, organisation_restore


class Command(BaseCommand):
    help = ("Load an organisation archive (`organisation_export`) into this database: its schema, its public rows, "
            "then its migrations brought up to this code's. Needs the MAGIE_FIELD_KEYS it was made under.")

    def add_arguments(self, parser):
        parser.add_argument("archive")

    def handle(self, *args, archive: str, **options):
        try:
            organisation = organisation_restore(Path(archive))
        except ArchiveRefused as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{organisation.schema_name}: restored")
