"""Customer API tokens are stored as their SHA-256 (magie.tokens): every stored key is replaced by its digest, so
the tokens customers already hold keep working and a leaked table opens nothing."""

import hashlib

from django.db import migrations


def keys_hashed(apps, schema_editor):
    CustomerToken = apps.get_model("booking", "CustomerToken")
    for token in CustomerToken.objects.all().only("pk", "key"):
        CustomerToken.objects.filter(pk=token.pk).update(key=hashlib.sha256(token.key.encode()).hexdigest())


class Migration(migrations.Migration):
    dependencies = [("booking", "0001_initial")]

    operations = [migrations.RunPython(keys_hashed, migrations.RunPython.noop)]
