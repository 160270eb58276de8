"""Several writes in one statement (issue 20): the INSERT Django compiles for some rows, to be put in a
data-modifying WITH of another statement, so a service that writes three tables pays one round trip, not three.

PostgreSQL runs every data-modifying WITH exactly once, whether the main statement reads it or not, all on the same
snapshot: the parts must not depend on each other's rows (foreign keys are checked at commit, Django declares them
deferrable), and a part the main statement does not read runs after it.
"""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Model
from django.db.models.sql import InsertQuery


def insert_sql(model: type[Model], rows: list[Any], *, returning: bool) -> tuple[str, list[Any]]:
    """The INSERT Django compiles for `rows` (one statement: on PostgreSQL several rows are one UNNEST), its
    fields' `pre_save` applied (`auto_now_add`), `RETURNING` the primary key if asked."""
    meta = model._meta
    query = InsertQuery(model)
    query.insert_values([field for field in meta.local_concrete_fields if not field.primary_key], rows)
    compiler = query.get_compiler(connection=connection)
    if returning:
        compiler.returning_fields = [meta.pk]
    [(sql, params)] = compiler.as_sql()
    return sql, list(params)


def saved(row: Model, pk: Any) -> None:
    """Mark `row` as the database's, with primary key `pk` (what `save()` does after its own INSERT)."""
    row.pk = pk
    row._state.adding, row._state.db = False, connection.alias
