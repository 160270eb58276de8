"""`turn_queued(schema_name, message_id)`: sent each time the webhook or the sweeper queues an agent turn."""

from django.dispatch import Signal

turn_queued = Signal()
