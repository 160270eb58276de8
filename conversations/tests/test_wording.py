"""`render` keeps each language's translation of a message without plural forms: what it answers is what Django's
translation override answers, in every language, whatever was rendered before."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import pgettext_lazy

from agent.replies import MESSAGES
from conversations.wording import DAY_PARTS, django_language, render

LANGS = ("pt-BR", "es", "ca", "en")


def _overridden(lang: str, message: object, values: dict) -> str:
    with translation.override(django_language(lang)):
        return str(message % values)  # type: ignore[operator]


def test_a_kept_translation_is_the_one_of_the_language_asked_each_time():
    message = MESSAGES["balance"]
    for _ in range(2):  # the second round is answered from what the first kept
        for lang in LANGS:
            assert render(lang, message, {"amount": "R$ 1,00"}) == _overridden(lang, message, {"amount": "R$ 1,00"})
    assert len({render(lang, message, {"amount": "1"}) for lang in LANGS}) > 1


def test_a_message_made_on_the_fly_is_translated_as_itself():
    for text in ("Olá %(name)s", "Hola %(name)s"):
        message = pgettext_lazy("customer", text)
        assert render("es", message, {"name": "Ana"}) == _overridden("es", message, {"name": "Ana"})


def test_a_plural_or_a_lazy_value_goes_through_the_override():
    assert render("ca", MESSAGES["places_left"], {"count": 3}) == "3 places"
    assert render("ca", MESSAGES["places_left"], {"count": 1}) != render("ca", MESSAGES["places_left"], {"count": 3})
    lazy_value = DAY_PARTS["morning"]  # translated in the message's language, not the active one
    bare = "%(part)s"  # a name, not a literal: makemessages would file a literal in the catalogues
    assert render("es", pgettext_lazy("customer", bare), {"part": lazy_value}) == _overridden(
        "es", DAY_PARTS["morning"], {})
