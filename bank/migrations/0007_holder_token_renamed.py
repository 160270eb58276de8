"""bank.CustomerToken is now bank.HolderToken (booking.CustomerToken kept the name). The table keeps its name
(`db_table`), so only the migration state and the content type change; no row moves."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("bank", "0006_staff_labels_on_the_models")]

    operations = [
        migrations.AlterModelTable(name="customertoken", table="bank_customertoken"),
        migrations.RenameModel(old_name="CustomerToken", new_name="HolderToken"),
    ]
