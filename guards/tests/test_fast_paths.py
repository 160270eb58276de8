"""The readers' quick forms give what their plain forms give: the name reader's token split, the test of
non-references, the look-up of a table's literals among a text's words, the typing of a result's keys."""

import random
import re

import pytest

from guards.checks.facts import (
    _MAX_MEASURE_LEAVES,
    _TITLE_RUN_RE,
    _UNIT_HINT_RE,
    _WHOLE_NUMBER_RE,
    FactSupport,
    _add_measures,
    _listed_items,
    json_text_head,
)
from guards.checks.wording import _UUID_RE, _uuid_spans
from guards.contract import GuardInput, ToolOutput
from guards.evidence import Evidence, Identifier, StatusEvidence, typed
from guards.facts import (
    _AROUND_THE_CLOCK_RE,
    _CAPITAL_RE,
    _NAME_SPLIT_FAST_RE,
    _NAME_SPLIT_NO_STOP_RE,
    _NAME_TOKEN_RE,
    _NO_DIGIT_NEXT,
    _NOT_REFERENCE_RE,
    _REFERENCE_RE,
    _SENTENCE_END_RE,
    _dashed_code,
    _not_reference,
    _opens_sentence,
    _run_starts,
    _time_re,
    decimal_key,
    measures_in,
    name_tokens,
    names_in,
)
from guards.scan import MIN_LENGTH, _in_text, holds
from guards.text import folded, links

SAMPLES = ("Stadium.That M.y. a..b .x .Ab e.g. U.S.A. 3.5 x.Ab.c ...abc Foo.Ba", "• Marta Vidal: 2 de desembre a les 08:00",
           "Humidity> Around 39 percent", "Dr. John Y. Park, «Casa de Pedra» (R$ 1.890,00)", "", ".", "..", "a.", ".A",
           "iPhone 13 Pro/Max; Sr. Ñandú — café.Élan")


def _random_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    alphabet = "aB. \n,.:x1é'-É..;/ç»"
    return [*SAMPLES, *("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(count))]


def test_the_name_tokens_are_the_token_patterns_matches():
    for text in _random_texts(7, 5000):
        expected = [(m.start(), m.end(), m.group()) for m in _NAME_TOKEN_RE.finditer(text)]
        starts, ends, words = name_tokens(text)
        assert list(zip(starts, ends, words, strict=True)) == expected, text
        assert _NAME_SPLIT_FAST_RE.split(text)[1::2] == [word for _, _, word in expected], text
        if "." not in text:
            assert _NAME_SPLIT_NO_STOP_RE.split(text)[1::2] == [word for _, _, word in expected], text


def test_a_sentence_start_read_backwards_is_the_one_its_table_finds():
    rng = random.Random(13)
    alphabet = "aB1 \n.!?:;¿¡\"“(*•-–—)_é\t"
    windows = [*SAMPLES, "\n", "a 1.", "a 1) ", "x - ", "x —", "1.", " 2)", "ab", "a\n", "(", "a (", "b *"]
    windows += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(30000)]
    for window in windows:
        assert _opens_sentence(window) == bool(_SENTENCE_END_RE.search(window)), window


def test_the_head_of_a_result_written_out_is_the_head_of_its_text():
    rng = random.Random(17)
    leaves = [1, -2.5, True, None, "a'b", 'x"y', "", "ç\n", 10**20, 1e-9, (1,), (1, 2), {1}]

    def value(depth: int):
        roll = rng.random()
        if depth > 3 or roll < 0.4:
            return rng.choice(leaves)
        if roll < 0.7:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        return {rng.choice(["k", "a b", 1, None, (1,), f"k{rng.randint(0, 9)}"]): value(depth + 1)
                for _ in range(rng.randint(0, 4))}

    bookings = {"bookings": [{"booking_ref": f"BK-{i}", "party_size": i % 6, "paid": i % 2 == 0} for i in range(900)]}
    looped: list = []
    looped.append({"self": looped})
    small = [value(0) for _ in range(5000)]  # written whole by `str` (`_SMALL_RESULT`)
    large = [[item] * 501 for item in small[:300]]  # headed by the function's own writer
    for data in [bookings, looped, "plain text", 12, *small, *large]:
        for limit in (0, 3, 17, 60, 20_000):
            assert json_text_head(data, limit) == str(data)[:limit], (data, limit)


def test_the_quick_test_of_non_references_agrees_with_their_table():
    rng = random.Random(11)
    tokens = ["BK-1000", "covid-19", "COVID-19", "tipo-a-12", "ab-cd-1234", "s21-5", "x-12a", "iphone13", "E2E1234"]
    tokens += ["".join(rng.choice("abcKsz019-") for _ in range(rng.randint(2, 10))) for _ in range(20000)]
    for token in tokens:
        assert _not_reference(token) == bool(_NOT_REFERENCE_RE.fullmatch(token)), token


def test_the_reference_table_led_by_its_first_characters_finds_what_its_plain_form_finds():
    plain = re.compile(
        r"(?<![\w@/.-])(?:#\s?(?P<hash>\d{3,})|(?P<code>(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])[A-Za-z0-9]{2,}"
        r"(?:-[A-Za-z0-9]+)*|\d{4,}(?:-[A-Za-z0-9]+)+))(?![\w@/-])")
    rng = random.Random(19)
    alphabet = "aZk019-#@/. \n_é-1"
    texts = [*SAMPLES, "reserva BK-1000, #5521 i E2E1234", "2026-12-02 a-1234 1234-a ab-12-cd x#123 # 4567"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))) for _ in range(20000)]
    for text in texts:
        expected = [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in _REFERENCE_RE.finditer(text)] == expected, text


