"""Customer wording goes through Django's i18n and is complete in every language; every value reaches customers
rendered for their locale (never a raw dict, an ISO timestamp or an unmasked document); every engine error code has
wording in every language."""

from __future__ import annotations

import inspect
import re
from importlib import import_module
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from agent.replies import MESSAGES, REASONS, change_note, failure_reason, reason, say, slot_value
from agent.tests.helpers import Conversation
from approvals.previews import TEXT as PREVIEW_TEXT
from approvals.previews import word
from approvals.tests.test_flow import set_money_gate
from conversations.customer_messages import customer_messages
from conversations.wording import render
from magie.errors import DomainError

LANGS = ("pt-BR", "es", "ca", "en")
LOCALES = {"pt-BR": "pt_BR", "es": "es", "ca": "ca", "en": "en"}
CATALOGUES = Path(__file__).resolve().parents[2] / "conversations" / "locale"
ENGINE_ERRORS = ("bank.errors", "booking.errors", "store.errors", "approvals.errors", "magie.errors")
TZ = "Europe/Andorra"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
ISO = re.compile(r"\d{4}-\d{2}-\d{2}(?:T|\b)|\b\d{2}:\d{2}:\d{2}\b")
CPF_DIGITS = ("48620573144", "486.205.731-44", "11222333000181")

# One value of every slot type the perceiver fills (contract `asks.perception.contract.Slots`), as stored on an Ask.
SLOT_SAMPLES = [
    ("amount", {"amount_cents": 189000, "currency": "BRL"}),
    ("amount", {"amount_cents": 150, "currency": "EUR"}),
    ("pix_key", {"type": "cpf", "value": "48620573144"}),
    ("pix_key", {"type": "cnpj", "value": "11222333000181"}),
    ("pix_key", {"type": "email", "value": "jenny@example.com"}),
    ("pix_key", {"type": "phone", "value": "+5511987654321"}),
    ("pix_key", {"type": "random", "value": "123e4567-e89b-42d3-a456-426614174000"}),
    ("recipient", "Jenny"),
    ("when", "2026-12-03T15:00:00+01:00"),
    ("when", "2026-12-03"),
    ("when", "09:00:00"),
    ("party_size", 1),
    ("party_size", 3),
    ("activity", "escalada"),
    ("product", "celular barato"),
    ("device_model", "iPhone 12"),
    ("capacity_gb", 128),
    ("battery_health", 87),
]


def _catalogue(lang: str, kind: str = "po"):
    path = CATALOGUES / LOCALES[lang] / "LC_MESSAGES" / f"django.{kind}"
    with path.open("rb") as handle:
        return read_po(handle) if kind == "po" else read_mo(handle)


@pytest.mark.parametrize("lang", LANGS)
def test_every_customer_message_is_translated_in_the_catalogue_with_its_plural_forms(lang):
    catalogue = _catalogue(lang)
    assert catalogue.num_plurals == 2
    for msgid, plural in customer_messages():
        entry = catalogue.get((msgid, plural) if plural else msgid, context="customer")
        assert entry is not None, (lang, msgid)
        strings = entry.string if plural else (entry.string,)
        assert all(strings), (lang, msgid)
        for string in strings:  # the same placeholders, so a translation never drops a value
            assert set(PLACEHOLDER.findall(string)) <= set(PLACEHOLDER.findall(msgid + (plural or ""))), string


@pytest.mark.parametrize("lang", LANGS)
def test_the_committed_mo_is_the_compiled_po(lang):
    source, compiled = _catalogue(lang, "po"), _catalogue(lang, "mo")
    def entries(catalogue) -> dict:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]):
                m.string if isinstance(m.string, str) else tuple(m.string) for m in catalogue if m.id}

    written, built = entries(source), entries(compiled)
    assert built == written  # `make messages` after editing a catalogue


def test_plural_forms_follow_each_language():
    assert say("pt-BR", "places_left", count=1) == "1 vaga" and say("pt-BR", "places_left", count=0) == "0 vaga"
    assert say("es", "places_left", count=0) == "0 plazas" and say("ca", "places_left", count=3) == "3 places"
    assert slot_value("ca", "party_size", 1, TZ) == "1 persona"
    assert slot_value("ca", "party_size", 3, TZ) == "3 persones"
    assert slot_value("en", "party_size", 2, TZ) == "2 people"


