"""Every word the admin theme's templates translate reads in the staff's language: django-unfold ships no pt-BR, es
or ca catalogue, so a word missing from `staff/theme_words.py` shows in English ("Filters" in a Catalan list did)."""

import re
from pathlib import Path

import pytest
import unfold
from django.utils import translation

SAME_IN_THE_LANGUAGE = {"General"}  # Catalan and Spanish write it as English does
TRANSLATED = re.compile(r"{%\s*(?:trans|translate)\s+\"([^\"]+)\"")


def theme_words() -> set[str]:
    templates = Path(unfold.__file__).parent / "templates"
    return {match.group(1) for path in templates.rglob("*.html") for match in TRANSLATED.finditer(path.read_text())}


def test_the_theme_templates_are_read():
    assert {"Filters", "Apply Filters"} <= theme_words()


@pytest.mark.parametrize("language", ["pt-br", "es", "ca"])
def test_every_theme_word_is_translated(language):
    with translation.override(language):
        english = sorted(word for word in theme_words() - SAME_IN_THE_LANGUAGE if translation.gettext(word) == word)
    assert not english, f"add these to staff/theme_words.py and translate them: {english}"