def test_the_around_the_clock_table_led_by_its_24_finds_what_its_plain_form_finds():
    plain = re.compile(
        r"(?<![\w/.,:-])24\s?(?P<slash>[/x]\s?7)(?![\w/]|[.,:-]\d|\s?/\s?\d)"
        r"|(?<![\w/.,:-])24\s?(?P<hours>h|hs|hrs?|horas|hours|hores)(?!\w)"
        r"(?P<day>,?\s+(?:a day|per day|each day|every day|por dia|ao dia|do dia|todos os dias|al dia|del dia"
        r"|cada dia|tots els dies|todos los dias|diarias)|\s?/\s?7|\s?x\s?7)?")
    rng = random.Random(23)
    pieces = ["24", "2", "4", "/", "x", "7", " ", "h", "hs", "hores", "horas", " a day", " por dia", ",", ".", ":", "-",
              "a", "\n", "1"]
    texts = [*SAMPLES, "24/7", "atendimento 24h por dia", "24 hours a day", "x24/7", "1.24h", "dia 24/7", "24x7, 24 hores"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 16))) for _ in range(20000)]
    for text in texts:
        expected = [(m.span(), m.groupdict()) for m in plain.finditer(text)]
        assert [(m.span(), m.groupdict()) for m in _AROUND_THE_CLOCK_RE.finditer(text)] == expected, text


def test_the_title_run_table_led_by_its_capital_finds_what_its_plain_form_finds():
    plain = re.compile(r"(?<![\w'’·-])([A-ZÀ-ÖØ-Þ][^\W\d_]{3,})[ \t]+([A-ZÀ-ÖØ-Þ][^\W_]*(?:['’·-][^\W_]+)*)")
    rng = random.Random(29)
    alphabet = "aÉBcd1 \t'’·-x\n_Z."
    texts = [*SAMPLES, "Escalada Avançat i Escalada Iniciació", "l'Escalada Avançat", "Èxit Total"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))) for _ in range(20000)]
    for text in texts:
        expected = [(m.span(), m.groups()) for m in plain.finditer(text)]
        assert [(m.span(), m.groups()) for m in _TITLE_RUN_RE.finditer(text)] == expected, text


