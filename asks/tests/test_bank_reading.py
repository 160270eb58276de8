from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from asks.perception.builtin import perceive

TZ = "America/Sao_Paulo"
NOW = datetime(2026, 3, 4, 12, 0, tzinfo=ZoneInfo(TZ))


def read(text, lang):
    return perceive(text, lang=lang, org_kind="bank", now=NOW, tz=TZ, currency="BRL")


@pytest.mark.parametrize("lang,text,cents", [
    ("en", "no wait make it 55", 5500), ("es", "no, perdón, mejor que sean 25 entonces", 2500),
])
def test_a_bare_number_in_a_long_correction_is_an_amount(lang, text, cents):
    perception = read(text, lang)
    assert "correction" in perception.markers and perception.slots.amount.amount_cents == cents


@pytest.mark.parametrize("lang,text,kind", [
    ("es", "mandale 50 a Pedro", "pix_transfer"), ("pt-BR", "tranfere 30 pro Pedro", "pix_transfer"),
    ("pt-BR", "quant tinc al compte", "balance"),  # Catalan at a bank that does not serve it: read in Catalan
])
def test_transfer_verbs_however_written(lang, text, kind):
    assert read(text, lang).request_kind == kind


def test_a_foreign_reading_keeps_the_reply_language():
    assert read("quant tinc al compte", "pt-BR").lang == "pt-BR"


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "qto me sobrou na conta?"), ("es", "cuánto dinero me queda"), ("ca", "quants diners tinc?"),
    ("en", "how much is left in my account"),
])
def test_how_much_is_left_is_the_balance(lang, text):
    assert read(text, lang).request_kind == "balance"


@pytest.mark.parametrize("lang,text", [("pt-BR", "quanto custa mandar pro Pedro?"), ("es", "cuánto le mando a Ana")])
def test_how_much_with_a_verb_of_sending_is_no_balance(lang, text):
    assert read(text, lang).request_kind != "balance"


@pytest.mark.parametrize("lang,text,name,day", [
    ("pt-BR", "agenda 45 pra maria pra daqui a 2 dias", "Maria", "2026-03-06"),
    ("pt-BR", "pix 70 pedro amanhã", "Pedro", "2026-03-05"),
])
def test_the_day_said_is_no_recipient_and_a_name_may_follow_the_amount(lang, text, name, day):
    perception = read(text, lang)
    assert (perception.slots.recipient, perception.slots.when) == (name, day)


def test_bucks_are_the_banks_currency():
    assert read("send pedro 20 bucks", "en").slots.amount.model_dump() == {"amount_cents": 2000, "currency": "BRL"}


@pytest.mark.parametrize("lang,text", [("pt-BR", "hoje mesmo"), ("es", "hoy mismo"), ("ca", "avui mateix")])
def test_today_insisted_on_is_a_day_said(lang, text):
    assert read(text, lang).slots.when == "2026-03-04"


def read_answer(text, lang, asked_for):
    return perceive(text, lang=lang, org_kind="bank", now=NOW, tz=TZ, currency="BRL", asked_for=asked_for)


@pytest.mark.parametrize("text,asked_for,slot,value", [
    ("vint", "amount", "amount", 2000),  # a Catalan number word answering "¿cuánto?" in a Spanish reply
    ("trenta", "amount", "amount", 3000),
    ("no, avui", None, "when", "2026-03-04"),  # a Catalan day against the day previewed
])
def test_a_short_answer_in_an_unserved_language_is_read_in_it(text, asked_for, slot, value):
    perception = read_answer(text, "es", asked_for)
    got = perception.slots.amount.amount_cents if slot == "amount" else perception.slots.when
    assert (got, perception.lang) == (value, "es")


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "deu certo"),  # every word Portuguese: no Catalan "deu" (ten) read into it
    ("en", "set"), ("es", "no sé"),
])
def test_a_short_message_in_the_reply_language_is_not_read_in_another(lang, text):
    assert read_answer(text, lang, "amount").slots.amount is None


