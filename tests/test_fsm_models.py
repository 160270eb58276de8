"""Every model with a state machine refuses a stale save (django-fsm's ConcurrentTransitionMixin, through
magie.db.fsm's, which finds the state fields once per class)."""

from django.apps import apps
from django_fsm import FSMFieldMixin

from magie.db.fsm import ConcurrentTransitionMixin


def fsm_models() -> list[type]:
    return [model for model in apps.get_models()
            if any(isinstance(field, FSMFieldMixin) for field in model._meta.get_fields())]


def test_there_are_state_machines_to_check():
    assert {model._meta.label for model in fsm_models()} >= {
        "asks.Ask", "approvals.ApprovalRequest", "bank.PixTransfer", "booking.Booking", "inbox.Escalation",
        "whatsapp.Delivery"}


def test_every_state_machine_model_refuses_a_stale_save():
    assert [model._meta.label for model in fsm_models() if not issubclass(model, ConcurrentTransitionMixin)] == []


def test_the_state_fields_kept_on_the_class_are_the_ones_django_fsm_finds():
    from django_fsm import ConcurrentTransitionMixin as DjangoFsmMixin

    for model in fsm_models():
        instance = model()
        assert list(instance.state_fields) == list(DjangoFsmMixin.state_fields.fget(instance)), model
        assert list(instance.state_fields) and model.__dict__["_fsm_state_fields"] is instance.state_fields
