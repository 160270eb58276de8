"""Every reason a chat can reach people by has a staff name in the four staff languages: each guard the guards
package registers, each name the platform declares, and the reasons the turn, the channel and the inbox give. The
inbox list shows the name, never the code."""

from __future__ import annotations

import pytest
from django.utils import translation

from guards.registry import registered
from inbox.guard_words import GUARD_WORDS
from magie.choices import GUARD_LABELS, GUARD_NAMES
from staff.labels import ESCALATION_REASONS, escalation_reason_label

CODES = sorted(set(registered()) | set(GUARD_NAMES) | set(GUARD_LABELS) | set(ESCALATION_REASONS) | set(GUARD_WORDS))


def test_the_codes_include_every_registered_guard_and_the_turns_reasons():
    assert set(registered()) == set(GUARD_NAMES)
    assert {"payment_dispute", "turn_failed", "delivery_failed"} <= set(CODES)


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_a_staff_label_in_every_staff_language(code):
    with translation.override("en"):
        english = escalation_reason_label(code)
    assert english != code and "_" not in english
    for lang in ("pt-br", "es", "ca"):
        with translation.override(lang):
            label = escalation_reason_label(code)
        assert label not in (code, english), (lang, code)


def test_an_unknown_code_is_shown_as_it_is():
    assert escalation_reason_label("some_new_guard") == "some_new_guard"


@pytest.mark.parametrize("code", CODES)
def test_every_code_has_its_sentence_in_the_inbox_detail(code):
    assert code in GUARD_WORDS
    with translation.override("en"):
        english = str(GUARD_WORDS[code])
    with translation.override("pt-br"):
        assert str(GUARD_WORDS[code]) != english
