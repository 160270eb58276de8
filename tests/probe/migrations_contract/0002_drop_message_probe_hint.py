from django.db import migrations


class Migration(migrations.Migration):
    """Contract: the column goes once no code running reads or writes it."""

    dependencies = [("probe", "0001_message_probe_hint")]

    operations = [
        migrations.RunSQL("ALTER TABLE conversations_message DROP COLUMN probe_hint",
                          reverse_sql="ALTER TABLE conversations_message ADD COLUMN probe_hint text"),
    ]