@pytest.mark.parametrize("lang", ["pt-BR", "es", "ca", "en"])
def test_the_time_table_with_its_early_digit_test_finds_what_it_finds_without(lang):
    quick = _time_re(lang)
    after_hour = quick.pattern.index(_NO_DIGIT_NEXT, quick.pattern.index("(?P<h2>"))
    plain = re.compile(quick.pattern[:after_hour] + quick.pattern[after_hour + len(_NO_DIGIT_NEXT):])
    rng = random.Random(31)
    pieces = ["a les ", "às ", "as ", "at ", "a las ", "les ", "8", "08", "12", ":", "00", "30", "h", "hs", " pm", "pm",
              " p.m.", "p", "m", "a", " e meia", " i mitja", " y media", " o'clock", " en punto", " de la tarde",
              " da noite", " del vespre", "dues", "seven", "siete", ",", ".", " ", "\n", " quarts", "x", "_", "1"]
    texts = ["a les 08:00, 1 persones", "às 19h30 da noite", "at 7 pm.", "a las 8:30 de la tarde", "a les 8p3"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))) for _ in range(20000)]
    for text in texts:
        expected = [(m.span(), m.groups()) for m in plain.finditer(text)]
        assert [(m.span(), m.groups()) for m in quick.finditer(text)] == expected, text


def test_a_dashed_code_starts_no_run_of_names():
    rng = random.Random(23)
    tokens = ["BK-1000", "AB1-2", "B-1", "Bk-a1", "Sant-Joan", "A-", "Ab-c9", "É-٣", "BK-1000.", "X--1"]
    tokens += [rng.choice("ABÉΣ") + "".join(rng.choice("aB1-.'&٣$") for _ in range(rng.randint(0, 8)))
               for _ in range(20000)]
    for token in tokens:
        if _dashed_code(token):
            assert not _CAPITAL_RE.match(token.strip(".'’-&") or token), token


def test_the_run_starts_read_per_distinct_word_are_those_read_word_by_word():
    rng = random.Random(29)
    for text in _random_texts(31, 3000) + ["• Marta Vidal: 2 de desembre a les 08:00, 1 persones, reserva BK-1000\n" * 30,
                                          "iPhone 13 'Casa' -x & && 3rd 21st 4th i . ’s BK-7 Ab-c1 É-٣"]:
        words = name_tokens(text)[2] + ["".join(rng.choice("aBi.'’-&1tdhÉ") for _ in range(rng.randint(1, 4)))
                                        for _ in range(rng.randint(0, 20))]
        expected = [index for index, word in enumerate(words)
                    if ((first := word[0]).isupper() and not _dashed_code(word)) or (first in "i.'’-&" and len(word) > 1)
                    or (first.isdigit() and word[-1] in "tdh")]
        assert _run_starts(words) == expected, words


@pytest.mark.parametrize("literal", ["reais", "eur", "usd", "pix", "r$", "% ", "la c", "d'acord", "no", "snake_case",
                                     "la meva ", "a les 0", "desembre a", " sistema"])
def test_a_literal_is_found_in_a_long_text_where_it_is(literal):
    words = "• Marta Vidal: 2 de desembre a les 08:00, 1 persones, reserva BK-1000 neuro usdt snake_cased\n" * 40
    for text in (words, words + " r$ 5 ", words + "la c" + " eurovision", words + " d'acord"):
        assert _in_text(literal, text) == (literal in text), (literal, text[-40:])


def test_a_literal_is_held_by_a_text_where_it_is_in_it():
    """`holds` (a long text's words looked at first) against `in`, on short and long texts, with the words
    `button_like` looks for before reading approvals asked outside the app."""
    rng = random.Random(37)
    literals = ["qr", "remot", "shar", "valid", "ativ", "enllac", "whatsapp", "a les", "r$", "-x", "é", "mail"]
    pieces = ["qr", "remote", "share", "Validar", "ativo", "enllaç", "enllac", "whats", "app", "mail", "e-mail", " ",
              "\n", "a", "les", "r$", "-", "x", "é", "1", "BK-1000", "•", "_"]
    texts = ["• Marta Vidal: 2 de desembre a les 08:00, 1 persones, reserva BK-1000\n" * 40]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 1200))) for _ in range(300)]
    assert any(len(text) >= MIN_LENGTH for text in texts) and any(len(text) < MIN_LENGTH for text in texts)
    for text in texts:
        for literal in literals:
            assert holds(text, literal) == (literal in text), (literal, text[:60])


