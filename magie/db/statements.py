"""Several writes in one statement: the INSERT Django compiles for some rows, to be put in a
data-modifying WITH of another statement, so a service that writes three tables pays one round trip, not three.

PostgreSQL runs every data-modifying WITH exactly once, whether the main statement reads it or not, all on the same
snapshot: the parts must not depend on each other's rows (foreign keys are checked at commit, Django declares them
deferrable), and a part the main statement does not read runs after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import cache
from typing import Any, cast

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from django.db.models.sql import InsertQuery
from django_tenants.utils import get_public_schema_name

from magie.db.cursors import unrouted_cursor


def insert_sql(model: type[Model], rows: list[Any], *, returning: bool,
               expressions: dict[str, str] | None = None) -> tuple[str, list[Any]]:
    """The INSERT Django would compile for `rows` (one statement), its fields' `pre_save` applied
    (`auto_now_add`), `RETURNING` the primary key if asked. The statement's text is built once per model and row
    count; each call only prepares the values as Django's compiler does (`get_db_prep_save`) — compiling an
    InsertQuery was about a millisecond of CPU per statement, three statements a turn. `expressions`: SQL put
    instead of a field's value (by attname; e.g. the id a WITH of the same statement returns), in every row."""
    shape = _shape(model, returning)
    if shape is not None:
        head, row, tail, fields = shape
        db = connections[DEFAULT_DB_ALIAS]  # the connection `connection` stands for, looked up once, not per value
        if expressions:
            row = f"({', '.join(expressions.get(field.attname, '%s') for field in fields)})"
        params = []
        for obj in rows:
            for field in fields:
                if expressions and field.attname in expressions:
                    continue
                value = field.pre_save(obj, add=True)
                if hasattr(value, "resolve_expression"):  # an expression: the compiler's work
                    assert not expressions, "expressions need the plain INSERT"
                    return _compiled_insert_sql(model, rows, returning=returning)
                params.append(prepared(field, value, db=db))
        return f"{head} VALUES {', '.join([row] * len(rows))}{tail}", params
    assert not expressions, "expressions need the plain INSERT"
    return _compiled_insert_sql(model, rows, returning=returning)


@cache
def _shape(model: type[Model], returning: bool) -> tuple[str, str, str, list[Field]] | None:
    """The INSERT's text around its VALUES and its fields, for a model whose fields all take a plain `%s` (none
    with a placeholder of its own or a database default: those go through the compiler)."""
    meta = model._meta
    fields = [field for field in meta.local_concrete_fields if not field.primary_key]
    if any(hasattr(field, "get_placeholder") or field.has_db_default() for field in fields):
        return None
    quote, table = connection.ops.quote_name, connection.ops.quote_name(meta.db_table)
    head = f"INSERT INTO {table} ({', '.join(quote(str(field.column)) for field in fields)})"
    tail = f" RETURNING {table}.{quote(str(meta.pk.column))}" if returning and meta.pk is not None else ""
    return head, f"({', '.join(['%s'] * len(fields))})", tail, fields


def _compiled_insert_sql(model: type[Model], rows: list[Any], *, returning: bool) -> tuple[str, list[Any]]:
    meta = model._meta
    query = InsertQuery(model)
    query.insert_values([field for field in meta.local_concrete_fields if not field.primary_key], rows)
    compiler = query.get_compiler(connection=connection)
    if returning:
        compiler.returning_fields = [meta.pk]
    [(sql, params)] = compiler.as_sql()
    return sql, list(params)


def update_sql(row: Model, *, guard: str, as_read: Any) -> tuple[str, list[Any]]:
    """The UPDATE `row.save()` sends for a row read from the database — every concrete field but the key, the
    fields' `pre_save` applied (`auto_now`) — `WHERE` its key `AND` the column `guard` still holds `as_read`, the
    value the row was read with (django-fsm's stale-save check: the caller reads the rowcount, 0 means it moved).
    Its text is built once per model and guard, not compiled by the ORM on every save."""
    fields, sql = _update_shape(type(row), guard)
    db = connections[DEFAULT_DB_ALIAS]
    values = [prepared(field, field.pre_save(row, add=False), db=db) for field in fields]
    return sql, [*values, row.pk, as_read]


# Fields whose `get_db_prep_save` gives back a value of this exact type (or None) unchanged on PostgreSQL: Django's
# own classes only (a subclass may prepare differently), by the exact type of the value.
_UNCHANGED: dict[type[Field], type] = {models.CharField: str, models.TextField: str, models.BooleanField: bool,
                                       models.DateTimeField: datetime}


def prepared(field: Field, value: Any, *, db: BaseDatabaseWrapper | None = None) -> Any:
    """`field.get_db_prep_save(value)`, without its calls where they would give `value` back unchanged: a text,
    a boolean, an aware datetime (a naive one goes through Django, which warns and makes it aware) or None for
    Django's own fields of those kinds — about 40 values a message, each several calls deep. `db`: the default
    connection itself, looked up once by a caller preparing many values (each attribute read through Django's
    `connection` proxy looks it up again in a thread-local: ~30 of a message's values)."""
    kind = _UNCHANGED.get(type(field))
    if kind is not None and (value is None or (type(value) is kind and (
            kind is not datetime or cast(datetime, value).utcoffset() is not None))):  # aware (`timezone.is_naive`)
        return value
    return field.get_db_prep_save(value, connection=connection if db is None else db)


