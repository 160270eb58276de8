"""What every Pix writes besides its row, cut to what is read (issue 20), and the payer as one reference.

- The payer's account and its holder are one foreign key, (from_account_id, holder_id) → bank_account (id,
  holder_id): the debited account is the payer's own (two foreign keys said only that both exist), and a Pix pays
  for one key check at COMMIT instead of two. Added NOT VALID, then validated: the check of the rows already there
  takes no lock that stops Pix being written.
- end_to_end_id is unique by a constraint: `unique=True` also built an index for LIKE 'E…%' that nothing reads.
- The holder's own index went: it repeats the first column of bank_pix_idempotency_unique and
  bank_pix_holder_settled.
- bank_pix_due holds only scheduled Pix, what pix_scheduled_run reads: a settled Pix (nearly all) adds no entry, and
  no longer to the one page every Pix of the bank inserted into (status 'settled', scheduled_for NULL).
"""

import django.db.models.deletion
from django.db import migrations, models

PAYER_REFERENCE = "bank_pix_payer_account"


class Migration(migrations.Migration):

    dependencies = [
        ('bank', '0002_pix_transfer_txid'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='pixtransfer',
            constraint=models.UniqueConstraint(fields=('end_to_end_id',), name='bank_pix_end_to_end_id_unique'),
        ),
        migrations.AlterField(
            model_name='pixtransfer',
            name='end_to_end_id',
            field=models.CharField(max_length=32),
        ),
        migrations.AddConstraint(
            model_name='account',
            constraint=models.UniqueConstraint(fields=('id', 'holder'), name='bank_account_with_holder'),
        ),
        migrations.AlterField(
            model_name='pixtransfer',
            name='from_account',
            field=models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.PROTECT, related_name='pix_debits', to='bank.account'),
        ),
        migrations.AlterField(
            model_name='pixtransfer',
            name='holder',
            field=models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='pix_sent', to='bank.holder'),
        ),
        migrations.RunSQL(
            sql=[
                f"ALTER TABLE bank_pixtransfer ADD CONSTRAINT {PAYER_REFERENCE} FOREIGN KEY (from_account_id, holder_id)"
                " REFERENCES bank_account (id, holder_id) DEFERRABLE INITIALLY DEFERRED NOT VALID",
                f"ALTER TABLE bank_pixtransfer VALIDATE CONSTRAINT {PAYER_REFERENCE}",
            ],
            reverse_sql=f"ALTER TABLE bank_pixtransfer DROP CONSTRAINT {PAYER_REFERENCE}",
        ),
        migrations.RemoveIndex(
            model_name='pixtransfer',
            name='bank_pix_due',
        ),
        migrations.AddIndex(
            model_name='pixtransfer',
            index=models.Index(condition=models.Q(('status', 'scheduled')), fields=['scheduled_for', 'id'], name='bank_pix_due'),
        ),
    ]
