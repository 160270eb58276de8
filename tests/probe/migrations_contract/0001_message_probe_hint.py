from django.db import migrations


class Migration(migrations.Migration):
    """Expand: a nullable column without a default is a change of the catalog only (no table rewrite); the code
    serving, which does not know it, goes on inserting and reading."""

    dependencies = [("conversations", "0001_initial")]

    operations = [
        migrations.RunSQL("ALTER TABLE conversations_message ADD COLUMN probe_hint text",
                          reverse_sql="ALTER TABLE conversations_message DROP COLUMN probe_hint"),
    ]