def test_a_result_whose_evidence_declares_no_name_lists_no_item():
    """`_listed_items` answers at once, without reading a result's items, when its evidence declares no name nor
    product field: `typed` reads names and products only from the fields declaring them, whatever the data holds."""
    rng = random.Random(41)
    keys = ["name", "activity", "title", "product", "model", "start", "party_size", "booking_ref", "status", "price"]
    leaves = ["Marta Vidal", "iPhone 13", "2026-12-02T08:00:00+01:00", 3, "BK-1000", "booked", 4590, None, ""]

    def value(depth: int):
        if depth > 3 or rng.random() < 0.4:
            return rng.choice(leaves)
        if rng.random() < 0.5:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        return {rng.choice(keys): value(depth + 1) for _ in range(rng.randint(0, 4))}

    evidences = [Evidence(), Evidence(dates=("start",), quantities=("party_size",), plain=("name", "product"),
                                      identifiers=(Identifier("booking_ref", "reference"),),
                                      statuses=(StatusEvidence("status", (("booked", "booked"),)),))]
    inp = GuardInput(draft="", lang="en", currency="EUR", org_kind="school")
    for _ in range(3000):
        data = {"items": [value(1) for _ in range(rng.randint(0, 5))]}
        for evidence in evidences:
            read = typed(data, evidence, "EUR", lambda currency: 100)
            assert not read.names and not read.products, data
            assert _listed_items(ToolOutput("list_things", True, data, evidence=evidence), inp, []) == []


def test_links_are_read_only_where_a_dot_or_a_scheme_is():
    assert links("no link here, nor there") == []
    assert [host for _, _, host in links("Pay at banco-pix.com now")] == ["banco-pix.com"]
    assert [host for _, _, host in links("see HTTPS://Acme.example/pay")] == ["acme.example"]


def test_a_result_typed_key_by_key_reads_each_kind_as_the_full_reading_does():
    data = {"bookings": [{"ref": "BK-1", "who": "Ana", "when": "2026-12-02T08:00:00+01:00", "size": 3, "state": "Settled",
                          "size_text": "4", "empty": "", "flag": True},
                         {"ref": 17, "who": "", "when": 5, "size": 0, "state": "sent", "nested": {"who": "Rui"}},
                         {"size": 20_000, "state": "unknown", "who": ["Marta", "Pau"]}]}
    evidence = Evidence(names=("who",), dates=("when",), quantities=("size", "size_text"),
                        identifiers=(Identifier("ref", "reference"),),
                        statuses=(StatusEvidence("state", (("settled", "sent"),)),))
    read = typed(data, evidence, "EUR", lambda currency: 100)
    assert read.names == ("Ana", "Rui", "Marta", "Pau")  # a declared key's list: each value is one (round 9)
    assert read.dates == ("2026-12-02T08:00:00+01:00",)
    assert read.quantities == (3, 4)
    assert read.identifiers == (("reference", "BK-1"), ("reference", "17"))
    assert read.statuses == ("sent", "sent")
    assert read.lengths == (3,)


def test_uuids_tried_before_each_dash_are_those_the_table_finds():
    rng = random.Random(5)
    shapes = ("{u}", "{u}-", "-{u}", "a{u}", "{u}{u}", "{U}", "12345678-1234-1234-1234-1234567890ab", "x-y", "--")
    for _ in range(2000):
        text = ""
        for _ in range(rng.randint(0, 6)):
            value = "-".join("".join(rng.choice("0123456789abcdef") for _ in range(n)) for n in (8, 4, 4, 4, 12))
            text += rng.choice(shapes).format(u=value, U=value.upper()) + rng.choice(" \n-a./")
        assert _uuid_spans(text) == [match.span() for match in _UUID_RE.finditer(text)], text