def _values(msgid: str, slot: str, value: object, lang: str, count: int) -> dict:
    rendered = slot_value(lang, slot, value, TZ)
    return {name: (count if name == "count" else rendered) for name in PLACEHOLDER.findall(msgid)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slot,value", SLOT_SAMPLES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(SLOT_SAMPLES)])
def test_every_template_with_every_slot_type_shows_no_raw_value(lang, slot, value):
    for table, messages in (("reply", MESSAGES), ("preview", PREVIEW_TEXT), ("reason", REASONS)):
        for key, message in messages.items():
            msgid = message._kw.get("singular", "") + message._kw.get("plural", "") or message._args[1]
            for count in (1, 2):
                text = render(lang, message, _values(msgid, slot, value, lang, count))
                where = (table, key, lang, text)
                assert "{" not in text and "}" not in text and "'type'" not in text and "%(" not in text, where
                assert not ISO.search(text), where
                assert not any(document in text for document in CPF_DIGITS), where


def test_values_are_rendered_for_the_customers_locale():
    assert slot_value("pt-BR", "amount", {"amount_cents": 189000, "currency": "BRL"}, TZ) == "R$\xa01.890,00"
    assert slot_value("pt-BR", "pix_key", {"type": "cpf", "value": "48620573144"}, TZ) == "***.205.731-**"
    assert slot_value("en", "pix_key", {"type": "email", "value": "jenny@example.com"}, TZ) == "j***@example.com"
    assert slot_value("ca", "when", "2026-12-03T15:00:00+01:00", TZ) == "dj. 3 de des., 15:00"
    assert slot_value("es", "when", "09:00:00", TZ) == "09:00"
    assert slot_value("en", "when", "2026-12-03", TZ) == "Thu 3 Dec"
    assert slot_value("es", "battery_health", 87, TZ) == "87\xa0%"


def _engine_codes() -> set[str]:
    codes = set()
    for module in ENGINE_ERRORS:
        for _, error in inspect.getmembers(import_module(module), inspect.isclass):
            if issubclass(error, DomainError) and error.__module__ == module:
                codes.add(error.code)
    return codes


def test_the_engines_raise_dozens_of_codes():
    assert len(_engine_codes()) >= 33  # the list the next test walks is the engines' real one


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_error_code_has_wording_in_every_language(lang):
    unexpected = reason(lang, "unexpected")
    english = {code: reason("en", code) for code in _engine_codes()}
    for code in sorted(_engine_codes()):
        assert code in REASONS, code
        worded = reason(lang, code)
        assert worded != unexpected and code not in worded, (lang, code)
        if lang != "en":
            assert worded != english[code], (lang, code)  # translated, not the English msgid


def test_an_unknown_code_is_never_shown_raw():
    assert reason("ca", "some_internal_code") == "un error inesperat"


def test_previews_and_buttons_speak_every_language():
    assert {word(lang, "approve") for lang in LANGS} == {"Aprovar", "Aprobar", "Approve"}


def test_a_refusal_is_worded_in_the_customers_language(demobank):
    set_money_gate(demobank, mode="none")
    turn = Conversation().say("manda 9000 pro Pedro")  # more than the R$ 5.000,00 in the account
    assert turn.reply == ("Não foi possível: seu saldo é R$\xa05.000,00, menos que este Pix; me diga um valor de até "
                          "R$\xa05.000,00.")
    assert "insufficient" not in turn.reply


@pytest.mark.parametrize("old,new,expected", [
    ("2026-12-05", "2026-12-05T09:00:00+01:00", "Listo, queda a las 09:00."),  # only the time was added
    ("2026-12-05T19:00:00+01:00", "2026-12-05T09:00:00+01:00", "Listo, cambié la hora: 19:00 → 09:00."),
    ("2026-12-05", "2026-12-06T09:00:00+01:00", "Listo, cambié la fecha: sáb 5 dic → dom 6 dic, 09:00."),
    ("2026-12-05T09:00:00+01:00", "2026-12-05", ""),  # the time dropped to be chosen again: nothing changed yet
])
def test_a_change_note_says_what_really_changed(old, new, expected):
    # "cambié la fecha: sáb 5 dic → sáb 5 dic, 09:00" said the date changed when only the time was added
    assert change_note("es", "when", old, new, "Europe/Andorra") == expected


@pytest.mark.parametrize("lang,capacity_text,places_text", [
    ("es", "caben como máximo 4 personas", "solo queda 1 plaza"),
    ("ca", "hi caben com a màxim 4 persones", "només queda 1 plaça"),
    ("en", "at most 4 people fit", "only 1 place is left"),
    ("pt-BR", "cabem no máximo 4 pessoas", "só resta 1 vaga"),
])
def test_a_party_too_large_or_a_slot_nearly_full_says_how_many_fit(lang, capacity_text, places_text):
    too_large = {"code": "limit_exceeded", "detail": {"code": "party_too_large", "capacity": 4, "party_size": 5}}
    taken = {"code": "conflict", "detail": {"code": "slot_taken", "places_left": 1, "party_size": 2}}
    assert capacity_text in failure_reason(lang, too_large, "EUR")
    assert places_text in failure_reason(lang, taken, "EUR")
    full = {"code": "conflict", "detail": {"code": "slot_taken", "places_left": 0, "party_size": 2}}
    assert failure_reason(lang, full, "EUR") == reason(lang, "slot_taken")  # nothing left: the time was taken


@pytest.mark.parametrize("lang,said", [
    ("pt-BR", "seu saldo é R$\xa05.000,00"), ("es", "tu saldo es 5.000,00\xa0BRL"),
    ("ca", "el teu saldo és 5.000,00\xa0BRL"), ("en", "your balance is R$5,000.00"),
])
def test_insufficient_funds_says_the_balance_and_what_to_do(lang, said):
    refused = {"code": "limit_exceeded", "detail": {"code": "insufficient_funds", "balance_cents": 500000,
                                                    "amount_cents": 600000, "currency": "BRL"}}
    text = failure_reason(lang, refused, "BRL")
    assert said in text and text != reason(lang, "insufficient_funds")