@pytest.mark.parametrize("lang,text", [
    ("es", "no, hoy"), ("pt-BR", "não, hoje"), ("ca", "no, avui"), ("es", "no, mejor hoy"),
])
def test_today_said_against_another_day_is_a_day(lang, text):
    assert read(text, lang).slots.when == "2026-03-04"


def test_today_in_a_sentence_about_something_else_is_no_day():
    assert read("hoy no puedo hablar", "es").slots.when is None


@pytest.mark.parametrize("lang,text,cents,day", [
    ("es", "transferí 50 a maria el 15", 5000, "2026-03-15"), ("pt-BR", "manda 30 pro pedro o 2", 3000, "2026-04-02"),
    ("en", "send 40 to ana on the 20th", 4000, "2026-03-20"),
])
def test_a_day_of_the_month_said_with_an_article_beside_the_amount_is_the_day(lang, text, cents, day):
    slots = read(text, lang).slots
    assert (slots.amount.amount_cents, slots.when) == (cents, day)


@pytest.mark.parametrize("lang,text,cents", [("es", "mandale 15 a maria", 1500), ("pt-BR", "manda o 20 pro pedro", 2000)])
def test_a_figure_with_an_article_and_no_other_amount_stays_the_amount(lang, text, cents):
    slots = read(text, lang).slots
    assert (slots.amount.amount_cents, slots.when) == (cents, None)


@pytest.mark.parametrize("lang,text,kind", [
    ("es", "programale 100 a ana para el jueves", "pix_transfer"), ("pt-BR", "oi, me fala meu balance pls", "balance"),
    ("es", "quiero ver el statement", "pix_history"), ("en", "whats left in my acct", "balance"),
])
def test_scheduling_verbs_and_english_nouns_of_a_request(lang, text, kind):
    assert read(text, lang).request_kind == kind


@pytest.mark.parametrize("lang,text,cents", [
    ("en", "pls send 20 to ana, wait no 25", 2500), ("pt-BR", "manda 50 pra ana, pera nao 60", 6000),
    ("en", "send 45 to ana not 40", 4500),  # the amount not meant stays not meant
])
def test_a_no_after_wait_corrects_the_amount_before_it(lang, text, cents):
    assert read(text, lang).slots.amount.amount_cents == cents


def test_what_is_left_to_spend_is_the_balance():
    assert read("cuanto me queda pa gastar", "es").request_kind == "balance"


@pytest.mark.parametrize("lang,text,kind", [
    ("es", "tengo saldo suficiente pa mandar 100?", "balance"), ("en", "do i have enough money to send 300?", "balance"),
    ("pt-BR", "consegue me mostrar os pix agendados?", "pix_history"),
    ("pt-BR", "me mostra como mando um pix de 20 pra ana", "pix_transfer"),  # an amount: a Pix still
])
def test_whether_it_is_enough_and_pix_shown(lang, text, kind):
    assert read(text, lang).request_kind == kind


def test_a_message_all_in_capitals_names_no_one_by_its_capitals():
    slots = read("MANDA 25 PRO PEDRO AGORA", "pt-BR").slots
    assert (slots.amount.amount_cents, slots.recipient) == (2500, "Pedro")


def test_a_mixed_message_is_read_in_the_language_its_verb_is_in():
    # "manda" is no English word: read as Portuguese it is a Pix, the reply staying English
    perception = read("hi, manda 20 to maria please", "en")
    assert perception.request_kind == "pix_transfer" and perception.lang == "en"
    assert perception.slots.amount.amount_cents == 2000 and "maria" in str(perception.slots.recipient).lower()


def test_the_spanish_recipient_of_a_mixed_message_is_kept():
    perception = read("hola, can u send 10 a maria", "es")
    assert perception.request_kind == "pix_transfer" and "maria" in str(perception.slots.recipient).lower()