def _add_measures_plain(support: FactSupport, data, counted: frozenset[str] = frozenset()) -> None:
    """`_add_measures` reading every value, a repeated one again."""
    stack, seen = [data], 0
    while stack and seen < _MAX_MEASURE_LEAVES:
        value = stack.pop()
        seen += 1
        if isinstance(value, dict):
            stack.extend(v for k, v in value.items() if k not in counted)
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if 0 <= value < 100_000:
                support.measures.add(decimal_key(str(value)))
        elif isinstance(value, str):
            if (whole := _WHOLE_NUMBER_RE.match(value)) is not None:
                support.measures.add(decimal_key(whole.group(1)))
            elif len(value) <= 1_000 and _UNIT_HINT_RE.search(value):
                support.measures.update(str(fact.value) for fact in measures_in(value))


class _Text(str):
    pass


def test_the_measures_of_a_result_read_once_per_distinct_value_are_those_read_value_by_value():
    """A list repeating its values, read past the leaves' cap, with numbers of every type that equal each other
    (1, 1.0, True, "1") and texts saying measures: the same measures as reading every value."""
    rng = random.Random(11)
    values = [1, 1.0, True, False, "1", "1.0", 4.8, "4.80", 13, "13", "25 minutes", "in 25 min", "7 mph", "39%",
              "2026-12-02T08:00:00+01:00", "Marta Vidal", "", None, 100_000, -3, "3 estrelas", _Text("12 km"), 12]
    for _ in range(300):
        items = [{rng.choice("abcdq"): rng.choice(values) for _ in range(rng.randint(0, 5))}
                 for _ in range(rng.randint(0, 1500))]
        for number, item in enumerate(items):  # and values of their own, which a read past the cap would add
            if rng.random() < 0.2:
                item["e"] = rng.choice((f"{number} km", 50_000 + number))
        data = {"items": items, "q": rng.choice(values), "nested": [rng.choice(values), (rng.choice(values),)]}
        counted = frozenset(rng.sample("abcdq", rng.randint(0, 2)))
        quick, plain = FactSupport(), FactSupport()
        _add_measures(quick, data, counted)
        _add_measures_plain(plain, data, counted)
        assert quick.measures == plain.measures, data


@pytest.mark.parametrize("lang", ["ca", "es", "pt-BR", "en"])
def test_the_names_of_runs_decided_by_their_words_are_those_read_run_by_run(lang, monkeypatch):
    """The name reader decides a run its words alone decide once per distinct run (`_run_kept_by_its_words`): the
    names it reads are those it reads deciding every run where it is said. Where it never asks that function (in
    English, and while a kind is asked) both readings are the same steps: that it is not asked is checked there, in
    one reading, rather than reading every text twice the same way."""
    from guards.checks.facts import _common
    from guards.tests.test_adversarial import CASES
    from guards.tests.test_issue_examples import EXAMPLES

    common = _common(("pt-BR", "es", "ca", "en"))
    rng = random.Random(37)
    words = ["Marta", "Vidal", "de", "la", "Pere", "Riba", "Ding", "Restam", "Queden", "Fica", "Hotel", "Sol", "2", "45",
             "Casa", "Pedra", "Reserva", "Confirmada", "Escalada", "Iniciació", "Play", "INTO", "Sanuj", "Co.", "i", "y"]
    seps = [" ", " ", " ", ": ", ", ", ".\n", "\n• ", " — ", "! ", "? "]
    texts = [draft for case in CASES.values() for draft in (case.draft,)] + [e.draft for e in EXAMPLES.values()]
    texts += ["".join(rng.choice(words) + rng.choice(seps) for _ in range(rng.randint(1, 40))) for _ in range(3000)]
    texts += ["• Marta Vidal: 2 de desembre a les 08:00, 1 persones, reserva BK-1000\n" * 30,
              "Ding Ding Ding. Ding Ding! Casa de la Pedra de. Restam 2. Queden 3 Hotel Sol"]
    decided = ("", "name") if lang != "en" else ()  # where the reader may decide a run by its words
    read = [names_in(text, lang, common=common, asked=asked) for text in texts for asked in decided]
    monkeypatch.setattr("guards.facts._run_kept_by_its_words", lambda *_: None)  # every run decided where it is said
    assert [names_in(text, lang, common=common, asked=asked) for text in texts for asked in decided] == read

    def not_asked(*_):
        raise AssertionError(f"a run decided by its words in {lang} with {asked!r} asked: compare it above")

    monkeypatch.setattr("guards.facts._run_kept_by_its_words", not_asked)
    for asked in ("", "name", "kind"):
        if asked not in decided:  # never asked: its two readings are one, so it is read once, to show it is not
            for text in texts:
                names_in(text, lang, common=common, asked=asked)


