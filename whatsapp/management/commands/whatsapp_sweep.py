from django.core.management.base import BaseCommand

from whatsapp.services import inbound_sweep


class Command(BaseCommand):
    help = "Queue again the agent turn of every WhatsApp message left unhandled for more than --older-than seconds."

    def add_arguments(self, parser):
        parser.add_argument("--older-than", type=int, default=None, help="seconds (default WHATSAPP_SWEEP_AFTER_SECONDS)")

    def handle(self, *args, older_than: int | None, **options):
        queued = inbound_sweep(older_than_seconds=older_than)
        total = sum(queued.values())
        self.stdout.write(f"{total} turn(s) queued" + "".join(f"\n  {k}: {v}" for k, v in sorted(queued.items())))
