"""Reads every turn makes with the same shape, compiled to SQL once per database connection.

Building and compiling a queryset with subqueries costs the ORM milliseconds of CPU every time — the pending-message
read alone was about a quarter of a builtin turn's Python. `compiled_read(key, build)` compiles the queryset
`build()` returns ONCE per connection, with sentinel values where the varying ones go, and then runs that SQL with
each call's values, turning the rows into model instances exactly as the queryset would (its `select_related`
rows attached, its annotations set as attributes, Django's converters applied). The SQL depends only on the models
(the organisation's schema comes from the connection's search_path), so nothing ever invalidates it — which is
why `build` must not put in the query any value that changes but through a sentinel (the clock, a setting).

The statement goes through Django's cursor (its execute wrappers, the query counters, the health checks) with
client-side binding, so PostgreSQL plans it with the real values, as before: partial indexes on constant
predicates (`inbound_pending`) stay usable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators

from magie.db.cursors import unrouted_cursor

SENTINEL_ID = -7_340_021  # never a row's id: marks where an id goes in the compiled SQL
SENTINEL_TEXT = "__magie_compiled_sentinel__"


@dataclass(frozen=True)
class _Compiled:
    compiler: Any
    sql: str
    params: tuple[Any, ...]
    slots: dict[int, str]  # position in params → the name of the value that goes there
    reader: _Reader


@dataclass(frozen=True)
class _Reader:
    """How the compiled query's rows become instances, worked out once with the SQL: Django's ModelIterable works
    it out again for every query (the converters of each selected column, the related populators), which was most
    of a small read's CPU once its statement was compiled once."""

    model: Any
    names: list[str]  # the model's attnames, in the order of its columns in the row
    start: int
    end: int
    populators: list[Any]  # django's RelatedPopulator of each select_related: stateless once made
    converters: dict[int, Any]  # Compiler.get_converters of the selected columns
    composite: bool  # composite primary keys among them: rows go through Django's tuples step
    fields: list[Any]
    annotations: dict[str, int]


def _reader(compiler: Any, alias: str) -> _Reader:
    select, klass_info = compiler.select, compiler.klass_info
    fields = [column[0] for column in select[0:compiler.col_count]]
    model, selected = klass_info["model"], klass_info["select_fields"]
    start, end = selected[0], selected[-1] + 1
    return _Reader(
        model=model, names=[column[0].target.attname for column in select[start:end]], start=start, end=end,
        # (the stubs describe a later Django's signature, with a fetch mode)
        populators=get_related_populators(klass_info, select, alias),  # type: ignore[call-arg]
        converters=compiler.get_converters(fields), composite=compiler.has_composite_fields(fields), fields=fields,
        annotations=dict(compiler.annotation_col_map))


def _compiled(key: str, build: Callable[[], tuple[QuerySet, dict[Any, str]]]) -> _Compiled:
    wrapper = connections[DEFAULT_DB_ALIAS]  # this thread's connection (the compiler is bound to it)
    cache: dict[str, _Compiled] = wrapper.__dict__.setdefault("_magie_compiled_reads", {})
    hit = cache.get(key)
    if hit is None:
        queryset, names = build()
        compiler = queryset.query.get_compiler(using=queryset.db)
        sql, params = compiler.as_sql()
        slots = {index: names[param] for index, param in enumerate(params)
                 if isinstance(param, int | str) and not isinstance(param, bool) and param in names}
        if sorted(slots.values()) != sorted(names.values()):
            raise AssertionError(f"compiled read {key}: a sentinel is missing from the SQL's parameters")
        hit = cache[key] = _Compiled(compiler, sql, tuple(params), slots, _reader(compiler, wrapper.alias))
    return hit


def compiled_read(key: str, build: Callable[[], tuple[QuerySet, dict[Any, str]]],
                  values: Mapping[str, Any], *, shared: bool = False) -> list[Model]:
    """The instances `build()`'s queryset would return with `values` in place of its sentinels. `build` returns
    the queryset (written with `SENTINEL_ID`/`SENTINEL_TEXT`, or other unusual values, where the varying values
    go) and a mapping {sentinel: name}; `values` maps each name to this call's value.

    `shared`: the queryset reads only tables of the public schema (shared apps'), which every search path
    django-tenants sets resolves (public is on each, and no organisation's schema has those tables): it runs on
    the path in force, without a `SET search_path` first (`magie.db.cursors.unrouted_cursor`)."""
    compiled = _compiled(key, build)
    params = list(compiled.params)
    for index, name in compiled.slots.items():
        params[index] = values[name]
    compiler, connection = compiled.compiler, connections[DEFAULT_DB_ALIAS]
    with unrouted_cursor() if shared else connection.cursor() as cursor:
        cursor.execute(compiled.sql, params)
        raw = cursor.fetchall()
    if not raw:
        return []
    # what django.db.models.query.ModelIterable does with a compiler's rows (compiler.results_iter), its parts
    # worked out once (`_Reader`)
    reader, rows = compiled.reader, raw
    if reader.converters:
        rows = compiler.apply_converters(rows, reader.converters)
    if reader.composite:
        rows = compiler.composite_fields_to_tuples(rows, reader.fields)
    model, names, start, end, alias = reader.model, reader.names, reader.start, reader.end, connection.alias
    instances = []
    for row in rows:
        instance = model.from_db(alias, names, row[start:end])
        for populator in reader.populators:
            populator.populate(row, instance)
        for name, position in reader.annotations.items():
            setattr(instance, name, row[position])
        instances.append(instance)
    return instances
