"""One handler speaks HTTP for every API: DomainError → its status and code, FSM refusals → 409."""

from __future__ import annotations

from typing import Any

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


def exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.http_status)
    if isinstance(exc, TransitionNotAllowed):
        return Response({"code": "conflict", "message": str(exc), "extra": {}}, status=409)
    if isinstance(exc, DjangoValidationError):
        fields = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        return Response({"code": "invalid", "message": "invalid input", "extra": {"fields": fields}}, status=400)
    return drf_exception_handler(exc, context)
