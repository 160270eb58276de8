"""Migration operations that must run in every schema django-tenants migrates, whatever the caller's transaction.

Django's `AddIndexConcurrently` refuses to run inside a transaction before it even asks the router whether the
model's table is in this schema. django-tenants records every app's migrations in every schema, so a migration of a
shared app (the webhook's inbound log, public only) also runs, as a no-op, in each organisation's schema and in the
schema template (`magie.schemas.template`) — and a new organisation's schema is made inside whatever transaction
its creator holds (the admin's add form, a test, a seeder): the no-op raised there, and the organisation was left
half made (docs/operations.md, "A fresh database").
"""

from __future__ import annotations

from django.contrib.postgres.operations import AddIndexConcurrently as DjangoAddIndexConcurrently


class AddIndexConcurrently(DjangoAddIndexConcurrently):
    """`CREATE INDEX CONCURRENTLY` where the table lives and may hold rows writers must not wait behind; nothing
    where the router keeps the table out of the schema; a plain `CREATE INDEX` inside a transaction when the table
    is empty (a schema being made: nobody writes to it yet, and building the index takes no time). Inside a
    transaction on a table with rows it refuses, as Django's does: that index must not lock the table's writers."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        model = to_state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return
        if schema_editor.connection.in_atomic_block and _empty(schema_editor, model):
            schema_editor.add_index(model, self.index)
            return
        super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        model = from_state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return
        if schema_editor.connection.in_atomic_block and _empty(schema_editor, model):
            schema_editor.remove_index(model, self.index)
            return
        super().database_backwards(app_label, schema_editor, from_state, to_state)


def _empty(schema_editor, model) -> bool:
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f"SELECT NOT EXISTS (SELECT 1 FROM {schema_editor.quote_name(model._meta.db_table)})")
        return bool(cursor.fetchone()[0])
