"""Customer API tokens are stored as their SHA-256 (magie.tokens): the column widens to 64 and every stored key is
replaced by its digest, so the tokens customers already hold keep working and a leaked table opens nothing."""

import hashlib

from django.db import migrations, models

import magie.tokens


def keys_hashed(apps, schema_editor):
    CustomerToken = apps.get_model("bank", "CustomerToken")
    for token in CustomerToken.objects.all().only("pk", "key"):
        CustomerToken.objects.filter(pk=token.pk).update(key=hashlib.sha256(token.key.encode()).hexdigest())


class Migration(migrations.Migration):
    dependencies = [("bank", "0003_pix_payer_reference")]

    operations = [
        migrations.AlterField(
            model_name="customertoken", name="key",
            field=models.CharField(default=magie.tokens.token_digest_of_new, max_length=64, unique=True),
        ),
        migrations.RunPython(keys_hashed, migrations.RunPython.noop),
    ]
