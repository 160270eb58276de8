"""One handler speaks HTTP for every API: DomainError → its status and code, FSM refusals → 409."""

from __future__ import annotations

import dataclasses
import types
from datetime import date, datetime
from functools import cache
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from django.core.exceptions import ValidationError as DjangoValidationError
from django_fsm import TransitionNotAllowed
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from magie.errors import DomainError


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """`data` as `serializer_class` validates it; a refusal raises DRF's ValidationError (400 with the fields)."""
    given = serializer_class(data=data)
    given.is_valid(raise_exception=True)
    return given.validated_data


# The annotation of a result's field → the DRF field that renders it (read-only: results are answers, not input).
_FIELD_FOR_TYPE: dict[type, type[serializers.Field]] = {
    str: serializers.CharField, int: serializers.IntegerField, bool: serializers.BooleanField,
    float: serializers.FloatField, datetime: serializers.DateTimeField, date: serializers.DateField,
    dict: serializers.DictField,
}


def _result_field(annotation: Any) -> serializers.Field:
    """The read-only DRF field for one annotated dataclass field; `X | None` allows null, a nested result or a
    tuple/list of them nests its own `ResultSerializer`."""
    arguments = [arg for arg in get_args(annotation) if arg is not type(None)]
    nullable = get_origin(annotation) in (Union, types.UnionType) and len(arguments) < len(get_args(annotation))
    if nullable:
        (annotation,) = arguments
    origin = get_origin(annotation) or annotation
    if origin in (tuple, list):
        return result_serializer_for(get_args(annotation)[0])(many=True, read_only=True)
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):
        return result_serializer_for(origin)(read_only=True, allow_null=nullable)
    return _FIELD_FOR_TYPE[origin](read_only=True, allow_null=nullable)


class ResultSerializer(serializers.Serializer):
    """What ModelSerializer is to a model, for an engine's frozen result dataclass (`Meta.result`): one field per
    dataclass field, typed from its annotation, so an API renders the result the engine already defines instead of
    declaring its shape again. Declared fields replace the one of that name or add to it (a formatted amount);
    `Meta.exclude` leaves fields out (one the API renames)."""

    class Meta:
        result: ClassVar[type]
        exclude: ClassVar[tuple[str, ...]] = ()

    def get_fields(self) -> dict[str, serializers.Field]:
        declared = super().get_fields()
        exclude = getattr(self.Meta, "exclude", ())
        hints = get_type_hints(self.Meta.result)
        fields = {field.name: declared.pop(field.name) if field.name in declared else _result_field(hints[field.name])
                  for field in dataclasses.fields(self.Meta.result) if field.name not in exclude}
        return fields | declared


@cache
def result_serializer_for(result: type) -> type[ResultSerializer]:
    """The plain `ResultSerializer` of `result` (for nesting, or where an API adds nothing to it)."""
    meta = type("Meta", (), {"result": result})
    return type(f"{result.__name__}Serializer", (ResultSerializer,), {"Meta": meta})


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.http_status)
    if isinstance(exc, TransitionNotAllowed):
        return Response({"code": "conflict", "message": str(exc), "extra": {}}, status=409)
    if isinstance(exc, DjangoValidationError):
        fields = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response({"code": "invalid", "message": "invalid input", "extra": {"fields": fields}}, status=400)
    return drf_exception_handler(exc, context)
