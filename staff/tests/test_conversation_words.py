"""The conversations app names its tables, columns and choices on its models, but its folder holds the customers'
catalogue, so `makemessages` would file those staff words there: `staff.labels.CONVERSATIONS_MODEL_WORDS` lists
them for the staff catalogue, and this test keeps that list equal to what the models say."""

from django.apps import apps
from django.utils.functional import Promise

from staff.labels import CONVERSATIONS_MODEL_WORDS


def model_words() -> set[str]:
    config = apps.get_app_config("conversations")
    words: list[object] = [config.verbose_name]
    for model in config.get_models():
        opts = model._meta
        words += [opts.verbose_name, opts.verbose_name_plural]
        for field in opts.fields:
            words += [field.verbose_name, field.help_text, *(label for _value, label in field.flatchoices)]
    return {word._args[0] for word in words if isinstance(word, Promise)}  # type: ignore[attr-defined]  # its msgid


def test_the_staff_catalogue_lists_every_word_of_the_conversations_models():
    assert model_words() == set(CONVERSATIONS_MODEL_WORDS)


def test_a_word_of_the_models_is_found_and_is_not_english_alone():
    assert {"customer", "from the customer", "turn lock token"} <= model_words()