@cache
def _update_shape(model: type[Model], guard: str) -> tuple[list[Field], str]:
    meta = model._meta
    quote = connection.ops.quote_name
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    assert meta.pk is not None
    return fields, (f"UPDATE {quote(meta.db_table)} SET "
                    + ", ".join(f"{quote(str(field.column))} = %s" for field in fields)
                    + f" WHERE {quote(str(meta.pk.column))} = %s AND {quote(guard)} = %s")


def insert_rows(rows: Sequence[Model]) -> None:
    """`save(force_insert=True)` of one row, or `bulk_create` of several of one model, for models without save()
    logic or signals of their own: one INSERT whose text is built once (`insert_sql`), each row's primary key set
    from its RETURNING (PostgreSQL returns a multi-row INSERT's rows in the order of its VALUES, as bulk_create
    relies on)."""
    if not rows:
        return
    for row in rows:  # as save() and bulk_create check: a related row saved after it was assigned gives its key
        row._prepare_related_fields_for_save(operation_name="insert_rows")  # type: ignore[attr-defined]  # (not in the stubs)
    insert, params = insert_sql(type(rows[0]), list(rows), returning=True)
    with connection.cursor() as cursor:
        cursor.execute(insert, params)
        inserted = cursor.fetchall()
    assert len(inserted) == len(rows)
    for row, (pk,) in zip(rows, inserted, strict=True):
        saved(row, pk)


def saved(row: Model, pk: Any) -> None:
    """Mark `row` as the database's, with primary key `pk` (what `save()` does after its own INSERT)."""
    row.pk = pk
    row._state.adding, row._state.db = False, DEFAULT_DB_ALIAS  # `connection.alias`, without the proxy's look-up


def insert_returning(row: Model, *, on_conflict: str = "ON CONFLICT DO NOTHING") -> Model | None:
    """INSERT `row` (`insert_sql`) `on_conflict`, returning every column: the row as the database now holds it,
    read as `rows_of` reads (and, inserted by this transaction, locked as a `FOR UPDATE` read would lock it) — or
    None when the conflict clause inserted nothing. One statement where an INSERT … DO NOTHING and a locking
    read of the row were two."""
    model = type(row)
    insert, params = insert_sql(model, [row], returning=False)
    columns, names, converters = _returning(model)
    with connection.cursor() as cursor:
        cursor.execute(f"{insert} {on_conflict} RETURNING {columns}", params)
        found = cursor.fetchone()
    if found is None:
        return None
    if converters:
        found = tuple(convert(value, None, connection) if convert is not None and value is not None else value
                      for convert, value in zip(converters, found, strict=True))
    return model.from_db(connection.alias or "default", names, found)


@cache
def _returning(model: type[Model]) -> tuple[str, list[str], list[Any] | None]:
    quote, fields = connection.ops.quote_name, list(model._meta.concrete_fields)
    converters = [getattr(field, "from_db_value", None) for field in fields]
    return (", ".join(quote(str(field.column)) for field in fields), [field.attname for field in fields],
            converters if any(converters) else None)


def rows_of(model: type[Model], where: str, params: list[Any], *, tail: str = "", shared: bool = False) -> list[Any]:
    """`model`'s rows `WHERE <where> <tail>` (`tail`: ORDER BY, FOR UPDATE…), as instances with every concrete
    field, read as the ORM reads them (`from_db`, the fields' `from_db_value`) — a statement whose text is built
    once per model instead of a queryset compiled on every call (compiling is most of such a call's CPU).
    `shared`: a table of the public schema, named with it and read on whatever search path is in force (no
    `SET search_path` first, `magie.db.cursors.unrouted_cursor`)."""
    select, names, converters = _select(model, shared)
    with unrouted_cursor() if shared else connection.cursor() as cursor:
        cursor.execute(f"{select} WHERE {where} {tail}", params)
        return _instances(model, names, converters, cursor.fetchall())


def _instances(model: type[Model], names: list[str], converters: list[Any] | None, rows: list[Any]) -> list[Any]:
    """`rows` (every concrete field, in `names`' order) as `model` instances, converted as the ORM converts them."""
    if converters:
        rows = [tuple(convert(value, None, connection) if convert is not None and value is not None else value
                      for convert, value in zip(converters, row, strict=True)) for row in rows]
    return [model.from_db(connection.alias or "default", names, row) for row in rows]


@cache
def _select(model: type[Model], shared: bool = False) -> tuple[str, list[str], list[Any] | None]:
    meta = model._meta
    quote, fields = connection.ops.quote_name, list(meta.concrete_fields)
    table = quote(meta.db_table)
    if shared:
        table = f"{quote(get_public_schema_name())}.{table}"
    select = f"SELECT {', '.join(quote(str(field.column)) for field in fields)} FROM {table}"
    converters = [getattr(field, "from_db_value", None) for field in fields]
    return select, [field.attname for field in fields], converters if any(converters) else None


def rows_updated(model: type[Model], assignments: str, where: str, params: list[Any], *,
                 shared: bool = False) -> list[Any]:
    """`UPDATE <model's table> SET <assignments> WHERE <where>`, the rows it changed returned as `rows_of` reads
    them (every concrete field, as written by the update), in no particular order: a claim and its read in one
    statement. `params`: the assignments', then the condition's. `shared`: as for `rows_of`."""
    columns, names, converters = _returning(model)
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    if shared:
        table = f"{quote(get_public_schema_name())}.{table}"
    with unrouted_cursor() if shared else connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {assignments} WHERE {where} RETURNING {columns}", params)
        return _instances(model, names, converters, cursor.fetchall())