def test_a_long_draft_normalised_from_its_distinct_characters_is_normalised_as_searched(monkeypatch):
    """A long draft's confusable and invisible characters are looked for among its distinct characters other than
    ASCII (`guards.text.other_characters`): the same text as searching the whole draft for them."""
    from guards.normalise import normalised
    from guards.text import other_characters

    rng = random.Random(41)
    pieces = ["Pix ", "enviado ", "• ", "раypal.com ", "\u200b", "Tap **APPROVE** ", "ｐａｙ ", "café ", "1️⃣ ", "\n",
              "banco ponto com ", "\u00ad", "ОК ", "reserva BK-1000, ", "ÀÉÎ "]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(200, 600))) for _ in range(60)]
    texts += ["• Marta Vidal: 2 de desembre a les 08:00, 1 persones\n" * 60, "a" * 3000 + "\u200b", "ok " * 900 + "р"]
    read = [normalised(text) for text in texts]
    normalised.cache_clear()
    other_characters.cache_clear()
    monkeypatch.setattr("guards.normalise.LONG", 10**9)  # every text searched whole
    assert [normalised(text) for text in texts] == read
    normalised.cache_clear()


def test_a_window_of_the_folded_text_is_the_folded_window():
    # `_labelled` cuts the window before a word from the folded text instead of folding the window: the same text
    # wherever folding keeps one character per character, short texts and long ones (folded by replacing) alike
    rng = random.Random(29)
    alphabet = "aB. \n•éÉçÇßİΣσﬁ\u0301'’-1ÑñΑ"
    texts = [*SAMPLES, "ΑΣ ΑΣΑ", "İstanbul", "e\u0301", "Straße ﬁle"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(300)]
    texts += ["".join(rng.choice(alphabet[:8]) for _ in range(2500)), "• Marta Vidal: 2 de desembre\n" * 100]
    for text in texts:
        low = folded(text)
        for _ in range(20):
            start = rng.randint(0, len(text))
            before = max(0, start - 32)
            assert low[before:start] == folded(text[before:start]), (text, start)


def test_a_result_typed_key_by_key_keeps_each_text_kind_in_its_own_list():
    # the kind's list found by one look-up (`typed`): names, products and dates each where they belong, in order,
    # empty texts and keys that are no text (written out by `str`) as before
    data = [{"who": "Ana", "item": "iPhone 13", "when": "2026-12-02", 7: "Rui"},
            {"who": "", "item": "Galaxy S21", "when": "", "7": "Pau"}]
    evidence = Evidence(names=("who", "7"), products=("item",), dates=("when",))
    read = typed(data, evidence, "EUR", lambda currency: 100)
    assert read.names == ("Ana", "Rui", "Pau")
    assert read.products == ("iPhone 13", "Galaxy S21")
    assert read.dates == ("2026-12-02",)
