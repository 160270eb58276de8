"""Every model with a state machine refuses a stale save (django-fsm's ConcurrentTransitionMixin)."""

from django.apps import apps
from django_fsm import ConcurrentTransitionMixin, FSMFieldMixin


def fsm_models() -> list[type]:
    return [model for model in apps.get_models()
            if any(isinstance(field, FSMFieldMixin) for field in model._meta.get_fields())]


def test_there_are_state_machines_to_check():
    assert {model._meta.label for model in fsm_models()} >= {
        "asks.Ask", "approvals.ApprovalRequest", "bank.PixTransfer", "booking.Booking", "inbox.Escalation",
        "whatsapp.Delivery"}


def test_every_state_machine_model_refuses_a_stale_save():
    assert [model._meta.label for model in fsm_models() if not issubclass(model, ConcurrentTransitionMixin)] == []
